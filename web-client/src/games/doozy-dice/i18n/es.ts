// Doozy Dice en español.
import type { DoozyMessages } from './en';

export const es: DoozyMessages = {
  blurb: 'Tira cinco dados para completar cinco combinaciones en el menor número de tiradas. Las caras Doozy dan puntos; los puntos cambian los dados.',
};
