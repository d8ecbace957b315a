// End-to-end: two browsers play Mix-the-Mutts against a real parlor-server.
//
//   npm run build && npm run test:e2e
//
// A creates a room (response timer 120 s), B joins through the share link, A
// starts. The active player connects the face-up tile through the board;
// then both players answer in the same scoring window (claiming a combo when
// their hand allows, else passing), the claims are revealed together and the
// turn passes. The next window is answered by both at the same instant; play
// goes on until a window in which both players claim.
//
// In other languages: a whole match in German (no English left on the table
// or its final scorecard, nothing overflowing on a phone or a desktop), a
// match in the pseudo-locale (every word of the table and the rules from the
// catalogs) and the table in Arabic (right to left; the board does not
// mirror).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkGameOverOnce, heavyOnly, noEnglish, noHorizontalScroll, noOverflow, openRoom, shots, untranslated, useServer } from './helpers.mjs';

const h = useServer();

/** @typedef {import('playwright-core').Page} Page */

/**
 * Seat and phase shown by the turn indicator.
 * @param {Page} page
 */
async function status(page) {
  const el = page.getByTestId('turn-indicator');
  const seat = await el.getAttribute('data-seat');
  return { seat: seat === null || seat === '' ? null : Number(seat), phase: await el.getAttribute('data-phase') };
}

/**
 * Waits until the indicator shows `phase` (and `seat`, when given).
 * @param {Page} page
 * @param {string} phase
 * @param {number} [seat]
 */
async function waitPhase(page, phase, seat) {
  await page.waitForFunction(
    ([p, s]) => {
      const el = document.querySelector('[data-testid="turn-indicator"]');
      return el?.getAttribute('data-phase') === p && (s === null || el?.getAttribute('data-seat') === String(s));
    },
    /** @type {[string, number|null]} */ ([phase, seat ?? null]),
    // Longer than the 30 s response timer one test waits out, with room for a loaded machine.
    { timeout: 75_000 },
  );
}

/**
 * The active player's placement preview: tries open hexes and rotations
 * until the preview says the player holds the cards for a new combo. Leaves
 * that hex and rotation chosen and returns true; false (nothing chosen) when
 * no placement fits the hand.
 * @param {Page} page
 */
async function findScoringPlacement(page) {
  await page.waitForFunction(() => !document.querySelector('[data-testid="rotate"]')?.hasAttribute('disabled'));
  const hexes = page.locator('[data-testid^="hex-"]');
  const n = await hexes.count();
  for (let i = 0; i < n; i++) {
    await hexes.nth(i).click();
    await page.getByTestId('place-preview').waitFor();
    for (const rot of [0, 2, 4]) {
      await page.getByTestId(`rot-${rot}`).click();
      if (await page.getByTestId('place-preview').getByTestId('you-hold').count()) return true;
    }
    await page.getByTestId('place-cancel').click();
  }
  return false;
}

/**
 * The active player connects the face-up tile through the board: at a hex
 * where they can score if there is one, else at the last open hex, rotated
 * once. Checks the preview and confirms. Returns whether the placement lets
 * the active player score.
 * @param {Page} page
 */
async function connectTile(page) {
  const hexes = page.locator('[data-testid^="hex-"]');
  await hexes.first().waitFor();
  assert.equal(await page.getByTestId('place-confirm').isDisabled(), true, 'nothing to confirm before a hex is chosen');
  const scoring = await findScoringPlacement(page);
  if (!scoring) {
    await hexes.last().click();
    await page.getByTestId('place-preview').waitFor();
    await page.getByTestId('rot-0').click();
    await page.getByTestId('rotate').click();
    assert.equal(await page.getByTestId('rot-2').getAttribute('aria-pressed'), 'true', 'rotated to 120°');
  }
  // A tile touches two or more tiles, so the preview lists at least two new combos.
  assert.ok((await page.getByTestId('place-preview').locator('li').count()) >= 2, 'preview lists the new combos');
  await page.getByTestId('place-confirm').click();
  return scoring;
}

/**
 * Answers in the open window through the claim panel: claims the first combo
 * the hand can pay for, else passes. Does not wait for the answer to land.
 * @param {Page} page
 * @returns {Promise<{ claimed: number | null }>}
 */
