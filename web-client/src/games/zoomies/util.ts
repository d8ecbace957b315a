// Helpers over the Zoomies view (RULINGS §1): the tagged envelopes, breeds
// and seat colours, the square grid, and previews computed from the view
// (where a tile could go, which dogs make a Pack or a Zoomies group). They
// describe what the server sent; the server alone decides what is legal and
// what scores (`Phase.token.choices`, `PlacedToken.points`, the scorecard).

import type { AnyAction } from '../../generated/AnyAction';
import type { AnyScorecard } from '../../generated/AnyScorecard';
import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { GameOptions } from '../../generated/GameOptions';
import type { Breed } from '../../generated/zoomies/Breed';
import type { Cell } from '../../generated/zoomies/Cell';
import type { Dir } from '../../generated/zoomies/Dir';
import type { Dog } from '../../generated/zoomies/Dog';
import type { FrensSide } from '../../generated/zoomies/FrensSide';
import type { PlacedTile } from '../../generated/zoomies/PlacedTile';
import type { Side } from '../../generated/zoomies/Side';
import type { TileFace } from '../../generated/zoomies/TileFace';
import type { TileId } from '../../generated/zoomies/TileId';
import type { TokenKind } from '../../generated/zoomies/TokenKind';
import type { TokenRefusal } from '../../generated/zoomies/TokenRefusal';
import type { ZoomiesAction as Action } from '../../generated/zoomies/ZoomiesAction';
import type { ZoomiesOptions as Options } from '../../generated/zoomies/ZoomiesOptions';
import type { ZoomiesScorecard as Scorecard } from '../../generated/zoomies/ZoomiesScorecard';
import type { ZoomiesStepView as StepView } from '../../generated/zoomies/ZoomiesStepView';
import type { ZoomiesView as View } from '../../generated/zoomies/ZoomiesView';
import { tileFace } from '../../generated/zoomies/tiles';
import { en, type ZoomiesMessages } from './i18n/en';

export const GAME = 'zoomies' as const;

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

export function zOptions(o: GameOptions | undefined | null): Options | null {
  return o && o.game === GAME ? o.options : null;
}

export function zGameOptions(options: Options): GameOptions {
  return { game: GAME, options };
}

export function zScorecard(s: AnyScorecard | undefined | null): Scorecard | null {
  return s && s.game === GAME ? s.scorecard : null;
}

export const DEFAULT_OPTIONS: Options = { first_player: null };

// --- breeds --------------------------------------------------------------------

export interface BreedInfo {
  breed: Breed;
  /** Three-letter code (RULINGS §1(b)). */
  code: string;
  /** The letter drawn on every dog (a mark, the same in every language: Letter.svelte). */
  letter: string;
  /** The dog's square. */
  fill: string;
  /** Darker shade: the dog's head, the letter, chip borders. */
  ink: string;
}

/** The five breeds, in the order of RULINGS §1(b). */
export const BREEDS: BreedInfo[] = [
  { breed: 'chihuahua', code: 'CHI', letter: 'C', fill: '#fcd34d', ink: '#92400e' },
  { breed: 'poodle', code: 'POO', letter: 'P', fill: '#f9a8d4', ink: '#831843' },
  { breed: 'beagle', code: 'BEA', letter: 'B', fill: '#d6b48c', ink: '#5b3a1e' },
  { breed: 'husky', code: 'HUS', letter: 'H', fill: '#93c5fd', ink: '#1e3a8a' },
  { breed: 'greyhound', code: 'GRE', letter: 'G', fill: '#a7f3d0', ink: '#065f46' },
];

const BY_BREED = new Map(BREEDS.map((b) => [b.breed, b]));

export function breedInfo(b: Breed): BreedInfo {
  return BY_BREED.get(b) ?? BREEDS[0];
}

/** The breed's name for one dog ("Poodle"), or for many (`many`: "Poodles"). */
export function breedName(b: Breed, many = false, t: ZoomiesMessages = en): string {
  return many ? t.breedsMany[b] : t.breeds[b];
}

// --- tiles ---------------------------------------------------------------------

