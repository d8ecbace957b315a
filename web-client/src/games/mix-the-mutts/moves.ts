// How each Mix-the-Mutts step stands once sent (games::game::takes_back):
// connecting the tile opens a scoring window for everyone, so none can be
// taken back. Every step is sent from a button that says what it does after
// the table showed it: the connection previewed in place ("Connect the tile
// here"), "Draw two", a window's claims or pass. That button is the
// confirmation; the table asks nothing more. The question is worded by the
// catalog given (index.ts passes the live one).

import type { GameMoves } from '../types';
import { en, type MtmMessages } from './i18n/en';

export function movesIn(t: MtmMessages = en): GameMoves {
  return {
    kind() {
      return 'named';
    },
    question() {
      return t.confirm.move;
    },
  };
}
