// Helpers over the Zingamino view (RULINGS §2, docs/games/zingamino.md): the
// tagged envelopes, tile faces and colours, the board's geometry for the
// SVG, and grouping `view.moves` by tile. They only describe what the server
// sent; which placements are legal comes from `ZingaminoView.moves` alone.

import type { AnyAction } from '../../generated/AnyAction';
import type { AnyScorecard } from '../../generated/AnyScorecard';
import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { GameOptions } from '../../generated/GameOptions';
import type { ZingaminoAction as Action } from '../../generated/zingamino/ZingaminoAction';
import type { ZingaminoScorecard as Scorecard } from '../../generated/zingamino/ZingaminoScorecard';
import type { ZingaminoStepView as StepView } from '../../generated/zingamino/ZingaminoStepView';
import type { ZingaminoTileId as TileId } from '../../generated/zingamino/ZingaminoTileId';
import type { ZingaminoView as View } from '../../generated/zingamino/ZingaminoView';
import { count } from '../../i18n/format';
import { en, type ZingaminoMessages } from './i18n/en';

export const GAME = 'zingamino' as const;
/** The game ends when a score reaches this (RULINGS §2(c)). */
export const TARGET = 64;

// --- the tagged envelopes ----------------------------------------------------

export function zView(v: AnyView | undefined | null): View | null {
  return v && v.game === GAME ? v.view : null;
}

export function zStep(s: AnyStepView): StepView | null {
  return s.game === GAME ? s.step : null;
}

export function zAction(action: Action): AnyAction {
  return { game: GAME, action };
}

export function zScorecard(s: AnyScorecard | undefined | null): Scorecard | null {
  return s && s.game === GAME ? s.scorecard : null;
}

/** A new room's options: nothing for the host to choose; a forced dig waits for the player's click. */
export function zGameOptions(): GameOptions {
  return { game: GAME, options: { dig_by_click: true } };
}

// --- colours -------------------------------------------------------------------

/** A colour's paints; its name and letter are the catalog's (`colours`, `letters`). */
export interface ColourInfo {
  /** Tile face. */
  fill: string;
  /** Digits, borders, labels (dark enough to read on white). */
  ink: string;
  /** The circle's track. */
  track: string;
}

/** In tile and board order: Green, Yellow, Orange, Purple. */
export const COLOURS: ColourInfo[] = [
  { fill: '#dcfce7', ink: '#166534', track: '#bbf7d0' },
  { fill: '#fef9c3', ink: '#854d0e', track: '#fde68a' },
  { fill: '#ffedd5', ink: '#9a3412', track: '#fed7aa' },
  { fill: '#f3e8ff', ink: '#7e22ce', track: '#e9d5ff' },
];

export function colourOf(tileOrSpace: number): number {
  return Math.floor(tileOrSpace / 16) % 4;
}

// --- tiles ---------------------------------------------------------------------

/** The dominoes of a colour by `id % 16`, low end first; 15 is the Zinga. */
const FACES: [number, number][] = [
  [0, 0], [0, 1], [0, 2], [0, 3], [0, 4],
  [1, 1], [1, 2], [1, 3], [1, 4],
  [2, 2], [2, 3], [2, 4],
  [3, 3], [3, 4],
  [4, 4],
];

export type Face = { zinga: true } | { zinga: false; lo: number; hi: number };

export function faceOf(id: TileId): Face {
  const f = FACES[id % 16];
  return f ? { zinga: false, lo: f[0], hi: f[1] } : { zinga: true };
}

export function isZinga(id: TileId): boolean {
  return id % 16 === 15;
}

/** A colour's name ("Green"), as the catalog `t` writes it. */
export function colourName(c: number, t: ZingaminoMessages = en): string {
  return t.colours[c as 0 | 1 | 2 | 3];
}

/** A colour's letter ("G"). */
export function colourLetter(c: number, t: ZingaminoMessages = en): string {
  return t.letters[c as 0 | 1 | 2 | 3];
}

/** A circle in a sentence ("the Green circle"). */
export function circleName(c: number, t: ZingaminoMessages = en): string {
  return t.circles[c as 0 | 1 | 2 | 3];
}

/** A value a tile shows ("?" for a Zinga's end not set yet), in `locale`'s digits. */
export function valueText(v: number | null | undefined, locale = 'en'): string {
  return v === null || v === undefined ? '?' : count(locale, v);
}

/** A domino's ends ("2|3"), kept left to right as drawn inside a right-to-left sentence. */
export function endsText(ends: string, locale = 'en'): string {
  return locale.startsWith('ar') ? `\u2066${ends}\u2069` : ends;
}

/**
 * "Green 2|3", "Green Zinga" (numbers in `locale`'s digits). A domino's ends
 * read left to right as drawn, also in a right-to-left sentence (isolated).
 */
