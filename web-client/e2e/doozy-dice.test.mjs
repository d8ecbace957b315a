// End-to-end: two browsers play Doozy Dice against a real parlor-server.
//
//   npm run build && npm run test:e2e
//
// Env: PARLOR_SERVER_BIN (default ../target/debug/parlor-server), CHROMIUM (default
// /usr/bin/chromium), E2E_SCREENSHOTS=dir to save PNGs of the table.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { firstRoll, playTurn, startMatch, turnSeat, waitTurn } from './doozy.mjs';
import { heavyOnly, newPage, noEnglish, noHorizontalScroll, noOverflow, openRoom as openAnyRoom, shots, untranslated, useServer, atBothSizes, PHONE, DESKTOP } from './helpers.mjs';

const h = useServer();

/**
 * A Doozy Dice room with A (desktop) as host and B (phone) joined.
 * @param {import('playwright-core').Browser} br
 * @param {string[]} errors
 */
function openRoom(br, errors) {
  return openAnyRoom(br, h.baseUrl, errors, { game: 'doozy-dice' });
}

test('two players create, join, start and play a turn each', { timeout: 240_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, errors);
  await noHorizontalScroll(b);

  const firstSeat = await startMatch(a);
  const pages = [a, b];
  assert.ok(firstSeat === 0 || firstSeat === 1, `first seat ${firstSeat}`);
  await waitTurn(b, firstSeat);
  const roller = pages[firstSeat];
  const other = pages[1 - firstSeat];
  assert.match((await roller.getByTestId('turn-indicator').textContent()) ?? '', /Your turn/);
  assert.equal(await other.getByTestId('roll').count(), 0, 'no roll button for the waiting player');

  if (shots) await b.screenshot({ path: join(shots, 'table-375-start.png'), fullPage: true });

  // --- first player's turn (spending a dot if the dice allow)
  const rec1 = await playTurn(roller, firstSeat, { spendDots: true });
  const secondSeat = 1 - firstSeat;
  for (const p of pages) {
    await waitTurn(p, secondSeat);
    const cell = p.getByTestId(`score-${firstSeat}-${rec1.card}`);
    assert.match((await cell.textContent()) ?? '', new RegExp(`^\\s*${rec1.rolls}\\b`));
  }
  assert.match((await other.getByTestId('turn-indicator').textContent()) ?? '', /Your turn/);
  await noHorizontalScroll(b);

  // --- B reloads: the token in localStorage reclaims the seat
  const tokenKeys = await b.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('parlor.token.')));
  assert.equal(tokenKeys.length, 1);
  await b.reload();
  await b.getByTestId('player-1').locator('.you').waitFor();
  assert.equal(await b.getByTestId('join-name').count(), 0, 'no join form after reload');
  assert.equal(await turnSeat(b), secondSeat);
  await b.getByTestId('conn-status').getByText('connected').waitFor();

  // --- a third browser without a seat token watches read-only
  const ctxC = await browser.newContext({ viewport: { width: 375, height: 700 } });
  const c = await newPage(ctxC, errors);
  await c.goto(`${h.baseUrl}/r/${await a.getByTestId('room-code').textContent()}`);
  await c.getByTestId('spectating').waitFor();
  assert.equal(await turnSeat(c), secondSeat);
  assert.equal(await c.getByTestId('roll').count(), 0, 'spectators get no roll button');
  assert.equal(await c.locator('[data-testid^="claim-"]').count(), 0);
  assert.match((await c.getByTestId(`score-${firstSeat}-${rec1.card}`).textContent()) ?? '', new RegExp(`^\\s*${rec1.rolls}\\b`));
  await ctxC.close();

  // --- second player's turn
  const rec2 = await playTurn(pages[secondSeat], secondSeat);
  for (const p of pages) {
    await waitTurn(p, firstSeat);
    const cell = p.getByTestId(`score-${secondSeat}-${rec2.card}`);
    assert.match((await cell.textContent()) ?? '', new RegExp(`^\\s*${rec2.rolls}\\b`));
    // The first player's record is still there.
    assert.match((await p.getByTestId(`score-${firstSeat}-${rec1.card}`).textContent()) ?? '', new RegExp(`^\\s*${rec1.rolls}\\b`));
  }
  // The log tells what happened.
  const log = (await a.getByTestId('log').textContent()) ?? '';
  assert.match(log, /(claimed|cutoff)/);

  await noHorizontalScroll(b);
  if (shots) {
    await b.screenshot({ path: join(shots, 'table-375.png'), fullPage: true });
    await a.screenshot({ path: join(shots, 'table-desktop.png'), fullPage: true });
  }
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});

