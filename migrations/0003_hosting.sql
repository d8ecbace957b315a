-- Hosting: rooms a server's host closed (with the reason players see), and
-- the indexes the retention sweep reads by.
alter table room add column closed text;

create index room_created on room (created_at);
create index seat_room_joined on seat (room_code, joined_at);
