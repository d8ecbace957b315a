// Unit tests for the turn timer's words and the log's note on decisions the
// timer made (`npm run test:unit`).
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';
import { markTimedOut } from '../node_modules/.cache/unit/lib/timedOut.js';
import { TURN_TIMERS, clock, ownPace, turnTimerText } from '../node_modules/.cache/unit/lib/turnTimer.js';
register('./extensionless.mjs', import.meta.url);
/** The app's English messages, as the page passes them. */
const { en } = await import('../node_modules/.cache/unit/i18n/en.js');

test('every turn timer setting reads as what it does', () => {
  assert.deepEqual(TURN_TIMERS, ['off', 'relaxed', 'normal', 'fast', 'half_day', 'day', 'three_days']);
  assert.equal(turnTimerText('off', en), 'Off: the table waits');
  assert.equal(turnTimerText('relaxed', en), 'Relaxed: 2 min a decision');
  assert.equal(turnTimerText('normal', en), 'Normal: 45 s a decision');
  assert.equal(turnTimerText('fast', en), 'Fast: 15 s a decision');
  assert.equal(turnTimerText('half_day', en), '12 hours a decision');
  assert.equal(turnTimerText('day', en), '1 day a decision');
  assert.equal(turnTimerText('three_days', en), '3 days a decision');
  assert.deepEqual(
    TURN_TIMERS.filter((t) => ownPace(t)),
    ['half_day', 'day', 'three_days'],
    'the hours-long clocks are the own-pace ones',
  );
});

test('the clock rounds up to the second', () => {
  assert.equal(clock(15_000, en, 'en'), '0:15');
  assert.equal(clock(14_001, en, 'en'), '0:15');
  assert.equal(clock(61_000, en, 'en'), '1:01');
  assert.equal(clock(-5, en, 'en'), '0:00');
  assert.equal(clock(3_599_000, en, 'en'), '59:59');
  assert.equal(clock(12 * 3_600_000, en, 'en'), '12 h 0 min');
  assert.equal(clock(5 * 3_600_000 + 20 * 60_000 + 1, en, 'en'), '5 h 20 min');
  assert.equal(clock(2 * 86_400_000 + 3 * 3_600_000, en, 'en'), '2 d 3 h');
  // Under an hour, in the language's own digits.
  assert.equal(clock(245_000, en, 'ar'), `${new Intl.NumberFormat('ar').format(4)}:${new Intl.NumberFormat('ar', { minimumIntegerDigits: 2 }).format(5)}`);
});

test("only the lines of the timer's steps say the time ran out", () => {
  const lines = [
    { key: 3, text: 'Ana rolled 5 dice' },
    { key: '4', text: 'Bo scored Fab Five' },
    { key: -1, text: 'Ana goes first' },
  ];
  const marked = markTimedOut(
    lines,
    [{ version: 3 }, { version: 4, timedOut: true }],
    en.table.timedOut,
  );
  assert.equal(marked[0].text, 'Ana rolled 5 dice');
  assert.equal(marked[1].text, 'Bo scored Fab Five (time ran out: the server chose)');
  assert.equal(marked[2].text, 'Ana goes first');
  assert.equal(markTimedOut(lines, [{ version: 3 }], en.table.timedOut), lines, 'nothing to mark: the same lines');
});
