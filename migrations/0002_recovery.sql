-- Restart recovery (issue 6): what a restarted server needs beyond the log.

-- When the running response timer ends (Unix ms); null when none runs. A
-- restarted server continues the timer instead of starting it afresh.
alter table game_match add column deadline_at bigint;

-- Why the room's stored log could not be replayed (null: it can). A broken
-- room is kept for inspection and refused, never silently dropped.
alter table room add column broken text;

-- Finding a room's current match, and the rooms to bring back at start.
create index game_match_room on game_match (room_code, started_at);
create index room_status on room (status);
