// Helpers over the Mix-the-Mutts view (RULINGS §3): breeds and their
// colours, axial hex geometry, and the card arithmetic the claim panel shows.
// They describe what the server sent; the server alone decides what scores.
// Words come from the catalog given (English by default: the unit tests
// compile this file, which must not load the live catalogs).

import type { AnyAction } from '../../generated/AnyAction';
import type { AnyScorecard } from '../../generated/AnyScorecard';
import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { GameOptions } from '../../generated/GameOptions';
import type { MtmAction as Action } from '../../generated/mix_the_mutts/MtmAction';
import type { Breed } from '../../generated/mix_the_mutts/Breed';
import type { Card } from '../../generated/mix_the_mutts/Card';
import type { CardId } from '../../generated/mix_the_mutts/CardId';
import type { ClaimSpec } from '../../generated/mix_the_mutts/ClaimSpec';
import type { Combo } from '../../generated/mix_the_mutts/Combo';
import type { Hex } from '../../generated/mix_the_mutts/Hex';
import type { MtmOptions as Options } from '../../generated/mix_the_mutts/MtmOptions';
import type { PlacedTile } from '../../generated/mix_the_mutts/PlacedTile';
import type { MtmScorecard as Scorecard } from '../../generated/mix_the_mutts/MtmScorecard';
import type { MtmStepView as StepView } from '../../generated/mix_the_mutts/MtmStepView';
import type { TileFace } from '../../generated/mix_the_mutts/TileFace';
import type { MtmView as View } from '../../generated/mix_the_mutts/MtmView';
import { en, type MtmMessages } from './i18n/en';

export const GAME = 'mix-the-mutts' as const;

// --- the tagged envelopes ----------------------------------------------------

export function mtmView(v: AnyView | undefined | null): View | null {
  return v && v.game === GAME ? v.view : null;
}

export function mtmStep(s: AnyStepView): StepView | null {
  return s.game === GAME ? s.step : null;
}

export function mtmAction(action: Action): AnyAction {
  return { game: GAME, action };
}

export function mtmOptions(o: GameOptions | undefined | null): Options | null {
  return o && o.game === GAME ? o.options : null;
}

export function mtmGameOptions(options: Options): GameOptions {
  return { game: GAME, options };
}

export function mtmScorecard(s: AnyScorecard | undefined | null): Scorecard | null {
  return s && s.game === GAME ? s.scorecard : null;
}

export const DEFAULT_OPTIONS: Options = { junior: false, first_player: null, response_timer_secs: null };

// --- breeds ------------------------------------------------------------------

export interface BreedInfo {
  breed: Breed;
  name: string;
  /** Three-letter code shown on the tiles. */
  code: string;
  /** Points per card (rarity rank). */
  points: number;
  /** Cards of this breed in the deck. */
  count: number;
  /** Fill colour. */
  color: string;
  /** Text colour on top of `color`. */
  ink: string;
}

/** Commonest first, as in RULINGS §3(b). */
export const BREEDS: BreedInfo[] = [
  { breed: 'poodle', name: 'Poodle', code: 'POO', points: 1, count: 16, color: '#be185d', ink: '#fff' },
  { breed: 'beagle', name: 'Beagle', code: 'BEA', points: 2, count: 14, color: '#c2410c', ink: '#fff' },
  { breed: 'pug', name: 'Pug', code: 'PUG', points: 3, count: 12, color: '#eab308', ink: '#1f2937' },
  { breed: 'dachshund', name: 'Dachshund', code: 'DAC', points: 4, count: 10, color: '#15803d', ink: '#fff' },
  { breed: 'schnauzer', name: 'Schnauzer', code: 'SCH', points: 5, count: 8, color: '#64748b', ink: '#fff' },
  { breed: 'pomeranian', name: 'Pomeranian', code: 'POM', points: 6, count: 6, color: '#0e7490', ink: '#fff' },
  { breed: 'dalmatian', name: 'Dalmatian', code: 'DAL', points: 7, count: 4, color: '#1f2937', ink: '#fff' },
  { breed: 'chihuahua', name: 'Chihuahua', code: 'CHI', points: 8, count: 2, color: '#7c3aed', ink: '#fff' },
];

