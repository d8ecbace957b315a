// Unit tests for what the room connection does on each close code (`npm run test:unit`).
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';
import { CLOSE } from '../node_modules/.cache/unit/generated/closeCodes.js';
import { closePolicy, roomClosedText } from '../node_modules/.cache/unit/lib/closePolicy.js';
register('./extensionless.mjs', import.meta.url);
/** The app's English messages, as the page passes them. */
const { en } = await import('../node_modules/.cache/unit/i18n/en.js');
/** A policy with its words in English. */
const said = (p) => {
  const { say, ...rest } = p;
  return { ...rest, text: say(en) };
};

test('passing problems are retried, never given up on', () => {
  for (const code of [CLOSE.GOING_AWAY, 1000, 1005, 1006, 1011, 1012, 1013, CLOSE.RATE, CLOSE.TOO_MANY_CONNECTIONS]) {
    assert.equal(closePolicy(code).action, 'retry', String(code));
  }
  assert.match(said(closePolicy(CLOSE.GOING_AWAY)).text, /restarting/);
  for (const code of [CLOSE.FELL_BEHIND, CLOSE.IDLE]) assert.equal(closePolicy(code).action, 'retry_now', String(code));
});

test("a cluster's moves are retried: a table on another server, a server handing its tables over", () => {
  assert.equal(CLOSE.ROOM_MOVED, 4010);
  assert.equal(CLOSE.SERVICE_RESTART, 1012);
  assert.deepEqual(said(closePolicy(CLOSE.ROOM_MOVED)), { action: 'retry', text: 'The table moved to another server.' });
  assert.equal(closePolicy(CLOSE.SERVICE_RESTART).action, 'retry');
  assert.match(said(closePolicy(CLOSE.SERVICE_RESTART)).text, /another one takes the table/);
});

test('a missing room is retried a few times; a bad token falls back to watching', () => {
  assert.equal(closePolicy(CLOSE.NO_ROOM).action, 'no_room');
  assert.equal(closePolicy(CLOSE.BAD_TOKEN).action, 'bad_token');
});

test('closes retrying cannot fix stop with a sentence', () => {
  const broken = said(closePolicy(CLOSE.ROOM_BROKEN));
  assert.deepEqual(broken, { action: 'stop', text: "This room's saved game could not be restored.", reconnect: false });
  for (const code of [CLOSE.BAD_HANDSHAKE, CLOSE.BAD_MESSAGES, CLOSE.INVALID_DATA, CLOSE.TOO_BIG, 4999]) {
    const p = said(closePolicy(code));
    assert.equal(p.action, 'stop', String(code));
    assert.ok(p.text.length > 10);
  }
  // An unknown close says its code (its reason is the server's English, not shown).
  assert.match(said(closePolicy(4123)).text, /4123/);
});

test("a room closed by the server's host stops for good and asks the server why", () => {
  const closed = said(closePolicy(CLOSE.ROOM_CLOSED));
  assert.equal(CLOSE.ROOM_CLOSED, 4410);
  assert.deepEqual(closed, {
    action: 'stop',
    text: "This room was closed by the server's host.",
    reconnect: false,
    askWhy: true,
  });
  // Like a broken room, and unlike an unknown 4xxx close, no "Reconnect" is offered.
  assert.equal(closePolicy(CLOSE.ROOM_BROKEN).reconnect, false);
  assert.equal(closePolicy(4411).reconnect, true);
});

test("the server's 410 message becomes the closed room's sentence", () => {
  assert.equal(
    roomClosedText("this room was closed by the server's host: maintenance tonight")(en),
    "This room was closed by the server's host: maintenance tonight.",
  );
  // The host's own words are kept as written; the sentence around them is the page's.
  assert.equal(roomClosedText('spam!')(en), "This room was closed by the server's host: spam!");
  assert.equal(roomClosedText('  ')(en), "This room was closed by the server's host.");
});
