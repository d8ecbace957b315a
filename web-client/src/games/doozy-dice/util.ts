// Small helpers over the Doozy Dice view. They describe what the server sent;
// they never decide whether a combo is made (that is `TurnView.satisfied`).

import type { AnyView } from '../../generated/AnyView';
import type { CardInfo } from '../../generated/doozy_dice/CardInfo';
import type { DieView } from '../../generated/doozy_dice/DieView';
import type { View } from '../../generated/doozy_dice/View';

export const MAX_ROLLS = 13;
export const BONUS_ROLLS = 3;

export function doozyView(v: AnyView | undefined | null): View | null {
  return v && v.game === 'doozy-dice' ? v.view : null;
}

export function cardName(cards: CardInfo[], id: number): string {
  return cards.find((c) => c.id === id)?.name ?? `Card ${id}`;
}

/** "DZ07" style code for a card id. */
export function cardCode(id: number): string {
  return `DZ${String(id).padStart(2, '0')}`;
}

/** Lowest and highest value dots can set this die to (null: it can't be changed). */
export function adjustRange(d: DieView): [number, number] | null {
  if (d.face || d.value === null) return null;
  return d.kind === 'blue' ? [1, 6] : [2, 6];
}

export function dieLabel(d: DieView, index: number): string {
  const kind = d.kind === 'blue' ? 'Blue die' : 'White Doozy die';
  const shows = d.face ? 'showing the Doozy Face' : d.value === null ? 'not rolled yet' : `showing ${d.value}`;
  return `${kind} ${index + 1}, ${shows}`;
}

/** Text for a face value in the log: the Doozy Face is "D". */
export function faceText(value: number, face = false): string {
  return face ? 'D' : String(value);
}
