// Mix-the-Mutts for players, in the catalog's words (i18n/en.ts and its
// translations hold the text); the rulings are in docs/games/mix-the-mutts.md.
import type { GameRules } from '../../lib/types';
import { en, type MtmMessages } from './i18n/en';

export function rulesIn(t: MtmMessages = en): GameRules {
  return t.rules;
}
