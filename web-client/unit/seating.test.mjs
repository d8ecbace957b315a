// Unit tests for who may sit in a lobby (host-closed seats, a locked room)
// and for the HTTP errors' sentences (`npm run test:unit`).
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';
import { closedSeats, noSeatReason, openSeats } from '../node_modules/.cache/unit/lib/seating.js';
import { ApiFailure, BUSY, api, problemText } from '../node_modules/.cache/unit/lib/api.js';
register('./extensionless.mjs', import.meta.url);
/** The app's English messages, as the page passes them. */
const { en } = await import('../node_modules/.cache/unit/i18n/en.js');

/** @param {Partial<import('../src/generated/RoomInfo').RoomInfo>} o */
const room = (o) => ({ status: 'lobby', seats: [{}], max_players: 4, locked: false, closed_seats: 0, ...o });

test('open seats: free seats less the closed ones, none when locked or playing', () => {
  assert.equal(openSeats(room({})), 3);
  assert.equal(openSeats(room({ closed_seats: 1 })), 2);
  assert.equal(openSeats(room({ closed_seats: 3 })), 0);
  assert.equal(openSeats(room({ locked: true })), 0);
  assert.equal(openSeats(room({ status: 'playing' })), 0);
  // Closed seats never count for more than the free ones (a bot may fill one).
  assert.equal(closedSeats(room({ seats: [{}, {}, {}, {}], closed_seats: 1 })), 0);
  assert.equal(closedSeats(room({ seats: [{}, {}, {}], closed_seats: 2 })), 1);
});

test('no seat: the reason says why, and that watching is left', () => {
  assert.equal(noSeatReason(room({})), null);
  assert.equal(noSeatReason(room({ status: 'playing' })), null, 'outside the lobby the game itself says it');
  assert.equal(noSeatReason(room({ locked: true })), 'locked');
  assert.equal(noSeatReason(room({ locked: true, closed_seats: 3 })), 'locked');
  assert.equal(noSeatReason(room({ closed_seats: 3 })), 'closed');
  assert.equal(noSeatReason(room({ seats: [{}, {}, {}, {}] })), 'full');
  // Each reason in words, ending in what is left to do.
  assert.equal(en.room.noSeat.locked, 'The host has locked this room: you can watch.');
  assert.match(en.room.noSeat.closed, /host has closed .* You can watch\.$/);
  assert.equal(en.room.noSeat.full, 'Every seat is taken: you can watch.');
});

test('a busy server (503 busy) reads as a sentence; other errors keep theirs', async () => {
  const real = globalThis.fetch;
  /** @type {Response} */
  let answer = new Response('');
  globalThis.fetch = async () => answer;
  try {
    answer = new Response(JSON.stringify({ error: 'busy', message: 'the server is busy with other replays: try again in a moment' }), {
      status: 503,
      headers: { 'Retry-After': '1' },
    });
    await assert.rejects(api.replayRecord({}), (e) => e instanceof ApiFailure && e.code === 'busy' && e.status === 503 && e.message === BUSY);
    // The player reads it worded from the code, in the page's language.
    assert.equal(problemText(new ApiFailure(503, 'busy', BUSY), en), 'The server is busy, try again in a moment.');
    assert.equal(problemText(new ApiFailure(418, 'http_418', "I'm a teapot"), en), 'The server answered 418.');
    assert.equal(problemText(new ApiFailure(0, 'network', 'down'), en), en.problems.network);
    assert.equal(problemText(new TypeError('x is undefined'), en), en.unexpected);
    assert.equal(BUSY, 'The server is busy, try again in a moment.');
    answer = new Response(JSON.stringify({ error: 'match_not_over', message: 'the match is not over' }), { status: 403 });
    await assert.rejects(api.matchChat('m1'), (e) => e instanceof ApiFailure && e.code === 'match_not_over' && e.status === 403);
    answer = new Response(JSON.stringify({ lines: [], next: null }), { status: 200 });
    /** @type {string[]} */
    const asked = [];
    globalThis.fetch = async (url) => {
      asked.push(String(url));
      return answer;
    };
    assert.deepEqual(await api.matchChat('m1', 25), { lines: [], next: null });
    assert.match(asked[0], /^\/api\/matches\/m1\/chat\?after=25&limit=\d+$/);
  } finally {
    globalThis.fetch = real;
  }
});
