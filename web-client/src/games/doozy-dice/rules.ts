// Doozy Dice for players, in the catalog's words (i18n/en.ts and its
// translations hold the text); the rulings are in docs/games/doozy-dice.md.
import type { GameRules } from '../../lib/types';
import { en, type DoozyMessages } from './i18n/en';

export function rulesIn(t: DoozyMessages = en): GameRules {
  return t.rules;
}
