// End-to-end: two browsers play a whole Zoomies match against a real
// parlor-server, every move through the UI.
//
//   npm run build && npm run test:e2e
//
// A (desktop, 1280×800) creates a room and picks itself as first player; B
// (phone, 390×844) joins through the share link and sees the option
// read-only. Each turn the active player chooses a tile, an orientation and
// a highlighted cell on the board and confirms; then a token: a Frens token
// with its arrow (chosen on the board) and a Zoomies token followed by its
// extra tile come early, illegal choices say why; the forced
// discard-and-redraw, token discards and keeping the last tile are played
// when they come. The board pans and zooms (buttons, drag, ctrl + wheel).
// Hands stay hidden from the other player and from a spectator, the
// projected scores add up, and the match ends in the final scoring view,
// whose tokens light up what they counted, on the room page and in history.
// E2E_SCREENSHOTS=dir saves zoomies-{start,place,token,final}-{desktop,phone}
// (and -screen crops for the phone) and zoomies-history-phone.
//
// In other languages: a whole match in Spanish (no English at the table or on
// its scorecard, nothing overflowing at 390×844 and 1280×900), the
// pseudo-locale (every word from a catalog, the rules panel too), and a few
// turns in German and in Arabic (the page right to left, the board not
// mirrored); E2E_SCREENSHOTS saves zoomies-<lang>-<when>-<player>-<size>.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkGameOverOnce, heavy, heavyOnly, newPage, noEnglish, noHorizontalScroll, noOverflow, openRoom, shots, untranslated, useServer, atBothSizes, PHONE, DESKTOP } from './helpers.mjs';
import { confirmToken, placeTile, placeToken, placesInFrame, placesSeen, playTurnAny, status, waitPast, waitPhase } from './zoomies.mjs';

const h = useServer();

/** @typedef {import('playwright-core').Page} Page */

/**
 * Saves a full-page screenshot (toasts dismissed) and, for the phone, one of
 * the screen with the board at the top, when E2E_SCREENSHOTS is set.
 * @param {Page} page
 * @param {string} name
 * @param {string} [top] test id of what to scroll to for the screen-sized shot
 */
async function snap(page, name, top) {
  if (!shots) return;
  for (const x of await page.locator('[data-testid^="toast-"] .close').all()) await x.click().catch(() => {});
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
  if (top) {
    await page.getByTestId(top).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(shots, `${name}-screen.png`) });
  }
}

/**
 * Number in an element's text.
 * @param {Page} page
 * @param {string} id
 */
async function num(page, id) {
  return Number(((await page.getByTestId(id).textContent()) ?? '').match(/\d+/)?.[0]);
}

/**
 * Plays one whole turn of `seat` through the UI.
 * @param {Page} page
 * @param {number} seat
 * @param {{ frens: boolean, zoomies: boolean }} done
 * @param {{ reasons: string[], redraws: number, extras: number, discards: number }} seen
 * @param {(side: string) => Promise<void>} [beforeConfirm] e.g. screenshots
 * @param {() => Promise<void>} [beforePlace] e.g. screenshots
 */
