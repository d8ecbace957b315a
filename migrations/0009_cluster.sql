-- Cluster mode (Postgres): which process may commit for a room.
--
-- A row per server process, renewed about once a second; its expiry is read
-- off the database's clock (milliseconds), never a server's. Single mode
-- (and SQLite) never writes these tables.
create table node (
    node_id     text primary key,
    -- New on every start of the process: rooms owned by an earlier run of
    -- the same node are orphans.
    incarnation bigint not null,
    -- Where other nodes reach it (host:port).
    addr        text not null,
    -- alive | draining | left | dead
    state       text not null,
    expires_at  bigint not null,
    started_at  bigint not null
);

-- A row per room once a node has claimed it. `epoch` is the fencing token:
-- it grows by one on every claim, and every transaction that writes the
-- room's state first locks this row at the epoch its writer holds, so a
-- writer that was taken over commits nothing.
create table room_owner (
    room_code   text primary key references room (room_code),
    epoch       bigint not null default 0,
    node_id     text,
    incarnation bigint,
    claimed_at  bigint
);

-- Every claim, in the claim's transaction: who held each epoch, and why.
create table ownership_log (
    room_code   text not null,
    epoch       bigint not null,
    node_id     text not null,
    incarnation bigint not null,
    reason      text not null,
    at          bigint not null,
    primary key (room_code, epoch)
);

-- The epoch of the owner that wrote each step (null in single mode).
alter table match_step add column epoch bigint;
