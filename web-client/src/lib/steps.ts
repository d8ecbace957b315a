// Step views as messages carry them (`StepViews`): one game's steps as one
// batch with the game named once, or a list where each step names its game
// (a take-back among them, or none). The page keeps the list form.
//
// No Svelte or DOM here, so `npm run test:unit` can run it under node.

import type { AnyStepView } from '../generated/AnyStepView';
import type { StepViews } from '../generated/StepViews';

/** The steps, each naming its game, whichever form they came in. */
export function stepList(steps: StepViews): AnyStepView[] {
  if (Array.isArray(steps)) return steps;
  const { game } = steps;
  // The batch says the game once; every step of it is that game's.
  return steps.steps.map((step) => ({ game, step }) as unknown as AnyStepView);
}
