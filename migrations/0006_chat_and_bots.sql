-- Table talk is part of a match's history: every chat line and reaction,
-- numbered per room. `match_id` is the room's current (or last) match when
-- it was said, so a match's page shows what was said from its start until
-- the next match; lines said before a room's first match have none.
create table chat_line (
    room_code  text not null references room (room_code),
    seq        bigint not null,
    match_id   text,
    -- the speaking seat, or null for a spectator on the rail
    from_seat  bigint,
    name       text not null,
    body       text not null,
    -- a reaction's name instead of words (body is then empty)
    reaction   text,
    said_at    bigint not null,
    primary key (room_code, seq)
);

create index chat_line_match on chat_line (match_id);

-- A bot's seat holds its level (easy | normal); a player's seat may have a
-- bot standing in while they are away (1), which must outlive a restart.
alter table seat add column bot text;
alter table seat add column stand_in bigint not null default 0;

-- JSON array of the seats bots played in a match, for its history.
alter table game_match add column bots text;

-- The room's turn timer (off | relaxed | normal | fast); the running
-- deadline is game_match.deadline_at, as for a response timer.
alter table room add column turn_timer text not null default 'off';
