// End-to-end: pacing and motion at every game's table. In a room of each
// game a bot plays every seat (the host's seat through a stand-in, so the
// page watches nothing but bots' steps, which come fast here): the table
// shows the server's updates one at a time, far enough apart to follow
// (the server moves much faster), and a piece or a die moves while it does
// (a Web Animation runs on it, it carries `data-moving`); with the browser
// asking for reduced motion the same table updates without any motion.
// Then, in Zop Zoo, a round summary holds the next round: the player's
// choice waits for "Continue".
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/motion.test.mjs
// E2E_SCREENSHOTS=dir saves motion-{game}.png, taken mid-motion, and motion-summary.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { defineSeatPlayer, newPage, shots, useServer } from './helpers.mjs';

// Bots far quicker than a person could follow: the pacing is the table's.
const h = useServer({ env: { PARLOR_BOT_THINK: '250ms' } });

/** Every game the app knows (the registry must list each `GameKind`). */
const GAME_KINDS = [...readFileSync(new URL('../src/generated/GameKind.ts', import.meta.url), 'utf8').matchAll(/"([a-z-]+)"/g)].map((m) => m[1]);
assert.ok(GAME_KINDS.length >= 5, `games: ${GAME_KINDS.join(', ')}`);

/** Presented updates at least this far apart (the table dwells ~650 ms on another seat's step; the server's bots move every 250 ms). */
const FLOOR_MS = 400;
/** Presented updates to watch per game. */
const WATCH = 7;

