// The log as it stands: take-backs remove the steps they undo (`npm run test:unit`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { standingLog, takeBackSeat } from '../node_modules/.cache/unit/lib/standing.js';

const act = (version, seat) => ({ version, step: { game: 'doozy-dice', step: { type: 'die_adjusted', seat } } });
const back = (version, seat) => ({ version, step: { game: 'take-back', step: { seat } } });

test('a take-back removes the step before it, and take-backs in a row go further back', () => {
  const log = [act(1, 0), act(2, 0), back(3, 0), act(4, 0), act(5, 0), back(6, 0), back(7, 0)];
  assert.deepEqual(
    standingLog(log).map((e) => e.version),
    [1],
  );
  assert.deepEqual(
    standingLog(log.slice(0, 4)).map((e) => e.version),
    [1, 4],
  );
});

test('a log without take-backs stands as it is', () => {
  const log = [act(1, 0), act(2, 1)];
  assert.deepEqual(standingLog(log), log);
  assert.equal(takeBackSeat(log[0]), null);
  assert.equal(takeBackSeat(back(3, 1)), 1);
});
