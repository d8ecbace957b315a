// A log as it stands: each take-back removes the step before it (the last
// one still standing; the server allows nothing else). The table's log and
// the replay's narration read this, so a step taken back is never told as
// if it happened.

import type { LogEntry } from './types';

/** `entries` with every take-back applied: the steps that stand, in order. */
export function standingLog(entries: LogEntry[]): LogEntry[] {
  const out: LogEntry[] = [];
  for (const e of entries) {
    if (e.step.game === 'take-back') out.pop();
    else out.push(e);
  }
  return out;
}

/** The seat of a take-back step, or null for any other step. */
export function takeBackSeat(entry: LogEntry | undefined): number | null {
  return entry?.step.game === 'take-back' ? entry.step.step.seat : null;
}
