// Zoomies moves through the UI, shared by the browser tests.
import assert from 'node:assert/strict';

/** @typedef {import('playwright-core').Page} Page */

/**
 * What the turn indicator shows.
 * @param {Page} page
 */
export async function status(page) {
  return page.getByTestId('turn-indicator').evaluate((el) => ({
    seat: el.getAttribute('data-seat') === '' ? null : Number(el.getAttribute('data-seat')),
    phase: el.getAttribute('data-phase') ?? '',
    version: Number(el.getAttribute('data-version')),
  }));
}

/**
 * Waits until the indicator shows one of `phases` (for `seat`, when given).
 * @param {Page} page
 * @param {string[]} phases
 * @param {number | null} [seat]
 */
export async function waitPhase(page, phases, seat = null) {
  await page.waitForFunction(
    ([ps, s]) => {
      const el = document.querySelector('[data-testid="turn-indicator"]');
      const p = el?.getAttribute('data-phase') ?? '';
      return ps.includes(p) && (s === null || p === 'finished' || el?.getAttribute('data-seat') === String(s));
    },
    /** @type {[string[], number|null]} */ ([phases, seat]),
    { timeout: 30_000 },
  );
}

/**
 * Waits until the match moved past `version`, and the controls are live again.
 * @param {Page} page
 * @param {number} version
 */
