// How each Zingamino step stands once sent: every tile placed comes from
// the hidden hand, so none can be taken back (games::game::takes_back);
// the table asks first. Dig and Pass are their own buttons (a dig is
// followed by tiles from the bag, so it is never taken back either).

import type { GameMoves } from '../types';

export const moves: GameMoves = {
  kind(action) {
    if (action.game !== 'zingamino') return 'final';
    return action.action.type === 'place' ? 'final' : 'named';
  },
  question() {
    return 'Place this tile here? It can’t be taken back.';
  },
};
