// Retakes the documentation screenshots in docs/screenshots/: every game
// mid-turn, the player's own turn with its choices shown, at desktop
// (1280×900) and phone (390×844) size.
//
//   node scripts/screenshots.mjs            (from web-client/, after npm run build)
//   SHOTS_DIR=/tmp/shots node scripts/screenshots.mjs
//   SHOTS_GAMES=zoomies,zop-zoo node scripts/screenshots.mjs
//
// Uses the browser tests' harness (e2e/helpers.mjs): the real server binary
// (../target/debug/parlor-server, or PARLOR_SERVER_BIN) serving dist/, and
// the system Chromium. Not a test (it lives outside e2e/, so `npm run
// test:e2e` never runs it); it runs as one node:test case only because the
// harness starts and stops the server in node:test hooks.
//
// For each game and size: a room of that game with Ana (the page, host) and
// a Normal bot. After the start a bot plays for Ana too (a stand-in, as a
// player may ask for themselves), so both seats move quickly, until the
// match is under way; then Ana takes her seat back, and when it is her turn
// the page makes the game's first step of it through the UI (rolls the dice,
// picks a tile, …) and the screen is saved. The page asks for reduced motion
// (nothing is caught mid-animation) and keeps the confirm bar a new player
// has. One browser, one page at a time.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { spendOneDot, waitReady } from '../e2e/doozy.mjs';
import { newPage, useServer } from '../e2e/helpers.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {'desktop' | 'phone'} Size */

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(process.env.SHOTS_DIR ?? join(here, '../../docs/screenshots'));

/** @type {Record<Size, { viewport: { width: number, height: number }, isMobile: boolean, hasTouch: boolean }>} */
const SIZES = {
  desktop: { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

// Bots quick enough that the warm-up takes seconds, not minutes.
const h = useServer({ env: { PARLOR_BOT_THINK: '120ms' } });

/**
 * Per game: how far the bots play before Ana takes her seat back (the
 * table's version), when her page has its choices up, what her first step
 * through the UI is, what she answers on the way there (`other`: a choice
 * that is not the picture), and what a phone scrolls to (`phoneTop` at the
 * top of the screen; then, if `phoneFocus` would sit under a bar floating
 * at the foot of the screen, on until it clears it).
 * @type {Record<string, {
 *   warmUp: number,
 *   ready: (page: Page) => Promise<boolean>,
 *   step: (page: Page) => Promise<void>,
 *   other?: (page: Page) => Promise<void>,
 *   phoneTop: string,
 *   phoneFocus?: string,
 * }>}
 */
const GAMES = {
  'doozy-dice': {
    warmUp: 40,
    ready: async (page) => (await page.getByTestId('roll').count()) > 0,
    step: async (page) => {
      // The first roll (unless the stand-in made it), then two dice chosen to roll again.
      if (/Roll all 5 dice/.test((await page.getByTestId('roll').textContent()) ?? '')) {
        await page.getByTestId('roll').click();
        await waitReady(page, 1);
      }
      // A dot spent on a die, when Ana has one: "Take back" is offered.
      const dots = Number(((await page.getByTestId('dots-0').textContent()) ?? '').replace('−', '-').match(/-?\d+/)?.[0]);
      if (dots > 0 && (await page.locator('[data-testid^="adjust-open-"]').count())) {
        await spendOneDot(page, 0);
        await page.getByTestId('take-back').waitFor();
      }
      const dice = page.locator('[data-testid^="die-"]');
      for (const i of [0, 1]) await dice.nth(i).click().catch(() => {});
    },
    phoneTop: 'turn-indicator',
    phoneFocus: '.dice-area',
  },
  'mix-the-mutts': {
    warmUp: 32,
    ready: async (page) =>
      (await phase(page)) === 'turn' &&
      (await page.locator('[data-testid^="hex-"]').count()) > 0 &&
      !(await page.getByTestId('rotate').isDisabled().catch(() => true)),
    step: async (page) => {
      // An open hex: the tile previewed there, with the combos it would make.
      await page.locator('[data-testid^="hex-"]').first().click();
      await page.getByTestId('place-preview').waitFor();
    },
    other: async (page) => {
      // A scoring window on the way: claim the first combo the hand pays for, else pass.
      const pass = page.getByTestId('claim-pass');
      if (!(await pass.count()) || (await pass.isDisabled()) || (await page.getByTestId('answered').count())) return;
      const open = page.locator('[data-testid^="claim-combo-"]:not([disabled])');
      if (await open.count()) {
        await open.first().click();
        await page.getByTestId('claim-submit').click();
      } else await pass.click();
    },
    phoneTop: 'turn-indicator',
  },
  zingamino: {
    warmUp: 30,
    ready: async (page) =>
      page.evaluate(
        () =>
          !!document.querySelector('[data-testid="dig"]') ||
          !!document.querySelector('[data-testid="pass"]') ||
          !!document.querySelector('button[data-testid^="hand-tile-"]:not([disabled])'),
      ),
    step: async (page) => {
      // A tile picked, its places lit on the board, one chosen: the table
      // asks first (a tile from the hand is never taken back). Or, when
      // nothing fits, the Dig button and why.
      const live = page.locator('button[data-testid^="hand-tile-"]:not([disabled])');
      if (await live.count()) {
        await live.first().click();
        await page.locator('[data-testid^="target-"]').first().click();
        const declare = page.locator('[data-testid^="declare-"]');
        if (await page.getByTestId('declare').count()) await declare.first().click();
        await page.getByTestId('confirm-bar').waitFor();
      }
    },
    phoneTop: 'turn-indicator',
  },
  zoomies: {
    warmUp: 30,
    ready: async (page) => (await phase(page)) === 'place_tile' && (await page.getByTestId('place-step').count()) > 0,
    step: async (page) => {
      // A tile that fits, and the first of its places: the tile previewed there.
      if (await page.getByTestId('nothing-fits').count()) return;
      await page.locator('[data-testid^="hand-tile-"]:not([data-fits="0"])').first().click();
      const pressed = page.locator('[data-testid^="orient-"][aria-pressed="true"]');
      if ((await pressed.getAttribute('data-fits')) === '0') await page.locator('[data-testid^="orient-"]:not([data-fits="0"])').first().click();
      await page.locator('[data-testid^="target-"]').first().click();
      await page.getByTestId('ghost').waitFor();
    },
    phoneTop: 'turn-indicator',
    phoneFocus: '[data-testid="place-confirm"]',
  },
  'zop-zoo': {
    warmUp: 40,
    ready: async (page) => (await page.getByTestId('prompt').count()) > 0,
    step: async () => {
      // The prompt is the choice: Draw, Dig, take from the discard pile, a highlighted card.
    },
    phoneTop: 'turn-indicator',
  },
};

/**
 * Waits until the table has caught up with the server and nothing on the
 * page changes for a while (the narration is paced, a line at a time).
 * @param {Page} page
 */
async function settle(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid="table-frame"]')?.getAttribute('data-caught-up') === 'true');
  let last = '';
  let since = Date.now();
  for (const end = Date.now() + 15_000; Date.now() < end; ) {
    const now = await page.locator('main').innerText();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= 1500) return;
    await page.waitForTimeout(250);
  }
}