export function tileName(id: TileId, t: ZingaminoMessages = en, locale = 'en'): string {
  const f = faceOf(id);
  const colour = colourName(colourOf(id), t);
  if (f.zinga) return t.zinga({ colour });
  return `${colour} ${endsText(`${valueText(f.lo, locale)}|${valueText(f.hi, locale)}`, locale)}`;
}

// --- the board -----------------------------------------------------------------

/** "G4": colour letter and index clockwise from 12 o'clock. */
export function spaceName(space: number, t: ZingaminoMessages = en, locale = 'en'): string {
  return `${colourLetter(colourOf(space), t)}${valueText(space % 16, locale)}`;
}

/** The Zinga/Double squares: i % 4 == 0. */
export function isSquare(space: number): boolean {
  return space % 4 === 0;
}

/** Bridge partners (G4–Y12, G8–O0, Y8–P0, O4–P12), both ways. */
export const BRIDGES: [number, number][] = [
  [4, 28],
  [8, 32],
  [24, 48],
  [36, 60],
];

// Geometry in SVG units. The circles sit in a 2 × 2 grid 500 apart; a
// Zinga/Double square is a radial rectangle SQ long, so bridging squares
// touch end to end when R + SQ/2 = 250.
export const SQ = 76;
export const THICK = 40;
export const R = 250 - SQ / 2;
export const CENTRES = [
  { x: 250, y: 250 },
  { x: 750, y: 250 },
  { x: 250, y: 750 },
  { x: 750, y: 750 },
];

export interface SpaceGeom {
  x: number;
  y: number;
  /** Degrees clockwise from 12 o'clock. */
  angle: number;
  /** Unit vector clockwise along the ring. */
  tx: number;
  ty: number;
  /** Unit vector outwards. */
  rx: number;
  ry: number;
}

export function geom(space: number): SpaceGeom {
  const c = CENTRES[colourOf(space)];
  const angle = (space % 16) * 22.5;
  const a = (angle * Math.PI) / 180;
  const rx = Math.sin(a);
  const ry = -Math.cos(a);
  return { x: c.x + R * rx, y: c.y + R * ry, angle, tx: Math.cos(a), ty: Math.sin(a), rx, ry };
}

// --- legal moves ---------------------------------------------------------------

export interface TileMoves {
  /** Spaces legal with `flip: false` / `true`, each with the values a Zinga may declare (empty: none to declare). */
  byFlip: [Map<number, number[]>, Map<number, number[]>];
  count: number;
}

/** `view.moves` grouped by tile, then orientation, then space. */
export function movesByTile(moves: Action[]): Map<TileId, TileMoves> {
  const out = new Map<TileId, TileMoves>();
  for (const m of moves) {
    if (m.type !== 'place') continue;
    let t = out.get(m.tile);
    if (!t) {
      t = { byFlip: [new Map(), new Map()], count: 0 };
      out.set(m.tile, t);
    }
    const side = t.byFlip[m.flip ? 1 : 0];
    let values = side.get(m.space);
    if (!values) {
      values = [];
      side.set(m.space, values);
      t.count += 1;
    }
    if (m.value !== null) values.push(m.value);
  }
  return out;
}

/** Only a pass is possible (nothing fits and the bag is empty). */
export function onlyPass(moves: Action[]): boolean {
  return moves.length === 1 && moves[0].type === 'pass';
}

/** Only a dig is possible (nothing fits and the bag has tiles): nothing is dug until the player says so. */
export function onlyDig(moves: Action[]): boolean {
  return moves.length === 1 && moves[0].type === 'dig';
}

// --- targets ---------------------------------------------------------------------

/** A place the selected tile may go, with a preview of its values (ccw, cw; "?" for a Zinga). */
export interface Target {
  space: number;
  ccw: string;
  cw: string;
}

/**
 * A target space in words (screen readers, tooltips): the space, its circle,
 * the values the tile would show and the placed tiles it would sit next to,
 * e.g. "Place on G5 in the Green circle, showing 3|4, next to G4 (Green 1|3)".
 * `tg`'s values are written already (in the language's digits).
 */
export function targetLabel(board: Array<{ tile: TileId } | null>, tg: Target, t: ZingaminoMessages = en, locale = 'en'): string {
  const c = colourOf(tg.space);
  const i = tg.space % 16;
  const near = [c * 16 + ((i + 15) % 16), c * 16 + ((i + 1) % 16)];
  for (const [a, b] of BRIDGES) {
    if (a === tg.space) near.push(b);
    if (b === tg.space) near.push(a);
  }
  const names = near.flatMap((s) => {
    const p = board[s];
    return p ? [`${spaceName(s, t, locale)} (${tileName(p.tile, t, locale)})`] : [];
  });
  const sq = isSquare(tg.space);
  const p = { space: spaceName(tg.space, t, locale), circle: circleName(c, t), shows: sq ? tg.ccw : `${tg.ccw}|${tg.cw}` };
  if (names.length) return sq ? t.board.targetSquare({ ...p, names }) : t.board.target({ ...p, names });
  return sq ? t.board.targetSquareAlone(p) : t.board.targetAlone(p);
}