test('a whole match: options, game over, seed and history', { timeout: 600_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, errors);

  // The host's option change reaches the other player (read-only there).
  assert.equal(await b.getByTestId('opt-lock-set-aside').isDisabled(), true);
  await a.getByTestId('opt-lock-set-aside').check();
  await b.waitForFunction(() => /** @type {HTMLInputElement|null} */ (document.querySelector('[data-testid="opt-lock-set-aside"]'))?.checked);

  const pages = [a, b];
  let seat = await startMatch(a);
  // 2 players × 5 rounds; a dot hint, when one shows, is followed and checked.
  const hints = { n: 0 };
  for (let turn = 0; turn < 10; turn++) {
    await waitTurn(pages[seat], seat);
    await playTurn(pages[seat], seat, { followHints: true, hints });
    seat = 1 - seat;
    if (turn < 9) await waitTurn(pages[seat], seat);
  }

  for (const p of pages) {
    const over = p.getByTestId('game-over');
    await over.waitFor({ timeout: 30_000 });
    assert.match((await over.textContent()) ?? '', /Game over/);
    await p.getByTestId('final-0').waitFor();
    await p.getByTestId('final-1').waitFor();
    const sha = (await p.getByTestId('seed-sha256').textContent()) ?? '';
    assert.match(sha, /^[0-9a-f]{64}$/);
    const seed = (await p.getByTestId('seed').textContent()) ?? '';
    assert.match(seed, /^[0-9a-f]+$/);
  }
  // The game-over screen says it once: one "Game over", one scorecard with
  // its explanation; the table below keeps the log, not the scorecards again.
  for (const p of pages) {
    const text = (await p.locator('main').innerText()) ?? '';
    assert.equal(text.match(/Game over/g)?.length, 1, `"Game over" once:\n${text}`);
    assert.equal(text.match(/lowest wins/g)?.length, 1, 'the explanation once');
    assert.equal(await p.getByTestId('final-scorecard').count(), 1);
    assert.equal(await p.getByTestId('scorecard').count(), 0, 'no second scorecard under the final one');
    assert.match(await p.getByTestId('game-over').innerText(), /(Ana|Ben|you) wins?!/);
  }
  // The whole log: both players' turns from the start, unfolded and downloadable.
  const log = a.getByTestId('log');
  const count = Number(await log.getAttribute('data-count'));
  assert.ok(count > 14, `a whole match makes many lines (${count})`);
  assert.equal(await log.locator(':scope > li').count(), 14, 'folded: the newest 14');
  await a.getByTestId('log-toggle').click();
  assert.equal(await log.locator(':scope > li').count(), count, 'unfolded: every line');
  const all = (await log.innerText()) ?? '';
  for (const who of ['Ana', 'Ben']) assert.match(all, new RegExp(`${who} (claimed|hit the 13-roll cutoff)`), `${who}'s turns are in the log`);
  assert.match(all, /Dealt /, 'the log starts with the deal');
  const box = await log.boundingBox();
  assert.ok(box && box.height <= 24 * 16 + 4, `the unfolded log scrolls in a box (${box?.height} px)`);
  const [download] = await Promise.all([a.waitForEvent('download'), a.getByTestId('log-download').click()]);
  const file = await download.path();
  assert.ok(file);
  const { readFileSync } = await import('node:fs');
  const saved = readFileSync(file, 'utf8').trim().split('\n');
  assert.equal(saved.length, count, 'the download holds every line');
  assert.match(saved[0], /Dealt /, 'oldest first');
  assert.match(download.suggestedFilename(), /^doozy-dice-[0-9a-f]{8}\.txt$/);
  console.log(`dot hints followed: ${hints.n}`);

  await noHorizontalScroll(b);
  if (shots) {
    await b.screenshot({ path: join(shots, 'game-over-375.png'), fullPage: true });
    await a.screenshot({ path: join(shots, 'game-over-desktop.png'), fullPage: true });
  }

  // History lists it; its page shows the scorecard.
  await b.getByTestId('match-link').click();
  await b.waitForURL(/\/matches\/[0-9a-f-]+$/);
  await b.getByTestId('match-result').waitFor();
  await b.getByTestId('final-0').waitFor();
  await b.goto(`${h.baseUrl}/matches`);
  await b.getByTestId('match-list').waitFor();
  assert.match((await b.getByTestId('match-list').textContent()) ?? '', /Ana.*Ben/s);
  await noHorizontalScroll(b);
  if (shots) await b.screenshot({ path: join(shots, 'history-375.png'), fullPage: true });

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});

