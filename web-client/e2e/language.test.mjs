// End-to-end: the page in the language of its catalog. Languages still
// being filled in (docs/translating.md) open with `?lang=`; the header's
// picker then switches at once, with no reload and no new socket, and each
// player at a table sees their own language. Arabic mirrors the page.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/language.test.mjs
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { newPage, noEnglish, noHorizontalScroll, openRoom, shots, useServer } from './helpers.mjs';
import { startMatch } from './doozy.mjs';

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

test("a first visit reads the browser's language, the closest one supported, else English", { timeout: 60_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  for (const [locale, lang, link] of [
    ['de-AT', 'de', 'Neues Spiel'],
    ['es-MX', 'es', 'Nueva partida'],
    ['ar-EG', 'ar', 'لعبة جديدة'],
    ['fr-FR', 'en', 'New game'],
  ]) {
    const ctx = await browser.newContext({ locale });
    const p = await newPage(ctx, errors);
    await p.goto(`${h.baseUrl}/`);
    await p.getByRole('link', { name: link }).waitFor();
    assert.equal(await p.evaluate(() => document.documentElement.lang), lang, `${locale} reads ${lang}`);
    assert.equal(await p.getByTestId('language').inputValue(), lang, 'the picker shows it');
    await ctx.close();
  }
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
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
  // Mid-match: Ana starts; Ben switches German → Arabic at the running
  // table. His table changes language at once on the same page and socket,
  // with no English left on it; Ana's stays English.
  await startMatch(a);
  await b.getByTestId('cards').waitFor();
  const table = '[data-testid="cards"]';
  await noEnglish(b, ['Ana', 'Ben'], table);
  const german = await b.getByTestId('cards').innerText();
  const english = await a.getByTestId('cards').innerText();
  assert.notEqual(german, english, 'the table itself is in German');
  const before = await b.getByTestId('cards').textContent();
  await b.getByTestId('language').selectOption('ar');
  await b.waitForFunction(() => document.documentElement.dir === 'rtl');
  await b.waitForFunction((text) => document.querySelector('[data-testid="cards"]')?.textContent !== text, before);
  await noEnglish(b, ['Ana', 'Ben'], table);
  assert.notEqual(await b.getByTestId('cards').innerText(), german, 'now in Arabic');
  assert.equal(await a.getByTestId('cards').innerText(), english, 'Ana still reads English');
  assert.equal(await b.evaluate(() => /** @type {any} */ (window).__samePage), true, 'no reload');
  assert.equal(sockets, 0, 'no new socket');
  // Ben's My tables in Spanish: the table, with Ana.
  await b.goto(`${h.baseUrl}/tables?lang=es`);
  await b.getByRole('heading', { name: 'Mis mesas' }).waitFor();
  await b.getByTestId(/^tables-(yours|others)-title$/).waitFor();
  await b.getByText('con Ana').waitFor();
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});
