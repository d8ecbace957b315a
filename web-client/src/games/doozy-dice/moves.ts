// How each Doozy Dice step stands once sent (mirrors the rules' take-back,
// games::game::takes_back): a dot spent on a die may be taken back within
// the turn; a roll is its own button; a claim ends the turn for good. The
// confirm questions are worded by the catalog given (index.ts passes the
// live one).

import type { GameMoves } from '../types';
import { cardName, doozyView } from './util';
import { en, type DoozyMessages } from './i18n/en';

export function movesIn(t: DoozyMessages = en): GameMoves {
  return {
    kind(action) {
      if (action.game !== 'doozy-dice') return 'final';
      switch (action.action.type) {
        case 'adjust':
          return 'undo';
        case 'roll':
          return 'named';
        default:
          return 'final';
      }
    },
    question(action, view) {
      const v = doozyView(view);
      if (action.game !== 'doozy-dice' || !v) return t.confirm.move;
      const a = action.action;
      const rolls = v.phase.phase === 'turn' ? v.phase.roll_count : 0;
      switch (a.type) {
        case 'claim':
          return t.confirm.claim({ card: cardName(a.card, t), rolls });
        case 'cutoff':
          return t.confirm.cutoff({ card: cardName(a.card, t) });
        default:
          return t.confirm.move;
      }
    },
  };
}
