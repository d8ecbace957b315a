// Small helpers over the Doozy Dice view. They describe what the server sent;
// they never decide whether a combo is made (that is `TurnView.satisfied`).
// Words come from the catalog passed in (English by default): this module is
// compiled for the unit tests too, so it never reads the live catalog itself.

import type { AnyView } from '../../generated/AnyView';
import type { DieView } from '../../generated/doozy_dice/DieView';
import type { View } from '../../generated/doozy_dice/View';
import { count } from '../../i18n/format';
import { direction } from '../../i18n/locales';
import { en, type DoozyMessages } from './i18n/en';

export const MAX_ROLLS = 13;
export const BONUS_ROLLS = 3;

export function doozyView(v: AnyView | undefined | null): View | null {
  return v && v.game === 'doozy-dice' ? v.view : null;
}

/** A card's printed name, from the catalog by its id (never the server's English). */
export function cardName(id: number, t: DoozyMessages = en): string {
  return (t.cardNames as Record<number, string>)[id] ?? t.cardFallback({ id });
}

/** A card's rule in words, from the catalog by its id (the view's `rule` is English). */
export function cardRule(id: number, t: DoozyMessages = en): string {
  return (t.cardRules as Record<number, string>)[id] ?? '';
}

/** "DZ07" style code for a card id (the code printed on the card). */
export function cardCode(id: number): string {
  return `DZ${String(id).padStart(2, '0')}`;
}

/** Lowest and highest value dots can set this die to (null: it can't be changed). */
export function adjustRange(d: DieView): [number, number] | null {
  if (d.face || d.value === null) return null;
  return d.kind === 'blue' ? [1, 6] : [2, 6];
}

/** "Blue die 2, showing 5": what a die is and shows, for its button's label. */
export function dieLabel(d: DieView, index: number, t: DoozyMessages = en): string {
  const die = index + 1;
  if (d.kind === 'blue') return d.value === null ? t.table.blueDie.unrolled({ die }) : t.table.blueDie.shows({ die, value: d.value });
  if (d.face) return t.table.doozyDie.face({ die });
  return d.value === null ? t.table.doozyDie.unrolled({ die }) : t.table.doozyDie.shows({ die, value: d.value });
}

/**
 * Text for a face value in the log, written as `locale` writes numbers: the
 * Doozy Face is "D" (as printed on the die), set apart in a right-to-left
 * line so the values keep their order around it.
 */
export function faceText(value: number, face = false, locale = 'en'): string {
  if (face) return direction(locale) === 'rtl' ? '\u2068D\u2069' : 'D';
  return count(locale, value);
}
