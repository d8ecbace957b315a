//! WebSocket close codes the server uses. Also generated into the web
//! client (`web-client/src/generated/closeCodes.ts`) by the bindings test.

/// Server shutting down; reconnect later.
pub const GOING_AWAY: u16 = 1001;
/// The first message was not a valid `Hello`.
pub const BAD_HANDSHAKE: u16 = 4000;
/// The seat token is unknown in this room.
pub const BAD_TOKEN: u16 = 4001;
/// The room has closed.
pub const NO_ROOM: u16 = 4004;
/// The connection fell behind; reconnect to resync.
pub const FELL_BEHIND: u16 = 4008;
/// Too many messages.
pub const RATE: u16 = 4029;
/// Too many malformed messages.
pub const BAD_MESSAGES: u16 = 4400;

/// Every code with its name, for generated clients.
pub const ALL: [(&str, u16); 7] = [
    ("GOING_AWAY", GOING_AWAY),
    ("BAD_HANDSHAKE", BAD_HANDSHAKE),
    ("BAD_TOKEN", BAD_TOKEN),
    ("NO_ROOM", NO_ROOM),
    ("FELL_BEHIND", FELL_BEHIND),
    ("RATE", RATE),
    ("BAD_MESSAGES", BAD_MESSAGES),
];
