-- Steps the room's response timer took for a seat that did not answer in
-- time (the game's default answer, e.g. a pass): the log and every replay
-- say so instead of narrating a choice nobody made.
alter table match_step add column by_timer bigint not null default 0;