const BY_BREED = new Map(BREEDS.map((b) => [b.breed, b]));

export function breedInfo(b: Breed): BreedInfo {
  return BY_BREED.get(b) ?? BREEDS[0];
}

export function breedName(b: Breed): string {
  return breedInfo(b).name;
}

/** What a card is worth at the end: its points, or 1 in junior scoring. */
export function cardValue(b: Breed, junior: boolean): number {
  return junior ? 1 : breedInfo(b).points;
}

/** Cards grouped by breed, commonest breed first; breeds with no cards left out. */
export function byBreed(cards: Card[]): { info: BreedInfo; cards: Card[] }[] {
  return BREEDS.map((info) => ({ info, cards: cards.filter((c) => c.breed === info.breed) })).filter(
    (g) => g.cards.length > 0,
  );
}

export function tileCode(id: number): string {
  return `M${String(id).padStart(2, '0')}`;
}

// --- hex geometry (RULINGS §3(b)) -------------------------------------------
//
// Axial (q, r); direction 0 = E (+1, 0), 1 = NE (+1, −1), 2 = NW (0, −1),
// 3 = W (−1, 0), 4 = SW (−1, +1), 5 = SE (0, +1). With east/west neighbours the
// hexes are pointy-top. Screen y grows downwards, so "north" is up.

export const DIRS: readonly Hex[] = [
  { q: 1, r: 0 },
  { q: 1, r: -1 },
  { q: 0, r: -1 },
  { q: -1, r: 0 },
  { q: -1, r: 1 },
  { q: 0, r: 1 },
];

export function neighbour(h: Hex, dir: number): Hex {
  const d = DIRS[((dir % 6) + 6) % 6];
  return { q: h.q + d.q, r: h.r + d.r };
}

export function hexKey(h: Hex): string {
  return `${h.q},${h.r}`;
}

export function sameHex(a: Hex | null | undefined, b: Hex | null | undefined): boolean {
  return !!a && !!b && a.q === b.q && a.r === b.r;
}

/** Centre of a hex with circumradius `size`, in SVG units. */
export function hexCenter(h: Hex, size: number): { x: number; y: number } {
  return { x: size * Math.sqrt(3) * (h.q + h.r / 2), y: size * 1.5 * h.r };
}

/** Screen angle (radians, y down) of the middle of the edge facing `dir`. */
export function edgeAngle(dir: number): number {
  return (-Math.PI / 3) * dir;
}

/** The two corners of the edge facing `dir`, relative to the hex centre. */
export function edgeCorners(dir: number, size: number): [{ x: number; y: number }, { x: number; y: number }] {
  const a = edgeAngle(dir);
  const c = (t: number) => ({ x: size * Math.cos(t), y: size * Math.sin(t) });
  return [c(a - Math.PI / 6), c(a + Math.PI / 6)];
}

/** SVG points of a pointy-top hexagon centred on (0, 0). */
export function hexPoints(size: number): string {
  return Array.from({ length: 6 }, (_, i) => {
    const t = Math.PI / 6 + (Math.PI / 3) * i;
    return `${(size * Math.cos(t)).toFixed(2)},${(size * Math.sin(t)).toFixed(2)}`;
  }).join(' ');
}

/** Local edge k faces direction (k + rotation) mod 6; this is the inverse. */
export function localEdge(dir: number, rotation: number): number {
  return (((dir - rotation) % 6) + 6) % 6;
}

export function isHead(localEdgeIndex: number): boolean {
  return localEdgeIndex % 2 === 0;
}

/** The dog a placed (or previewed) tile shows towards `dir`. */
export function dogFacing(face: TileFace, rotation: number, dir: number): { breed: Breed; head: boolean } {
  const k = localEdge(dir, rotation);
  return { breed: face.edges[k], head: isHead(k) };
}