async function chooseAnswer(page) {
  await page.getByTestId('claim-pass').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="claim-pass"]')?.hasAttribute('disabled'));
  const open = page.locator('[data-testid^="claim-combo-"]:not([disabled])');
  if (await open.count()) {
    const combo = open.first();
    const index = Number(((await combo.getAttribute('data-testid')) ?? '').replace('claim-combo-', ''));
    await combo.click();
    assert.equal(await combo.getAttribute('aria-pressed'), 'true');
    return { claimed: index };
  }
  assert.equal(await page.getByTestId('claim-submit').isDisabled(), true, 'nothing to submit without a pick');
  return { claimed: null };
}

/**
 * Sends the chosen answer.
 * @param {Page} page
 * @param {{ claimed: number | null }} choice
 */
async function sendAnswer(page, choice) {
  await page.getByTestId(choice.claimed === null ? 'claim-pass' : 'claim-submit').click();
}

/**
 * Hand size and points shown for a seat.
 * @param {Page} page
 * @param {number} seat
 */
async function tally(page, seat) {
  const hand = Number(((await page.getByTestId(`hand-size-${seat}`).textContent()) ?? '').match(/\d+/)?.[0]);
  const points = Number(((await page.getByTestId(`points-${seat}`).textContent()) ?? '').match(/\d+/)?.[0]);
  return { hand, points };
}

/**
 * After a window closed: the newest reveal in the log names each seat's
 * claim or pass, as this page sees it.
 * @param {Page} page
 * @param {number} me
 * @param {(number|null)[]} claims by seat
 */
async function checkReveal(page, me, claims, timedOut = false) {
  const reveal = page.getByTestId('mtm-log').getByTestId('reveal').first();
  await reveal.waitFor();
  const text = (await reveal.textContent()) ?? '';
  const names = ['Ana', 'Ben'];
  claims.forEach((c, seat) => {
    const who = seat === me ? 'You' : names[seat];
    if (c === null && timedOut) {
      // The timer's passes are told as such, never as a choice.
      const whom = seat === me ? 'you' : who;
      assert.match(text, new RegExp(`Time ran out for (${whom}( and \\w+)?|\\w+ and ${whom}): no claim`), `${who} timed out: ${text}`);
      assert.doesNotMatch(text, /passed/, `no one chose to pass: ${text}`);
    } else if (c === null) assert.match(text, new RegExp(`${who}( and \\w+)? passed|\\w+ and ${who} passed`), `${who} passed: ${text}`);
    else assert.match(text, new RegExp(`${who} scored combo ${c + 1}\\b`), `${who} claimed combo ${c + 1}: ${text}`);
  });
}

/**
 * Both pages show the scoring window opened by `active`'s connection.
 * @param {Page[]} pages
 * @param {number} active
 */
async function expectWindow(pages, active) {
  for (const p of pages) {
    await waitPhase(p, 'window', active);
    await p.getByTestId('window-status').waitFor();
    await p.getByTestId('countdown').waitFor();
    assert.ok((await p.locator('[data-testid^="combo-mark-"]').count()) >= 2, 'the new combos are marked on the board');
  }
}

/**
 * The window closed: both pages show the turn passing to `next` and the
 * reveal; scored cards left the hand for the stack, points went up.
 * @param {Page[]} pages
 * @param {(number|null)[]} claims by seat
 * @param {number} next
 * @param {{hand: number, points: number}[]} before by seat
 */
async function expectClosed(pages, claims, next, before) {
  for (const [seat, p] of pages.entries()) {
    await waitPhase(p, 'turn', next);
    await checkReveal(p, seat, claims);
  }
  for (const seat of [0, 1]) {
    const now = await tally(pages[1], seat);
    if (claims[seat] === null) {
      assert.equal(now.points, before[seat].points, `seat ${seat} passed: points unchanged`);
      assert.equal(now.hand, before[seat].hand);
    } else {
      assert.ok(now.points > before[seat].points, `seat ${seat} scored`);
      assert.equal(now.hand, before[seat].hand - 2, `seat ${seat} played two cards`);
    }
  }
  assert.match((await pages[next].getByTestId('turn-indicator').textContent()) ?? '', /Your turn/);
}

/** @param {Page} page */
async function tallies(page) {
  return [await tally(page, 0), await tally(page, 1)];
}

