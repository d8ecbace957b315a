// Zoomies for players, in the catalog's words (index.ts passes the live
// one); the rulings are in docs/games/zoomies.md.
import type { GameRules } from '../../lib/types';
import { en, type ZoomiesMessages } from './i18n/en';

export function rulesIn(t: ZoomiesMessages = en): GameRules {
  return { summary: t.rules.summary, sections: t.rules.sections };
}
