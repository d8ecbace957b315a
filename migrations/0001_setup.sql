-- Parlor's schema. Written in the SQL that SQLite and PostgreSQL share, so one
-- set of migrations serves both: text ids, BIGINT integers and Unix-ms times,
-- JSON kept as TEXT (the server is the only reader; it never queries inside).

-- A room: the lobby that hosts matches. Its code is the join link.
create table room (
    room_code   text primary key,
    game        text not null,
    -- JSON GameOptions chosen by the host.
    options     text not null,
    -- lobby | playing | finished
    status      text not null,
    created_at  bigint not null
);

-- A taken seat. The token itself is never stored: only its SHA-256, so a
-- database dump cannot be used to take over seats.
create table seat (
    room_code    text not null references room (room_code),
    seat         bigint not null,
    name         text not null,
    token_sha256 text not null,
    joined_at    bigint not null,
    primary key (room_code, seat)
);

-- One match. `seed` stays on the server until the match is over; players see
-- `seed_sha256` from the start and can check every chance step afterwards.
create table game_match (
    match_id     text primary key,
    room_code    text not null references room (room_code),
    game         text not null,
    options      text not null,
    seats        bigint not null,
    -- JSON array of player names, by seat, as they were at the start.
    players      text not null,
    seed         text not null,
    seed_sha256  text not null,
    -- playing | finished
    status       text not null,
    started_at   bigint not null,
    finished_at  bigint,
    -- JSON MatchResult once finished.
    result       text
);

create index game_match_finished on game_match (status, finished_at);

-- The match log: the match *is* this sequence. `seq` is 1-based and equals
-- the match version after the step; the primary key makes a second writer
-- with the same version fail instead of forking the log.
create table match_step (
    match_id    text not null references game_match (match_id),
    seq         bigint not null,
    -- the acting seat, or null for a chance outcome
    seat        bigint,
    -- JSON Step of the match's game
    step        text not null,
    created_at  bigint not null,
    primary key (match_id, seq)
);

-- Final scorecards, one row per seat, written with the last step.
create table scorecard (
    match_id    text not null references game_match (match_id),
    seat        bigint not null,
    name        text not null,
    -- 1 is best; tied seats share a rank
    rank        bigint not null,
    -- the game's headline number (Doozy Dice: rolls minus dots, lower wins)
    score       bigint not null,
    -- JSON: the game's own scorecard line (Doozy Dice: rolls per combo, dots, total)
    detail      text not null,
    primary key (match_id, seat)
);
