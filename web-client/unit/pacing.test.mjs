// Unit tests for the table's pacing (`npm run test:unit`): the queue that
// shows the server's updates one at a time (on a fake clock), and how long
// each update stays on show.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_BACKLOG, MAX_DWELL, Pacer, STEP_DWELL, dwellFor, paceOf } from '../node_modules/.cache/unit/lib/pacing.js';

/** A clock that only moves when told to. */
function fakeClock() {
  let now = 1000;
  /** @type {{ at: number, fn: () => void, id: number }[]} */
  let timers = [];
  let ids = 0;
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = ++ids;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout(id) {
      timers = timers.filter((t) => t.id !== id);
    },
    /** Moves the clock on by `ms`, running what falls due, in order. */
    advance(ms) {
      const end = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const t = timers[0];
        if (!t || t.at > end) break;
        timers.shift();
        now = t.at;
        t.fn();
      }
      now = end;
    },
    get pending() {
      return timers.length;
    },
  };
}

function setup(maxBacklog) {
  const clock = fakeClock();
  /** @type {{ item: string, at: number }[]} */
  const shown = [];
  const pacer = new Pacer((item) => shown.push({ item, at: clock.now() }), clock, maxBacklog);
  return { clock, shown, pacer, items: () => shown.map((s) => s.item) };
}

test('a state with no dwell is replaced at once; one with a dwell holds the next back', () => {
  const { clock, shown, pacer, items } = setup();
  pacer.push('a', 0);
  pacer.push('b', 600);
  assert.deepEqual(items(), ['a', 'b'], 'nothing to wait for');
  pacer.push('c', 600);
  pacer.push('d', 0);
  assert.deepEqual(items(), ['a', 'b'], 'c waits for b to have been seen');
  assert.equal(pacer.backlog, 2);
  clock.advance(599);
  assert.deepEqual(items(), ['a', 'b']);
  clock.advance(1);
  assert.deepEqual(items(), ['a', 'b', 'c']);
  clock.advance(600);
  assert.deepEqual(items(), ['a', 'b', 'c', 'd']);
  assert.equal(shown[3].at - shown[2].at, 600, 'each shown its full dwell');
  assert.equal(pacer.backlog, 0);
  assert.equal(clock.pending, 0, 'no timer left behind');
});

test('the dwell counts from when a state was shown, not from when the next arrived', () => {
  const { clock, pacer, items } = setup();
  pacer.push('a', 600);
  clock.advance(1000);
  pacer.push('b', 600);
  assert.deepEqual(items(), ['a', 'b'], 'a was on show long enough already');
  clock.advance(200);
  pacer.push('c', 600);
  assert.deepEqual(items(), ['a', 'b']);
  clock.advance(400);
  assert.deepEqual(items(), ['a', 'b', 'c']);
});

test("an urgent state (the viewer's own step) shows at once and drops what waited", () => {
  const { clock, pacer, items } = setup();
  pacer.push('bot1', 600);
  pacer.push('bot2', 600);
  pacer.push('bot3', 600);
  assert.deepEqual(items(), ['bot1']);
  pacer.push('mine', 0, true);
  assert.deepEqual(items(), ['bot1', 'mine']);
  assert.equal(pacer.backlog, 0);
  clock.advance(5000);
  assert.deepEqual(items(), ['bot1', 'mine'], 'nothing older comes after it');
});

test('the backlog never grows past its limit: the oldest waiting states are skipped', () => {
  const { clock, pacer, items } = setup(3);
  pacer.push('s0', 600);
  for (let i = 1; i <= 6; i++) pacer.push(`s${i}`, 600);
  assert.equal(pacer.backlog, 3);
  clock.advance(600 * 3);
  assert.deepEqual(items(), ['s0', 's4', 's5', 's6'], 'the newest ones, in order, the last being the truth');
  assert.ok(MAX_BACKLOG >= 2);
});

test('a state that takes the place of skipped ones stays on show as long as they would have', () => {
  // A bot's step, then the same version again with no new step (a new
  // deadline, say: no dwell of its own), behind a full backlog.
  const { clock, shown, pacer, items } = setup(2);
  pacer.push('s0', 600);
  pacer.push('s1', 600);
  pacer.push('s2', 600);
  pacer.push('s2 again', 0);
  pacer.push('s3', 600);
  clock.advance(600);
  assert.deepEqual(items(), ['s0', 's2 again'], 's1 and s2 skipped');
  clock.advance(599);
  assert.deepEqual(items(), ['s0', 's2 again'], "s2's news stays on show its dwell");
  clock.advance(1);
  assert.deepEqual(items(), ['s0', 's2 again', 's3']);
  assert.equal(shown[2].at - shown[1].at, 600);
});

