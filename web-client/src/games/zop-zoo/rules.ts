// Zop Zoo for players, in the catalog's words (i18n/en.ts and its
// translations hold the text); the rulings are in docs/games/zop-zoo.md.
import type { GameRules } from '../../lib/types';
import { en, type ZopZooMessages } from './i18n/en';

export function rulesIn(t: ZopZooMessages = en): GameRules {
  return t.rules;
}
