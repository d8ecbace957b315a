// The room's turn timer in words. The settings and their seconds come from
// the server's own list (generated/turnTimers.ts).
import type { TurnTimer } from '../generated/TurnTimer';
import { TURN_TIMER_SECS } from '../generated/turnTimers.js';

export { TURN_TIMERS, TURN_TIMER_SECS } from '../generated/turnTimers.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** A table played at its own pace (a clock of an hour or more), not live. */
export function ownPace(t: TurnTimer): boolean {
  return (TURN_TIMER_SECS[t] ?? 0) >= HOUR;
}

/** "12 hours", "1 day", "3 days", "45 s", "2 min". */
function allowance(secs: number): string {
  if (secs >= DAY) return secs === DAY ? '1 day' : `${secs / DAY} days`;
  if (secs >= HOUR) return secs === HOUR ? '1 hour' : `${secs / HOUR} hours`;
  return secs >= 60 ? `${secs / 60} min` : `${secs} s`;
}

/** "Normal: 45 s a decision", "Off: the table waits", "1 day a move". */
export function turnTimerText(t: TurnTimer): string {
  const secs = TURN_TIMER_SECS[t];
  if (secs === null) return 'Off: the table waits';
  if (ownPace(t)) return `${allowance(secs)} a decision`;
  const name = t[0].toUpperCase() + t.slice(1);
  return `${name}: ${allowance(secs)} a decision`;
}

/** Time left: m:ss under an hour (rounded up), else "5 h 20 min" or "2 d 3 h". */
export function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= DAY) return `${Math.floor(s / DAY)} d ${Math.floor((s % DAY) / HOUR)} h`;
  if (s >= HOUR) return `${Math.floor(s / HOUR)} h ${Math.floor((s % HOUR) / 60)} min`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
