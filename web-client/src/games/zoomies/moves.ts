// How each Zoomies step stands once sent (mirrors the rules' take-back,
// games::game::takes_back): a token may be taken back while the turn goes
// on (a tile is left in hand, or the Zoomies side brings the extra tile);
// a tile from the hidden hand, and the end of the turn, are for good. A
// tile or token is sent from the panel that first shows it in place
// ("Place the tile here"): that button is its confirmation. "Keep it" and
// "Discard it" end the turn on one tap, so the table asks first. The
// questions are worded by the catalog given (index.ts passes the live one).

import type { GameMoves } from '../types';
import { zView } from './util';
import { en, type ZoomiesMessages } from './i18n/en';

export function movesIn(t: ZoomiesMessages = en): GameMoves {
  return {
    kind(action, view, me) {
      const v = zView(view);
      if (action.game !== 'zoomies' || !v) return 'final';
      const a = action.action;
      switch (a.type) {
        case 'place_token':
        case 'discard_token': {
          const hand = v.players[me]?.hand_size ?? 0;
          const left = v.players.reduce((n, p) => n + p.round_left + p.square_left, 0) - 1;
          const extra = a.type === 'place_token' && a.side === 'zoomies';
          return hand > 0 && (extra || left > 0) ? 'undo' : 'named';
        }
        case 'place_tile':
        case 'cannot_place':
          return 'named';
        default:
          return 'final';
      }
    },
    question(action) {
      if (action.game !== 'zoomies') return t.confirm.move;
      const a = action.action;
      if (a.type !== 'end_turn') return t.confirm.move;
      return a.discard ? t.confirm.discardEnd : t.confirm.keepEnd;
    },
  };
}