/** The printed tile `id` (its two dogs), from the generated table. */
export function faceOf(id: TileId): TileFace | null {
  return tileFace(id) ?? null;
}

export function tileCode(id: TileId): string {
  return `Z${String(id).padStart(2, '0')}`;
}

/** "Chihuahua–Poodle" (dog A first). */
export function tileName(id: TileId, t: ZoomiesMessages = en): string {
  const f = faceOf(id);
  if (!f) return tileCode(id);
  const name = (b: Breed) => breedName(b, false, t);
  return f.a.breed === f.b.breed ? t.tileDouble({ breed: name(f.a.breed) }) : `${name(f.a.breed)}–${name(f.b.breed)}`;
}

/** "Poodle (bone)", "Beagle (Zoomies)", "Husky". */
export function dogText(d: Dog, t: ZoomiesMessages = en): string {
  const breed = breedName(d.breed, false, t);
  if (d.bone && d.zoomies) return t.dogBoth({ breed });
  if (d.bone) return t.dogBone({ breed });
  if (d.zoomies) return t.dogZoomies({ breed });
  return breed;
}

// --- seats -----------------------------------------------------------------------

/**
 * Token colours by seat: Okabe–Ito hues, darkened enough for small
 * text in them to keep 4.5:1 on white and on their soft tints, which stay apart for colour-blind players. Tokens also
 * carry their owner's mark (`seatMarks`), so colour is never the only cue.
 */
export const SEAT_COLOURS = [
  { color: '#0072b2', soft: '#e0f2fe' },
  { color: '#b34a00', soft: '#ffedd5' },
  { color: '#007a5a', soft: '#d1fae5' },
  { color: '#a34a8a', soft: '#fce7f3' },
];

/**
 * A short mark per seat for its tokens: the name's initial, two letters
 * where initials clash (Ana and Ada), the seat number if those clash too.
 */
export function seatMarks(names: string[]): string[] {
  const first = (n: string, k: number) => n.trim().slice(0, k).toUpperCase();
  const clash = (marks: string[], i: number) => marks.some((m, j) => j !== i && m === marks[i]);
  const one = names.map((n) => first(n, 1));
  const two = names.map((n, i) => (clash(one, i) ? `${first(n, 1)}${n.trim().slice(1, 2).toLowerCase()}` : one[i]));
  return two.map((m, i) => (!m || clash(two, i) ? String(i + 1) : m));
}

