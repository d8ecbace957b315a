// End-to-end: bots. The host seats bots in the lobby (Easy, Normal or Hard,
// each with its one-line description; marked with an icon and the word
// "bot", removable by the host), starts a Doozy Dice match against a hard
// one and plays it to the end through the UI while the bot's moves (each
// from a search on the server's search threads) show up on its scorecard; the history and the match page mark
// the bot's seat. Then, in a match between two people, the host lets a bot
// play for a player who went away, sees it play, and the stand-in stops when
// the player comes back. Last, the turn timer: picked in the lobby, ticking
// at the table, a decision the timer made narrated as such, and a page that
// reloads mid-match gets the whole log back.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/bots.test.mjs
// E2E_SCREENSHOTS=dir saves bots-{lobby,table,over,stand-in}-{desktop,phone}.png and bots-replay-{desktop,phone}.png.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { playTurn, startMatch, waitTurn } from './doozy.mjs';
import { newPage, noHorizontalScroll, openRoom, shots, useServer } from './helpers.mjs';

// Slow enough to see the bot thinking, quick enough for a short test (the
// hard bot's search is capped as short as the others' think).
const h = useServer({ env: { PARLOR_BOT_THINK: '250ms', PARLOR_HARD_BOT_THINK: '250ms' } });

/** @param {import('playwright-core').Page} page @param {string} name */
async function snap(page, name) {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/**
 * Cards a seat has scored so far, read from its scorecard.
 * @param {import('playwright-core').Page} page
 * @param {number} seat
 */
async function scored(page, seat) {
  return page.evaluate(
    (s) => Array.from(document.querySelectorAll(`[data-testid^="score-${s}-"]`)).filter((td) => td.textContent?.trim() !== '–').length,
    seat,
  );
}

test('the host adds a hard bot in the lobby and plays a whole match against it', { timeout: 120_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const a = await newPage(ctx, errors);
  await a.goto(`${h.baseUrl}/`);
  await a.getByTestId('game-doozy-dice').click();
  await a.getByTestId('name-input').fill('Ana');
  await a.getByTestId('create-room').click();
  await a.waitForURL(/\/r\/[A-Z0-9]+$/);

  // Add an Easy bot and a Hard one, then remove the Easy one: the Hard
  // bot moves up to its seat. Each level says in a line what it is.
  await a.getByTestId('add-bot').getByText('Add a bot').waitFor();
  const levels = [
    { level: 'easy', name: /Easy/, hint: /Learning the game/ },
    { level: 'normal', name: /Normal/, hint: /Plays sensibly/ },
    { level: 'hard', name: /Hard/, hint: /Thinks ahead/ },
  ];
  for (const { level, name, hint } of levels) {
    const text = (await a.getByTestId(`add-bot-${level}`).textContent()) ?? '';
    assert.match(text, name, `the ${level} button is named`);
    assert.match(text, hint, `the ${level} button says what it is`);
  }
  await a.getByTestId('add-bot-easy').click();
  const bot = a.getByTestId('bot-1');
  await bot.waitFor();
  assert.match((await bot.textContent()) ?? '', /easy bot/, 'the word "bot", not only a colour');
  assert.equal(await bot.locator('svg[data-icon="bot"]').count(), 1, 'a bot icon');
  await a.getByTestId('add-bot-hard').click();
  await a.getByTestId('bot-2').getByText('hard bot').waitFor();
  await a.getByTestId('remove-bot-1').click();
  await a.getByTestId('seat-2').waitFor({ state: 'detached' });
  await a.getByTestId('bot-1').getByText('hard bot').waitFor();
  assert.equal(await a.getByTestId('remove-bot-1').count(), 1, 'the host may remove it');
  await snap(a, 'bots-lobby-desktop');
  await a.setViewportSize({ width: 390, height: 844 });
  await noHorizontalScroll(a);
  const removeBox = await a.getByTestId('remove-bot-1').boundingBox();
  assert.ok(removeBox && removeBox.height >= 44 && removeBox.width >= 44, 'the remove button is a 44 px target');
  await snap(a, 'bots-lobby-phone');
  await a.setViewportSize({ width: 1100, height: 900 });

  let seat = await startMatch(a);
  let sawThinking = false;
  let botCards = 0;
  for (let turn = 0; turn < 10; turn++) {
    if (seat === 1) {
      // The bot's turn: the turn line and its seat say it is thinking, then its card shows.
      try {
        await a.getByTestId('thinking-1').waitFor({ timeout: 5_000 });
        assert.match((await a.getByTestId('turn-indicator').textContent()) ?? '', /bot thinking/);
        sawThinking = true;
      } catch {
        // The bot may be done before we look; its card below proves it moved.
      }
      if (turn === 1 || turn === 0) await snap(a, 'bots-table-desktop');
      await a.waitForFunction((n) => {
        const over = !!document.querySelector('[data-testid="game-over"]');
        const cells = Array.from(document.querySelectorAll('[data-testid^="score-1-"]')).filter((td) => td.textContent?.trim() !== '–').length;
        return over || cells > n;
      }, botCards, { timeout: 30_000 });
      if (turn < 9) {
        botCards = await scored(a, 1);
        assert.equal(botCards, Math.ceil((turn + 1) / 2), 'one card per bot turn');
      }
    } else {
      await waitTurn(a, 0);
      await playTurn(a, 0);
    }
    seat = 1 - seat;
    if (turn < 9) await waitTurn(a, seat);
  }
  assert.ok(sawThinking, 'the page showed the bot thinking at least once');

  const over = a.getByTestId('game-over');
  await over.waitFor({ timeout: 30_000 });
  assert.match((await over.textContent()) ?? '', /Game over/);
  await a.getByTestId('final-scorecard').waitFor();
  await a.getByTestId('final-0').waitFor();
  await a.getByTestId('final-1').waitFor();
  assert.match((await a.getByTestId('final-1').textContent()) ?? '', /\(bot\)/, "the bot's line on the final scorecard");
  await snap(a, 'bots-over-desktop');

  // The match page and the history mark the bot's seat, with its level.
  await a.getByTestId('match-link').click();
  await a.getByTestId('match-result').waitFor();
  await a.getByTestId('bot-mark-1').getByText('hard bot').waitFor();
  assert.equal(await a.getByTestId('bot-mark-0').count(), 0, 'Ana is no bot');
  // The replay too, on the seat it offers the bot's eyes from.
  await a.getByTestId('open-replay').click();
  await a.getByTestId('replay-bot-mark-1').getByText('hard bot').waitFor();
  assert.equal(await a.getByTestId('replay-bot-mark-0').count(), 0, 'Ana is no bot in the replay');
  assert.match(await a.getByTestId('replay-mover').locator('option').nth(1).innerText(), /\(hard bot\)/);
  await snap(a, 'bots-replay-desktop');
  await a.setViewportSize({ width: 390, height: 844 });
  await noHorizontalScroll(a);
  await snap(a, 'bots-replay-phone');
  await a.setViewportSize({ width: 1100, height: 900 });
  await a.goto(`${h.baseUrl}/matches`);
  await a.getByTestId('match-list').waitFor();
  assert.equal((await a.getByTestId('bot-mark-1').first().innerText()).trim(), 'hard bot');
  assert.equal(await a.getByTestId('bot-mark-0').count(), 0);
  await snap(a, 'bots-history-desktop');

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await ctx.close();
});

test('the host lets a bot play for a player who went away; it stops when they come back', { timeout: 120_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, ctxB, close } = await openRoom(browser, h.baseUrl, errors, { game: 'doozy-dice', viewportB: { width: 390, height: 844 } });
  const code = new URL(a.url()).pathname.split('/')[2];
  assert.equal(await b.getByTestId('add-bot').count(), 0, 'only the host adds bots');

  const first = await startMatch(a);
  await waitTurn(b, first);
  assert.equal(await a.getByTestId('stand-ins').count(), 0, 'nobody is away: nothing offered');
  // Ben goes away (his page closes; his browser keeps the seat token).
  await b.close();
  const start = a.getByTestId('stand-in-start-1');
  await start.waitFor({ timeout: 20_000 });
  assert.match((await start.textContent()) ?? '', /Let a bot play for Ben/);
  await start.click();
  await a.getByTestId('stand-in-1').getByText('bot playing for Ben').waitFor();
  await a.getByTestId('stand-in-stop-1').waitFor();
  await snap(a, 'bots-stand-in-desktop');

  // The bot plays Ben's turn (Ana plays hers if she is first).
  if (first === 0) {
    await waitTurn(a, 0);
    await playTurn(a, 0);
  }
  await a.waitForFunction(
    () => Array.from(document.querySelectorAll('[data-testid^="score-1-"]')).some((td) => td.textContent?.trim() !== '–'),
    null,
    { timeout: 30_000 },
  );
  await waitTurn(a, 0);

  // The host stops it: Ben's seat waits for Ben again.
  await a.getByTestId('stand-in-stop-1').click();
  await a.getByTestId('stand-in-start-1').waitFor();
  assert.equal(await a.getByTestId('stand-in-1').count(), 0);
  // On again, then Ben comes back: the stand-in stops by itself.
  await a.getByTestId('stand-in-start-1').click();
  await a.getByTestId('stand-in-1').waitFor();
  const b2 = await newPage(ctxB, errors);
  await b2.goto(`${h.baseUrl}/r/${code}`);
  await b2.getByTestId('player-1').locator('.you').waitFor();
  await a.getByTestId('stand-in-1').waitFor({ state: 'detached' });
  await a.getByTestId('stand-ins').waitFor({ state: 'detached' });
  await noHorizontalScroll(b2);
  await snap(b2, 'bots-stand-in-phone');

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});

