// End-to-end: two browsers play Zingamino against a real parlor-server,
// every move through the UI.
//
//   npm run build && node --test e2e/zingamino.test.mjs
//
// A (desktop, 1280×800) creates a room, B (phone, 390×844) joins through the
// share link and sees that there are no options. After the start both see
// the opening turn, eight tiles each and the bag; a spectator sees no hand.
// Then the active player
// taps a hand tile and one of the spaces the page highlights (legality is
// read only from the page, which takes it from the server's `moves`),
// preferring a Zinga whenever one can go somewhere, flipping a tile now and
// then, declaring a value when asked, digging or passing when that is the
// only move. The first time nothing fits, the page shows one Dig button and
// why, and nothing leaves the bag (the version, the bag and the hand stay)
// until it is pressed.
// Play goes on until a Zinga is on the board (with its values shown) and a
// round has ended: its summary shows both hands, their values and the points
// collected, and the score tables' totals match it. Gives up after 4 rounds.
// If the game is over by then, the final scorecard is checked here and in
// the match history.
// E2E_SCREENSHOTS=dir saves zingamino-{start,zoom,zinga,summary}-{desktop,phone}.
//
// Then, in other languages: a whole match in German (no English on the table
// or its final scorecard, nothing overflowing at a phone's and a desktop's
// size), the first turns in Arabic (right to left; the board and tiles do
// not mirror), and the pseudo-locale (every word of the table and the rules
// from the catalog). These are driven by test ids only. E2E_SCREENSHOTS saves
// zingamino-{de,ar}-<when>-<seat>-<size>.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkGameOverOnce, finishByMoves, heavyOnly, newPage, noEnglish, noHorizontalScroll, noOverflow, openRoom, shots, untranslated, useServer } from './helpers.mjs';

const h = useServer();

/** @typedef {import('playwright-core').Page} Page */

/**
 * What the turn indicator shows.
 * @param {Page} page
 */
async function status(page) {
  return page.getByTestId('turn-indicator').evaluate((el) => ({
    seat: el.getAttribute('data-seat') === '' ? null : Number(el.getAttribute('data-seat')),
    phase: el.getAttribute('data-phase') ?? '',
    round: Number(el.getAttribute('data-round')),
    opening: el.getAttribute('data-opening') === 'true',
    version: Number(el.getAttribute('data-version')),
  }));
}

/**
 * Waits until the page shows a version after `version`.
 * @param {Page} page
 * @param {number} version
 */
async function waitPast(page, version) {
  await page.waitForFunction(
    (v) => Number(document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-version')) > v,
    version,
    { timeout: 30_000 },
  );
}

/**
 * Waits until both pages show the same version and that page's seat may act
 * (a live tile, the dig or the pass button), or the game is over. Returns the status.
 * @param {Page[]} pages
 */
async function settle(pages) {
  for (;;) {
    const [sa, sb] = await Promise.all(pages.map(status));
    if (sa.version === sb.version && sa.phase === 'finished') return sa;
    if (sa.version === sb.version && sa.phase === 'turn' && sa.seat !== null) {
      const ready = await pages[sa.seat].evaluate(
        () =>
          !!document.querySelector('[data-testid="pass"]') ||
          !!document.querySelector('[data-testid="dig"]') ||
          !!document.querySelector('button[data-testid^="hand-tile-"]:not([disabled])'),
      );
      if (ready) return sa;
    }
    await pages[0].waitForTimeout(60);
  }
}

/**
 * Saves a full-page screenshot (toasts dismissed), and for phones one of the
 * screen scrolled to `top`, when E2E_SCREENSHOTS is set.
 * @param {Page} page
 * @param {string} name
 * @param {string} [top]
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
  return Number(((await page.getByTestId(id).first().textContent()) ?? '').match(/\d+/)?.[0]);
}

/**
 * At game over the table is folded under the final scorecard: opens it and
 * says so (false when there is no fold, or it is open already).
 * @param {import('playwright-core').Page} p
 */
async function unfold(p) {
  const fold = p.getByTestId('show-table');
  // The match-over message follows the step that ended it: wait for the fold.
  if ((await status(p)).phase === 'finished') await fold.waitFor({ state: 'attached' });
  if (!(await fold.count()) || (await fold.evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open))) return false;
  await p.getByTestId('show-table-toggle').click();
  return true;
}

