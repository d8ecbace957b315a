// One sentence for the step a replay shows, from each game's own log text
// (the same `describe` its table's "what just happened" list uses).

import type { AnyStepView } from '../generated/AnyStepView';
import type { AnyView } from '../generated/AnyView';
import type { LogEntry } from './socket.svelte';
import { describe as doozyDescribe } from '../games/doozy/log';
import { doozyView } from '../games/doozy/util';
import { describe as mtmDescribe } from '../games/mtm/log';
import { mtmView } from '../games/mtm/util';
import { describe as zoomiesDescribe } from '../games/zoomies/log';
import { gridOf, zView as zoomiesView } from '../games/zoomies/util';
import { describe as zingaminoDescribe } from '../games/zingamino/log';
import { zView as zingaminoView } from '../games/zingamino/util';
import { describe as zopDescribe } from '../games/zop-zoo/log';
import { zView as zopView } from '../games/zop-zoo/util';

/** "Die landed" from `die_landed`, with the seat's name if the step names one. */
export function stepTypeText(s: AnyStepView, nameOf: (seat: number) => string): string {
  const inner = s.step as unknown as Record<string, unknown>;
  const kind = typeof inner.type === 'string' ? inner.type.replace(/_/g, ' ') : 'step';
  const what = kind.charAt(0).toUpperCase() + kind.slice(1);
  return typeof inner.seat === 'number' ? `${nameOf(inner.seat)}: ${kind}` : what;
}

/**
 * The last log line once `log` (the steps up to the one shown) has happened,
 * as the viewer `me` would read it; null if the game's log has nothing to say.
 */
export function narrate(log: LogEntry[], view: AnyView, nameOf: (seat: number) => string, me: number | null): string | null {
  const who = (s: number) => (s === me ? 'You' : nameOf(s));
  let texts: string[] = [];
  switch (view.game) {
    case 'doozy-dice': {
      const v = doozyView(view);
      if (v) texts = doozyDescribe(log, nameOf, v.cards).map((l) => l.text);
      break;
    }
    case 'mix-the-mutts': {
      const v = mtmView(view);
      if (v) texts = mtmDescribe(log, { who, seats: v.players.map((p) => p.seat), junior: v.options.junior }).map((l) => l.text);
      break;
    }
    case 'zoomies': {
      const v = zoomiesView(view);
      if (v) texts = zoomiesDescribe(log, { who, grid: gridOf(v.board) }).map((l) => l.text);
      break;
    }
    case 'zingamino': {
      const v = zingaminoView(view);
      if (v) texts = zingaminoDescribe(log, who, v.round).map((l) => l.text);
      break;
    }
    case 'zop-zoo': {
      const v = zopView(view);
      if (v) texts = zopDescribe(log, who, v.round).map((l) => l.text);
      break;
    }
  }
  const last = texts[texts.length - 1];
  return last ? last : null;
}
