// End-to-end: every page and every game's table in the pseudo-locale and in
// German. In `en-XA` every catalog message is accented and bracketed
// (`[Ƥíçķ á ğáɱé ~~~]`), so a text a reader meets without accents did not
// come from a catalog: the walk collects every such text (visible text,
// aria-labels, titles, placeholders, the page title) on the home page with
// each game's rules, My tables, a lobby, each game's table mid-match against
// a bot, two finished matches (game over, History, the match page, the
// replay), the admin page and a page that does not exist, and fails on any
// (player names, room codes, numbers and the proper names excepted). The
// same walk in German and in the pseudo-locale (about 35 % longer) measures
// overflow at phone and desktop size: no sideways scroll, no text wider
// than its box.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/every-page.test.mjs
// E2E_SCREENSHOTS=dir saves every-<locale>-<page>-<width>.png.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { finishByMoves, heavyOnly, newPage, noOverflow, shots, speak, untranslated, useServer } from './helpers.mjs';

const TOKEN = 'e2e-admin-token-every-page';
const h = useServer({ env: { PARLOR_ADMIN_TOKEN: TOKEN, PARLOR_BOT_THINK: '50ms' } });

const GAMES = ['doozy-dice', 'mix-the-mutts', 'zoomies', 'zingamino', 'zop-zoo'];
/** Games whose views list their legal moves, so a seat can be played to the end from the page. */
const FINISHED = ['zingamino', 'zop-zoo'];
/** The player's name and the bot's (names are the same in every language). */
const NAMES = ['Ana', 'Ada'];
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/**
 * Walks every page in `locale`, calling `look(page, what)` on each once it
 * has settled.
 * @param {string} locale
 * @param {(page: import('playwright-core').Page, what: string) => Promise<void>} look
 */
async function walk(locale, look) {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const ctx = await browser.newContext({ viewport: SIZES[1] });
  await speak(ctx, locale);
  const page = await newPage(ctx, errors);
  const settle = () => page.waitForLoadState('networkidle').then(() => page.waitForTimeout(300));

  await page.goto(`${h.baseUrl}/`);
  await page.getByTestId('game-doozy-dice').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), locale);
  for (const game of GAMES) {
    await page.getByTestId(`game-${game}`).click();
    await page.getByTestId('rules-home').click();
    await page.getByTestId('rules-panel').waitFor();
    await look(page, `rules-${game}`);
    await page.getByTestId('rules-close').click();
  }
  await look(page, 'home');

  /** Room codes by game. */
  const rooms = {};
  for (const game of GAMES) {
    await page.goto(`${h.baseUrl}/`);
    await page.getByTestId(`game-${game}`).click();
    await page.getByTestId('name-input').fill('Ana');
    await page.getByTestId('create-room').click();
    await page.waitForURL(/\/r\/[A-Z0-9]+$/);
    rooms[game] = new URL(page.url()).pathname.split('/')[2];
    await page.getByTestId('add-bot-normal').click();
    await page.getByTestId('bot-1').waitFor();
    if (game === 'doozy-dice') {
      await settle();
      await look(page, 'lobby');
    }
    await page.getByTestId('start').click();
    await page.getByTestId('start').waitFor({ state: 'detached' });
    await page.waitForTimeout(1500);
    await settle();
    await look(page, `table-${game}`);
  }

  await page.goto(`${h.baseUrl}/tables`);
  await page.getByTestId(`table-${rooms['doozy-dice']}`).waitFor();
  await settle();
  await look(page, 'my-tables');

  for (const game of FINISHED) {
    await page.goto(`${h.baseUrl}/r/${rooms[game]}`);
    await page.waitForTimeout(500);
    await finishByMoves(page, game);
    await page.getByTestId('game-over').waitFor();
    await settle();
    await look(page, `over-${game}`);
  }

  await page.goto(`${h.baseUrl}/matches`);
  await page.getByTestId('match-list').waitFor();
  await settle();
  await look(page, 'history');
  const ids = await page.locator('[data-testid^="match-"][href]').evaluateAll((links) =>
    links.map((a) => /** @type {HTMLAnchorElement} */ (a).pathname.split('/')[2]),
  );
  assert.ok(ids.length >= FINISHED.length, 'the finished matches are listed');
  for (const id of ids) {
    await page.goto(`${h.baseUrl}/matches/${id}`);
    await settle();
    await look(page, `match-${id.slice(0, 6)}`);
    await page.goto(`${h.baseUrl}/matches/${id}/replay`);
    await settle();
    await look(page, `replay-${id.slice(0, 6)}`);
  }

  await page.goto(`${h.baseUrl}/admin`);
  await settle();
  await look(page, 'admin-closed');
  await page.getByTestId('admin-open').waitFor();
  await page.locator('input[type="password"]').fill(TOKEN);
  await page.getByTestId('admin-open').click();
  await page.getByTestId('admin-rooms').waitFor();
  await settle();
  await look(page, 'admin');

  await page.goto(`${h.baseUrl}/no/such/page`);
  await settle();
  await look(page, 'not-found');

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await ctx.close();
}

/**
 * Where `page` overflows at phone and desktop size, as sentences (none: []).
 * @param {import('playwright-core').Page} page
 * @param {string} what
 * @param {string} locale
 */
async function overflows(page, what, locale) {
  const over = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    try {
      await noOverflow(page);
    } catch (e) {
      over.push(`${what} at ${size.width}: ${/** @type {Error} */ (e).message}`);
    }
    if (shots) await page.screenshot({ path: join(shots, `every-${locale}-${what}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(SIZES[1]);
  return over;
}

test('the pseudo-locale walk of every page and every table finds nothing left untranslated, and nothing overflows', { timeout: 600_000 }, async () => {
  /** @type {string[]} */
  const found = [];
  /** @type {string[]} */
  const over = [];
  await walk('en-XA', async (page, what) => {
    for (const text of await untranslated(page, NAMES)) found.push(`${what}: ${text}`);
    over.push(...(await overflows(page, what, 'en-XA')));
  });
  assert.deepEqual(found, [], `text that does not come from a catalog:\n${found.join('\n')}`);
  assert.deepEqual(over, [], over.join('\n'));
});

test('in German, no page or table overflows at phone or desktop size', { timeout: 600_000, skip: heavyOnly }, async () => {
  /** @type {string[]} */
  const over = [];
  await walk('de', async (page, what) => {
    over.push(...(await overflows(page, what, 'de')));
  });
  assert.deepEqual(over, [], over.join('\n'));
});
