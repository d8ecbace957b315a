-- The log is stored a row per batch of steps, not a row per step: an
-- action and the chance steps it set off (a roll and its five dice) are
-- written, and read back, together. One row instead of six makes a commit
-- carry a sixth of the rows, index entries and foreign-key checks, which
-- is most of what a group commit costs (docs/performance.md).
create table step_batch (
    match_id    text not null references game_match (match_id),
    -- the first step's sequence number; the batch holds seq .. seq + steps - 1
    seq         bigint not null,
    steps       bigint not null,
    -- the first step's seat (the acting seat), or null for chance
    seat        bigint,
    -- JSON array of the game's steps, in order
    step        text not null,
    created_at  bigint not null,
    -- the first step was the response timer's, or a stand-in bot's
    by_timer    bigint not null default 0,
    by_stand_in bigint not null default 0,
    -- cluster mode: the owner epoch that wrote it
    epoch       bigint,
    primary key (match_id, seq)
);

insert into step_batch (match_id, seq, steps, seat, step, created_at, by_timer, by_stand_in, epoch)
    select match_id, seq, 1, seat, '[' || step || ']', created_at, by_timer, by_stand_in, epoch
    from match_step;

drop table match_step;
