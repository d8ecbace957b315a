// The replay's turn and round marks (`npm run test:unit`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextMark, nextMoveBy, prevMark, prevMoveBy, replayMarks } from '../node_modules/.cache/unit/lib/replayTurns.js';

/** Steps from a compact spec: a digit is that seat's move, `.` chance; `|` starts a new round. */
function steps(spec) {
  let round = 1;
  const out = [];
  for (const c of spec) {
    if (c === '|') round++;
    else out.push({ actor: c === '.' ? null : Number(c), round });
  }
  return out;
}

test('a turn is a run of one seat, with the chance steps after it', () => {
  // Deal (...), then seat 0 rolls twice with dice landing (0..0.), seat 1 twice (1.1), seat 0.
  const s = steps('...0..0.1.10');
  // Versions show the first step of each turn: the deal at 1, seat 0 at 4, seat 1 at 9, seat 0 at 12.
  assert.deepEqual(replayMarks(s).turns, [1, 4, 9, 12]);
  assert.deepEqual(replayMarks(s).rounds, []);
});

test("a round's deal opens a turn of its own; rounds start at their first step", () => {
  const s = steps('..0101|..1010');
  assert.deepEqual(replayMarks(s), { turns: [1, 3, 4, 5, 6, 7, 9, 10, 11, 12], rounds: [7] });
  // No rounds where the game has none.
  assert.deepEqual(replayMarks(s.map((x) => ({ ...x, round: null }))).rounds, []);
});

test('jumps: next and previous marks, moves by one seat', () => {
  const marks = [1, 4, 9];
  assert.equal(nextMark(marks, 0), 1);
  assert.equal(nextMark(marks, 4), 9);
  assert.equal(nextMark(marks, 9), null);
  assert.equal(prevMark(marks, 9), 4);
  assert.equal(prevMark(marks, 6), 4, 'back to the start of the turn shown');
  assert.equal(prevMark(marks, 1), 0, 'before the first: the start');
  const s = steps('...0..1.0');
  assert.equal(nextMoveBy(s, 1, 0), 7);
  assert.equal(nextMoveBy(s, 0, 4), 9);
  assert.equal(nextMoveBy(s, 1, 7), null);
  assert.equal(prevMoveBy(s, 0, 9), 4);
  assert.equal(prevMoveBy(s, 0, 4), null);
});