test('history marks a player a stand-in played for, with every score and how long the match took', { timeout: 180_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'doozy-dice' });
  const first = await startMatch(a);
  await waitTurn(b, first);
  await b.close();
  await a.getByTestId('stand-in-start-1').click();
  await a.getByTestId('stand-in-1').waitFor();
  // Ana plays hers; the stand-in plays all of Ben's.
  for (;;) {
    await a.waitForFunction(
      () => document.querySelector('[data-testid="game-over"]') || document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-seat') === '0',
      null,
      { timeout: 30_000 },
    );
    if (await a.getByTestId('game-over').count()) break;
    await playTurn(a, 0);
    await a.waitForFunction(
      () => document.querySelector('[data-testid="game-over"]') || document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-seat') !== '0',
    );
  }
  await a.goto(`${h.baseUrl}/matches`);
  await a.getByTestId('match-list').waitFor();
  await a.getByTestId('stand-in-mark-1').first().waitFor();
  assert.match((await a.getByTestId('stand-in-mark-1').first().textContent()) ?? '', /mostly a stand-in/);
  assert.equal(await a.getByTestId('stand-in-mark-0').count(), 0, 'Ana played her own moves');
  for (const seat of [0, 1]) assert.match((await a.getByTestId(`score-${seat}`).first().textContent()) ?? '', /^-?\d+$/);
  const length = (await a.locator('[data-testid^="length-"]').first().textContent()) ?? '';
  assert.match(length, /\d+ min · \d+ moves · /);
  await snap(a, 'history-stand-in-desktop');
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});