async function playTurn(page, seat, done, seen, beforeConfirm, beforePlace) {
  await waitPhase(page, ['place_tile', 'token'], seat);
  let st = await status(page);
  while (st.phase === 'place_tile') {
    const r = await placeTile(page, { zoomies: !done.zoomies, orient: seen.extras === 0 && seen.redraws === 0, beforeConfirm: beforePlace });
    if (r === 'cannot') {
      seen.redraws += 1;
      // The discard-and-redraw shows as it happens.
      const notice = (await page.getByTestId('redraw-notice').textContent({ timeout: 5_000 }).catch(() => '')) ?? '';
      const logText = (await page.getByTestId('zoomies-log').textContent()) ?? '';
      assert.match(logText, /None of your tiles fit/);
      if (notice) assert.match(notice, /None of your tiles fit/);
    }
    await waitPhase(page, ['place_tile', 'token', 'end_turn', 'finished', 'drawing'], null);
    st = await status(page);
    if (st.phase === 'drawing') {
      await waitPhase(page, ['place_tile', 'token'], seat);
      st = await status(page);
    }
  }
  assert.equal(st.phase, 'token');
  const want = !done.frens ? ['frens'] : !done.zoomies ? ['zoomies'] : ['leader', 'bones', 'frens', 'zoomies'];
  const side = await placeToken(page, want, seen);
  if (side === 'discard') seen.discards += 1;
  else {
    if (beforeConfirm) await beforeConfirm(side);
    await confirmToken(page);
  }
  const log = () => page.getByTestId('zoomies-log').textContent();
  if (side === 'frens') {
    done.frens = true;
    assert.match((await log()) ?? '', /You put a Frens token on a \w+, arrow [↑→↓←] to a \w+/);
  }
  await waitPhase(page, ['extra_tile', 'end_turn', 'place_tile', 'finished'], null);
  st = await status(page);
  if (side === 'zoomies') {
    assert.match((await log()) ?? '', /You put a Zoomies token on a \w+ — zoom!/);
    if (st.phase === 'extra_tile' && st.seat === seat) {
      assert.match((await page.getByTestId('turn-indicator').textContent()) ?? '', /Zoomies! Place your other tile/);
      const r = await placeTile(page);
      if (r === 'placed') {
        done.zoomies = true;
        seen.extras += 1;
        assert.match((await log()) ?? '', /You placed the Zoomies extra tile/);
      } else {
        assert.match((await log()) ?? '', /cannot place the extra tile anywhere/);
      }
      await waitPhase(page, ['end_turn', 'place_tile', 'finished'], null);
      st = await status(page);
    }
  }
  if (st.phase === 'end_turn' && st.seat === seat) {
    await page.getByTestId('end-keep').click();
    await waitPast(page, st.version);
  }
  return side;
}

