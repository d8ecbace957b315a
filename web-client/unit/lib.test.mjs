// Unit tests for the reconnect backoff, the presence texts and room codes (`npm run test:unit`).
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';
import { BACKOFF_MAX_MS, backoffDelay } from '../node_modules/.cache/unit/lib/backoff.js';
import { awayText, presenceOf, presenceText } from '../node_modules/.cache/unit/lib/presence.js';
register('./extensionless.mjs', import.meta.url);
/** The app's English messages, as the page passes them. */
const { en } = await import('../node_modules/.cache/unit/i18n/en.js');

test('backoff: 0.5 s doubling to 8 s, jittered between half and all of it', () => {
  const lo = () => 0;
  const hi = () => 0.999999;
  assert.deepEqual([0, 1, 2, 3, 4, 5, 9, 60].map((n) => backoffDelay(n, hi)), [500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
  assert.deepEqual([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, lo)), [250, 500, 1000, 2000, 4000, 4000]);
  for (let i = 0; i < 100; i++) {
    const d = backoffDelay(i);
    assert.ok(d >= 250 && d <= BACKOFF_MAX_MS, String(d));
  }
});

test('presence counts up from away_ms and the time the room arrived', () => {
  assert.deepEqual(presenceOf({ connected: true, away_ms: null }, 0, 5), { kind: 'here' });
  assert.deepEqual(presenceOf({ connected: false, away_ms: null }, 0, 5), { kind: 'not_yet' });
  assert.deepEqual(presenceOf({ connected: false, away_ms: 30_000 }, 1_000, 41_000), { kind: 'away', ms: 70_000 });
  // A clock that went backwards does not make anyone less away.
  assert.deepEqual(presenceOf({ connected: false, away_ms: 5_000 }, 10_000, 0), { kind: 'away', ms: 5_000 });
});

test('away texts', () => {
  assert.equal(awayText(0, en), 'away');
  assert.equal(awayText(59_999, en), 'away');
  assert.equal(awayText(60_000, en), 'away for 1 min');
  assert.equal(awayText(59 * 60_000 + 59_999, en), 'away for 59 min');
  assert.equal(awayText(60 * 60_000, en), 'away for 1 h');
  assert.equal(awayText(125 * 60_000, en), 'away for 2 h 5 min');
  assert.equal(awayText(24 * 3_600_000, en), 'away for 1 day');
  assert.equal(awayText(80 * 3_600_000, en), 'away for 3 days');
  assert.equal(presenceText({ kind: 'here' }, en), 'online');
  assert.equal(presenceText({ kind: 'not_yet' }, en), 'not here yet');
  assert.equal(presenceText({ kind: 'away', ms: 61_000 }, en), 'away for 1 min');
});

test('room codes: 8 characters of the look-alike-free alphabet', async () => {
  const { isRoomCode, normaliseRoomCode } = await import('../node_modules/.cache/unit/lib/roomCode.js');
  assert.equal(normaliseRoomCode(' k7mp-q2rx '), 'K7MPQ2RX');
  assert.equal(isRoomCode('K7MPQ2RX'), true);
  assert.equal(isRoomCode('K7MPQ2'), false, 'the old 6-letter shape');
  assert.equal(isRoomCode('K7MPQ2RXY'), false);
  assert.equal(isRoomCode('K7MPQ2R0'), false, 'no zero');
  assert.equal(isRoomCode('K7MPQ2RO'), false, 'no O');
  assert.equal(isRoomCode('k7mpq2rx'), false, 'normalise first');
});