/** The game's own part of the room: its table and, at the end, its final scorecard. */
const TABLE = '[data-testid="doozy-table"], [data-testid="final-scorecard"]';
const NAMES = ['Ana', 'Ben'];

/**
 * No English in the table (and its final scorecard), nothing overflowing,
 * the page right to left: on both pages (the roller's and the other's), each
 * at a phone's and a desktop's size.
 * @param {import('playwright-core').Page[]} pages
 * @param {string} when for the screenshots' names, or '' for none
 */
async function checkArabic(pages, when) {
  for (const [i, p] of pages.entries()) {
    assert.equal(await p.evaluate(() => document.documentElement.dir), 'rtl', `${when}: the page is right to left`);
    assert.equal(await p.evaluate(() => document.documentElement.lang), 'ar');
    await atBothSizes(p, async (size) => {
      await noEnglish(p, NAMES);
      await noOverflow(p);
      if (shots && when) await p.screenshot({ path: join(shots, `ar-${when}-${NAMES[i]}-${size}.png`), fullPage: true });
    });
  }
}

test('a whole match in Arabic, right to left: no English, nothing overflows', { timeout: 600_000, skip: heavyOnly }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openAnyRoom(browser, h.baseUrl, errors, { game: 'doozy-dice', lang: 'ar', viewportA: DESKTOP, viewportB: PHONE });
  const pages = [a, b];
  try {
    // The lobby's options panel is the game's too.
    for (const p of pages) {
      assert.equal(await p.evaluate(() => document.documentElement.dir), 'rtl');
      await noEnglish(p, NAMES, 'fieldset.options');
    }
    await a.getByTestId('opt-lock-set-aside').check();
    await b.waitForFunction(() => /** @type {HTMLInputElement|null} */ (document.querySelector('[data-testid="opt-lock-set-aside"]'))?.checked);

    let seat = await startMatch(a);
    await waitTurn(pages[1 - seat], seat);
    await checkArabic(pages, 'start');

    // The first turn by hand: the first roll, then the dots panel open.
    await firstRoll(pages[seat]);
    await checkArabic(pages, 'rolled');
    const open = pages[seat].locator('[data-testid^="adjust-open-"]').first();
    if (await open.count()) {
      await open.click();
      await pages[seat].getByTestId('adjust-panel').waitFor();
      await checkArabic(pages, 'adjust');
      await pages[seat].getByTestId('adjust-cancel').click();
    }
    const hints = { n: 0 };
    await playTurn(pages[seat], seat, { from: 1, followHints: true, hints });
    seat = 1 - seat;

    for (let turn = 1; turn < 10; turn++) {
      await waitTurn(pages[seat], seat);
      await waitTurn(pages[1 - seat], seat);
      if (turn === 5) {
        await checkArabic(pages, 'mid');
        // The rules, in Arabic, on the page not rolling.
        const reader = pages[1 - seat];
        await reader.getByTestId('rules-header').click();
        await reader.locator('dialog[open][data-testid="rules-panel"]').waitFor();
        await atBothSizes(reader, async (size) => {
          await noEnglish(reader, NAMES, 'dialog[open][data-testid="rules-panel"]');
          await noOverflow(reader);
          if (shots) await reader.screenshot({ path: join(shots, `ar-rules-${size}.png`) });
        });
        await reader.keyboard.press('Escape');
        await reader.waitForFunction(() => document.querySelectorAll('dialog[open]').length === 0);
      }
      await playTurn(pages[seat], seat, { followHints: true, spendDots: turn % 3 === 0, hints });
      seat = 1 - seat;
    }

    for (const p of pages) await p.getByTestId('final-1').waitFor({ timeout: 30_000 });
    await checkArabic(pages, 'final');
    // The log, unfolded: every line in Arabic.
    await a.getByTestId('log-toggle').click();
    await noEnglish(a, NAMES, '[data-testid="log"]');
    await noOverflow(a);
    console.log(`dot hints followed in Arabic: ${hints.n}`);
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  } finally {
    await close();
  }
});

