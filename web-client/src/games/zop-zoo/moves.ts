// How each Zop Zoo step stands once sent (games::game::takes_back): a draw
// is its own button, and a card taken from the discard pile is forced
// when offered. When forced draws wait for the player's click
// (`draw_by_click`, every new room), covering a stack with a drawn wild or
// using a drawn task card leaves the turn waiting for the next draw, so it
// may be taken back until then (unless it won the round, or the draw pile
// is empty and the round ends). Otherwise a cover, sent by one tap on the
// stack, ends the turn for good, so the table asks first; a task's
// transfer and the MOLE are sent by buttons that name them after the table
// showed the picks, which are their confirmation. The confirm questions are
// worded by the catalog given (index.ts passes the live one).

import type { GameMoves } from '../types';
import { animalName, zView } from './util';
import { en, type ZopZooMessages } from './i18n/en';

export function movesIn(t: ZopZooMessages = en): GameMoves {
  return {
    kind(action, view, me) {
      const v = zView(view);
      if (action.game !== 'zop-zoo' || !v) return 'final';
      const a = action.action;
      // The turn goes on with a draw the player clicks: nothing else happened yet.
      const drawsNext = v.options.draw_by_click && v.draw_pile > 0;
      const awaiting = v.phase.phase === 'turn' ? v.phase.awaiting.type : null;
      switch (a.type) {
        case 'draw':
        case 'take_from_discard':
          return 'named';
        case 'cover': {
          const row = v.players[me]?.row ?? [];
          const wins = row.every((s) => s.shows_points || ('animal' in s.base && s.base.animal === a.base));
          return drawsNext && !wins ? 'undo' : 'final';
        }
        case 'give':
          // A drawn task card (transfers never win a round) may be taken back;
          // one on the discard pile ends the turn. With one player to give
          // to, the tap on the card sends it, so the table asks first.
          return drawsNext && awaiting === 'task' ? 'undo' : 'final';
        case 'take':
        case 'switch':
          // As a give, but sent by a button that names it ("Switch your …
          // for Ada's …") after the picks show: that is the confirmation.
          return drawsNext && awaiting === 'task' ? 'undo' : 'named';
        case 'dig':
          // "Use the MOLE" shows what it takes first.
          return 'named';
        default:
          return 'final';
      }
    },
    question(action, _view, nameOf) {
      if (action.game !== 'zop-zoo') return t.confirm.move;
      const a = action.action;
      switch (a.type) {
        case 'dig':
          return t.confirm.dig;
        case 'cover':
          return t.confirm.cover({ animal: animalName(a.base, t) });
        case 'give':
          return t.confirm.give({ name: nameOf(a.to) });
        case 'take':
          return t.confirm.take({ name: nameOf(a.from) });
        case 'switch':
          return t.confirm.switch({ name: nameOf(a.with) });
        default:
          return t.confirm.move;
      }
    },
  };
}
