// Generated from protocol/src/close.rs by protocol/tests/ts_bindings.rs. Do not edit.

/** WebSocket close codes the server uses. */
export const CLOSE = {
  GOING_AWAY: 1001,
  INVALID_DATA: 1007,
  TOO_BIG: 1009,
  IDLE: 4002,
  TOO_MANY_CONNECTIONS: 4003,
  ROOM_BROKEN: 4500,
  ROOM_CLOSED: 4410,
  BAD_HANDSHAKE: 4000,
  BAD_TOKEN: 4001,
  NO_ROOM: 4004,
  FELL_BEHIND: 4008,
  RATE: 4029,
  BAD_MESSAGES: 4400,
  SEAT_MOVED: 4009,
  ROOM_MOVED: 4010,
  SERVICE_RESTART: 1012,
} as const;