export function seatColour(seat: number): { color: string; soft: string } {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

// --- tokens ----------------------------------------------------------------------

/** A token's side and its shape (its name and what it scores are the catalog's: `t.sides`, `t.scores`). */
export interface SideInfo {
  side: Side;
  kind: TokenKind;
}

export const SIDES: SideInfo[] = [
  { side: 'leader', kind: 'round' },
  { side: 'zoomies', kind: 'round' },
  { side: 'bones', kind: 'square' },
  { side: 'frens', kind: 'square' },
];

export function sideInfo(s: Side): SideInfo {
  return SIDES.find((x) => x.side === s) ?? SIDES[0];
}

/** A side's printed name ("Leader"), the same in every language. */
export function sideName(s: Side, t: ZoomiesMessages = en): string {
  return t.sides[s];
}

/** "round (Leader | Zoomies)". */
export function kindName(k: TokenKind, t: ZoomiesMessages = en): string {
  return t.kindsFull[k];
}

/** A sentence for each reason the server gives for refusing a token choice. */
export function refusalText(r: TokenRefusal, t: ZoomiesMessages = en): string {
  return t.refusals[r];
}

// --- the square grid (y grows south) ---------------------------------------------

export const DIRS: readonly Dir[] = ['north', 'east', 'south', 'west'];

const DELTA: Record<Dir, { x: number; y: number }> = {
  north: { x: 0, y: -1 },
  east: { x: 1, y: 0 },
  south: { x: 0, y: 1 },
  west: { x: -1, y: 0 },
};

export const ARROW: Record<Dir, string> = { north: '↑', east: '→', south: '↓', west: '←' };

export function step(c: Cell, d: Dir): Cell {
  return { x: c.x + DELTA[d].x, y: c.y + DELTA[d].y };
}

export function delta(d: Dir): { x: number; y: number } {
  return DELTA[d];
}

export function opposite(d: Dir): Dir {
  return d === 'north' ? 'south' : d === 'south' ? 'north' : d === 'east' ? 'west' : 'east';
}

/** The direction from `a` to an orthogonal neighbour `b`, or null. */
export function dirTo(a: Cell, b: Cell): Dir | null {
  return DIRS.find((d) => sameCell(step(a, d), b)) ?? null;
}

export function cellKey(c: Cell): string {
  return `${c.x},${c.y}`;
}

export function sameCell(a: Cell | null | undefined, b: Cell | null | undefined): boolean {
  return !!a && !!b && a.x === b.x && a.y === b.y;
}

/** A dog on the table. */
export interface Square {
  at: Cell;
  dog: Dog;
  tile: TileId;
  /** Dog A or B of its tile. */
  half: 'a' | 'b';
  /** Index of its tile in `board`. */
  index: number;
}

export type Grid = Map<string, Square>;

/** Dog B's cell and the tile's two cells. */
export function tileCells(t: { at: Cell; dir: Dir }): [Cell, Cell] {
  return [t.at, step(t.at, t.dir)];
}

/** Every dog on the table by cell. */
export function gridOf(board: PlacedTile[]): Grid {
  const g: Grid = new Map();
  board.forEach((t, index) => {
    const face = faceOf(t.tile);
    if (!face) return;
    const [a, b] = tileCells(t);
    g.set(cellKey(a), { at: a, dog: face.a, tile: t.tile, half: 'a', index });
    g.set(cellKey(b), { at: b, dog: face.b, tile: t.tile, half: 'b', index });
  });
  return g;
}

export function bounds(cells: Cell[]): { minX: number; maxX: number; minY: number; maxY: number } {
  if (cells.length === 0) return { minX: 0, maxX: 0, minY: 0, maxY: 0 };
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (const c of cells) {
    minX = Math.min(minX, c.x);
    maxX = Math.max(maxX, c.x);
    minY = Math.min(minY, c.y);
    maxY = Math.max(maxY, c.y);
  }
  return { minX, maxX, minY, maxY };
}

// --- previews (the server decides; these only help choose) ------------------------

/**
 * Cells where dog A of `face` may go with dog B towards `dir` — a preview of
 * the placement rule of RULINGS §1(c): both cells empty, and one of the new
 * dogs orthogonally next to a dog of its own breed.
 */
export function placementsFor(grid: Grid, face: TileFace, dir: Dir): Cell[] {
  if (grid.size === 0) return [];
  const b = bounds([...grid.values()].map((s) => s.at));
  const near = (c: Cell, breed: Breed) => DIRS.some((d) => grid.get(cellKey(step(c, d)))?.dog.breed === breed);
  const out: Cell[] = [];
  for (let y = b.minY - 2; y <= b.maxY + 2; y++) {
    for (let x = b.minX - 2; x <= b.maxX + 2; x++) {
      const at = { x, y };
      const other = step(at, dir);
      if (grid.has(cellKey(at)) || grid.has(cellKey(other))) continue;
      if (near(at, face.a.breed) || near(other, face.b.breed)) out.push(at);
    }
  }
  return out;
}

/**
 * A target cell in words, for screen readers and tooltips: where each dog
 * of the tile would lie, which dogs of its own breed it would meet and how
 * many tiles it touches, e.g. "Put the tile here: Poodle next to 2 Poodles,
 * Beagle to the east next to no Beagle; touches 3 tiles".
 */
export function targetLabel(grid: Grid, face: TileFace, dir: Dir, at: Cell, t: ZoomiesMessages = en): string {
  const other = step(at, dir);
  const mine = new Set([cellKey(at), cellKey(other)]);
  const tiles = new Set<number>();
  const meets = (c: Cell, dog: Dog) => {
    let n = 0;
    for (const d of DIRS) {
      const k = cellKey(step(c, d));
      if (mine.has(k)) continue;
      const sq = grid.get(k);
      if (!sq) continue;
      tiles.add(sq.index);
      if (sq.dog.breed === dog.breed) n++;
    }
    const breed = breedName(dog.breed, false, t);
    if (n === 0) return t.target.nextToNone({ breed });
    if (n === 1) return t.target.nextToOne({ breed });
    return t.target.nextToMany({ count: n, breed, breeds: breedName(dog.breed, true, t) });
  };
  const a = `${dogText(face.a, t)} ${meets(at, face.a)}`;
  const b = t.target.dogB({ dog: dogText(face.b, t), dir: t.dirs[dir], meets: meets(other, face.b) });
  return t.target.label({ a, b, count: tiles.size });
}

/** Legal placements of a tile in each orientation. */
export function placementsByDir(grid: Grid, face: TileFace): Record<Dir, Cell[]> {
  return {
    north: placementsFor(grid, face, 'north'),
    east: placementsFor(grid, face, 'east'),
    south: placementsFor(grid, face, 'south'),
    west: placementsFor(grid, face, 'west'),
  };
}

/** The maximal connected set from `at` of dogs for which `joins` holds. */
function flood(grid: Grid, at: Cell, include: (s: Square) => boolean, joins: (a: Square, b: Square) => boolean): Cell[] {
  const start = grid.get(cellKey(at));
  if (!start || !include(start)) return [];
  const seen = new Set([cellKey(at)]);
  const out: Cell[] = [];
  const todo = [start];
  while (todo.length) {
    const s = todo.pop() as Square;
    out.push(s.at);
    for (const d of DIRS) {
      const n = grid.get(cellKey(step(s.at, d)));
      if (!n || seen.has(cellKey(n.at)) || !include(n) || !joins(s, n)) continue;
      seen.add(cellKey(n.at));
      todo.push(n);
    }
  }
  return out;
}

/** The Pack of the dog at `at`: connected dogs of its breed. */
export function packOf(grid: Grid, at: Cell): Cell[] {
  return flood(
    grid,
    at,
    () => true,
    (a, b) => a.dog.breed === b.dog.breed,
  );
}

/** The Zoomies group of the dog at `at` (empty if it has no paw). */
export function groupOf(grid: Grid, at: Cell): Cell[] {
  return flood(
    grid,
    at,
    (s) => s.dog.zoomies,
    () => true,
  );
}

/** Sides between the Pack of `at` and dogs of `breed`. */
export function frensSides(grid: Grid, at: Cell, breed: Breed): FrensSide[] {
  const out: FrensSide[] = [];
  for (const base of packOf(grid, at)) {
    for (const d of DIRS) {
      const n = grid.get(cellKey(step(base, d)));
      if (n && n.dog.breed === breed) out.push({ base, fren: n.at });
    }
  }
  return out;
}

/** What a token at `at` covers on the table now: its Pack, group or Frens sides. */
export function coverage(
  grid: Grid,
  side: Side,
  at: Cell,
  arrow: Dir | null,
): { cells: Cell[]; sides: FrensSide[]; frens: Breed | null } {
  if (side === 'zoomies') return { cells: groupOf(grid, at), sides: [], frens: null };
  if (side === 'frens' && arrow) {
    const fren = grid.get(cellKey(step(at, arrow)))?.dog.breed ?? null;
    return { cells: packOf(grid, at), sides: fren ? frensSides(grid, at, fren) : [], frens: fren };
  }
  return { cells: packOf(grid, at), sides: [], frens: null };
}

/** Zoomies ladder (for the scorecard's explanation). */
export const LADDER = [0, 1, 3, 6, 10, 15];

// --- board aids (what the Board component is asked to draw) --------------------

/** A dog a token may be put on. */
export interface Pick {
  at: Cell;
  ok: boolean;
  on: boolean;
  label: string;
}

/** A Frens arrow direction to pick. */
export interface ArrowPick {
  dir: Dir;
  ok: boolean;
  on: boolean;
  label: string;
}

/** A Pack or Zoomies group (`cells`) and Frens sides to light up. */
export interface Highlight {
  cells: Cell[];
  sides: FrensSide[];
}
