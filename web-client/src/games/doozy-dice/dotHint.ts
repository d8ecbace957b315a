// Doozy Dice dot hints: which remaining cards spending dots would complete
// now, and the cheapest way. A hint only — the server alone decides what the
// dice make (`TurnView.satisfied`); this mirrors the card check of
// docs/games/doozy-dice.md (`games/src/doozy_dice/cards.rs`): a card
// `(k, r, P)` is made when some `k` of the five dice hold at least `r` Doozy
// Faces, any further Face among them is wild (1–6), and `P` holds for the
// other numbers. Dots change a die by one pip per dot (blue 1–6, Doozy
// 2–6); a Face can't be changed or made; no loans.
//
// No Svelte or DOM here, so `npm run test:unit` can run it under node.

/** What a die shows for the check: 0 for a Doozy Face, else 1–6. */
export type Sym = number;

const allEqual = (v: number[]) => v.every((x) => x === v[0]);
const allDifferent = (v: number[]) => v.every((x, i) => i === 0 || v[i - 1] < x);
const twoPairs = (v: number[]) => v.length === 4 && v[0] === v[1] && v[2] === v[3] && v[1] !== v[2];
/** Three of one value and two of another: [triple, pair], or null. */
function fullHouse(v: number[]): [number, number] | null {
  if (v.length !== 5) return null;
  const [a, b, c, d, e] = v;
  if (a === b && b === c && d === e && c !== d) return [a, d];
  if (a === b && c === d && d === e && b !== c) return [c, a];
  return null;
}
const sum = (v: number[]) => v.reduce((s, x) => s + x, 0);
const consecutive = (v: number[]) => v.every((x, i) => i === 0 || x === v[i - 1] + 1);
const same = (v: number[], w: number[]) => v.length === w.length && v.every((x, i) => x === w[i]);

/** Card id → (k, r, P on the sorted numbers). RULINGS §5(b). */
const CARDS: Record<number, [number, number, (v: number[]) => boolean]> = {
  1: [3, 0, allEqual],
  2: [3, 1, (v) => same(v, [1, 1])],
  3: [4, 0, twoPairs],
  4: [4, 0, allEqual],
  5: [4, 0, (v) => v.every((x) => x === 1 || x === 4)],
  6: [4, 0, (v) => v.every((x) => x === 2 || x === 3 || x === 5)],
  7: [4, 2, allEqual],
  8: [5, 0, allDifferent],
  9: [5, 0, (v) => same(v, [1, 2, 3, 4, 5])],
  10: [5, 1, allEqual],
  11: [5, 2, allEqual],
  12: [5, 0, allEqual],
  13: [5, 0, (v) => fullHouse(v) !== null],
  14: [5, 0, (v) => same(v, [2, 3, 4, 5, 6])],
  15: [5, 0, (v) => v.every((x) => x % 2 === 1)],
  16: [5, 0, (v) => v.every((x) => x % 2 === 0)],
  17: [5, 0, (v) => v.every((x) => x >= 4)],
  18: [5, 0, (v) => v.every((x) => x <= 3)],
  19: [5, 0, (v) => sum(v) >= 26],
  20: [5, 0, (v) => sum(v) <= 9],
  21: [5, 0, (v) => sum(v) === 13],
  22: [5, 1, allDifferent],
  23: [5, 1, twoPairs],
  24: [5, 1, consecutive],
  25: [5, 0, (v) => { const f = fullHouse(v); return f !== null && f[1] === 6 && f[0] !== 6; }],
  26: [5, 0, (v) => { const f = fullHouse(v); return f !== null && f[0] === 3 && f[1] !== 3; }],
};

/** Does this roll make card `id`? (Plain search, as the rules say it.) */
export function makes(id: number, roll: Sym[]): boolean {
  const def = CARDS[id];
  if (!def) return false;
  const [k, r, pred] = def;
  for (let subset = 0; subset < 32; subset++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) if (subset & (1 << i)) bits++;
    if (bits !== k) continue;
    const chosen = roll.filter((_, i) => subset & (1 << i));
    const faces = chosen.filter((s) => s === 0).length;
    if (faces < r) continue;
    const numbers = chosen.filter((s) => s !== 0);
    const wilds = faces - r;
    for (let code = 0; code < 6 ** wilds; code++) {
      const values = [...numbers];
      let c = code;
      for (let w = 0; w < wilds; w++) {
        values.push((c % 6) + 1);
        c = Math.floor(c / 6);
      }
      values.sort((a, b) => a - b);
      if (pred(values)) return true;
    }
  }
  return false;
}

/** Cards made by a roll, memoised on its multiset (there are only 462). */
const memo = new Map<string, Set<number>>();
function madeBy(roll: Sym[]): Set<number> {
  const key = [...roll].sort((a, b) => a - b).join('');
  let got = memo.get(key);
  if (!got) {
    got = new Set(Object.keys(CARDS).map(Number).filter((id) => makes(id, roll)));
    memo.set(key, got);
  }
  return got;
}

/** A die as the hint needs it. */
export interface HintDie {
  /** 1–6, or null before it is rolled. */
  value: number | null;
  face?: boolean;
  kind: 'blue' | 'doozy';
}

export interface DotHint {
  card: number;
  /** Dots to spend. */
  cost: number;
  /** The changes, by die index. */
  changes: { die: number; from: number; to: number }[];
}

/**
 * For each of `cards` the dice do not make yet, the cheapest spending of at
 * most `dots` that makes it (cheapest first, then by card order). Empty when
 * the dice are not all rolled or there are no dots to spend.
 */
export function dotHints(dice: HintDie[], dots: number, cards: number[]): DotHint[] {
  if (dots <= 0 || dice.length !== 5 || dice.some((d) => !d.face && d.value === null)) return [];
  const now: Sym[] = dice.map((d) => (d.face ? 0 : (d.value ?? 0)));
  const already = madeBy(now);
  const want = cards.filter((c) => !already.has(c) && CARDS[c]);
  if (want.length === 0) return [];
  const best = new Map<number, DotHint>();
  const roll = [...now];
  const walk = (i: number, cost: number) => {
    if (i === 5) {
      if (cost === 0) return;
      for (const c of madeBy(roll)) {
        if (!want.includes(c)) continue;
        const had = best.get(c);
        if (had && had.cost <= cost) continue;
        const changes = roll.flatMap((to, die) => (to !== now[die] ? [{ die, from: now[die], to }] : []));
        best.set(c, { card: c, cost, changes });
      }
      return;
    }
    const d = dice[i];
    if (d.face) return walk(i + 1, cost);
    const lo = d.kind === 'blue' ? 1 : 2;
    for (let to = lo; to <= 6; to++) {
      const step = Math.abs(to - now[i]);
      if (cost + step > dots) continue;
      roll[i] = to;
      walk(i + 1, cost + step);
    }
    roll[i] = now[i];
  };
  walk(0, 0);
  return [...best.values()].sort((a, b) => a.cost - b.cost || cards.indexOf(a.card) - cards.indexOf(b.card));
}
