// Who may sit in a room's lobby: seats open to newcomers, and why there are
// none. Pure, for `npm run test:unit`.

import type { RoomInfo } from '../generated/RoomInfo';

type Seating = Pick<RoomInfo, 'status' | 'seats' | 'max_players' | 'locked' | 'closed_seats'>;

/** Seats the host closed by moving their players to the spectators (never more than are free). */
export function closedSeats(room: Seating): number {
  return Math.max(0, Math.min(room.closed_seats, room.max_players - room.seats.length));
}

/** Seats a newcomer may take now: none outside the lobby or while the host has the room locked. */
export function openSeats(room: Seating): number {
  if (room.status !== 'lobby' || room.locked) return 0;
  return Math.max(0, room.max_players - room.seats.length - closedSeats(room));
}

/** Why a lobby has no seat for a newcomer (the page words it: `m.room.noSeat`). */
export type NoSeat = 'locked' | 'closed' | 'full';

/** In the lobby with no seat for a newcomer: why; else null. */
export function noSeatReason(room: Seating): NoSeat | null {
  if (room.status !== 'lobby' || openSeats(room) > 0) return null;
  if (room.locked) return 'locked';
  if (closedSeats(room) > 0) return 'closed';
  return 'full';
}
