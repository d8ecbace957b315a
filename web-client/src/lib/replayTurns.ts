// Where a replay's turns and rounds begin, so it can be browsed by them
// rather than one step at a time (a match has hundreds of steps).
//
// Steps are indexed from 0; version `i + 1` is the table once step `i` has
// happened, so a jump to a turn lands on the version that shows its first step.
//
// A turn is a maximal run of steps moved by one seat, together with the
// chance steps that follow them (dice landing, tiles drawn, cards dealt): a
// chance step never starts a turn, except the first step of the match or of a
// round: the deal that opens them is a turn of its own (nobody's), not the
// tail of the turn that ended the last round.
// A round starts at the first step taken in it: the game's round number read
// from the view before that step differs from the one before the step before.

/** What a step says about turns: who moved (null: chance) and the round it was taken in. */
export interface StepMark {
  actor: number | null;
  round: number | null;
}

export interface ReplayMarks {
  /** Versions showing the first step of each turn, ascending. */
  turns: number[];
  /** Versions showing the first step of each round after the first, ascending (none for a game without rounds). */
  rounds: number[];
}

export function replayMarks(steps: StepMark[]): ReplayMarks {
  const turns: number[] = [];
  const rounds: number[] = [];
  /** The seat whose turn is running; null before anyone has moved in it. */
  let mover: number | null = null;
  steps.forEach((s, i) => {
    const newRound = i > 0 && s.round !== null && steps[i - 1].round !== null && s.round !== steps[i - 1].round;
    if (newRound) rounds.push(i + 1);
    if (i === 0 || newRound) {
      turns.push(i + 1);
      mover = s.actor;
    } else if (s.actor !== null && s.actor !== mover) {
      // Another seat moves (or the first one after the deal, which was a turn of its own).
      turns.push(i + 1);
      mover = s.actor;
    }
  });
  return { turns, rounds };
}

/** The first of `marks` after `version`, or null. */
export function nextMark(marks: number[], version: number): number | null {
  return marks.find((m) => m > version) ?? null;
}

/** The last of `marks` before `version`; 0 (the start) if none. */
export function prevMark(marks: number[], version: number): number {
  for (let i = marks.length - 1; i >= 0; i--) if (marks[i] < version) return marks[i];
  return 0;
}

/** The version showing the next step after `version` moved by `seat`, or null. */
export function nextMoveBy(steps: StepMark[], seat: number, version: number): number | null {
  for (let i = version; i < steps.length; i++) if (steps[i].actor === seat) return i + 1;
  return null;
}

/** The version showing the last step before `version` moved by `seat`, or null. */
export function prevMoveBy(steps: StepMark[], seat: number, version: number): number | null {
  for (let i = version - 2; i >= 0; i--) if (steps[i].actor === seat) return i + 1;
  return null;
}
