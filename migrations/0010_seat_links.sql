-- One-time seat links (a code that moves a seat to another device), kept
-- so that one still works once after a restart or after its room moved to
-- another server, and never twice. Like a seat token, the code itself is
-- never stored: only its SHA-256. At most one per seat; a link is deleted
-- when it is used, when its room finds it expired, and with the seats'
-- numbering when a seat is left.
create table seat_link (
    room_code   text not null references room (room_code),
    seat        bigint not null,
    code_sha256 text not null,
    -- Unix ms
    expires_at  bigint not null,
    primary key (room_code, seat)
);
