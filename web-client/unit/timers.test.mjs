// Unit tests for the turn timer's words and the log's note on decisions the
// timer made (`npm run test:unit`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TIMED_OUT_NOTE, markTimedOut } from '../node_modules/.cache/unit/lib/timedOut.js';
import { TURN_TIMERS, clock, ownPace, turnTimerText } from '../node_modules/.cache/unit/lib/turnTimer.js';

test('every turn timer setting reads as what it does', () => {
  assert.deepEqual(TURN_TIMERS, ['off', 'relaxed', 'normal', 'fast', 'half_day', 'day', 'three_days']);
  assert.equal(turnTimerText('off'), 'Off: the table waits');
  assert.equal(turnTimerText('relaxed'), 'Relaxed: 2 min a decision');
  assert.equal(turnTimerText('normal'), 'Normal: 45 s a decision');
  assert.equal(turnTimerText('fast'), 'Fast: 15 s a decision');
  assert.equal(turnTimerText('half_day'), '12 hours a decision');
  assert.equal(turnTimerText('day'), '1 day a decision');
  assert.equal(turnTimerText('three_days'), '3 days a decision');
  assert.deepEqual(
    TURN_TIMERS.filter((t) => ownPace(t)),
    ['half_day', 'day', 'three_days'],
    'the hours-long clocks are the own-pace ones',
  );
});

test('the clock rounds up to the second', () => {
  assert.equal(clock(15_000), '0:15');
  assert.equal(clock(14_001), '0:15');
  assert.equal(clock(61_000), '1:01');
  assert.equal(clock(-5), '0:00');
  assert.equal(clock(3_599_000), '59:59');
  assert.equal(clock(12 * 3_600_000), '12 h 0 min');
  assert.equal(clock(5 * 3_600_000 + 20 * 60_000 + 1), '5 h 20 min');
  assert.equal(clock(2 * 86_400_000 + 3 * 3_600_000), '2 d 3 h');
});

test("only the lines of the timer's steps say the time ran out", () => {
  const lines = [
    { key: 3, text: 'Ana rolled 5 dice' },
    { key: '4', text: 'Bo scored Fab Five' },
    { key: -1, text: 'Ana goes first' },
  ];
  const marked = markTimedOut(lines, [
    { version: 3 },
    { version: 4, timedOut: true },
  ]);
  assert.equal(marked[0].text, 'Ana rolled 5 dice');
  assert.equal(marked[1].text, `Bo scored Fab Five ${TIMED_OUT_NOTE}`);
  assert.equal(marked[2].text, 'Ana goes first');
  assert.equal(markTimedOut(lines, [{ version: 3 }]), lines, 'nothing to mark: the same lines');
});