/** The dog combinations placing `face` at `at` with `rotation` would make (a preview). */
export function previewCombos(
  board: PlacedTile[],
  face: TileFace,
  at: Hex,
  rotation: number,
): { dir: number; head: Breed; tail: Breed }[] {
  const byHex = new Map(board.map((t) => [hexKey(t.at), t]));
  const out: { dir: number; head: Breed; tail: Breed }[] = [];
  for (let dir = 0; dir < 6; dir++) {
    const other = byHex.get(hexKey(neighbour(at, dir)));
    if (!other) continue;
    const mine = dogFacing(face, rotation, dir);
    const theirs = dogFacing(other.face, other.rotation, (dir + 3) % 6);
    const head = mine.head ? mine.breed : theirs.breed;
    const tail = mine.head ? theirs.breed : mine.breed;
    out.push({ dir, head, tail });
  }
  return out;
}

/**
 * What a player needs to know about an open hex, in words: the tiles it
 * would connect (by their printed codes, with where they lie) and how many
 * it touches, e.g. "Connect between M01 (west) and M03 (north-east), touches
 * 2 tiles".
 */
export function openHexLabel(board: PlacedTile[], at: Hex, t: MtmMessages = en): string {
  const byHex = new Map(board.map((b) => [hexKey(b.at), b]));
  const near: string[] = [];
  for (let dir = 0; dir < 6; dir++) {
    const b = byHex.get(hexKey(neighbour(at, dir)));
    if (b) near.push(`${tileCode(b.face.tile)} (${t.dirs[dir as keyof MtmMessages['dirs']]})`);
  }
  if (near.length === 0) return t.board.here;
  return near.length === 1 ? t.board.nextTo({ tile: near[0], n: 1 }) : t.board.between({ names: near, n: near.length });
}

/** The legal rotations (RULINGS §3(b)): 0°, 120° and 240°. */
export const ROTATIONS = [0, 2, 4] as const;

export function rotationDegrees(rotation: number): number {
  return rotation * 60;
}

// --- claims --------------------------------------------------------------------

/** The breeds (with multiplicity) a claim on this combo needs from a hand. */
export function comboNeeds(c: { head: Breed; tail: Breed }): Breed[] {
  return [c.head, c.tail];
}

export function isPurebreed(c: { head: Breed; tail: Breed }): boolean {
  return c.head === c.tail;
}

export function comboText(c: { head: Breed; tail: Breed }, t: MtmMessages = en): string {
  return isPurebreed(c)
    ? t.combo.purebred({ breed: breedName(c.head) })
    : t.combo.mixed({ head: breedName(c.head), tail: breedName(c.tail) });
}

export function comboValue(c: { head: Breed; tail: Breed }, junior: boolean): number {
  return cardValue(c.head, junior) + cardValue(c.tail, junior);
}

function countBreeds(breeds: Breed[]): Map<Breed, number> {
  const m = new Map<Breed, number>();
  for (const b of breeds) m.set(b, (m.get(b) ?? 0) + 1);
  return m;
}

/** Can a hand cover all these combos at once, each card used at most once? */
export function handCovers(hand: Card[], combos: { head: Breed; tail: Breed }[]): boolean {
  const have = countBreeds(hand.map((c) => c.breed));
  const need = countBreeds(combos.flatMap(comboNeeds));
  for (const [b, n] of need) if ((have.get(b) ?? 0) < n) return false;
  return true;
}

/**
 * Picks actual cards from the hand for the chosen combos (cards of one breed
 * are interchangeable). Null when the hand cannot cover them.
 */
export function assignCards(hand: Card[], combos: Combo[]): ClaimSpec[] | null {
  const pool = new Map<Breed, CardId[]>();
  for (const c of [...hand].sort((a, b) => a.id - b.id)) {
    const list = pool.get(c.breed) ?? [];
    list.push(c.id);
    pool.set(c.breed, list);
  }
  const out: ClaimSpec[] = [];
  for (const combo of combos) {
    const head = pool.get(combo.head)?.shift();
    const tail = pool.get(combo.tail)?.shift();
    if (head === undefined || tail === undefined) return null;
    out.push({ combo: combo.index, cards: [head, tail] });
  }
  return out;
}


