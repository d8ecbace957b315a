// Room codes, as the server makes them (`RoomCode` in protocol/src/ids.rs):
// 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L).

export const ROOM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ROOM_CODE_LEN = 8;

const SHAPE = new RegExp(`^[${ROOM_CODE_ALPHABET}]{${ROOM_CODE_LEN}}$`);

/** Upper-cases and drops spaces and dashes, as people type codes read aloud. */
export function normaliseRoomCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** Whether `code` (normalised) has the shape of a room code. */
export function isRoomCode(code: string): boolean {
  return SHAPE.test(code);
}