test('a hold stops the queue until released; an urgent state still shows', () => {
  const { clock, pacer, items } = setup();
  pacer.push('end of round', 600);
  const release = pacer.hold();
  assert.equal(pacer.held, true);
  pacer.push('deal', 600);
  clock.advance(10_000);
  assert.deepEqual(items(), ['end of round'], 'held');
  const second = pacer.hold();
  release();
  release();
  clock.advance(10_000);
  assert.deepEqual(items(), ['end of round'], 'one hold is still on (a second release of the first does nothing)');
  second();
  assert.equal(pacer.held, false);
  assert.deepEqual(items(), ['end of round', 'deal'], 'shown as soon as released, its dwell long past');
  const again = pacer.hold();
  pacer.push('mine', 0, true);
  assert.deepEqual(items(), ['end of round', 'deal', 'mine']);
  again();
});

test('flush shows the newest at once; stop ends it all', () => {
  const { clock, pacer, items } = setup();
  pacer.push('a', 600);
  pacer.push('b', 600);
  pacer.push('c', 600);
  pacer.flush();
  assert.deepEqual(items(), ['a', 'c']);
  pacer.push('d', 600);
  pacer.stop();
  clock.advance(5000);
  pacer.push('e', 0);
  assert.deepEqual(items(), ['a', 'c']);
  assert.equal(clock.pending, 0);
});

test('how long a state stays: by its steps, none when the viewer acts or with reduced motion', () => {
  const o = { viewerActs: false, reducedMotion: false };
  assert.equal(dwellFor(0, o), 0, 'nothing new (the match ending, a deadline)');
  assert.equal(dwellFor(1, o), STEP_DWELL);
  assert.ok(dwellFor(2, o) > STEP_DWELL, 'a roll and the dice landing stay a little longer');
  assert.equal(dwellFor(50, o), MAX_DWELL);
  assert.equal(dwellFor(1, { ...o, viewerActs: true }), 0);
  assert.equal(dwellFor(1, { ...o, reducedMotion: true }), 0);
  assert.ok(STEP_DWELL >= 400 && MAX_DWELL <= 1500, 'followable, never a long wait');
});

test("paceOf: other seats' steps are paced, the viewer's own are not", () => {
  const state = (version, seats = [1], match_id = 'm1') => ({ match_id, version, to_act: { kind: 'seats', seats } });
  const log = [
    { version: 1, step: { by: null } },
    { version: 2, step: { by: 1 } },
    { version: 3, step: { by: 0 } },
    { version: 4, step: { by: 0 }, timedOut: true },
    { version: 5, step: { by: 1 } },
    { version: 6, step: { by: null } },
  ];
  const o = { me: 0, actorOf: (s) => s.by, standIn: false, reducedMotion: false };
  assert.deepEqual(paceOf(null, state(1), log, o), { dwell: 0, urgent: true }, 'the first state');
  assert.deepEqual(paceOf(state(1), state(2, [1]), log, o), { dwell: STEP_DWELL, urgent: false }, "a bot's step");
  assert.deepEqual(paceOf(state(1), state(2, [0]), log, o), { dwell: 0, urgent: false }, 'now the viewer acts: no dwell');
  assert.deepEqual(paceOf(state(2), state(3, [1]), log, o), { dwell: STEP_DWELL, urgent: true }, 'the viewer\'s own step: at once');
  assert.equal(paceOf(state(3), state(4, [1]), log, o).urgent, false, 'a step the timer made for the viewer is paced');
  assert.equal(paceOf(state(2), state(3, [1]), log, { ...o, standIn: true }).urgent, false, 'so is one a stand-in made');
  assert.equal(paceOf(state(2), state(3, [0]), log, { ...o, standIn: true }).dwell, STEP_DWELL, 'and the viewer does not act: a bot does');
  assert.equal(paceOf(state(4), state(6, [1]), log, o).dwell, dwellFor(2, { viewerActs: false, reducedMotion: false }), 'two steps at once');
  assert.equal(paceOf(state(2), state(3, [1]), log, { ...o, me: null }).urgent, false, 'a spectator: every step paced');
  assert.deepEqual(paceOf(state(5), state(2), log, o), { dwell: 0, urgent: true }, 'a resync that went back');
  assert.deepEqual(paceOf(state(5), state(1, [1], 'm2'), log, o), { dwell: 0, urgent: true }, 'a new match');
  assert.deepEqual(paceOf(state(1), state(2, [1]), log, { ...o, reducedMotion: true }), { dwell: 0, urgent: true }, 'reduced motion: nothing waits');
});
