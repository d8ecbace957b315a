// The room's turn timer in words. The settings and their seconds come from
// the server's own list (generated/turnTimers.ts).
import type { TurnTimer } from '../generated/TurnTimer';
import { TURN_TIMER_SECS } from '../generated/turnTimers.js';
import type { Messages } from '../i18n/en';

export { TURN_TIMERS, TURN_TIMER_SECS } from '../generated/turnTimers.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** A table played at its own pace (a clock of an hour or more), not live. */
export function ownPace(t: TurnTimer): boolean {
  return (TURN_TIMER_SECS[t] ?? 0) >= HOUR;
}

/** "Normal: 45 s a decision", "Off: the table waits", "1 day a decision", in the language of `m`. */
export function turnTimerText(t: TurnTimer, m: Messages): string {
  return m.pace.timer({ timer: t, secs: TURN_TIMER_SECS[t] });
}

const digits = new Map<string, [Intl.NumberFormat, Intl.NumberFormat]>();

/** `minutes:seconds` in `locale`'s digits ("4:05", "٤:٠٥"). */
function minSec(locale: string, min: number, sec: number): string {
  let f = digits.get(locale);
  if (!f) {
    f = [new Intl.NumberFormat(locale, { useGrouping: false }), new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false })];
    digits.set(locale, f);
  }
  return `${f[0].format(min)}:${f[1].format(sec)}`;
}

/**
 * Time left: m:ss under an hour (rounded up, in `locale`'s digits), else
 * "5 h 20 min" or "2 d 3 h" (as `m`, the messages of `locale`, write them).
 */
export function clock(ms: number, m: Messages, locale: string): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= DAY) return m.clock.days({ days: Math.floor(s / DAY), hours: Math.floor((s % DAY) / HOUR) });
  if (s >= HOUR) return m.clock.hours({ hours: Math.floor(s / HOUR), minutes: Math.floor((s % HOUR) / 60) });
  return minSec(locale, Math.floor(s / 60), s % 60);
}
