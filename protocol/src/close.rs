//! WebSocket close codes the server uses. Also generated into the web
//! client (`web-client/src/generated/closeCodes.ts`) by the bindings test.

/// Server shutting down; reconnect later.
pub const GOING_AWAY: u16 = 1001;
/// A frame was not valid UTF-8 text.
pub const INVALID_DATA: u16 = 1007;
/// A frame or message was larger than the server accepts.
pub const TOO_BIG: u16 = 1009;
/// The first message was not a valid `Hello`.
pub const BAD_HANDSHAKE: u16 = 4000;
/// The seat token is unknown in this room.
pub const BAD_TOKEN: u16 = 4001;
/// The room has closed.
pub const NO_ROOM: u16 = 4004;
/// Nothing heard from the client for too long (it sends a ping every 20 s).
pub const IDLE: u16 = 4002;
/// The room holds as many connections as it allows (or this client does).
pub const TOO_MANY_CONNECTIONS: u16 = 4003;
/// The connection fell behind; reconnect to resync.
pub const FELL_BEHIND: u16 = 4008;
/// Too many messages.
pub const RATE: u16 = 4029;
/// Too many malformed messages.
pub const BAD_MESSAGES: u16 = 4400;
/// The room's stored log could not be replayed; it is kept for inspection.
pub const ROOM_BROKEN: u16 = 4500;
/// The server's host closed the room; its page says why.
pub const ROOM_CLOSED: u16 = 4410;
/// The seat moved to another device by its one-time link; this one may
/// watch (reconnect without the token).
pub const SEAT_MOVED: u16 = 4009;

/// Cluster mode: the room is served by another server now; reconnect
/// (the proxy and the servers route the new socket to it).
pub const ROOM_MOVED: u16 = 4010;
/// The server is restarting (drained for a deploy); reconnect at once:
/// another server takes its rooms.
pub const SERVICE_RESTART: u16 = 1012;

/// Every code with its name, for generated clients.
pub const ALL: [(&str, u16); 16] = [
    ("GOING_AWAY", GOING_AWAY),
    ("INVALID_DATA", INVALID_DATA),
    ("TOO_BIG", TOO_BIG),
    ("IDLE", IDLE),
    ("TOO_MANY_CONNECTIONS", TOO_MANY_CONNECTIONS),
    ("ROOM_BROKEN", ROOM_BROKEN),
    ("ROOM_CLOSED", ROOM_CLOSED),
    ("BAD_HANDSHAKE", BAD_HANDSHAKE),
    ("BAD_TOKEN", BAD_TOKEN),
    ("NO_ROOM", NO_ROOM),
    ("FELL_BEHIND", FELL_BEHIND),
    ("RATE", RATE),
    ("BAD_MESSAGES", BAD_MESSAGES),
    ("SEAT_MOVED", SEAT_MOVED),
    ("ROOM_MOVED", ROOM_MOVED),
    ("SERVICE_RESTART", SERVICE_RESTART),
];