test('a whole match through the UI: tiles, Frens and its arrow, Zoomies and its extra tile, final scoring and history', { timeout: 240_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  const t0 = Date.now();
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, {
    game: 'zoomies',
    viewportA: { width: 1280, height: 800 },
    viewportB: { width: 390, height: 844 },
  });
  const pages = [a, b];
  const names = ['Ana', 'Ben'];

  // The host picks the first player in the lobby; B sees it read-only.
  await a.getByTestId('opt-first-player').selectOption('0');
  await b.waitForFunction(
    () => /** @type {HTMLSelectElement|null} */ (document.querySelector('[data-testid="opt-first-player"]'))?.value === '0',
  );
  assert.equal(await b.getByTestId('opt-first-player').isDisabled(), true);
  await noHorizontalScroll(b);

  await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
  await a.getByTestId('start').click();
  for (const p of pages) {
    await waitPhase(p, ['place_tile'], 0);
    await p.getByTestId('zoomies-board').waitFor();
  }
  // --- the start: three start tiles, two tiles each, hidden from the other
  assert.match((await a.getByTestId('turn-indicator').textContent()) ?? '', /Your turn: place a tile/);
  assert.match((await b.getByTestId('turn-indicator').textContent()) ?? '', /Ana is placing a tile/);
  const handA = await a.locator('[data-testid^="hand-tile-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  assert.equal(handA.length, 2, 'two tiles in hand');
  await b.getByTestId('zoomies-hand').waitFor();
  assert.equal(await b.locator('[data-testid^="hand-tile-"]').count(), 0, 'no placing controls for the waiting player');
  assert.equal(await b.locator('[data-testid^="target-"]').count(), 0, 'no highlighted cells for the waiting player');
  assert.equal(await b.getByTestId('zoomies-hand').locator('svg').count(), 2, 'B sees its own two tiles');
  assert.equal(await num(b, 'hand-size-0'), 2, 'B sees how many tiles A holds');
  const logA = (await a.getByTestId('zoomies-log').textContent()) ?? '';
  const logB = (await b.getByTestId('zoomies-log').textContent()) ?? '';
  assert.match(logA, /Start row: .+, .+, .+/);
  assert.match(logA, /You were dealt \w+.* and \w+/);
  assert.match(logA, /Ben was dealt 2 tiles/);
  assert.match(logB, /Ana was dealt 2 tiles/);
  assert.equal(await a.locator('[data-testid="zoomies-board"] .domino[data-piece]').count(), 3, 'three start tiles (a previewed tile, drawn where the pointer hovers, is no piece)');
  await noHorizontalScroll(b);
  await snap(a, 'zoomies-start-desktop');
  await snap(b, 'zoomies-start-phone');

  // --- the board pans and zooms: buttons, a drag, back to fit
  /** @param {Page} p */
  const cellPx = async (p) => Number(await p.locator('[data-cell-px]').getAttribute('data-cell-px'));
  const px0 = await cellPx(b);
  await b.getByTestId('zoom-in').click();
  assert.ok((await cellPx(b)) > px0, 'zoomed in');
  await b.getByTestId('zoom-out').click();
  await b.getByTestId('zoom-out').click();
  assert.ok((await cellPx(b)) < px0, 'zoomed out');
  await b.getByTestId('zoom-fit').click();
  assert.equal(await cellPx(b), px0, 'fit again');
  const boardA = a.getByTestId('zoomies-board');
  const vb0 = await boardA.getAttribute('viewBox');
  const bb = await boardA.boundingBox();
  assert.ok(bb);
  await a.mouse.move(bb.x + 30, bb.y + bb.height - 30);
  await a.mouse.down();
  await a.mouse.move(bb.x + 110, bb.y + bb.height - 60, { steps: 6 });
  await a.mouse.up();
  assert.notEqual(await boardA.getAttribute('viewBox'), vb0, 'dragged');
  await a.getByTestId('zoom-fit').click();
  assert.equal(await boardA.getAttribute('viewBox'), vb0, 'fit again');
  // A plain wheel scrolls the page; ctrl + wheel zooms the table. (From the
  // top of the page, so the upward wheel cannot move the table away from
  // under the pointer before the ctrl + wheel.)
  const px1 = await cellPx(a);
  await a.evaluate(() => window.scrollTo(0, 0));
  const bbTop = await boardA.boundingBox();
  assert.ok(bbTop);
  await a.mouse.move(bbTop.x + bbTop.width / 2, bbTop.y + bbTop.height / 2);
  await a.mouse.wheel(0, -300);
  assert.equal(await cellPx(a), px1, 'a plain wheel does not zoom');
  await a.keyboard.down('Control');
  await a.mouse.wheel(0, -300);
  await a.keyboard.up('Control');
  await a.waitForFunction((p) => Number(document.querySelector('[data-cell-px]')?.getAttribute('data-cell-px')) > p, px1);
  await a.getByTestId('zoom-fit').click();
  await a.evaluate(() => window.scrollTo(0, 0));
  // After "Fit", each tile that fits, in every orientation, shows all its
  // places. (A tile that fits nowhere cannot be chosen.)
  const fitting = await a.locator('[data-testid^="hand-tile-"]:not([data-fits="0"])').all();
  for (const tile of fitting) {
    await tile.click();
    for (let turn = 0; turn < 4; turn++) {
      await placesInFrame(a);
      await a.getByTestId('rotate').click();
    }
  }
  // Zoomed in and dragged away from every place, turning the tile (new
  // places) brings the table back into view.
  if (fitting.length) {
    for (let i = 0; i < 6; i++) await a.getByTestId('zoom-in').click();
    const fb = await boardA.boundingBox();
    assert.ok(fb);
    for (let i = 0; i < 3; i++) {
      await a.mouse.move(fb.x + fb.width / 2, fb.y + 10);
      await a.mouse.down();
      await a.mouse.move(fb.x + fb.width / 2, fb.y + Math.min(fb.height - 10, 280), { steps: 8 });
      await a.mouse.up();
    }
    const away = await placesSeen(a);
    assert.equal(away.outside.length, away.total, 'dragged away from every place');
    const placeIds = () => a.locator('[data-testid^="target-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')).join(' '));
    const before = await placeIds();
    // Turn the tile (then try the other tiles) until the places change.
    let changed = false;
    for (const tile of [null, ...fitting]) {
      if (tile) await tile.click();
      for (let turn = 0; turn < 4 && !changed; turn++) {
        const ids = await placeIds();
        if (ids !== before && ids !== '') changed = true;
        else await a.getByTestId('rotate').click();
      }
      if (changed) break;
    }
    if (changed) {
      assert.ok((await placesSeen(a)).total > 0);
      await placesInFrame(a);
    } else {
      // One tile with places in one orientation only: nothing to change to.
      console.log('zoomies: no other set of places to choose; the camera refit was not checked');
    }
  }

  // --- turns until the match ends; Frens and Zoomies as early as they come
  const done = { frens: false, zoomies: false };
  const seen = { reasons: /** @type {string[]} */ ([]), redraws: 0, extras: 0, discards: 0 };
  const shotTaken = [false, false];
  const placeShot = [false, false];
  let seat = 0;
  let turns = 0;
  for (; turns < 40; turns++) {
    const p = pages[seat];
    const other = pages[1 - seat];
    const side = await playTurn(p, seat, done, seen, async (s) => {
      // Mid-game, with the token step open: both screens once.
      if (shots && !shotTaken[seat] && (s === 'frens' || turns >= 2)) {
        shotTaken[seat] = true;
        await snap(p, `zoomies-token-${seat === 0 ? 'desktop' : 'phone'}`, seat === 1 ? 'turn-indicator' : undefined);
      }
    }, async () => {
      // Mid-game, a tile chosen and shown on the board before confirming.
      if (shots && !placeShot[seat] && turns >= 4) {
        placeShot[seat] = true;
        await snap(p, `zoomies-place-${seat === 0 ? 'desktop' : 'phone'}`, seat === 1 ? 'turn-indicator' : undefined);
      }
    });
    // The other player saw it in the log.
    if (side !== 'discard') {
      const name = names[seat];
      const title = side[0].toUpperCase() + side.slice(1);
      // (After the last token the table, log and all, folds under the final scorecard.)
      await other.getByTestId('zoomies-log').getByText(new RegExp(`${name} put a ${title} token`)).first().waitFor({ state: 'attached' });
    }
    // (Tiles may still be drawing for this seat: wait for the next turn.)
    await waitPhase(p, ['place_tile', 'token', 'finished']);
    const st = await status(p);
    if (st.phase === 'finished') break;
    assert.equal(st.seat, 1 - seat, 'the turn passes');
    seat = 1 - seat;
    if (turns === 3) {
      // Projected points: each player's total is the sum of their tokens' points.
      for (const s of [0, 1]) {
        const total = await num(b, `score-${s}`);
        const each = await b
          .getByTestId(`zoomies-player-${s}`)
          .locator('[data-testid^="ptoken-"] b')
          .evaluateAll((els) => els.reduce((n, e) => n + Number(e.textContent), 0));
        assert.equal(total, each, `seat ${s}: total = sum of its tokens`);
      }
      await noHorizontalScroll(b);
      // A spectator sees the table and the tokens, and nobody's tiles.
      const ctxC = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const c = await newPage(ctxC, errors);
      await c.goto(`${h.baseUrl}/r/${await a.getByTestId('room-code').textContent()}`);
      await c.getByTestId('spectating').waitFor();
      await c.getByTestId('zoomies-board').waitFor();
      assert.equal(await c.getByTestId('zoomies-hand').count(), 0, 'no hand for a spectator');
      assert.equal(await c.locator('[data-testid^="hand-tile-"], [data-testid^="target-"]').count(), 0);
      assert.equal(await c.locator('[data-testid="zoomies-board"] .domino[data-piece]').count(), await a.locator('[data-testid="zoomies-board"] .domino[data-piece]').count());
      assert.equal(await num(c, 'score-0'), await num(a, 'score-0'));
      await ctxC.close();
    }
  }
  assert.ok(done.frens, 'a Frens token with its arrow was placed');
  assert.ok(done.zoomies, 'a Zoomies token was placed and its extra tile after it');
  assert.ok(seen.reasons.some((r) => /no Zoomies paw|already has|another breed|already Frens|No (round|square) token left/.test(r)), `a reason: ${seen.reasons.slice(0, 3).join(' | ')}`);
  assert.equal(turns + 1, 16, `8 turns each (${turns + 1})`);

  // --- the final scoring view
  for (const p of pages) {
    await waitPhase(p, ['finished'], null);
    const over = p.getByTestId('game-over');
    await over.waitFor({ timeout: 30_000 });
    assert.match((await over.textContent()) ?? '', /Game over/);
    await p.getByTestId('zoomies-scorecard').waitFor();
    await p.getByTestId('final-board').waitFor();
    for (const s of [0, 1]) {
      assert.equal(await num(p, `final-score-${s}`), await num(p, `score-${s}`), 'final score matches the table');
    }
  }
  // Every token explains itself and lights up what it counted.
  const finalTokens = a.locator('[data-testid^="final-token-"]');
  const nTokens = await finalTokens.count();
  assert.equal(nTokens + seen.discards, 16, 'every token placed is on the scorecard');
  let checkedFrens = 0;
  for (let i = 0; i < nTokens; i++) {
    await finalTokens.nth(i).click();
    const text = ((await a.getByTestId('final-explain').textContent()) ?? '').replace(/\s+/g, ' ');
    assert.match(text, /(Ana|Ben)'s (Leader|Bones|Frens|Zoomies):.*→ \d+ points?/);
    const lit = await a.locator('[data-testid="final-board"] .lit').count();
    if (/Frens:/.test(text)) {
      const sides = Number(text.match(/(\d+) sides?/)?.[1]);
      assert.equal(await a.locator('[data-testid="final-board"] [data-testid="frens-side"]').count(), sides, 'every Frens side marked');
      checkedFrens += 1;
    }
    if (/Leader:/.test(text)) assert.equal(lit, Number(text.match(/Pack of (\d+)/)?.[1]), 'the Pack lit up');
    if (/Zoomies:/.test(text)) assert.equal(lit, Number(text.match(/group of (\d+)/)?.[1]), 'the group lit up');
  }
  assert.ok(checkedFrens >= 1, 'a Frens token on the scorecard');
  for (const p of pages) await checkGameOverOnce(p, { note: /Highest total wins/, tableTestId: 'zoomies-players' });
  // The Frens token's sides, for the screenshot.
  const frensRow = a.locator('[data-testid^="final-token-"]').filter({ hasText: 'Frens' }).first();
  if (await frensRow.count()) await frensRow.click();
  await noHorizontalScroll(b);
  await snap(a, 'zoomies-final-desktop', 'game-over');
  await snap(b, 'zoomies-final-phone', 'game-over');

  // --- history keeps the scorecard (a sketch of each token's cells)
  await b.getByTestId('match-link').click();
  await b.waitForURL(/\/matches\/[0-9a-f-]+$/);
  await b.getByTestId('zoomies-scorecard').waitFor();
  await b.getByTestId('final-0').waitFor();
  await b.getByTestId('final-sketch').waitFor();
  await noHorizontalScroll(b);
  await snap(b, 'zoomies-history-phone');

  console.log(
    `zoomies e2e: ${turns + 1} turns, ${seen.redraws} redraws, ${seen.extras} extra tiles, ${seen.discards} token discards, ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});

// --- other languages ------------------------------------------------------------

/** The game's own words: its table (log included) and its final scorecard. */
const TABLE = '[data-testid="zoomies-table"], [data-testid="zoomies-scorecard"]';
const NAMES = ['Ana', 'Ben'];

/**
 * No English in the table and its scorecard, nothing overflowing, at both
 * sizes, on every page; screenshots named `zoomies-<lang>-<when>-<name>-<size>`.
 * @param {Page[]} pages
 * @param {string} lang
 * @param {string} when
 */
async function checkWords(pages, lang, when) {
  for (const [i, p] of pages.entries()) {
    await atBothSizes(p, async (size) => {
      await noEnglish(p, NAMES);
      await noOverflow(p);
      if (shots) await p.screenshot({ path: join(shots, `zoomies-${lang}-${when}-${NAMES[i]}-${size}.png`), fullPage: true });
    });
  }
}

/**
 * The host picks itself to start, and starts.
 * @param {Page} a
 * @param {Page} b
 */
async function startAsAna(a, b) {
  await a.getByTestId('opt-first-player').selectOption('0');
  await b.waitForFunction(
    () => /** @type {HTMLSelectElement|null} */ (document.querySelector('[data-testid="opt-first-player"]'))?.value === '0',
  );
  await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
  await a.getByTestId('start').click();
  for (const p of [a, b]) {
    await waitPhase(p, ['place_tile'], 0);
    await p.getByTestId('zoomies-board').waitFor();
  }
}

/**
 * The board keeps its geometry whatever the page's direction: the tiles lie
 * on screen in the order of their cells (west to east, left to right).
 * @param {Page} page
 */
async function boardNotMirrored(page) {
  const xs = await page.locator('[data-testid="zoomies-board"] .domino[data-piece]').evaluateAll((els) =>
    els.map((el) => ({ cell: Number(el.getAttribute('x')), screen: el.getBoundingClientRect().left })),
  );
  assert.ok(xs.length >= 3);
  const byCell = [...xs].sort((p, q) => p.cell - q.cell).map((x) => x.screen);
  for (let i = 1; i < byCell.length; i++) assert.ok(byCell[i] >= byCell[i - 1] - 1, 'west is left, east is right');
}

test('a whole match in Spanish: no English at the table or on the scorecard, nothing overflows', { timeout: 600_000, skip: heavyOnly }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'zoomies', lang: 'es', viewportA: DESKTOP, viewportB: PHONE });
  const pages = [a, b];
  try {
    // The lobby's options panel is the game's.
    for (const p of pages) await noEnglish(p, NAMES, 'fieldset.options');
    await startAsAna(a, b);
    await checkWords(pages, 'es', 'start');
    // "How tokens score", unfolded.
    await b.locator('details.rules summary').click();
    await noEnglish(b, NAMES);
    await noOverflow(b);
    await b.locator('details.rules summary').click();

    const done = { frens: false, zoomies: false };
    const seen = { reasons: /** @type {string[]} */ ([]), redraws: 0, extras: 0, discards: 0 };
    let checkedToken = 0;
    let checkedPlace = 0;
    let seat = 0;
    let turns = 0;
    for (; turns < 40; turns++) {
      const p = pages[seat];
      await playTurnAny(p, seat, done, seen, {
        // The token panel open (a Frens arrow or a Zoomies preview showing), then a tile shown on the board.
        beforeToken: async () => {
          if (checkedToken < 2 && turns >= checkedToken) {
            checkedToken++;
            await checkWords(pages, 'es', `token${checkedToken}`);
          }
        },
        beforePlace: async () => {
          if (checkedPlace < 1 && turns >= 3) {
            checkedPlace++;
            await checkWords(pages, 'es', 'place');
          }
        },
      });
      await waitPhase(p, ['place_tile', 'token', 'finished']);
      const st = await status(p);
      if (st.phase === 'finished') break;
      seat = 1 - seat;
      if (turns === 6) await checkWords(pages, 'es', 'mid');
    }
    assert.equal(turns + 1, 16, `8 turns each (${turns + 1})`);
    assert.ok(checkedToken >= 1 && checkedPlace === 1, 'the token panel and a placed tile were checked');

    // The final scorecard, each token's explanation too.
    for (const p of pages) {
      await waitPhase(p, ['finished'], null);
      await p.getByTestId('zoomies-scorecard').waitFor({ timeout: 30_000 });
    }
    const finalTokens = a.locator('[data-testid^="final-token-"]');
    for (let i = 0; i < (await finalTokens.count()); i++) {
      await finalTokens.nth(i).click();
      await noEnglish(a, NAMES, '[data-testid="final-explain"]');
    }
    await checkWords(pages, 'es', 'final');
    console.log(`zoomies in Spanish: ${turns + 1} turns, ${seen.redraws} redraws, ${seen.extras} extra tiles, ${seen.discards} token discards`);
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  } finally {
    await close();
  }
});

test('the pseudo-locale: every word of the table and the rules from the catalog', { timeout: 300_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'zoomies', lang: 'en-XA', viewportA: DESKTOP, viewportB: PHONE });
  const pages = [a, b];
  // The players' marks on their tokens are their names' initials (names, like the names).
  const names = [...NAMES, 'A', 'B'];
  try {
    assert.deepEqual(await untranslated(a, names, 'fieldset.options'), [], 'the options panel');
    await startAsAna(a, b);
    for (const p of pages) assert.deepEqual(await untranslated(p, names, TABLE), [], 'the table at the start');
    const done = { frens: false, zoomies: false };
    const seen = { reasons: /** @type {string[]} */ ([]), redraws: 0, extras: 0, discards: 0 };
    let seat = 0;
    for (let turn = 0; turn < 4; turn++) {
      const p = pages[seat];
      await playTurnAny(p, seat, done, seen, {
        beforeToken: async () => {
          for (const q of pages) assert.deepEqual(await untranslated(q, names, TABLE), [], 'the table with the token panel open');
        },
        beforePlace: async () => {
          assert.deepEqual(await untranslated(p, names, TABLE), [], 'the table with a tile shown');
        },
      });
      seat = 1 - seat;
    }
    await waitPhase(a, ['place_tile', 'token'], seat);
    await b.locator('details.rules summary').click();
    for (const p of pages) {
      assert.deepEqual(await untranslated(p, names, TABLE), [], 'the table mid-match, the log included');
      await noOverflow(p);
    }
    if (shots) {
      await a.screenshot({ path: join(shots, 'zoomies-en-XA-mid-desktop.png'), fullPage: true });
      await b.screenshot({ path: join(shots, 'zoomies-en-XA-mid-phone.png'), fullPage: true });
    }
    // The rules panel, from the header.
    await b.getByTestId('rules-header').click();
    await b.locator('dialog[open][data-testid="rules-panel"]').waitFor();
    assert.deepEqual(await untranslated(b, names, 'dialog[open][data-testid="rules-panel"]'), [], 'the rules panel');
    await b.keyboard.press('Escape');
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  } finally {
    await close();
  }
});

test('German and Arabic at a phone and a desktop: a few turns, no English, the board not mirrored', { timeout: 400_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  // German with PARLOR_HEAVY=1 (the German walk shows this table too).
  for (const lang of heavy ? ['de', 'ar'] : ['ar']) {
    const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'zoomies', lang, viewportA: DESKTOP, viewportB: PHONE });
    const pages = [a, b];
    try {
      for (const p of pages) {
        assert.equal(await p.evaluate(() => document.documentElement.dir), lang === 'ar' ? 'rtl' : 'ltr');
        await noEnglish(p, NAMES, 'fieldset.options');
      }
      await startAsAna(a, b);
      await checkWords(pages, lang, 'start');
      for (const p of pages) await boardNotMirrored(p);
      const done = { frens: false, zoomies: false };
      const seen = { reasons: /** @type {string[]} */ ([]), redraws: 0, extras: 0, discards: 0 };
      let seat = 0;
      for (let turn = 0; turn < 4; turn++) {
        await playTurnAny(pages[seat], seat, done, seen, {
          beforeToken: async () => {
            if (turn === 2) await checkWords(pages, lang, 'token');
          },
        });
        seat = 1 - seat;
      }
      await waitPhase(a, ['place_tile', 'token'], seat);
      await checkWords(pages, lang, 'mid');
      for (const p of pages) await boardNotMirrored(p);
    } finally {
      await close();
    }
  }
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
});