test('connect a tile, both players answer the window, the turn passes', { timeout: 300_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, {
    game: 'mix-the-mutts',
    setup: async (page) => {
      await page.getByTestId('opt-timer').selectOption('120');
    },
  });
  const pages = [a, b];

  // The host's options reach B read-only.
  assert.equal(await b.getByTestId('opt-timer').inputValue(), '120');
  assert.equal(await b.getByTestId('opt-junior').isDisabled(), true);
  await noHorizontalScroll(b);

  await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
  await a.getByTestId('start').click();
  await waitPhase(a, 'turn');
  const first = /** @type {number} */ ((await status(a)).seat);
  assert.ok(first === 0 || first === 1, `first seat ${first}`);
  for (const p of pages) {
    await waitPhase(p, 'turn', first);
    await p.getByTestId('mtm-board').waitFor();
    await p.getByTestId('mtm-hand').waitFor();
    assert.match((await p.getByTestId('mtm-hand').textContent()) ?? '', /4 cards/);
  }
  let active = first;
  assert.match((await pages[active].getByTestId('turn-indicator').textContent()) ?? '', /Your turn/);
  const waiting = pages[1 - active];
  assert.equal(await waiting.locator('[data-testid^="hex-"]').count(), 0, 'no open hexes for the waiting player');
  assert.equal(await waiting.getByTestId('place-confirm').count(), 0);
  assert.equal(await waiting.getByTestId('draw-two').count(), 0);
  // The deal and the first player are in the log.
  assert.match((await a.getByTestId('mtm-log').textContent()) ?? '', /first/);
  if (shots) {
    await b.screenshot({ path: join(shots, 'mtm-turn-375.png'), fullPage: true });
    await a.screenshot({ path: join(shots, 'mtm-turn-desktop.png'), fullPage: true });
  }

  // --- the active player connects the face-up tile through the board
  const canScore = await connectTile(pages[active]);
  await expectWindow(pages, active);
  let before = await tallies(b);
  if (shots) {
    await b.screenshot({ path: join(shots, 'mtm-window-375.png'), fullPage: true });
    await a.screenshot({ path: join(shots, 'mtm-window-desktop.png'), fullPage: true });
  }

  // --- the waiting player answers first; the active player sees only "answered"
  const otherSeat = 1 - active;
  const other = pages[otherSeat];
  const otherChoice = await chooseAnswer(other);
  await sendAnswer(other, otherChoice);
  await other.getByTestId('answered').waitFor();
  await pages[active].waitForFunction(
    (s) => document.querySelector(`[data-testid="answer-status-${s}"]`)?.getAttribute('data-answered') === 'true',
    otherSeat,
  );
  assert.equal(await pages[active].getByTestId(`answer-status-${active}`).getAttribute('data-answered'), 'false');
  assert.doesNotMatch((await pages[active].getByTestId('mtm-log').textContent()) ?? '', /scored|passed/, 'nothing revealed yet');
  assert.equal(await pages[active].getByTestId('claim-submit').count(), 1, 'the active player still decides');
  if (shots) await other.screenshot({ path: join(shots, `mtm-answered-${otherSeat ? '375' : 'desktop'}.png`), fullPage: true });

  // --- the active player answers: the window closes, everything is revealed together
  const activeChoice = await chooseAnswer(pages[active]);
  if (canScore) assert.notEqual(activeChoice.claimed, null, 'the preview said the active player could score');
  await sendAnswer(pages[active], activeChoice);
  /** @type {(number|null)[]} */
  let claims = [];
  claims[active] = activeChoice.claimed;
  claims[otherSeat] = otherChoice.claimed;
  await expectClosed(pages, claims, 1 - active, before);
  let scored = claims.some((c) => c !== null);
  await noHorizontalScroll(b);
  if (shots) {
    await b.screenshot({ path: join(shots, 'mtm-after-375.png'), fullPage: true });
    await a.screenshot({ path: join(shots, 'mtm-after-desktop.png'), fullPage: true });
  }

  // --- next turn: connect again, and both answer at the same instant (the
  // second answer to arrive was decided on the version before the first
  // one landed; it still counts, being decided inside the open window)
  active = 1 - active;
  await connectTile(pages[active]);
  await expectWindow(pages, active);
  before = await tallies(b);
  const choices = await Promise.all(pages.map(chooseAnswer));
  await Promise.all(pages.map((p, i) => sendAnswer(p, choices[i])));
  claims = choices.map((c) => c.claimed);
  await expectClosed(pages, claims, 1 - active, before);
  scored ||= claims.some((c) => c !== null);

  // --- until both players have claimed in one window: grow the hands by
  // drawing, then connect where the active player can score; the other
  // player claims too whenever their hand fits a new combo
  let both = claims.every((c) => c !== null);
  for (let turn = 0; !both && turn < 40; turn++) {
    active = 1 - active;
    const p = pages[active];
    await waitPhase(p, 'turn', active);
    const { hand } = await tally(p, active);
    const canDraw = !(await p.getByTestId('draw-two').isDisabled());
    const ready = hand >= 10 || !canDraw;
    if (ready && ((await findScoringPlacement(p)) || !canDraw)) {
      if (!(await p.getByTestId('place-preview').count())) await connectTile(p);
      else await p.getByTestId('place-confirm').click();
      await expectWindow(pages, active);
      before = await tallies(b);
      claims = [];
      for (const seat of [1 - active, active]) {
        const c = await chooseAnswer(pages[seat]);
        claims[seat] = c.claimed;
        await sendAnswer(pages[seat], c);
      }
      await expectClosed(pages, claims, 1 - active, before);
      scored ||= claims.some((c) => c !== null);
      both = claims.every((c) => c !== null);
    } else {
      if (await p.getByTestId('place-preview').count()) await p.getByTestId('place-cancel').click();
      await p.getByTestId('draw-two').click();
      for (const q of pages) await waitPhase(q, 'turn', 1 - active);
      assert.equal((await tally(p, active)).hand, hand + 2, 'drew two cards');
      assert.match((await p.getByTestId('mtm-log').textContent()) ?? '', /You drew \w+, \w+/);
    }
  }
  assert.ok(both, 'both players claimed in the same window');
  assert.ok(scored, 'someone scored a combo');
  if (shots) {
    await b.screenshot({ path: join(shots, 'mtm-scored-375.png'), fullPage: true });
    await a.screenshot({ path: join(shots, 'mtm-scored-desktop.png'), fullPage: true });
  }
  await noHorizontalScroll(b);

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});

