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

test('a run of steps of one kind is spelled out: a short row leaves members out, a null stays null', () => {
  // The wire form `protocol::game::step_views` writes for a roll (its unit
  // test `a_run_of_one_kind_goes_as_a_table` pins the same text).
  const wire = {
    game: 'doozy-dice',
    steps: [
      { type: 'rolled', seat: 3, dice: [0, 1, 2], roll_count: 1 },
      { run: 'die_landed', keys: ['die', 'seat', 'value', 'face'], rows: [[0, 3, 5], [1, 3, 1, true], [2, 3, null]] },
      { type: 'claimed', seat: 3 },
    ],
  };
  const landed = (die, value, face) => ({ game: 'doozy-dice', step: { type: 'die_landed', seat: 3, die, value, ...(face ? { face } : {}) } });
  assert.deepEqual(stepList(wire), [
    { game: 'doozy-dice', step: { type: 'rolled', seat: 3, dice: [0, 1, 2], roll_count: 1 } },
    landed(0, 5),
    landed(1, 1, true),
    landed(2, null),
    { game: 'doozy-dice', step: { type: 'claimed', seat: 3 } },
  ]);
});
