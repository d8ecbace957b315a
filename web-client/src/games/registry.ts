// Every game the app can show, by `GameKind`: one import and one line per
// game. Each game's folder exports its whole `GameUi` from index.ts; the
// record's type makes the type checker refuse a `GameKind` left out.

import type { GameKind } from '../generated/GameKind';
import type { GameUi } from './types';
import doozy from './doozy-dice';
import mtm from './mix-the-mutts';
import zoomies from './zoomies';
import zingamino from './zingamino';
import zopZoo from './zop-zoo';

export const GAMES: Record<GameKind, GameUi> = {
  'doozy-dice': doozy,
  'mix-the-mutts': mtm,
  zoomies: zoomies,
  zingamino: zingamino,
  'zop-zoo': zopZoo,
};

export function gameTitle(kind: GameKind): string {
  return GAMES[kind]?.title ?? kind;
}