test('Zingamino through the UI: openings, highlighted places, a Zinga on the board, a round summary and the score table', { timeout: 200_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  const t0 = Date.now();
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, {
    game: 'zingamino',
    viewportA: { width: 1280, height: 800 },
    viewportB: { width: 390, height: 844 },
  });
  const pages = [a, b];

  // No options: both see the sentence instead.
  for (const p of pages) assert.match((await p.getByTestId('zingamino-no-options').textContent()) ?? '', /64 points, 2–8 players/);
  await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
  await a.getByTestId('start').click();
  for (const p of pages) await p.getByTestId('zingamino-board').waitFor();

  // --- the start: the opening turn, 8 tiles each, 48 in the bag
  let st = await settle(pages);
  assert.equal(st.phase, 'turn');
  assert.equal(st.round, 1);
  assert.ok(st.opening, 'the first turn is an opening');
  for (const p of pages) {
    assert.match((await p.getByTestId('opening-note').innerText()) ?? '', /play a double or Zinga into an empty square of its colour/);
    assert.equal(await num(p, 'hand-size-0'), 8);
    assert.equal(await num(p, 'hand-size-1'), 8);
    assert.equal(await num(p, 'bag'), 48);
    assert.equal(await p.locator('[data-testid="zingamino-hand"] [data-testid^="hand-tile-"]').count(), 8, 'own hand shown');
    assert.match((await p.getByTestId('zingamino-log').textContent()) ?? '', /Round 1: (You|Ana|Ben) starts?; 8 tiles dealt/);
    await noHorizontalScroll(p);
  }
  assert.match((await pages[st.seat ?? 0].getByTestId('turn-indicator').textContent()) ?? '', /Your opening turn/);
  const other = pages[1 - (st.seat ?? 0)];
  assert.equal(await other.locator('[data-testid^="target-"]').count(), 0, 'nothing highlighted for the waiting player');
  assert.equal(await other.locator('button[data-testid^="hand-tile-"]').count(), 0, 'no tile buttons for the waiting player');
  await snap(a, 'zingamino-start-desktop');
  await snap(b, 'zingamino-start-phone');

  // A spectator sees the board, hand sizes and scores, and nobody's tiles.
  const ctxC = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const c = await newPage(ctxC, errors);
  await c.goto(`${h.baseUrl}/r/${await a.getByTestId('room-code').textContent()}`);
  await c.getByTestId('spectating').waitFor();
  await c.getByTestId('zingamino-board').waitFor();
  assert.equal(await c.getByTestId('zingamino-hand').count(), 0, 'no hand for a spectator');
  assert.equal(await c.locator('[data-testid^="hand-tile-"], [data-testid^="target-"]').count(), 0);
  assert.equal(await num(c, 'hand-size-1'), 8);
  assert.equal(await num(c, 'bag'), 48);
  await ctxC.close();

  // --- play until a Zinga is down and a round has ended
  let zinga = /** @type {{ space: string, ccw: string, cw: string } | null} */ (null);
  let summaryChecked = false;
  let moves = 0;
  let flips = 0;
  let digsSeen = 0;
  let digClicks = 0;
  let digWaitChecked = false;
  let zoomChecked = false;
  while (!(zinga && summaryChecked)) {
    assert.ok(Date.now() - t0 < 170_000, `out of time after ${moves} moves (Zinga placed: ${!!zinga}, round ended: ${summaryChecked})`);
    st = await settle(pages);
    if (st.phase === 'finished') break;
    assert.ok(st.round <= 4, `gave up: 4 rounds without both a Zinga placed and a round summary (Zinga: ${!!zinga})`);
    const seat = /** @type {number} */ (st.seat);
    const page = pages[seat];
    const sizes = [await num(a, 'hand-size-0'), await num(a, 'hand-size-1')];

    // A dig is told to the other player without the tiles.
    const n = pages[1 - seat].getByTestId('notice');
    if ((await n.count()) && /dug/.test((await n.textContent()) ?? '')) {
      assert.match((await n.textContent()) ?? '', /^(Ana|Ben) dug \d+ tiles? from the bag$/, 'the others see only how many');
      digsSeen += 1;
      // The digger sees which tiles.
      assert.match((await page.getByTestId('notice').textContent()) ?? '', /^You dug \d+ tiles? from the bag: (Green|Yellow|Orange|Purple) /);
    }

    let placedZinga = false;
    if (await page.getByTestId('dig').count()) {
      // Nothing fits: one Dig button and why; no tile to tap.
      const dig = page.getByTestId('dig');
      assert.equal((await dig.textContent())?.trim(), 'Dig');
      assert.match((await dig.getAttribute('class')) ?? '', /\bprimary\b/);
      assert.match((await page.getByTestId('dig-why').textContent()) ?? '', /^Nothing in your hand fits( an opening square)?: dig from the bag until a tile fits\.$/);
      assert.equal(await page.locator('button[data-testid^="hand-tile-"]').count(), 0, 'no tile to place');
      assert.match((await page.getByTestId('turn-indicator').textContent()) ?? '', /Your turn: nothing fits, dig/);
      const bag = await num(page, 'bag');
      if (!digWaitChecked) {
        // Nothing leaves the bag until the click.
        await page.waitForTimeout(2_000);
        for (const p of pages) {
          assert.equal((await status(p)).version, st.version, 'nothing is dug before the click');
          assert.equal(await num(p, 'bag'), bag);
          assert.equal(await num(p, `hand-size-${seat}`), sizes[seat]);
        }
        digWaitChecked = true;
      }
      await dig.click();
      digClicks += 1;
      // One click digs until a tile fits or the bag is empty.
      await waitPast(page, st.version);
      await page.waitForFunction((b) => Number(document.querySelector('[data-testid="bag"] strong')?.textContent) < b, bag);
    } else if (await page.getByTestId('pass').count()) {
      await page.getByTestId('pass').click();
    } else {
      const live = page.locator('button[data-testid^="hand-tile-"]:not([disabled])');
      const z = page.locator('button[data-testid^="hand-tile-"][data-zinga="true"]:not([disabled])');
      const tile = (await z.count()) ? z.first() : live.first();
      placedZinga = (await tile.getAttribute('data-zinga')) === 'true';
      await tile.click();
      assert.equal(await tile.getAttribute('aria-pressed'), 'true');
      const fits = Number(await tile.getAttribute('data-fits'));
      // Flip now and then, when the page offers it.
      if ((flips < 2 || moves % 3 === 1) && (await page.getByTestId('flip').count())) {
        const ghost = async () => (await page.locator('[data-testid^="target-"] text.ghost').allTextContents()).join();
        const before = await ghost();
        await page.getByTestId('flip').click();
        const after = await ghost();
        assert.ok(after.length > 0, 'the flipped tile has places too');
        assert.notEqual(after, before, 'the preview shows the other end first');
        flips += 1;
      }
      const targets = page.locator('[data-testid^="target-"]');
      const count = await targets.count();
      assert.ok(count > 0 && count <= fits, `highlighted places (${count}) within the tile's legal places (${fits})`);
      if (seat === 1 && !zoomChecked) {
        // The phone zooms to the tile's circle, and the places are big enough to tap.
        assert.notEqual(await b.getByTestId('zingamino-board').getAttribute('data-focus'), '', 'zoomed to the circle');
        const box = await targets.first().locator('circle.hit').boundingBox();
        assert.ok(box && box.width >= 44 && box.height >= 44, `tap target ≥ 44 px (${box?.width})`);
        await snap(b, 'zingamino-zoom-phone', 'zingamino-board');
        zoomChecked = true;
      }
      await targets.first().click();
      if (await page.getByTestId('declare').count()) {
        await page.locator('[data-testid^="declare-"]').first().click();
      }
    }
    await waitPast(page, st.version);
    moves += 1;
    await Promise.all(pages.map((p) => p.waitForFunction((v) => Number(document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-version')) > v, st.version)));

    if (placedZinga && !zinga) {
      // The Zinga is on the board, with its values (a "?" for a side not set yet).
      const el = a.locator('[data-testid^="space-"][data-zinga="true"]').first();
      await el.waitFor({ state: 'attached' });
      zinga = {
        space: (await el.getAttribute('data-testid')) ?? '',
        ccw: (await el.getAttribute('data-ccw')) ?? '',
        cw: (await el.getAttribute('data-cw')) ?? '',
      };
      assert.match(zinga.ccw, /^[0-4?]$/);
      assert.match(zinga.cw, /^[0-4?]$/);
      for (const p of pages) {
        const text = (await p.getByTestId(zinga.space).locator('text.v').allTextContents()).join('|');
        assert.ok(text.startsWith(zinga.ccw), `the board shows the Zinga's value: ${text}`);
        assert.match((await p.getByTestId('zingamino-log').textContent()) ?? '', /placed the (Green|Yellow|Orange|Purple) Zinga on [GYOP]\d+, as [0-4?]/);
      }
      await snap(a, 'zingamino-zinga-desktop');
      await snap(b, 'zingamino-zinga-phone', 'zingamino-board');
    }

    // A round ended: its summary on both pages. (When that round ended the
    // match, the table and its summary are folded under the final scorecard.)
    if (!summaryChecked && (await a.getByTestId('round-summary').count())) {
      /** @type {import('playwright-core').Page[]} */
      const unfolded = [];
      for (const p of pages) if (await unfold(p)) unfolded.push(p);
      for (const p of pages) {
        const sum = p.getByTestId('round-summary');
        await sum.waitFor();
        const how = (await p.getByTestId('summary-how').textContent()) ?? '';
        const endedBy = await p.getByTestId('summary').getAttribute('data-ended-by');
        const values = [await num(p, 'summary-value-0'), await num(p, 'summary-value-1')];
        const collected = [await num(p, 'summary-collected-0'), await num(p, 'summary-collected-1')];
        const totals = [await num(p, 'summary-total-0'), await num(p, 'summary-total-1')];
        for (const s of [0, 1]) {
          const shown = await p.getByTestId(`summary-hand-${s}`).locator('svg').count();
          assert.equal(Number(await p.getByTestId(`summary-hand-${s}`).getAttribute('data-count')), shown, 'every tile of the hand shown');
          // Hands are revealed as they were: the player who moved last may have emptied theirs.
          if (s !== seat) assert.equal(shown, sizes[s], `seat ${s}'s hand revealed (${shown} tiles, held ${sizes[s]})`);
          // The score tables agree with the summary.
          assert.equal(await num(p, `summary-scores-total-${s}`), totals[s], 'summary score table total');
          assert.equal(await num(p, `summary-scores-${st.round}-${s}`), collected[s] + 0 + ((await p.getByTestId(`summary-bonus-${s}`).count()) ? await num(p, `summary-bonus-${s}`) : 0));
        }
        if (endedBy === 'zinga') {
          assert.match(how, /ZINGA!/);
          assert.equal(collected[seat], values[1 - seat], 'the one who went out collects the other hand');
          assert.equal(await p.getByTestId(`summary-hand-${seat}`).locator('svg').count(), 0, 'went out with no tiles');
        } else if (endedBy === 'blocked') {
          assert.match(how, /blocked/);
          const low = Math.min(...values);
          for (const s of [0, 1]) if (values[s] > low) assert.equal(collected[s], 0);
        }
        // The Scores panel holds the same table for later rounds.
        await p.getByTestId('scores-toggle').click();
        for (const s of [0, 1]) assert.equal(await num(p, `scores-table-total-${s}`), await num(p, `score-${s}`), 'live total');
        assert.equal(await p.getByTestId(`scores-table-${st.round}-0`).count(), 1, 'the round in the Scores panel');
      }
      await snap(a, 'zingamino-summary-desktop');
      await snap(b, 'zingamino-summary-phone', 'round-summary');
      for (const p of pages) if (await p.getByTestId('summary-close').count()) await p.getByTestId('summary-close').click();
      for (const p of pages) await p.getByTestId('scores-toggle').click();
      for (const p of unfolded) await p.getByTestId('show-table-toggle').click();
      if (unfolded.length) console.log('zingamino: the round ended the match; its summary was checked under the fold');
      summaryChecked = true;
    }
  }
  assert.ok(zinga, 'a Zinga was placed');
  assert.ok(digWaitChecked, 'a dig waited for its click');
  assert.ok(summaryChecked, 'a round ended with its summary');
  for (const p of pages) await noHorizontalScroll(p);

  if ((await status(a)).phase === 'finished') {
    // The game ended (someone reached 64): the final scorecard, here and in history.
    await a.getByTestId('zingamino-scorecard').waitFor();
    const totals = [await num(a, 'final-score-0'), await num(a, 'final-score-1')];
    for (const s of [0, 1]) assert.equal(await num(a, `final-table-total-${s}`), totals[s]);
    assert.ok(Math.max(...totals) >= 64, 'someone reached 64');
    for (const p of pages) await checkGameOverOnce(p, { note: /highest total wins/, tableTestId: 'zingamino-players' });
    await snap(b, 'zingamino-final-phone');
    await a.getByTestId('match-link').click();
    await a.getByTestId('zingamino-scorecard').waitFor();
    for (const s of [0, 1]) assert.equal(await num(a, `final-score-${s}`), totals[s], 'history shows the same totals');
    await a.getByText('Round 1: hands and points').click();
    assert.ok((await a.getByTestId('final-round-1-hand-0').locator('svg').count()) + (await a.getByTestId('final-round-1-hand-1').locator('svg').count()) > 0, 'hands in history');
    await snap(a, 'zingamino-history-desktop');
  }
  console.log(`zingamino: ${moves} moves (${digClicks} digs), ${flips} flips, ${digsSeen} digs seen by the other player, ${Math.round((Date.now() - t0) / 1000)} s`);
  assert.deepEqual(errors, []);
  await close();
});

// --- other languages -------------------------------------------------------------

/** The game's own part of the room: its table and, at the end, its final scorecard. */
const TABLE = '[data-testid="zingamino-table"], [data-testid="zingamino-scorecard"]';
const NAMES = ['Ana', 'Ben'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const RULES = 'dialog[open][data-testid="rules-panel"]';

/**
 * The table read in `lang`: no English (none in German or Arabic), nothing
 * overflowing, at a phone's and a desktop's size on both pages (each back
 * at its own size after); screenshots named by `when`.
 * @param {Page[]} pages
 * @param {string} lang
 * @param {string} when
 */
async function readable(pages, lang, when) {
  for (const [i, p] of pages.entries()) {
    assert.equal(await p.evaluate(() => document.documentElement.dir), lang === 'ar' ? 'rtl' : 'ltr', `${when}: the page's direction`);
    const own = p.viewportSize();
    for (const [size, box] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
      await p.setViewportSize(box);
      await p.waitForTimeout(150);
      await noEnglish(p, NAMES);
      await noOverflow(p);
      if (shots) await p.screenshot({ path: join(shots, `zingamino-${lang}-${when}-${NAMES[i]}-${size}.png`), fullPage: true });
    }
    if (own) await p.setViewportSize(own);
  }
}

/**
 * One move by the seat to act, through the page (test ids only): Dig or Pass
 * when that is the only move, else the first tile that fits on its first
 * highlighted space (declaring the first value when asked). Waits until both
 * pages show the step.
 * @param {Page[]} pages
 * @param {{ seat: number | null, version: number }} st
 * @param {{ flip?: boolean }} [opts]
 */
async function move(pages, st, opts = {}) {
  const page = pages[/** @type {number} */ (st.seat)];
  if (await page.getByTestId('dig').count()) {
    await page.getByTestId('dig').click();
  } else if (await page.getByTestId('pass').count()) {
    await page.getByTestId('pass').click();
  } else {
    // A tile chosen already stays chosen (tapping it again would put it back).
    if (!(await page.locator('button[data-testid^="hand-tile-"][aria-pressed="true"]').count())) {
      await page.locator('button[data-testid^="hand-tile-"]:not([disabled])').first().click();
    }
    if (opts.flip && (await page.getByTestId('flip').count())) await page.getByTestId('flip').click();
    await page.locator('[data-testid^="target-"]').first().click();
    if (await page.getByTestId('declare').count()) await page.locator('[data-testid^="declare-"]').first().click();
  }
  await Promise.all(pages.map((p) => waitPast(p, st.version)));
}

/**
 * Closes the round summaries that hold the next round.
 * @param {Page[]} pages
 */
async function closeSummaries(pages) {
  for (const p of pages) if (await p.getByTestId('summary-close').count()) await p.getByTestId('summary-close').click();
}

// With PARLOR_HEAVY=1 (two minutes): by default the German walk in every-page.test.mjs
// shows this table mid-match, and the Arabic and pseudo-locale tests below its words.
test('Zingamino in German: a whole match, its first round through the UI, no English on the table, nothing overflows', { timeout: 900_000, skip: heavyOnly }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  const t0 = Date.now();
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'zingamino', lang: 'de', viewportA: DESKTOP, viewportB: PHONE });
  const pages = [a, b];
  try {
    // The options panel in the lobby is the game's.
    for (const p of pages) {
      await p.getByTestId('zingamino-no-options').waitFor();
      await noEnglish(p, NAMES, 'fieldset.options');
    }
    await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
    await a.getByTestId('start').click();
    for (const p of pages) await p.getByTestId('zingamino-board').waitFor();

    // The opening turn: the note, the hand, the log's deal line.
    let st = await settle(pages);
    assert.ok(st.opening);
    for (const p of pages) await p.getByTestId('opening-note').waitFor();
    await readable(pages, 'de', 'start');
    // A tile chosen: its places lit, the hint says how many.
    const active = pages[/** @type {number} */ (st.seat)];
    await active.locator('button[data-testid^="hand-tile-"]:not([disabled])').first().click();
    await active.getByTestId('hand-hint').waitFor();
    await readable([active], 'de', 'chosen');

    let moves = 0;
    let digChecked = false;
    let summaryChecked = false;
    let scoresChecked = false;
    for (;;) {
      assert.ok(Date.now() - t0 < 840_000, `out of time after ${moves} moves`);
      if (summaryChecked) await closeSummaries(pages);
      st = await settle(pages);
      if (st.phase === 'finished') break;
      const page = pages[/** @type {number} */ (st.seat)];
      if (!digChecked && (await page.getByTestId('dig').count())) {
        // Nothing fits: the Dig button and why, in German.
        await readable(pages, 'de', 'dig');
        digChecked = true;
      }
      await move(pages, st, { flip: moves % 4 === 1 });
      moves += 1;
      if (!summaryChecked && (await a.getByTestId('round-summary').count())) {
        // A round ended: its summary (how, hands, points) and the score tables.
        if ((await status(a)).phase === 'finished') break;
        for (const p of pages) await p.getByTestId('round-summary').waitFor();
        await readable(pages, 'de', 'summary');
        summaryChecked = true;
      }
      if (summaryChecked && !scoresChecked && !(await a.getByTestId('round-summary').count())) {
        // The Scores panel, with the past round's hands, unfolded.
        for (const p of pages) {
          await p.getByTestId('scores-toggle').click();
          await p.locator('[data-testid="scores"] details.past summary').first().click();
        }
        await readable(pages, 'de', 'scores');
        for (const p of pages) await p.getByTestId('scores-toggle').click();
        scoresChecked = true;
        // The rest of the match from the same seats over their own sockets
        // (quicker than clicking; the pages show every step as it comes).
        await Promise.all(pages.map((p) => finishByMoves(p, 'zingamino')));
        break;
      }
    }
    // Game over: the final scorecard (each round's hands unfolded) and the table under its fold.
    for (const p of pages) {
      await p.getByTestId('zingamino-scorecard').waitFor();
      for (const s of await p.locator('[data-testid="zingamino-scorecard"] details.past summary').all()) await s.click();
    }
    await readable(pages, 'de', 'final');
    for (const p of pages) {
      await p.getByTestId('show-table').waitFor({ state: 'attached' });
      if (!(await p.getByTestId('show-table').evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open))) await p.getByTestId('show-table-toggle').click();
    }
    await readable(pages, 'de', 'final-table');
    const totals = [await num(a, 'final-score-0'), await num(a, 'final-score-1')];
    assert.ok(Math.max(...totals) >= 64, `someone reached 64 (${totals})`);
    console.log(`zingamino in German: ${moves} moves, ${Math.round((Date.now() - t0) / 1000)} s`);
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  } finally {
    await close();
  }
});

