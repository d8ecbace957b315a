// End-to-end: History, the match page, the replay and the server admin's
// page read in German, Arabic (right to left) and Spanish, and come wholly from
// the catalogs. A Zingamino match is played to the end (random legal moves
// over the seats' sockets); then each page opens in `de`, `ar`, `es` and the
// pseudo-locale `en-XA`: no English in these pages' own parts (the game's
// table, options, scorecard and narration are the game's, the table talk
// and the seed proof the room's), nothing overflowing at phone or desktop
// size, and in en-XA nothing that did not come from a catalog.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/pages-language.test.mjs
//
// E2E_SCREENSHOTS=dir saves pages-<locale>-<page>-<width>.png.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { finishByMoves, heavy, newPage, noEnglish, noOverflow, openRoom, shots, speak, untranslated, useServer } from './helpers.mjs';

const TOKEN = 'e2e-admin-token-pages-language';
const h = useServer({ env: { PARLOR_ADMIN_TOKEN: TOKEN } });

const NAMES = ['Ana', 'Ben'];
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/**
 * Each page's own parts (the rest belongs to the games and the room page).
 * @type {Record<string, string>}
 */
const OWN = {
  history: 'main',
  match: 'main .crumbs, main h1, [data-testid="match-players"], main .actions, [data-testid="match-result"] > h2, [data-testid="verify-hint"]',
  replay:
    'main .crumbs, main h1, [data-testid="replay-controls"] > .row, [data-testid="replay-controls"] .scrubber, main .pov, [data-testid="revealed-hands"] h3, [data-testid="revealed-hands"] .who, [data-testid="revealed-hands"] .empty',
  admin: 'main',
};

/**
 * A command to type (`parlor-server verify …`, `PARLOR_ADMIN_TOKEN`) is the
 * same in every language: shown in `<code>`, it is left out.
 * @param {string[]} found
 */
const notCode = (found) => found.filter((f) => !f.startsWith('code'));

test('History, the match page, the replay and the admin page in German, Arabic, Spanish and the pseudo-locale', { timeout: 600_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];

  // --- a finished Zingamino match between Ana and Ben
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'zingamino' });
  const code = new URL(a.url()).pathname.split('/')[2];
  await a.getByTestId('start').click();
  await a.getByTestId('start').waitFor({ state: 'detached' });
  await Promise.all([finishByMoves(a, 'zingamino'), finishByMoves(b, 'zingamino')]);
  await a.getByTestId('game-over').waitFor({ timeout: 30_000 });
  const matchId = ((await a.getByTestId('match-link').getAttribute('href')) ?? '').replace('/matches/', '');
  assert.ok(matchId, 'the finished match has an id');
  await close();

  // Arabic (right to left) and the pseudo-locale (every word from a
  // catalog) by default; German and Spanish too with PARLOR_HEAVY=1 (the
  // German walk in every-page.test.mjs shows these pages too).
  for (const locale of heavy ? ['de', 'ar', 'es', 'en-XA'] : ['ar', 'en-XA']) {
    const ctx = await browser.newContext({ viewport: SIZES[1] });
    await speak(ctx, locale);
    const page = await newPage(ctx, errors);
    const settle = () => page.waitForLoadState('networkidle').then(() => page.waitForTimeout(300));
    /** @type {string[]} */
    const found = [];

    /** @param {string} what */
    const look = async (what) => {
      await settle();
      assert.equal(await page.evaluate(() => document.documentElement.lang), locale);
      assert.equal(await page.evaluate(() => document.documentElement.dir), locale === 'ar' ? 'rtl' : 'ltr');
      if (locale === 'en-XA') {
        for (const text of notCode(await untranslated(page, NAMES, OWN[what.split('-')[0]]))) found.push(`${what}: ${text}`);
      } else {
        await noEnglish(page, NAMES, OWN[what.split('-')[0]]);
      }
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.waitForTimeout(150);
        try {
          await noOverflow(page);
        } catch (e) {
          found.push(`${what} at ${size.width}: ${/** @type {Error} */ (e).message}`);
        }
        if (shots && (locale === 'de' || locale === 'ar')) await page.screenshot({ path: join(shots, `pages-${locale}-${what}-${size.width}.png`), fullPage: true });
      }
      await page.setViewportSize(SIZES[1]);
    };

    // History: the list, then a date filter said in the page's language, and an empty result.
    await page.goto(`${h.baseUrl}/matches`);
    await page.getByTestId(`match-${matchId}`).waitFor();
    await look('history');
    await page.goto(`${h.baseUrl}/matches?from=2020-01-31`);
    await page.getByTestId(`match-${matchId}`).waitFor();
    const day = (await page.getByTestId('filter-from-day').textContent()) ?? '';
    assert.match(day, locale === 'ar' ? /٢٠٢٠|2020/ : /2020/, 'the chosen day is said in the page');
    if (locale === 'de') assert.match(day, /31\. Januar 2020/);
    if (locale === 'ar') assert.match(day, /يناير/);
    await look('history-from');
    await page.goto(`${h.baseUrl}/matches?player=Nobody-at-all`);
    await page.getByTestId('no-matches').waitFor();
    await look('history-empty');

    // The match page.
    await page.goto(`${h.baseUrl}/matches/${matchId}`);
    await page.getByTestId('match-result').waitFor();
    await look('match');
    await page.goto(`${h.baseUrl}/matches/not-a-match`);
    await page.locator('main h1').waitFor();
    await look('match-missing');

    // The replay: a step in, as a spectator; then with every hand revealed.
    await page.goto(`${h.baseUrl}/matches/${matchId}/replay?step=3`);
    await page.getByTestId('replay-table').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="replay-counter"]')?.getAttribute('data-step') === '3');
    await look('replay');
    await page.getByTestId('pov-all').click();
    await page.getByTestId('revealed-hands').waitFor();
    await look('replay-all');
    await page.goto(`${h.baseUrl}/matches/file/replay`);
    await page.getByTestId('record-file').waitFor();
    await look('replay-file');

    // The admin page: a wrong token (in two languages only: the server
    // holds back an address after a few refused tokens), then the right one.
    await page.goto(`${h.baseUrl}/admin`);
    if (locale === 'ar' || locale === 'en-XA') {
      await page.getByTestId('admin-token').fill('not-the-token');
      await page.getByTestId('admin-open').click();
      await page.getByTestId('admin-error').waitFor();
      await look('admin-wrong');
    }
    await page.getByTestId('admin-token').fill(TOKEN);
    await page.getByTestId('admin-open').click();
    await page.getByTestId('admin-retention').waitFor();
    await look('admin');
    // The close-room dialog, then cancelled.
    await page.getByTestId(`admin-close-${code}`).click();
    await page.getByTestId('close-reason').fill('x');
    await look('admin-close');
    await page.keyboard.press('Escape');
    await page.getByTestId('close-dialog').waitFor({ state: 'detached' });

    assert.deepEqual(found, [], `${locale}:\n${found.join('\n')}`);
    await ctx.close();
  }
  assert.deepEqual(errors.filter((e) => !/status of 4\d\d/.test(e)), [], `browser errors:\n${errors.join('\n')}`);
});
