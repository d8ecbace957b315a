// Presence of seated players: connected, not here yet, or away for a while.
// `SeatInfo.away_ms` is how long the seat had been without a connection when
// the server sent the room; the client counts up from the moment it arrived.
// Pure, for `npm run test:unit`; the words are the app's messages, passed in.

import type { Messages } from '../i18n/en';

/** What a seat's presence badge says. */
export type Presence =
  | { kind: 'here' }
  /** Seated but never connected yet (joined from another page, say). */
  | { kind: 'not_yet' }
  | { kind: 'away'; ms: number };

/**
 * A seat's presence at local time `now`, given the room message that said
 * `connected`/`away_ms` arrived at local time `receivedAt`.
 */
export function presenceOf(
  seat: { connected: boolean; away_ms: number | null },
  receivedAt: number,
  now: number,
): Presence {
  if (seat.connected) return { kind: 'here' };
  if (seat.away_ms === null) return { kind: 'not_yet' };
  return { kind: 'away', ms: Math.max(0, seat.away_ms + Math.max(0, now - receivedAt)) };
}

/** "away", "away for 1 min", "away for 12 min", "away for 2 h 5 min", "away for 3 days". */
export function awayText(ms: number, m: Messages): string {
  const min = Math.floor(ms / 60_000);
  if (min < 1) return m.presence.away;
  if (min < 60) return m.presence.awayMin({ minutes: min });
  const h = Math.floor(min / 60);
  if (h < 24) {
    const rest = min % 60;
    return rest ? m.presence.awayHoursMin({ hours: h, minutes: rest }) : m.presence.awayHours({ hours: h });
  }
  return m.presence.awayDays({ days: Math.floor(h / 24) });
}

/** Short text for a presence badge. */
export function presenceText(p: Presence, m: Messages): string {
  switch (p.kind) {
    case 'here':
      return m.presence.online;
    case 'not_yet':
      return m.presence.notYet;
    case 'away':
      return awayText(p.ms, m);
  }
}