test('Zingamino in Arabic: the first turns right to left, the board as drawn', { timeout: 300_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'zingamino', lang: 'ar', viewportA: DESKTOP, viewportB: PHONE });
  const pages = [a, b];
  try {
    await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
    await a.getByTestId('start').click();
    for (const p of pages) await p.getByTestId('zingamino-board').waitFor();
    let st = await settle(pages);
    await readable(pages, 'ar', 'start');
    for (const p of pages) {
      // The page mirrors; the board and the tiles keep their geometry.
      assert.equal(await p.getByTestId('zingamino-board').evaluate((el) => getComputedStyle(el).direction), 'ltr', 'the board does not mirror');
      assert.equal(await p.locator('svg.chip').first().evaluate((el) => getComputedStyle(el).direction), 'ltr', 'a tile does not mirror');
    }
    for (let i = 0; i < 12; i++) {
      st = await settle(pages);
      if (st.phase === 'finished') break;
      await move(pages, st, { flip: i % 3 === 1 });
    }
    st = await settle(pages);
    await pages[/** @type {number} */ (st.seat)].locator('button[data-testid^="hand-tile-"]:not([disabled])').first().click().catch(() => {});
    await readable(pages, 'ar', 'mid');
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  } finally {
    await close();
  }
});

test('Zingamino in the pseudo-locale: every word of the table and the rules from the catalog', { timeout: 300_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'zingamino', lang: 'en-XA', viewportA: DESKTOP, viewportB: PHONE });
  const pages = [a, b];
  try {
    assert.deepEqual(await untranslated(a, NAMES, 'fieldset.options'), [], 'the options panel');
    await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
    await a.getByTestId('start').click();
    for (const p of pages) await p.getByTestId('zingamino-board').waitFor();
    let st = await settle(pages);
    for (const p of pages) assert.deepEqual(await untranslated(p, NAMES, TABLE), [], 'the opening turn');
    // Mid-match: a few moves, then a tile chosen with its places lit.
    for (let i = 0; i < 8; i++) {
      st = await settle(pages);
      if (st.phase === 'finished') break;
      await move(pages, st);
    }
    st = await settle(pages);
    const active = pages[/** @type {number} */ (st.seat)];
    if (await active.locator('button[data-testid^="hand-tile-"]:not([disabled])').count()) {
      await active.locator('button[data-testid^="hand-tile-"]:not([disabled])').first().click();
      await active.getByTestId('hand-hint').waitFor();
    }
    for (const p of pages) {
      await p.getByTestId('scores-toggle').click();
      assert.deepEqual(await untranslated(p, NAMES, TABLE), [], 'the table mid-match, the log and the scores');
      await p.getByTestId('scores-toggle').click();
    }
    if (shots) {
      await a.screenshot({ path: join(shots, 'zingamino-en-XA-mid-desktop.png'), fullPage: true });
      await b.screenshot({ path: join(shots, 'zingamino-en-XA-mid-phone.png'), fullPage: true });
    }
    // The rules panel, from the header.
    await b.getByTestId('rules-header').click();
    await b.locator(RULES).waitFor();
    assert.deepEqual(await untranslated(b, NAMES, RULES), [], 'the rules panel');
    await b.keyboard.press('Escape');
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  } finally {
    await close();
  }
});