test('the pseudo-locale: every word of the table and the rules from the catalog', { timeout: 240_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openAnyRoom(browser, h.baseUrl, errors, { game: 'doozy-dice', lang: 'en-XA', viewportA: DESKTOP, viewportB: PHONE });
  const pages = [a, b];
  try {
    assert.deepEqual(await untranslated(a, NAMES, 'fieldset.options'), [], 'the options panel');
    let seat = await startMatch(a);
    await waitTurn(pages[1 - seat], seat);
    // A turn in progress, as the roller and as the one watching; the dots panel open.
    await firstRoll(pages[seat]);
    for (const p of pages) assert.deepEqual(await untranslated(p, NAMES, TABLE), [], 'the table after the first roll');
    const open = pages[seat].locator('[data-testid^="adjust-open-"]').first();
    if (await open.count()) {
      await open.click();
      await pages[seat].getByTestId('adjust-panel').waitFor();
      assert.deepEqual(await untranslated(pages[seat], NAMES, TABLE), [], 'the dots panel');
      await pages[seat].getByTestId('adjust-cancel').click();
    }
    await playTurn(pages[seat], seat, { from: 1, spendDots: true });
    seat = 1 - seat;
    await waitTurn(pages[seat], seat);
    await playTurn(pages[seat], seat);
    seat = 1 - seat;
    for (const p of pages) {
      await waitTurn(p, seat);
      assert.deepEqual(await untranslated(p, NAMES, TABLE), [], 'the table mid-match, the log and scorecards');
      await noOverflow(p);
    }
    if (shots) {
      await a.screenshot({ path: join(shots, 'en-XA-mid-desktop.png'), fullPage: true });
      await b.screenshot({ path: join(shots, 'en-XA-mid-390.png'), fullPage: true });
    }
    // The rules panel, from the header.
    await b.getByTestId('rules-header').click();
    const panel = b.locator('dialog[open][data-testid="rules-panel"]');
    await panel.waitFor();
    assert.deepEqual(await untranslated(b, NAMES, 'dialog[open][data-testid="rules-panel"]'), [], 'the rules panel');
    await b.keyboard.press('Escape');
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  } finally {
    await close();
  }
});

// With PARLOR_HEAVY=1: the German walk in every-page.test.mjs shows this table at both sizes.
test('German at a phone and a desktop: a turn each, no English, nothing overflows', { timeout: 240_000, skip: heavyOnly }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openAnyRoom(browser, h.baseUrl, errors, { game: 'doozy-dice', lang: 'de', viewportA: DESKTOP, viewportB: PHONE });
  const pages = [a, b];
  try {
    let seat = await startMatch(a);
    await waitTurn(pages[1 - seat], seat);
    await firstRoll(pages[seat]);
    for (const [i, p] of pages.entries()) {
      await atBothSizes(p, async (size) => {
        await noEnglish(p, NAMES);
        await noOverflow(p);
        if (shots) await p.screenshot({ path: join(shots, `de-rolled-${NAMES[i]}-${size}.png`), fullPage: true });
      });
    }
    await playTurn(pages[seat], seat, { from: 1, spendDots: true });
    seat = 1 - seat;
    await waitTurn(pages[seat], seat);
    await playTurn(pages[seat], seat);
    for (const [i, p] of pages.entries()) {
      await waitTurn(p, 1 - seat);
      assert.equal(await p.evaluate(() => document.documentElement.dir), 'ltr');
      await atBothSizes(p, async (size) => {
        await noEnglish(p, NAMES);
        await noOverflow(p);
        if (shots) await p.screenshot({ path: join(shots, `de-mid-${NAMES[i]}-${size}.png`), fullPage: true });
      });
    }
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  } finally {
    await close();
  }
});
