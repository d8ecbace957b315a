// Step views as messages carry them (`StepViews`): one game's steps as one
// batch with the game named once, or a list where each step names its game
// (a take-back among them, or none). In a batch, three or more steps in a
// row of one kind come as one `StepRun` (a table of their members). The
// page keeps the list form.
//
// No Svelte or DOM here, so `npm run test:unit` can run it under node.

import type { AnyStepView } from '../generated/AnyStepView';
import type { StepRun } from '../generated/StepRun';
import type { StepViews } from '../generated/StepViews';

const isRun = (item: object): item is StepRun => !('type' in item) && 'run' in item;

/** The steps, each naming its game, whichever form they came in. */
export function stepList(steps: StepViews): AnyStepView[] {
  if (Array.isArray(steps)) return steps;
  const { game } = steps;
  const out: AnyStepView[] = [];
  // The batch says the game once; every step of it is that game's.
  const add = (step: object) => out.push({ game, step } as unknown as AnyStepView);
  for (const item of steps.steps as object[]) {
    if (!isRun(item)) {
      add(item);
      continue;
    }
    for (const row of item.rows) {
      const step: Record<string, unknown> = { type: item.run };
      // A row may stop early: the step leaves out the members after it.
      row.forEach((value, i) => {
        if (i < item.keys.length) step[item.keys[i]] = value;
      });
      add(step);
    }
  }
  return out;
}