export async function waitPast(page, version) {
  await page.waitForFunction(
    (v) => Number(document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-version')) > v,
    version,
    { timeout: 30_000 },
  );
}

/**
 * How many highlighted places there are, and how many of them are on
 * screen inside the table's frame.
 * @param {Page} page
 */
export async function placesSeen(page) {
  const frame = await page.getByTestId('zoomies-board').boundingBox();
  assert.ok(frame);
  const targets = await page.locator('[data-testid^="target-"]').all();
  /** @type {string[]} */
  const outside = [];
  for (const t of targets) {
    const box = await t.boundingBox();
    assert.ok(box, 'a place has a box');
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    if (!(cx > frame.x && cx < frame.x + frame.width && cy > frame.y && cy < frame.y + frame.height)) {
      outside.push((await t.getAttribute('data-testid')) ?? '');
    }
  }
  return { total: targets.length, outside };
}

/**
 * Every highlighted place is on screen inside the table's frame (a camera
 * left where "Fit" put it must follow the places of a tile chosen or turned
 * afterwards).
 * @param {Page} page
 */
export async function placesInFrame(page) {
  const { outside } = await placesSeen(page);
  assert.deepEqual(outside, [], "every place is inside the table's frame");
}

/**
 * Places a tile through the UI: a tile of the hand that fits (one with a
 * Zoomies dog when `zoomies`), an orientation with places, the first
 * highlighted cell, confirm. With nothing fitting it says so (and the hand
 * is discarded and redrawn, or kept). Returns what it did.
 * @param {Page} page
 * @param {{ zoomies?: boolean, orient?: boolean, beforeConfirm?: () => Promise<void> }} [prefer]
 * @returns {Promise<'placed'|'cannot'>}
 */
export async function placeTile(page, prefer = {}) {
  await page.getByTestId('place-step').waitFor();
  const before = await status(page);
  if (await page.getByTestId('nothing-fits').count()) {
    await page.getByTestId('cannot-place').click();
    await waitPast(page, before.version);
    return 'cannot';
  }
  const tiles = page.locator('[data-testid^="hand-tile-"]:not([data-fits="0"])');
  await tiles.first().waitFor();
  let tile = tiles.first();
  if (prefer.zoomies) {
    const z = page.locator('[data-testid^="hand-tile-"][data-zoomies="true"]:not([data-fits="0"])');
    if (await z.count()) tile = z.first();
  }
  await tile.click();
  assert.equal(await tile.getAttribute('aria-pressed'), 'true');
  // An orientation with places; turn the tile with the button when asked to.
  const orients = page.locator('[data-testid^="orient-"]:not([data-fits="0"])');
  if (prefer.orient) {
    const was = await page.locator('[data-testid^="orient-"][aria-pressed="true"]').getAttribute('data-testid');
    await page.getByTestId('rotate').click();
    assert.notEqual(await page.locator('[data-testid^="orient-"][aria-pressed="true"]').getAttribute('data-testid'), was, 'rotated');
  }
  const pressed = page.locator('[data-testid^="orient-"][aria-pressed="true"]');
  if ((await pressed.getAttribute('data-fits')) === '0') await orients.first().click();
  const fits = Number(await page.locator('[data-testid^="orient-"][aria-pressed="true"]').getAttribute('data-fits'));
  const targets = page.locator('[data-testid^="target-"]');
  assert.equal(await targets.count(), fits, 'one highlighted cell per legal place');
  assert.equal(await page.getByTestId('place-confirm').isDisabled(), true, 'nothing to confirm before a cell is chosen');
  await placesInFrame(page);
  await targets.first().click();
  await page.getByTestId('ghost').waitFor();
  if (prefer.beforeConfirm) await prefer.beforeConfirm();
  await page.getByTestId('place-confirm').click();
  await waitPast(page, before.version);
  return 'placed';
}

/**
 * Puts a token through the token panel. `want` says which side to try
 * first; Frens picks its arrow on the board. Discards a token when none can
 * be placed. Returns the side placed (or 'discard').
 * @param {Page} page
 * @param {string[]} want sides in order of preference
 * @param {{ reasons: string[] }} seen refusal reasons shown so far
 */
export async function placeToken(page, want, seen) {
  await page.getByTestId('token-step').waitFor();
  const before = await status(page);
  const discard = page.locator('[data-testid^="discard-"]');
  if (await discard.count()) {
    seen.reasons.push(((await page.getByTestId('token-step').textContent()) ?? '').trim());
    await discard.first().click();
    await waitPast(page, before.version);
    return 'discard';
  }
  for (const r of await page.locator('[data-testid^="why-"]').all()) seen.reasons.push((await r.textContent()) ?? '');
  const sides = ['frens', 'zoomies', 'leader', 'bones'];
  const order = [...want, ...sides.filter((s) => !want.includes(s))];
  let side = '';
  for (const s of order) {
    if ((await page.getByTestId(`side-${s}`).getAttribute('data-ok')) === 'true') {
      side = s;
      break;
    }
  }
  assert.ok(side, 'some side is legal when no discard is offered');
  await page.getByTestId(`side-${side}`).click();
  // A dog: the first legal one (it may have been chosen already).
  const dog = page.locator('[data-testid^="dog-"][data-ok="true"]').first();
  if ((await dog.getAttribute('aria-pressed')) !== 'true') await dog.click();
  if (side === 'frens') {
    // The arrow, on the board: a neighbour of another breed.
    const arrow = page.locator('[data-testid^="board-arrow-"]');
    await arrow.first().waitFor();
    const okDirs = await page.locator('[data-testid^="arrow-"][data-ok="true"]').evaluateAll((els) =>
      els.map((e) => (e.getAttribute('data-testid') ?? '').replace('arrow-', '')),
    );
    assert.ok(okDirs.length > 0, 'a legal arrow');
    await page.getByTestId(`board-arrow-${okDirs[0]}`).click();
    assert.equal(await page.getByTestId(`arrow-${okDirs[0]}`).getAttribute('aria-pressed'), 'true', 'the board arrow chose it');
  }
  await page.getByTestId('token-preview').waitFor();
  assert.equal(await page.getByTestId('token-confirm').isDisabled(), false);
  return side;
}

/**
 * Confirms the token chosen by `placeToken`.
 * @param {Page} page
 */
export async function confirmToken(page) {
  const before = await status(page);
  await page.getByTestId('token-confirm').click();
  await waitPast(page, before.version);
}


/**
 * Plays one whole turn of `seat` through the UI, reading no words (any
 * language): the tile (or the discard-and-redraw), the token (Frens first,
 * then Zoomies, as `done` asks), the Zoomies extra tile, keeping the last
 * tile. `hooks.beforeToken(side)` runs with the token chosen and not yet
 * confirmed, `hooks.beforePlace()` with a tile shown on the board.
 * @param {Page} page
 * @param {number} seat
 * @param {{ frens: boolean, zoomies: boolean }} done
 * @param {{ reasons: string[], redraws: number, extras: number, discards: number }} seen
 * @param {{ beforeToken?: (side: string) => Promise<void>, beforePlace?: () => Promise<void> }} [hooks]
 * @returns {Promise<string>} the side placed, or 'discard'
 */
export async function playTurnAny(page, seat, done, seen, hooks = {}) {
  await waitPhase(page, ['place_tile', 'token'], seat);
  let st = await status(page);
  while (st.phase === 'place_tile') {
    const r = await placeTile(page, { zoomies: !done.zoomies, beforeConfirm: hooks.beforePlace });
    if (r === 'cannot') seen.redraws += 1;
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
    if (hooks.beforeToken) await hooks.beforeToken(side);
    await confirmToken(page);
  }
  if (side === 'frens') done.frens = true;
  await waitPhase(page, ['extra_tile', 'end_turn', 'place_tile', 'finished'], null);
  st = await status(page);
  if (side === 'zoomies' && st.phase === 'extra_tile' && st.seat === seat) {
    if ((await placeTile(page)) === 'placed') {
      done.zoomies = true;
      seen.extras += 1;
    }
    await waitPhase(page, ['end_turn', 'place_tile', 'finished'], null);
    st = await status(page);
  }
  if (st.phase === 'end_turn' && st.seat === seat) {
    await page.getByTestId('end-keep').click();
    await waitPast(page, st.version);
  }
  return side;
}