test('a whole match: junior scoring, a timed-out window, game over and history', { timeout: 400_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'mix-the-mutts' });
  const pages = [a, b];
  // Options set in the lobby reach B (read-only there).
  await a.getByTestId('opt-junior').check();
  await a.getByTestId('opt-timer').selectOption('30');
  await a.getByTestId('opt-first-player').selectOption('1');
  await b.waitForFunction(() => /** @type {HTMLInputElement|null} */ (document.querySelector('[data-testid="opt-junior"]'))?.checked);
  await b.waitForFunction(() => /** @type {HTMLSelectElement|null} */ (document.querySelector('[data-testid="opt-first-player"]'))?.value === '1');
  assert.equal(await b.getByTestId('opt-timer').inputValue(), '30');

  await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
  await a.getByTestId('start').click();
  // Ben (seat 1) was chosen to go first.
  let active = 1;
  for (const p of pages) await waitPhase(p, 'turn', active);

  // --- nobody answers: the response timer runs out, answers for both (no
  // claim), and the log says the time ran out rather than that they passed
  await connectTile(pages[active]);
  await expectWindow(pages, active);
  const clock = (await a.getByTestId('countdown').textContent()) ?? '';
  assert.match(clock, /\b0:[0-3]\d\b/, `a 30 s countdown: ${clock}`);
  let before = await tallies(b);
  for (const [seat, p] of pages.entries()) {
    await waitPhase(p, 'turn', 1 - active);
    await checkReveal(p, seat, [null, null], true);
    assert.equal(await p.getByTestId('countdown').count(), 0, 'no countdown outside a window');
  }
  assert.deepEqual(await tallies(b), before);
  active = 1 - active;

  // --- play out the remaining nine tiles, everyone claiming what they can
  for (let placed = 1; placed < 10; placed++) {
    const p = pages[active];
    await waitPhase(p, 'turn', active);
    await connectTile(p);
    await expectWindow(pages, active);
    before = await tallies(b);
    /** @type {(number|null)[]} */
    const claims = [];
    for (const seat of [1 - active, active]) {
      const c = await chooseAnswer(pages[seat]);
      claims[seat] = c.claimed;
      await sendAnswer(pages[seat], c);
    }
    if (placed < 9) {
      await expectClosed(pages, claims, 1 - active, before);
    } else {
      for (const [seat, q] of pages.entries()) {
        await waitPhase(q, 'finished');
        // The last window's reveal is in the log, behind "Show the table" now
        // that the final scorecard is up: open it, check, fold it again.
        await q.getByTestId('show-table-toggle').click();
        await checkReveal(q, seat, claims);
        await q.getByTestId('show-table-toggle').click();
      }
    }
    active = 1 - active;
  }

  // --- game over: the scorecard counts cards (junior), ranks and winners
  for (const p of pages) {
    const over = p.getByTestId('game-over');
    await over.waitFor({ timeout: 30_000 });
    assert.match((await over.textContent()) ?? '', /Game over/);
    await p.getByTestId('mtm-scorecard').waitFor();
    for (const seat of [0, 1]) {
      const score = (await p.getByTestId(`final-score-${seat}`).textContent()) ?? '';
      assert.match(score, /^\s*\d+\s*cards?\s*$/, `junior score in cards: ${score}`);
      const shown = Number(score.match(/\d+/)?.[0]);
      assert.equal(shown, (await tally(p, seat)).points, 'final score matches the table');
    }
    assert.match((await p.getByTestId('mtm-scorecard').textContent()) ?? '', /Junior scoring/);
    assert.equal(await p.locator('[data-testid^="hex-"]').count(), 0, 'no open hexes once the match is over');
  }
  for (const p of pages) await checkGameOverOnce(p, { note: /Junior scoring/, tableTestId: 'mtm-players' });
  await noHorizontalScroll(b);
  if (shots) {
    await b.screenshot({ path: join(shots, 'mtm-over-375.png'), fullPage: true });
    await a.screenshot({ path: join(shots, 'mtm-over-desktop.png'), fullPage: true });
  }

  // History keeps the scorecard.
  await b.getByTestId('match-link').click();
  await b.waitForURL(/\/matches\/[0-9a-f-]+$/);
  await b.getByTestId('mtm-scorecard').waitFor();
  await b.getByTestId('final-0').waitFor();
  await noHorizontalScroll(b);

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});

