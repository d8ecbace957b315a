// The room's turn timer in words. The settings and their seconds come from
// the server's own list (generated/turnTimers.ts).
import type { TurnTimer } from '../generated/TurnTimer';
import { TURN_TIMER_SECS } from '../generated/turnTimers.js';

export { TURN_TIMERS, TURN_TIMER_SECS } from '../generated/turnTimers.js';

/** "Normal: 45 s a decision", "Off: the table waits". */
export function turnTimerText(t: TurnTimer): string {
  const secs = TURN_TIMER_SECS[t];
  const name = t[0].toUpperCase() + t.slice(1);
  if (secs === null) return `${name}: the table waits`;
  return secs >= 60 ? `${name}: ${secs / 60} min a decision` : `${name}: ${secs} s a decision`;
}

/** `ms` as m:ss, rounded up. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
