// Unit tests for src/lib/steps.ts (how messages carry step views), run with
// node's test runner against the compiled module: `npm run test:unit`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stepList } from '../node_modules/.cache/unit/lib/steps.js';

test('a batch of one game becomes the list, each step naming its game', () => {
  const a = { type: 'die_landed', seat: 1, die: 0, value: 4, face: false };
  const b = { type: 'die_landed', seat: 1, die: 1, value: 6, face: true };
  assert.deepEqual(stepList({ game: 'doozy-dice', steps: [a, b] }), [
    { game: 'doozy-dice', step: a },
    { game: 'doozy-dice', step: b },
  ]);
  assert.deepEqual(stepList({ game: 'zop-zoo', steps: [] }), []);
});

test('a list is kept as it is', () => {
  const list = [{ game: 'take-back', step: { seat: 0 } }, { game: 'doozy-dice', step: { type: 'roll_off_die', seat: 0, value: 3 } }];
  assert.equal(stepList(list), list);
  assert.deepEqual(stepList([]), []);
});