/** Records, in the page, every motion started and every update presented. */
function recorder() {
  const w = /** @type {any} */ (window);
  w.__motion = { moving: [], versions: [] };
  const start = () =>
    new MutationObserver((records) => {
      const t = performance.now();
      for (const r of records) {
        const el = /** @type {Element} */ (r.target);
        if (r.attributeName === 'data-moving') {
          const kind = el.getAttribute('data-moving');
          if (kind) w.__motion.moving.push({ t, kind, piece: el.getAttribute('data-piece'), anims: el.getAnimations().length });
        } else if (r.attributeName === 'data-version' && el.getAttribute('data-testid') === 'table-frame') {
          w.__motion.versions.push({ t, v: Number(el.getAttribute('data-version')) });
        }
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-moving', 'data-version'] });
  start();
}

/**
 * A room of `game` with the host (Ana) and one bot, started, the host's
 * seat played by a stand-in bot: returns the host's page, at the table.
 * @param {import('playwright-core').Browser} browser
 * @param {string} game
 * @param {'reduce' | 'no-preference'} reducedMotion
 * @param {string[]} errors
 */
async function botTable(browser, game, reducedMotion, errors) {
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 }, reducedMotion });
  await ctx.addInitScript(recorder);
  const page = await newPage(ctx, errors);
  await page.goto(`${h.baseUrl}/`);
  await page.getByTestId(`game-${game}`).click();
  await page.getByTestId('name-input').fill('Ana');
  await page.getByTestId('create-room').click();
  await page.waitForURL(/\/r\/[A-Z0-9]+$/);
  await page.getByTestId('add-bot-normal').click();
  await page.getByTestId('bot-1').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
  await page.getByTestId('start').click();
  await page.getByTestId('table-frame').waitFor({ state: 'attached' });
  // The host lets a bot play their own seat (a player may, for themselves).
  await page.evaluate(async () => {
    const room = location.pathname.split('/')[2];
    const token = localStorage.getItem(`parlor.token.${room}`);
    await new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${location.host}/api/rooms/${room}/ws`);
      const timer = setTimeout(() => reject(new Error('no stand-in')), 10_000);
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token }));
      ws.onmessage = (e) => {
        const msg = JSON.parse(e.data);
        if (msg.type === 'welcome') ws.send(JSON.stringify({ type: 'stand_in', seat: 0, on: true }));
        if ((msg.type === 'room' || msg.type === 'welcome') && msg.room.seats[0]?.stand_in) {
          clearTimeout(timer);
          ws.close();
          resolve(undefined);
        }
        if (msg.type === 'error') reject(new Error(msg.message));
      };
    });
  });
  await page.getByTestId('my-stand-in').waitFor();
  // From now on every step is a bot's.
  await page.evaluate(() => {
    const m = /** @type {any} */ (window).__motion;
    m.moving.length = 0;
    m.versions.length = 0;
  });
  return { page, ctx };
}

/**
 * Waits for `n` presented updates (or the end of the match) and returns what was recorded.
 * @param {import('playwright-core').Page} page
 * @param {number} n
 */
async function watch(page, n) {
  await page.waitForFunction(
    (k) => /** @type {any} */ (window).__motion.versions.length >= k || !!document.querySelector('[data-testid="game-over"]'),
    n,
    { timeout: 60_000 },
  );
  return /** @type {Promise<{ moving: { t: number, kind: string, piece: string, anims: number }[], versions: { t: number, v: number }[] }>} */ (
    page.evaluate(() => structuredClone(/** @type {any} */ (window).__motion))
  );
}

for (const game of GAME_KINDS) {
  test(`${game}: bots' steps are shown one at a time, followable, with motion (none with reduced motion)`, { timeout: 150_000 }, async (t) => {
    const browser = h.browser;
    assert.ok(browser);
    /** @type {string[]} */
    const errors = [];

    const { page, ctx } = await botTable(browser, game, 'no-preference', errors);
    if (shots) {
      // A picture of the table mid-motion.
      await page.waitForSelector('[data-moving]', { timeout: 30_000 });
      await page.screenshot({ path: join(shots, `motion-${game}.png`) });
    }
    const seen = await watch(page, WATCH + 1);
    assert.ok(seen.versions.length >= WATCH + 1, `${game}: ${WATCH + 1} updates shown (saw ${seen.versions.length})`);
    // The first state shown may have been queued before the stand-in took
    // the host's seat: one the host was to act on, which holds nothing back
    // (its dwell is 0), so the gap after it is not a bot step's. Gaps count
    // from the second state shown.
    const shown = seen.versions.slice(1);
    const gaps = shown.slice(1).map((x, i) => Math.round(x.t - shown[i].t));
    t.diagnostic(`${game}: gaps between shown updates (ms): ${gaps.join(' ')}; versions ${seen.versions.map((x) => x.v).join(' ')}`);
    assert.ok(Math.min(...gaps) >= FLOOR_MS, `${game}: every bot step stays on show at least ${FLOOR_MS} ms (gaps ${gaps.join(', ')})`);
    const kinds = [...new Set(seen.moving.map((m) => m.kind))];
    t.diagnostic(`${game}: ${seen.moving.length} motions (${kinds.join(', ')}) on ${[...new Set(seen.moving.map((m) => m.piece))].slice(0, 8).join(' ')}`);
    assert.ok(seen.moving.length > 0, `${game}: a piece or a die moved during the bots' steps`);
    assert.ok(seen.moving.every((m) => m.anims > 0), `${game}: each motion is a running animation`);
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
    await ctx.close();

    const still = await botTable(browser, game, 'reduce', errors);
    const quiet = await watch(still.page, WATCH);
    assert.ok(quiet.versions.length >= WATCH, `${game}: with reduced motion the table still shows the bots' steps (${quiet.versions.length})`);
    assert.deepEqual(quiet.moving, [], `${game}: nothing moves with reduced motion`);
    // Nor does anything wait: the bots' steps show as fast as they come.
    const quietGaps = quiet.versions.slice(1).map((x, i) => Math.round(x.t - quiet.versions[i].t));
    t.diagnostic(`${game} with reduced motion: gaps ${quietGaps.join(' ')}`);
    assert.ok(Math.min(...quietGaps) < FLOOR_MS, `${game}: with reduced motion no step is held back (gaps ${quietGaps.join(', ')})`);
    const running = await still.page.evaluate(
      () => document.getAnimations().filter((a) => a instanceof CSSAnimation === false && /** @type {Element|null} */ (/** @type {KeyframeEffect} */ (a.effect)?.target)?.closest?.('[data-piece]')).length,
    );
    assert.equal(running, 0, `${game}: no animation on any piece with reduced motion`);
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
    await still.ctx.close();
  });
}

