// How each Zingamino step stands once sent: every tile placed comes from
// the hidden hand, so none can be taken back (games::game::takes_back);
// the table asks first. Dig and Pass are their own buttons (a dig is
// followed by tiles from the bag, so it is never taken back either). The
// question is worded by the catalog given (index.ts passes the live one).

import type { GameMoves } from '../types';
import { en, type ZingaminoMessages } from './i18n/en';

export function movesIn(t: ZingaminoMessages = en): GameMoves {
  return {
    kind(action) {
      if (action.game !== 'zingamino') return 'final';
      return action.action.type === 'place' ? 'final' : 'named';
    },
    question() {
      return t.confirm.place;
    },
  };
}
