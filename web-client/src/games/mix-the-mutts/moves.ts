// How each Mix-the-Mutts step stands once sent (games::game::takes_back):
// connecting the tile opens a scoring window for everyone, so none can be
// taken back. Every step is sent from a button that says what it does after
// the table showed it: the connection previewed in place ("Connect the tile
// here"), "Draw two", a window's claims or pass. That button is the
// confirmation; the table asks nothing more.

import type { GameMoves } from '../types';

export const moves: GameMoves = {
  kind() {
    return 'named';
  },
  question() {
    return 'Make this move? It can’t be taken back.';
  },
};
