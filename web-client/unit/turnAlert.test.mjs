// Unit tests for what a tab shows when its player is wanted (`npm run test:unit`).
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';
import { faviconHref, owed, tabTitle } from '../node_modules/.cache/unit/lib/turnAlert.js';
register('./extensionless.mjs', import.meta.url);
/** The app's English messages, as the page passes them. */
const { en } = await import('../node_modules/.cache/unit/i18n/en.js');

test('owed: a turn alone, an answer in a window, nothing otherwise', () => {
  assert.equal(owed(0, [0]), 'turn');
  assert.equal(owed(1, [0, 1]), 'answer');
  assert.equal(owed(1, [0]), null);
  assert.equal(owed(null, [0]), null, 'spectators are never wanted');
  assert.equal(owed(0, []), null, 'the server is drawing');
});

test('tab title and icon badge', () => {
  assert.equal(tabTitle('Zoomies', 'ABCD1234', 'turn', en), '● Your turn · Zoomies ABCD1234 · Parlor');
  assert.equal(tabTitle('Mix-the-Mutts', 'ABCD1234', 'answer', en), '● Your answer · Mix-the-Mutts ABCD1234 · Parlor');
  assert.equal(tabTitle(null, 'ABCD1234', null, en), 'ABCD1234 · Parlor');
  assert.ok(faviconHref(true).includes('%23dc2626'), 'a red dot when wanted');
  assert.ok(!faviconHref(false).includes('%23dc2626'));
  assert.ok(faviconHref(false).startsWith('data:image/svg+xml,'));
});
