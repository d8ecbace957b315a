// End-to-end: the page in the language of its catalog. Languages still
// being filled in (docs/translating.md) open with `?lang=`; the header's
// picker then switches at once, with no reload and no new socket, and each
// player at a table sees their own language. Arabic mirrors the page.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/language.test.mjs
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { newPage, noHorizontalScroll, openRoom, shots, useServer } from './helpers.mjs';

const h = useServer();

test('a language named in the address shows the header in it, and Arabic mirrors the page', { timeout: 60_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const p = await newPage(ctx, errors);
  await p.goto(`${h.baseUrl}/?lang=de`);
  await p.getByRole('link', { name: 'Neues Spiel' }).waitFor();
  await p.getByRole('heading', { name: 'Brettspiele mit Freunden spielen' }).waitFor();
  await p.getByTestId('create-room').getByText('Raum für Doozy Dice eröffnen').waitFor();
  assert.deepEqual(await p.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['de', 'ltr']);
  await noHorizontalScroll(p);
  if (shots) await p.screenshot({ path: join(shots, 'language-de.png'), fullPage: true });
  // The lobby in German, on a phone: no overflow.
  await p.getByTestId('name-input').fill('Ana');
  await p.getByTestId('create-room').click();
  await p.waitForURL(/\/r\/[A-Z0-9]+/);
  await p.getByRole('heading', { name: /Mitspielende/ }).waitFor();
  await p.getByTestId('start').getByText('Doozy Dice starten').waitFor();
  await noHorizontalScroll(p);
  if (shots) await p.screenshot({ path: join(shots, 'language-de-lobby.png'), fullPage: true });
  await p.goto(`${h.baseUrl}/?lang=ar`);
  await p.getByRole('link', { name: 'لعبة جديدة' }).waitFor();
  assert.deepEqual(await p.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar', 'rtl']);
  if (shots) await p.screenshot({ path: join(shots, 'language-ar.png') });
  // An unknown language is English, never an error.
  await p.goto(`${h.baseUrl}/?lang=xx`);
  await p.getByRole('link', { name: 'New game' }).waitFor();
  assert.equal(await p.evaluate(() => document.documentElement.lang), 'en');
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await ctx.close();
});

test('switching language at a table changes the page without a reload or a new socket, and each player keeps their own', { timeout: 60_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors);
  const url = b.url();
  await b.goto(`${url}?lang=de`);
  await b.getByRole('link', { name: 'Neues Spiel' }).waitFor();
  await b.getByTestId('seat-1').getByText('du', { exact: true }).waitFor();
  let sockets = 0;
  b.on('websocket', () => sockets++);
  await b.evaluate(() => {
    /** @type {any} */ (window).__samePage = true;
  });
  await b.getByTestId('language').selectOption('en');
  await b.getByRole('link', { name: 'New game' }).waitFor();
  await b.getByTestId('seat-1').getByText('you', { exact: true }).waitFor();
  await b.getByTestId('language').selectOption('de');
  await b.getByRole('link', { name: 'Meine Tische' }).waitFor();
  assert.equal(await b.evaluate(() => /** @type {any} */ (window).__samePage), true, 'no reload');
  assert.equal(sockets, 0, 'no new socket');
  // Ana, at the same table, still reads English.
  await a.getByRole('link', { name: 'New game' }).waitFor();
  assert.equal(await a.getByRole('link', { name: 'Neues Spiel' }).count(), 0);
  // Ben's My tables in Spanish: the table in the lobby, with Ana.
  await b.goto(`${h.baseUrl}/tables?lang=es`);
  await b.getByRole('heading', { name: 'Mis mesas' }).waitFor();
  await b.getByTestId('tables-lobby-title').getByText('En la sala de espera').waitFor();
  await b.getByText('con Ana').waitFor();
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});
