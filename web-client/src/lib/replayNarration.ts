// One sentence for the step a replay shows: the last line of the game's own
// log (its `GameUi.narrate`, the same `describe` its table's "what just
// happened" list uses), or the step's type when the log has nothing to say
// (in English; another language says who moved, or the step's number).

import type { AnyStepView } from '../generated/AnyStepView';

/**
 * In a language other than English, what to say instead of the step's
 * (English) type: "Ana moved", or "Step 12" for a step nobody took.
 */
export interface StepWords {
  seatMoved: (p: { name: string }) => string;
  step: (p: { step: number }) => string;
}

/**
 * "Die landed" from `die_landed`, with the seat's name if the step names
 * one; with `words` (another language), said in them instead.
 */
export function stepTypeText(s: AnyStepView, nameOf: (seat: number) => string, words?: StepWords, version = 0): string {
  const inner = s.step as unknown as Record<string, unknown>;
  if (words) return typeof inner.seat === 'number' ? words.seatMoved({ name: nameOf(inner.seat) }) : words.step({ step: version });
  const kind = typeof inner.type === 'string' ? inner.type.replace(/_/g, ' ') : 'step';
  const what = kind.charAt(0).toUpperCase() + kind.slice(1);
  return typeof inner.seat === 'number' ? `${nameOf(inner.seat)}: ${kind}` : what;
}

/** The line that tells the latest step: the log's last, or null if it says nothing. */
export function lastLine(lines: string[]): string | null {
  const last = lines[lines.length - 1];
  return last ? last : null;
}