test('by default a window waits for everyone (no clock); "pass for me" passes only a hand that can claim nothing', { timeout: 300_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'mix-the-mutts' });
  const pages = [a, b];
  assert.equal(await a.getByTestId('opt-timer').inputValue(), 'off', 'new rooms leave windows to the turn timer (off)');
  await a.getByTestId('opt-first-player').selectOption('0');
  await b.waitForFunction(() => /** @type {HTMLSelectElement|null} */ (document.querySelector('[data-testid="opt-first-player"]'))?.value === '0');
  // Ben ticked "Pass for me when I can't claim" before (his browser remembers it).
  await b.evaluate(() => localStorage.setItem('parlor.pref.mtm.autoPass', 'on'));
  await a.getByTestId('start').click();
  let active = 0;
  let passedForBen = 0;
  let benChose = 0;
  for (let placed = 0; placed < 10 && !(passedForBen && benChose); placed++) {
    await waitPhase(pages[active], 'turn', active);
    await connectTile(pages[active]);
    for (const p of pages) await waitPhase(p, 'window', active);
    for (const p of pages) assert.equal(await p.getByTestId('countdown').count(), 0, 'no clock: everyone is waited for');
    await b.waitForFunction(
      () => document.querySelector('[data-testid="answered"]') || document.querySelector('[data-testid="claim-pass"]:not([disabled])'),
    );
    const canClaim = (await b.locator('[data-testid^="claim-combo-"]:not([disabled])').count()) > 0;
    if (await b.getByTestId('answered').count()) {
      assert.match((await b.getByTestId('answered').textContent()) ?? '', /Passed for you: nothing to claim\./);
      passedForBen += 1;
    } else if (canClaim) {
      // Something to claim: nothing is sent for him; he decides.
      await b.waitForTimeout(400);
      assert.equal(await b.getByTestId('answered').count(), 0, 'no pass sent for a hand that can claim');
      await sendAnswer(b, await chooseAnswer(b));
      benChose += 1;
    } else {
      await b.getByTestId('answered').waitFor();
      passedForBen += 1;
    }
    await sendAnswer(a, await chooseAnswer(a));
    active = 1 - active;
  }
  assert.ok(passedForBen > 0, `a window Ben could not claim from was passed for him (he chose in ${benChose})`);
  assert.deepEqual(errors, []);
  await close();
});

/** The game's own words on the page: its table, its final scorecard and its options (the room around them is the app's). */
const MINE = '[data-testid="mtm-table"], [data-testid="mtm-scorecard"], [data-testid="mtm-options"]';
const NAMES = ['Ana', 'Ben'];

