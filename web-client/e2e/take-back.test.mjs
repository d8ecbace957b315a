// Take-back and confirm at every game's table, through the UI against a
// real server: a step that can't be taken back waits on the confirm bar
// (Cancel changes nothing, Confirm sends it); a step that can shows
// "Take back", which returns the table to exactly what it showed before;
// a draw, roll or previewed placement sent by its own button asks nothing.
//
//   npm run build && node --test e2e/take-back.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstRoll, playTurn, spendOneDot, startMatch, turnSeat, waitReady, waitTurn } from './doozy.mjs';
import { join } from 'node:path';
import { openRoom, shots, useServer } from './helpers.mjs';
import * as zoomies from './zoomies.mjs';

const h = useServer();

/** The dice as shown (value, face, set aside), in order. @param {import('playwright-core').Page} page */
async function diceShown(page) {
  return page.locator('[data-testid^="die-"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
}

/** @param {import('playwright-core').Page} page */
async function barShown(page) {
  return (await page.getByTestId('confirm-bar').count()) > 0;
}

test('Doozy Dice: a dot spent is taken back; a claim or cutoff asks first; a roll does not', { timeout: 240_000 }, async () => {
  const br = h.browser;
  assert.ok(br);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(br, h.baseUrl, errors, { game: 'doozy-dice', confirmMoves: true });
  await startMatch(a);
  let tookBack = false;
  let confirmed = 0;
  for (let turn = 0; turn < 40 && !(tookBack && confirmed >= 2); turn++) {
    const seat = await turnSeat(a);
    if (seat === 1) {
      await waitTurn(b, 1);
      await playTurn(b, 1);
      await a.waitForFunction(() => document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-seat') !== '1');
      continue;
    }
    await waitTurn(a, 0);
    await firstRoll(a);
    assert.equal(await barShown(a), false, 'a roll asks nothing');
    let n = 1;
    for (;;) {
      await waitReady(a, n);
      const claim = a.locator('[data-testid^="claim-"], [data-testid^="cutoff-"]').first();
      if (await claim.count()) {
        const rolls = await a.getByTestId('roll-count').textContent();
        await claim.click();
        await a.getByTestId('confirm-bar').waitFor();
        const question = (await a.getByTestId('confirm-bar').textContent()) ?? '';
        assert.match(question, /(Claim .+ in \d+ rolls?|Record 13 on .+)\? This ends your turn\./);
        if (shots && confirmed === 0) await a.screenshot({ path: join(shots, 'doozy-confirm.png') });
        // Cancel: nothing is sent, the same choice is offered again.
        await a.getByTestId('cancel-move').click();
        assert.equal(await barShown(a), false);
        assert.equal(await a.getByTestId('roll-count').textContent(), rolls, 'cancel changes nothing');
        await claim.click();
        await a.getByTestId('confirm-move').click();
        await a.waitForFunction(() => document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-seat') !== '0');
        confirmed += 1;
        break;
      }
      if (!tookBack && (await a.locator('[data-testid^="adjust-open-"]').count())) {
        const dice = await diceShown(a);
        const dots = await a.getByTestId('dots-0').textContent();
        assert.ok(await spendOneDot(a, 0), 'a dot is spent');
        assert.equal(await barShown(a), false, 'a dot spent asks nothing: it can be taken back');
        if (shots) await a.screenshot({ path: join(shots, 'doozy-take-back.png') });
        await a.getByTestId('take-back').click();
        await a.waitForFunction((d) => document.querySelector('[data-testid="dots-0"]')?.textContent === d, dots);
        assert.deepEqual(await diceShown(a), dice, 'the dice are as before');
        assert.equal(await a.getByTestId('take-back').count(), 0, 'nothing more to take back');
        tookBack = true;
        continue;
      }
      await a.getByTestId('select-all').click();
      await a.getByTestId('roll').click();
      assert.equal(await barShown(a), false, 'a roll asks nothing');
      n += 1;
    }
  }
  assert.ok(confirmed >= 2, 'claims were confirmed');
  assert.ok(tookBack, 'a dot was spent and taken back (A had dots within 40 turns)');
  // The log tells what stands: the dot spent and taken back is not in it.
  assert.deepEqual(errors, []);
  await close();
});

test('Zoomies: a token is taken back while the turn goes on; "Keep it" asks first; a previewed tile does not', { timeout: 240_000 }, async () => {
  const br = h.browser;
  assert.ok(br);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(br, h.baseUrl, errors, { game: 'zoomies', confirmMoves: true });
  await a.getByTestId('opt-first-player').selectOption('0');
  await b.waitForFunction(() => /** @type {HTMLSelectElement|null} */ (document.querySelector('[data-testid="opt-first-player"]'))?.value === '0');
  await a.getByTestId('start').click();
  const seen = { reasons: [] };
  let tookBack = false;
  let asked = false;
  for (let turn = 0; turn < 30 && !(tookBack && asked); turn++) {
    await zoomies.waitPhase(a, ['place_tile', 'token', 'finished']);
    const st = await zoomies.status(a);
    if (st.phase === 'finished') break;
    const page = st.seat === 0 ? a : b;
    const seat = st.seat ?? 0;
    await zoomies.waitPhase(page, ['place_tile', 'token'], seat);
    // The tile: previewed in place, sent by "Place the tile here", no bar.
    while ((await zoomies.status(page)).phase === 'place_tile') {
      await zoomies.placeTile(page);
      assert.equal(await barShown(a), false, 'a previewed tile asks nothing more');
      await zoomies.waitPhase(page, ['place_tile', 'token', 'end_turn', 'extra_tile', 'finished', 'drawing'], null);
      if ((await zoomies.status(page)).phase === 'drawing') await zoomies.waitPhase(page, ['place_tile', 'token'], seat);
    }
    if ((await zoomies.status(page)).phase !== 'token') continue;
    const left = await page.getByTestId(`left-${seat}`).textContent();
    const side = await zoomies.placeToken(page, ['leader', 'bones', 'frens'], seen);
    if (side !== 'discard') await zoomies.confirmToken(page);
    let now = await zoomies.status(page);
    if (seat === 0 && !tookBack && now.phase === 'end_turn') {
      // The turn goes on: the token may be taken back, to the table as it was.
      await a.getByTestId('take-back').click();
      await zoomies.waitPast(a, now.version);
      await zoomies.waitPhase(a, ['token'], 0);
      assert.equal(await a.getByTestId('left-0').textContent(), left, 'the token is back in the supply');
      assert.equal(await a.getByTestId('take-back').count(), 0);
      tookBack = true;
      const again = await zoomies.placeToken(a, ['leader', 'bones', 'frens'], seen);
      if (again !== 'discard') await zoomies.confirmToken(a);
      now = await zoomies.status(a);
    }
    await zoomies.waitPhase(page, ['extra_tile', 'end_turn', 'place_tile', 'finished'], null);
    now = await zoomies.status(page);
    if (now.phase === 'extra_tile' && now.seat === seat) {
      await zoomies.placeTile(page);
      await zoomies.waitPhase(page, ['end_turn', 'place_tile', 'finished'], null);
      now = await zoomies.status(page);
    }
    if (now.phase === 'end_turn' && now.seat === seat) {
      await page.getByTestId('end-keep').click();
      if (seat === 0) {
        await a.getByTestId('confirm-bar').waitFor();
        assert.match((await a.getByTestId('confirm-bar').textContent()) ?? '', /Keep the tile left in hand and end your turn\?/);
        await a.getByTestId('cancel-move').click();
        assert.equal((await zoomies.status(a)).version, now.version, 'cancel changes nothing');
        await a.getByTestId('end-keep').click();
        await a.getByTestId('confirm-move').click();
        asked = true;
      }
      await zoomies.waitPast(page, now.version);
    }
    // Both pages settle on the same version before the next turn is read
    // (each presents the steps at its own pace).
    const settled = (await zoomies.status(page)).version;
    for (const p of [a, b]) await zoomies.waitPast(p, settled - 1);
  }
  assert.ok(tookBack, 'a token was taken back');
  assert.ok(asked, '"Keep it" asked first');
  assert.deepEqual(errors, []);
  await close();
});

test('Mix-the-Mutts: connecting a previewed tile asks nothing more (it is the confirmation)', { timeout: 120_000 }, async () => {
  const br = h.browser;
  assert.ok(br);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(br, h.baseUrl, errors, { game: 'mix-the-mutts', confirmMoves: true });
  await a.getByTestId('opt-first-player').selectOption('0');
  await b.waitForFunction(() => /** @type {HTMLSelectElement|null} */ (document.querySelector('[data-testid="opt-first-player"]'))?.value === '0');
  await a.getByTestId('start').click();
  await a.waitForFunction(() => document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-seat') === '0');
  const hexes = a.locator('[data-testid^="hex-"]');
  await hexes.first().waitFor();
  await hexes.first().click();
  await a.getByTestId('place-preview').waitFor();
  const phase = await a.getByTestId('turn-indicator').getAttribute('data-phase');
  await a.getByTestId('place-confirm').click();
  await a.waitForFunction((p) => document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-phase') !== p, phase);
  assert.equal(await barShown(a), false, 'no confirm bar');
  assert.equal(await a.getByTestId('take-back').count(), 0, 'a connection opens the window for everyone: nothing to take back');
  assert.deepEqual(errors, []);
  await close();
});

/**
 * Zingamino: the version the table shows.
 * @param {import('playwright-core').Page} page
 */
async function zVersion(page) {
  return Number(await page.getByTestId('turn-indicator').getAttribute('data-version'));
}

/**
 * Plays one Zingamino move on `page` (dig, pass, or the first place of the
 * first tile that fits); with `confirm`, the confirm bar is expected for a
 * placement. Returns what it did.
 * @param {import('playwright-core').Page} page
 * @param {boolean} confirm
 */
async function zingaminoMove(page, confirm) {
  const v = await zVersion(page);
  if (await page.getByTestId('dig').count()) {
    await page.getByTestId('dig').click();
    assert.equal(await barShown(page), false, 'a dig asks nothing: its button is the confirmation');
  } else if (await page.getByTestId('pass').count()) {
    await page.getByTestId('pass').click();
  } else {
    const pick = async () => {
      const tile = page.locator('button[data-testid^="hand-tile-"]:not([disabled])').first();
      if ((await tile.getAttribute('aria-pressed')) !== 'true') await tile.click();
      await page.locator('[data-testid^="target-"]').first().click();
      if (await page.getByTestId('declare').count()) await page.locator('[data-testid^="declare-"]').first().click();
    };
    await pick();
    if (confirm) {
      await page.getByTestId('confirm-bar').waitFor();
      assert.match((await page.getByTestId('confirm-bar').textContent()) ?? '', /Place this tile here\? It can’t be taken back\./);
      const hand = await page.locator('[data-testid="zingamino-hand"] [data-testid^="hand-tile-"]').count();
      await page.getByTestId('cancel-move').click();
      assert.equal(await zVersion(page), v, 'cancel changes nothing');
      assert.equal(await page.locator('[data-testid="zingamino-hand"] [data-testid^="hand-tile-"]').count(), hand, 'the tile is still in hand');
      await pick();
      await page.getByTestId('confirm-move').click();
    }
    await page.waitForFunction((x) => Number(document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-version')) > x, v);
    return 'placed';
  }
  await page.waitForFunction((x) => Number(document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-version')) > x, v);
  return 'other';
}

test('Zingamino: a placement asks first (a tile from the hand is never taken back); a dig does not', { timeout: 240_000 }, async () => {
  const br = h.browser;
  assert.ok(br);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(br, h.baseUrl, errors, { game: 'zingamino', confirmMoves: true });
  await a.getByTestId('start').click();
  let confirmed = false;
  for (let move = 0; move < 40 && !confirmed; move++) {
    // Whoever has controls now is to move (each page settles at its own pace).
    const controls = '[data-testid="dig"], [data-testid="pass"], button[data-testid^="hand-tile-"]:not([disabled])';
    const ready = async (/** @type {import('playwright-core').Page} */ p) => (await p.locator(controls).count()) > 0;
    let seat = -1;
    for (let tries = 0; tries < 300 && seat < 0; tries++) {
      if (await ready(a)) seat = 0;
      else if (await ready(b)) seat = 1;
      else await a.waitForTimeout(100);
    }
    assert.ok(seat >= 0, 'one of the players gets controls');
    const page = seat === 0 ? a : b;
    for (const p of [a, b]) if (await p.getByTestId('summary-close').count()) await p.getByTestId('summary-close').click();
    const did = await zingaminoMove(page, seat === 0);
    if (seat === 0 && did === 'placed') confirmed = true;
  }
  assert.ok(confirmed, 'a placement was confirmed');
  assert.equal(await a.getByTestId('take-back').count(), 0, 'nothing to take back in Zingamino');
  assert.deepEqual(errors, []);
  await close();
});