test('the turn timer: picked in the lobby, ticking at the table, its decisions narrated; a reload gets the whole log', { timeout: 90_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'doozy-dice' });
  // The host picks; Ben sees the choice and cannot change it.
  assert.equal(await b.getByTestId('turn-timer-fast').count(), 0, 'only the host picks');
  await a.getByTestId('turn-timer-fast').check();
  await b.getByTestId('turn-timer-shown').getByText('Fast: 15 s a decision').waitFor();
  const box = await a.locator('label:has([data-testid="turn-timer-fast"])').boundingBox();
  assert.ok(box && box.height >= 44, 'a 44 px target');
  await snap(a, 'timer-lobby-desktop');

  const first = await startMatch(a);
  const [mover, other] = first === 0 ? [a, b] : [b, a];
  await mover.getByTestId('turn-clock').getByText('Your decision').waitFor();
  await other.getByTestId('turn-clock').getByText(first === 0 ? 'Ana to decide' : 'Ben to decide').waitFor();
  const seconds = async () => {
    const t = (await other.getByTestId('turn-clock').locator('.clock').textContent()) ?? '';
    const m = t.match(/(\d+):(\d\d)/);
    assert.ok(m, t);
    return Number(m[1]) * 60 + Number(m[2]);
  };
  const s1 = await seconds();
  assert.ok(s1 <= 15 && s1 >= 10, `a fresh 15 s: ${s1}`);
  await other.waitForFunction(
    (before) => {
      const m = document.querySelector('[data-testid="turn-clock"] .clock')?.textContent?.match(/(\d+):(\d\d)/);
      return m && Number(m[1]) * 60 + Number(m[2]) < before;
    },
    s1,
  );
  await snap(b, 'timer-table-phone');
  // Nobody moves: the server decides when the time is up, and the log says so.
  await other.getByTestId('log').getByText(/time ran out: the server chose/).first().waitFor({ timeout: 25_000 });
  await mover.getByTestId('log').getByText(/time ran out: the server chose/).first().waitFor();
  // Ben reloads: his log reaches back to the first steps of the match.
  await b.reload();
  await b.getByTestId('turn-clock').waitFor();
  const toggle = b.getByTestId('log-toggle');
  if (await toggle.count()) await toggle.click();
  await b.getByTestId('log').getByText(/for first player|goes first/).first().waitFor();
  await b.getByTestId('log').getByText(/time ran out: the server chose/).first().waitFor();
  await snap(b, 'timer-reloaded-phone');
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});

test('at your own pace: picked in the lobby apart from the live timers, a day on the table clock', { timeout: 60_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'doozy-dice' });
  // The own-pace allowances stand in their own group, apart from the live clocks.
  const paced = a.getByTestId('pace-own-pace');
  for (const t of ['half_day', 'day', 'three_days']) assert.equal(await paced.getByTestId(`turn-timer-${t}`).count(), 1, t);
  assert.equal(await paced.getByTestId('turn-timer-fast').count(), 0, 'fast is live');
  assert.equal(await a.getByTestId('pace-live').getByTestId('turn-timer-fast').count(), 1);
  await a.getByTestId('turn-timer-day').check();
  await b.getByTestId('turn-timer-shown').getByText('At your own pace: 1 day a decision').waitFor();
  await b.getByTestId('timer-note').filter({ hasText: 'even with every page closed' }).waitFor();
  await snap(a, 'pace-lobby-desktop');
  const first = await startMatch(a);
  const [mover, other] = first === 0 ? [a, b] : [b, a];
  await mover.getByTestId('turn-clock').getByText('Your decision').waitFor();
  // Hours and minutes, not a minute count: "23 h 59 min".
  const shown = (await other.getByTestId('turn-clock').locator('.clock').textContent()) ?? '';
  assert.match(shown, /\b23 h 59 min\b|\b1 d 0 h\b/, shown);
  await snap(b, 'pace-table-phone');
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});