/**
 * Both pages read only German in the game's parts, and nothing overflows
 * (A at 1280×900, B at 390×844); screenshots when asked.
 * @param {Page[]} pages
 * @param {string} what
 */
async function german(pages, what) {
  for (const [seat, p] of pages.entries()) {
    await noEnglish(p, NAMES);
    await noOverflow(p);
    if (shots) await p.screenshot({ path: join(shots, `mtm-de-${what}-${seat ? '390' : '1280'}.png`), fullPage: true });
  }
}

/**
 * One connection and its window, everyone answering through the claim
 * panel; `during` runs while the window is open, before anyone answers.
 * @param {Page[]} pages
 * @param {number} active
 * @param {(pages: Page[]) => Promise<void>} [during]
 */
async function playTile(pages, active, during) {
  await waitPhase(pages[active], 'turn', active);
  await connectTile(pages[active]);
  for (const p of pages) await waitPhase(p, 'window', active);
  if (during) await during(pages);
  for (const seat of [1 - active, active]) await sendAnswer(pages[seat], await chooseAnswer(pages[seat]));
}

test('a whole match in German: the table, the claim panel and the scorecard read German, nothing overflows', { timeout: 600_000, skip: heavyOnly }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'mix-the-mutts', lang: 'de' });
  const pages = [a, b];
  await a.setViewportSize({ width: 1280, height: 900 });
  await b.setViewportSize({ width: 390, height: 844 });
  assert.equal(await a.evaluate(() => document.documentElement.lang), 'de');
  // The options, in the lobby: the host's editable, B's read-only.
  await a.getByTestId('opt-first-player').selectOption('0');
  await b.waitForFunction(() => /** @type {HTMLSelectElement|null} */ (document.querySelector('[data-testid="opt-first-player"]'))?.value === '0');
  await german(pages, 'lobby');

  await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
  await a.getByTestId('start').click();
  let active = 0;
  for (const p of pages) {
    await waitPhase(p, 'turn', active);
    await p.getByTestId('mtm-hand').waitFor();
  }
  assert.match((await a.getByTestId('mtm-hand').textContent()) ?? '', /4 Karten/);
  await german(pages, 'turn');

  // A hex chosen: the preview and, on the phone, the floating bar.
  await a.locator('[data-testid^="hex-"]').first().click();
  await a.getByTestId('place-preview').waitFor();
  await german(pages, 'preview');
  await a.getByTestId('place-cancel').click();

  // Ten tiles, everyone claiming what they can.
  for (let placed = 0; placed < 10; placed++) {
    await playTile(pages, active, async (ps) => {
      if (placed === 0 || placed === 5) {
        for (const p of ps) await p.getByTestId('claim-pass').waitFor();
        await german(ps, `window-${placed}`);
      }
    });
    if (placed === 0) {
      // The log tells the window in German: who scored or passed.
      for (const p of pages) {
        await waitPhase(p, 'turn', 1);
        await p.getByTestId('mtm-log').getByTestId('reveal').first().waitFor();
        assert.match((await p.getByTestId('mtm-log').textContent()) ?? '', /Wertung beendet/);
      }
      await german(pages, 'after');
    }
    active = 1 - active;
  }

  // The final scorecard and, behind "show the table", the table.
  for (const p of pages) {
    await waitPhase(p, 'finished');
    await p.getByTestId('mtm-scorecard').waitFor();
    assert.match((await p.getByTestId('mtm-scorecard').textContent()) ?? '', /Jede Karte zählt die Punkte ihrer Rasse/);
  }
  await german(pages, 'over');
  for (const p of pages) await p.getByTestId('show-table-toggle').click();
  await german(pages, 'over-table');

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});

