-- The log keeps no foreign key to its match. Its rows are appended only by
-- the group-commit writer, for a match the server started, and deleted only
-- with their match (retention deletes the log first). On Postgres the key's
-- check took a share lock on the match's row for every row written: about a
-- sixth of Postgres's CPU on the hottest insert (docs/performance.md).
-- SQLite cannot drop a constraint, so the table is rebuilt on both.
create table step_batch_log (
    match_id    text not null,
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

insert into step_batch_log (match_id, seq, steps, seat, step, created_at, by_timer, by_stand_in, epoch)
    select match_id, seq, steps, seat, step, created_at, by_timer, by_stand_in, epoch
    from step_batch;

drop table step_batch;

alter table step_batch_log rename to step_batch;