test("zop-zoo: a round summary holds the next round's choice until Continue", { timeout: 150_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await newPage(ctx, errors);
  await page.goto(`${h.baseUrl}/`);
  await page.getByTestId('game-zop-zoo').click();
  await page.getByTestId('name-input').fill('Ana');
  await page.getByTestId('create-room').click();
  await page.waitForURL(/\/r\/[A-Z0-9]+$/);
  await page.getByTestId('add-bot-normal').click();
  await page.getByTestId('bot-1').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
  await page.getByTestId('start').click();
  await page.getByTestId('table-frame').waitFor({ state: 'attached' });

  // Ana plays round 1 at random over her own socket (the page watches), then
  // stops: the second round waits for her.
  await defineSeatPlayer(page);
  const waiting = page.evaluate(async () => {
    const room = location.pathname.split('/')[2];
    const token = localStorage.getItem(`parlor.token.${room}`);
    return new Promise((resolve, reject) => {
      const w = /** @type {any} */ (window);
      const ws = new WebSocket(`ws://${location.host}/api/rooms/${room}/ws`);
      /** @type {any} */
      let m = null;
      let me = -1;
      let seq = 0;
      let sentFor = -1;
      const timer = setTimeout(() => reject(new Error('round 2 never came to Ana')), 120_000);
      const step = () => {
        if (!m || m.to_act.kind !== 'seats' || !m.to_act.seats.includes(me)) return;
        const v = m.view.view;
        if (v.rounds.length >= 1) {
          clearTimeout(timer);
          ws.close();
          resolve(v.round);
          return;
        }
        if (m.version === sentFor || !v.moves.length) return;
        sentFor = m.version;
        const action = v.moves[Math.floor(Math.random() * v.moves.length)];
        ws.send(JSON.stringify({ type: 'act', client_seq: ++seq, version: m.version, action: { game: 'zop-zoo', action } }));
      };
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token }));
      ws.onmessage = (e) => {
        const msg = JSON.parse(e.data);
        if (msg.type === 'welcome') {
          me = msg.you.seat;
          m = msg.match;
        } else if (msg.type === 'sync') m = msg.snapshot;
        else if (msg.type === 'update' && m) {
          m.view = w.__parlorPatch(m.view, msg.patch);
          m.version = msg.version;
          m.to_act = msg.to_act;
        } else if (msg.type === 'error') {
          sentFor = -1;
        } else if (msg.type === 'match_over') reject(new Error('the match ended in one round'));
        step();
      };
    });
  });
  const summary = page.getByTestId('round-summary');
  await summary.waitFor({ timeout: 120_000 });
  const round = await waiting;
  assert.equal(round, 2, 'the server asks Ana to play round 2');
  // The summary is open and the server waits for Ana: the table holds the round's choice.
  assert.equal(await page.getByTestId('table-frame').getAttribute('data-held'), 'true', 'the table is held');
  assert.match((await page.getByTestId('summary-wait').textContent()) ?? '', /next round waits for you/);
  assert.equal(await page.getByTestId('prompt').count(), 0, 'no choice offered under the summary');
  if (shots) await page.screenshot({ path: join(shots, 'motion-summary.png') });
  await page.getByTestId('summary-close').click();
  await summary.waitFor({ state: 'detached' });
  await page.getByTestId('prompt').waitFor({ timeout: 10_000 });
  assert.equal(await page.getByTestId('table-frame').getAttribute('data-held'), 'false');
  assert.equal(await page.getByTestId('turn-indicator').getAttribute('data-seat'), '0', "Ana's turn");
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await ctx.close();
});