/**
 * Scrolls on until the element `selector` ends above whatever floats at the
 * foot of the screen (the confirm or take-back bar, the reactions strip).
 * @param {Page} page
 * @param {string} selector
 */
async function clearOfBars(page, selector) {
  await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return;
    let floor = innerHeight;
    for (const f of Array.from(document.querySelectorAll('body *'))) {
      if (getComputedStyle(f).position !== 'fixed') continue;
      const r = f.getBoundingClientRect();
      if (r.height > 0 && r.top > innerHeight / 2 && r.top < floor) floor = r.top;
    }
    const r = el.getBoundingClientRect();
    if (r.bottom > floor) window.scrollBy(0, r.bottom - floor + 8);
  }, selector);
}

/** @param {Page} page */
async function phase(page) {
  return (await page.getByTestId('turn-indicator').getAttribute('data-phase')) ?? '';
}

/** @param {Page} page */
async function version(page) {
  return Number(await page.getByTestId('table-frame').getAttribute('data-version'));
}

/**
 * Asks the server, over a second socket with the page's own seat token, for
 * a bot to play the page's seat (`on`) or not.
 * @param {Page} page
 * @param {boolean} on
 */
async function standIn(page, on) {
  await page.evaluate(async (want) => {
    const room = location.pathname.split('/')[2];
    const token = localStorage.getItem(`parlor.token.${room}`);
    await new Promise((ok, fail) => {
      const ws = new WebSocket(`ws://${location.host}/api/rooms/${room}/ws`);
      const timer = setTimeout(() => fail(new Error('no stand-in')), 10_000);
      /** @type {number} */
      let me = -1;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token }));
      ws.onmessage = (e) => {
        const msg = JSON.parse(e.data);
        if (msg.type === 'welcome') {
          me = msg.you.seat;
          ws.send(JSON.stringify({ type: 'stand_in', seat: me, on: want }));
        }
        if ((msg.type === 'room' || msg.type === 'welcome') && !!msg.room.seats[me]?.stand_in === want) {
          clearTimeout(timer);
          ws.close();
          ok(undefined);
        }
        if (msg.type === 'error') fail(new Error(msg.message));
      };
    });
  }, on);
}

