// How each Doozy Dice step stands once sent (mirrors the rules' take-back,
// games::game::takes_back): a dot spent on a die may be taken back within
// the turn; a roll is its own button; a claim ends the turn for good.

import type { GameMoves } from '../types';
import { cardName, doozyView } from './util';

export const moves: GameMoves = {
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
    if (action.game !== 'doozy-dice' || !v) return 'Make this move? It can’t be taken back.';
    const a = action.action;
    const rolls = v.phase.phase === 'turn' ? v.phase.roll_count : 0;
    switch (a.type) {
      case 'claim':
        return `Claim ${cardName(v.cards, a.card)} in ${rolls} ${rolls === 1 ? 'roll' : 'rolls'}? This ends your turn.`;
      case 'cutoff':
        return `Record 13 on ${cardName(v.cards, a.card)} and lose a dot? This ends your turn.`;
      default:
        return 'Make this move? It can’t be taken back.';
    }
  },
};
