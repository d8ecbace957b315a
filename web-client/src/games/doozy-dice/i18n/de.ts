// Doozy Dice auf Deutsch.
import type { DoozyMessages } from './en';

export const de: DoozyMessages = {
  blurb: 'Würfle mit fünf Würfeln fünf Kombinationen in so wenigen Würfen wie möglich. Doozy-Gesichter bringen Punkte; Punkte biegen die Würfel.',
};
