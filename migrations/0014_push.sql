-- Keys this server made for itself, by name: `vapid` is the P-256 key its
-- push notices are signed with (RFC 8292), made on first start and shared
-- by every server on this database (browsers subscribed with its public
-- half). Read by the server only.
create table server_key (
    name text primary key,
    value text not null
);

-- A player's push subscription at one seat (the browser's endpoint and
-- keys, JSON): deleted when the match ends, the seat is left (the row goes
-- with it) or the push service says it is gone.
alter table seat add column push_subscription text;
