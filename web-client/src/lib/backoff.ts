// How long to wait before the next reconnect attempt: 0.5 s doubling to at
// most 8 s, with jitter so a room full of players does not come back at the
// same instant after a server restart. Pure, for `npm run test:unit`.

export const BACKOFF_MIN_MS = 500;
export const BACKOFF_MAX_MS = 8_000;

/**
 * Delay before attempt `attempt` (0 for the first retry): somewhere between
 * 50 % and 100 % of `min(8 s, 0.5 s · 2^attempt)`. `random` is in [0, 1).
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, Math.min(attempt, 16)));
  return Math.round(base / 2 + random() * (base / 2));
}
