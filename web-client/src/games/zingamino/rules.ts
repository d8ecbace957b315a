// Zingamino for players, in the catalog's words (i18n/en.ts and its
// translations hold the text); the rulings are in docs/games/zingamino.md.
import type { GameRules } from '../../lib/types';
import { en, type ZingaminoMessages } from './i18n/en';

export function rulesIn(t: ZingaminoMessages = en): GameRules {
  return t.rules;
}