test('in the pseudo-locale every word of the table and the rules comes from a catalog', { timeout: 300_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'mix-the-mutts', lang: 'en-XA' });
  const pages = [a, b];
  assert.deepEqual(await untranslated(a, NAMES, MINE), [], 'the options');
  await a.getByTestId('opt-first-player').selectOption('1');
  await b.waitForFunction(() => /** @type {HTMLSelectElement|null} */ (document.querySelector('[data-testid="opt-first-player"]'))?.value === '1');
  await a.getByTestId('start').click();
  for (const p of pages) await waitPhase(p, 'turn', 1);
  for (const p of pages) assert.deepEqual(await untranslated(p, NAMES, MINE), [], 'a turn');
  await b.locator('[data-testid^="hex-"]').first().click();
  await b.getByTestId('place-preview').waitFor();
  assert.deepEqual(await untranslated(b, NAMES, MINE), [], 'a preview');
  await b.getByTestId('place-cancel').click();

  // Two tiles: a window, and the log after it.
  await playTile(pages, 1, async (ps) => {
    for (const p of ps) await p.getByTestId('claim-pass').waitFor();
    for (const p of ps) assert.deepEqual(await untranslated(p, NAMES, MINE), [], 'a window');
  });
  for (const p of pages) await waitPhase(p, 'turn', 0);
  await a.getByTestId('draw-two').click();
  for (const p of pages) await waitPhase(p, 'turn', 1);
  for (const p of pages) {
    await p.getByTestId('mtm-log').getByTestId('reveal').first().waitFor();
    assert.deepEqual(await untranslated(p, NAMES, MINE), [], 'mid-match, with the log');
  }

  // The rules, from the room's header.
  await a.getByTestId('rules-header').click();
  const panel = 'dialog[open][data-testid="rules-panel"]';
  await a.locator(panel).waitFor();
  assert.ok((await a.locator(panel).locator('section').count()) >= 6, 'every section of the rules');
  assert.deepEqual(await untranslated(a, NAMES, panel), [], 'the rules');

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});

test('in Arabic the page reads right to left and the board keeps its geometry', { timeout: 300_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'mix-the-mutts', lang: 'ar' });
  const pages = [a, b];
  await a.setViewportSize({ width: 1280, height: 900 });
  await b.setViewportSize({ width: 390, height: 844 });
  await a.getByTestId('opt-first-player').selectOption('1');
  await b.waitForFunction(() => /** @type {HTMLSelectElement|null} */ (document.querySelector('[data-testid="opt-first-player"]'))?.value === '1');
  await a.getByTestId('start').click();
  for (const p of pages) {
    await waitPhase(p, 'turn', 1);
    assert.equal(await p.evaluate(() => document.documentElement.dir), 'rtl');
    // The board's frame stays left to right: east is on the right in every language.
    assert.equal(await p.getByTestId('mtm-board').evaluate((svg) => getComputedStyle(/** @type {Element} */ (svg.parentElement)).direction), 'ltr');
    await noEnglish(p, NAMES);
    await noOverflow(p);
  }
  // East stays on the right: of two open hexes in one row, the one further east (greater q) is drawn further right.
  const hexes = await b.locator('[data-testid^="hex-"]').evaluateAll((gs) =>
    gs.map((g) => {
      const [q, r] = (g.getAttribute('data-testid') ?? '').replace('hex-', '').split(/(?<=\d)-/).map(Number);
      const box = g.getBoundingClientRect();
      return { q, r, x: box.x + box.width / 2 };
    }),
  );
  for (const h1 of hexes) {
    for (const h2 of hexes) {
      if (h1.r === h2.r && h1.q < h2.q) {
        assert.ok(h1.x < h2.x, `hex ${h1.q},${h1.r} left of ${h2.q},${h2.r}`);
      }
    }
  }
  assert.ok(hexes.length >= 2, 'open hexes to compare');
  await b.locator('[data-testid^="hex-"]').first().click();
  await b.getByTestId('place-preview').waitFor();
  await noOverflow(b);
  if (shots) {
    await b.screenshot({ path: join(shots, 'mtm-ar-preview-390.png'), fullPage: true });
    await a.screenshot({ path: join(shots, 'mtm-ar-turn-1280.png'), fullPage: true });
  }
  await b.getByTestId('place-cancel').click();
  await playTile(pages, 1, async (ps) => {
    for (const p of ps) {
      await p.getByTestId('claim-pass').waitFor();
      await noEnglish(p, NAMES);
      await noOverflow(p);
    }
    if (shots) {
      await b.screenshot({ path: join(shots, 'mtm-ar-window-390.png'), fullPage: true });
      await a.screenshot({ path: join(shots, 'mtm-ar-window-1280.png'), fullPage: true });
    }
  });
  for (const p of pages) await waitPhase(p, 'turn', 0);
  if (shots) {
    await b.screenshot({ path: join(shots, 'mtm-ar-after-390.png'), fullPage: true });
    await a.screenshot({ path: join(shots, 'mtm-ar-after-1280.png'), fullPage: true });
  }
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});