/**
 * Plays a room of `game` at `size` up to Ana's turn, makes her first step,
 * and saves the screen as docs/screenshots/{game}-{size}.png.
 * @param {import('playwright-core').Browser} browser
 * @param {string} game
 * @param {Size} size
 */
async function shoot(browser, game, size) {
  const g = GAMES[game];
  /** @type {string[]} */
  const errors = [];
  const ctx = await browser.newContext({ ...SIZES[size], reducedMotion: 'reduce' });
  try {
    const page = await newPage(ctx, errors, { confirmMoves: true });
    await page.goto(`${h.baseUrl}/`);
    await page.getByTestId(`game-${game}`).click();
    await page.getByTestId('name-input').fill('Ana');
    await page.getByTestId('create-room').click();
    await page.waitForURL(/\/r\/[A-Z0-9]+$/);
    await page.getByTestId('add-bot-normal').click();
    await page.getByTestId('bot-1').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
    await page.getByTestId('start').click();
    await page.getByTestId('table-frame').waitFor();
    // Ana has played before: no "How to play" card over the table.
    const howto = page.getByTestId('howto-dismiss');
    if (await howto.count()) await howto.click();

    // Both seats played by bots until the match is under way; Ana takes
    // her seat back while the other bot is at it.
    await standIn(page, true);
    await page.waitForFunction(
      (v) =>
        Number(document.querySelector('[data-testid="table-frame"]')?.getAttribute('data-version')) >= v &&
        document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-seat') === '1',
      g.warmUp,
      { timeout: 60_000, polling: 20 },
    );
    await standIn(page, false);
    await page.getByTestId('my-stand-in').waitFor({ state: 'detached' });

    // Ana's turn, with her choices up (a round summary is closed first).
    const deadline = Date.now() + 90_000;
    for (;;) {
      assert.ok(Date.now() < deadline, `${game} ${size}: no turn with choices for Ana`);
      assert.equal(await page.getByTestId('game-over').count(), 0, `${game} ${size}: the match ended before Ana's turn`);
      const close = page.getByTestId('summary-close');
      if (await close.count()) await close.click().catch(() => {});
      const mine = await page.getByTestId('turn-indicator').evaluate((el) => el.classList.contains('mine')).catch(() => false);
      if (mine && (await g.ready(page))) break;
      if (mine && g.other) await g.other(page).catch(() => {});
      const confirm = page.getByTestId('confirm-move');
      if (await confirm.count()) await confirm.click().catch(() => {});
      await page.waitForTimeout(100);
    }
    await g.step(page);

    // Nothing passing in front: toasts closed, the pointer off the table.
    for (const x of await page.locator('[data-testid^="toast-"] .close').all()) await x.click().catch(() => {});
    await page.mouse.move(0, 0);
    await settle(page);
    if (size === 'phone') {
      await page.getByTestId(g.phoneTop).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      if (g.phoneFocus) await clearOfBars(page, g.phoneFocus);
    } else await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    const file = join(outDir, `${game}-${size}.png`);
    await page.screenshot({ path: file });
    console.log(`saved ${file} (version ${await version(page)})`);
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  } catch (e) {
    // What the page showed, to see why.
    const page = ctx.pages()[0];
    const where = join(tmpdir(), `screenshots-${game}-${size}-failed.png`);
    const said = await page?.getByTestId('turn-indicator').textContent({ timeout: 1000 }).catch(() => '?');
    await page?.screenshot({ path: where, fullPage: true }).catch(() => {});
    console.log(`${game} ${size} failed; the turn line said "${said?.trim()}"; the page: ${where}`);
    throw e;
  } finally {
    await ctx.close();
  }
}

test('docs/screenshots: every game mid-turn at 1280×900 and 390×844', { timeout: 900_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  mkdirSync(outDir, { recursive: true });
  const only = process.env.SHOTS_GAMES?.split(',').filter(Boolean);
  for (const game of Object.keys(GAMES)) {
    if (only && !only.includes(game)) continue;
    for (const size of /** @type {Size[]} */ (Object.keys(SIZES))) await shoot(browser, game, size);
  }
});
