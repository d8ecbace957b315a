-- Who may sit: the host can lock a room to new players, and close the seat
-- of a person they moved to the spectators until they reopen it.
alter table room add column locked bigint not null default 0;
alter table room add column closed_seats bigint not null default 0;
