// End-to-end: the server dies mid-match and comes back; the players' pages
// recover by themselves. Then presence: a player who leaves shows as away to
// the other, and comes back to the same seat.
//
//   npm run build && npm run test:e2e
//
// Two Chromium contexts (A desktop 1280×800, B phone 390×844) play Doozy
// Dice; the test SIGKILLs the server and starts the same binary again on
// the same port and SQLite database. E2E_SCREENSHOTS=dir saves the
// reconnecting banner and an away player at both sizes. A second, graceful
// restart (SIGTERM, sockets closed with 1001) comes back the same way.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { firstRoll, playTurn, startMatch, waitTurn } from './doozy.mjs';
import { newPage, noHorizontalScroll, openRoom, shots, useServer } from './helpers.mjs';

const h = useServer();

/**
 * What the table shows, for comparing before and after the restart: whose
 * turn, the roll count, the dice, each card's state, every score cell, the
 * dots and the log.
 * @param {import('playwright-core').Page} page
 */
function tableState(page) {
  return page.evaluate(() => {
    /** @param {string} sel */
    const all = (sel) =>
      Array.from(document.querySelectorAll(sel)).map((el) => [
        el.getAttribute('data-testid'),
        el.getAttribute('data-state') ?? el.getAttribute('aria-label') ?? el.textContent?.trim(),
      ]);
    return {
      turn: document.querySelector('[data-testid="turn-indicator"]')?.textContent?.trim(),
      rolls: document.querySelector('[data-testid="roll-count"]')?.textContent?.trim(),
      dice: Array.from(document.querySelectorAll('[data-testid^="die-"]')).map((d) =>
        (d.getAttribute('aria-label') ?? '').replace(/, will re-roll$/, ''),
      ),
      cards: all('[data-testid^="card-"]'),
      scores: all('[data-testid^="score-"], [data-testid^="dots-"], [data-testid^="total-"]'),
      log: document.querySelector('[data-testid="log"]')?.textContent,
    };
  });
}

/**
 * The page is connected and shows no banner.
 * @param {import('playwright-core').Page} page
 */
async function waitConnected(page, timeout = 30_000) {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="conn-status"]')?.textContent?.trim() === 'connected' &&
      !document.querySelector('[data-testid="reconnecting"]') &&
      !document.querySelector('[data-testid="closed-banner"]'),
    null,
    { timeout },
  );
}

/**
 * @param {import('playwright-core').Page} page
 * @param {number} seat
 * @param {string} presence here | away | not_yet | reconnecting
 */
async function waitPresence(page, seat, presence) {
  await page.waitForFunction(
    ([s, p]) => document.querySelector(`[data-testid="presence-${s}"]`)?.getAttribute('data-presence') === p,
    /** @type {[number, string]} */ ([seat, presence]),
    { timeout: 15_000 },
  );
}

/**
 * Collects the messages the page's sockets receive (parsed), to check what
 * the server said on reconnect.
 * @param {import('playwright-core').Page} page
 */
function watchFrames(page) {
  /** @type {any[]} */
  const msgs = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => {
      try {
        msgs.push(JSON.parse(typeof f.payload === 'string' ? f.payload : f.payload.toString()));
      } catch {
        msgs.push({ type: '?' });
      }
    });
  });
  return msgs;
}

/**
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
async function shoot(page, name) {
  if (!shots) return;
  await page.screenshot({ path: join(shots, `${name}.png`) });
  await page.screenshot({ path: join(shots, `${name}-full.png`), fullPage: true });
}

test('a killed server comes back and both pages carry on by themselves; away players show', { timeout: 300_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, ctxA, ctxB, close } = await openRoom(browser, h.baseUrl, errors, {
    game: 'doozy-dice',
    viewportA: { width: 1280, height: 800 },
    viewportB: { width: 390, height: 844 },
  });
  const roomUrl = a.url();
  const frames = [watchFrames(a), watchFrames(b)];
  /** Pages by seat: A is seat 0 (the host), B seat 1. */
  const pages = [a, b];

  // --- a few moves: the first player's whole turn, then the second player's first roll
  const first = await startMatch(a);
  const second = 1 - first;
  await waitTurn(b, first);
  const rec1 = await playTurn(pages[first], first);
  for (const p of pages) await waitTurn(p, second);
  await firstRoll(pages[second]);
  await pages[first].waitForFunction(
    () => document.querySelector('[data-testid="roll-count"]')?.textContent?.includes('Roll 1 of'),
  );
  const before = [await tableState(a), await tableState(b)];
  assert.match(before[0].rolls ?? '', /Roll 1 of/);

  // --- the server dies: a calm banner, no "room closed"
  await h.kill('SIGKILL');
  for (const p of pages) {
    await p.getByTestId('reconnecting').waitFor({ timeout: 10_000 });
    assert.match((await p.getByTestId('reconnecting').textContent()) ?? '', /Reconnecting…/);
    assert.doesNotMatch((await p.locator('main, body').first().textContent()) ?? '', /room has closed|doesn't exist/i);
    assert.equal(await p.getByTestId('closed-banner').count(), 0, 'no "closed" banner while the server is away');
    const roll = p.getByTestId('roll');
    assert.ok((await roll.count()) === 0 || (await roll.isDisabled()), 'no moves while disconnected');
    assert.equal(await p.locator('[data-testid^="claim-"]').count(), 0, 'no claims while disconnected');
  }
  await noHorizontalScroll(b);
  await shoot(a, 'restart-reconnecting-1280');
  await shoot(b, 'restart-reconnecting-390');
  // Down for a few seconds: the pages keep trying (backoff) and stay calm.
  await a.waitForTimeout(3000);
  assert.equal(await a.getByTestId('closed-banner').count(), 0);

  // --- the same binary on the same port and database
  const sinceKill = frames.map((f) => f.length);
  await h.start();
  for (const p of pages) await waitConnected(p, 30_000);
  const after = [await tableState(a), await tableState(b)];
  assert.deepEqual(after[0], before[0], 'A sees the table as it was');
  assert.deepEqual(after[1], before[1], 'B sees the table as it was');
  // They resumed: a welcome that kept their view, then the (empty) catch-up
  // update, never a full snapshot.
  for (const [i, f] of frames.entries()) {
    const got = f.slice(sinceKill[i]);
    const welcome = got.find((m) => m.type === 'welcome');
    assert.ok(welcome, `page ${i} was welcomed back`);
    assert.equal(welcome.resumed, true, `page ${i} resumed`);
    assert.equal(welcome.match, null);
    assert.ok(!got.some((m) => m.type === 'sync'), `page ${i} needed no snapshot`);
    const update = got.find((m) => m.type === 'update');
    assert.ok(update, `page ${i} got its catch-up update`);
    assert.deepEqual([update.steps.length, update.patch.length], [0, 0], 'nothing was missed');
  }

  // --- the match goes on: the second player finishes the turn, the first plays one
  const rec2 = await playTurn(pages[second], second, { from: 1 });
  for (const p of pages) {
    await waitTurn(p, first);
    await p.waitForFunction(
      ([sel, rolls]) => new RegExp(`^\\s*${rolls}\\b`).test(document.querySelector(sel)?.textContent ?? ''),
      /** @type {[string, number]} */ ([`[data-testid="score-${second}-${rec2.card}"]`, rec2.rolls]),
    );
    assert.match((await p.getByTestId(`score-${first}-${rec1.card}`).textContent()) ?? '', new RegExp(`^\\s*${rec1.rolls}\\b`));
  }
  const rec3 = await playTurn(pages[first], first);
  for (const p of pages) {
    await waitTurn(p, second);
    await p.waitForFunction(
      ([sel, rolls]) => new RegExp(`^\\s*${rolls}\\b`).test(document.querySelector(sel)?.textContent ?? ''),
      /** @type {[string, number]} */ ([`[data-testid="score-${first}-${rec3.card}"]`, rec3.rolls]),
    );
  }

  // --- presence: B leaves, A sees B away; B comes back to the same seat
  await waitPresence(a, 1, 'here');
  await b.close();
  await waitPresence(a, 1, 'away');
  assert.match((await a.getByTestId('presence-1').textContent()) ?? '', /away/);
  await shoot(a, 'away-1280');
  const b2 = await newPage(ctxB, errors);
  await b2.goto(roomUrl);
  await b2.getByTestId('player-1').locator('.you').waitFor();
  await waitConnected(b2);
  await waitPresence(a, 1, 'here');
  await waitPresence(b2, 0, 'here');
  assert.equal(await b2.getByTestId('join-name').count(), 0, 'the seat token brings B back to its seat');
  await waitTurn(b2, second);
  assert.match((await b2.getByTestId(`score-${first}-${rec3.card}`).textContent()) ?? '', new RegExp(`^\\s*${rec3.rolls}\\b`));

  // ... and the other way round, for the phone's view of an away player.
  await a.close();
  await waitPresence(b2, 0, 'away');
  await noHorizontalScroll(b2);
  await shoot(b2, 'away-390');
  const a2 = await newPage(ctxA, errors);
  await a2.goto(roomUrl);
  await waitConnected(a2);
  await waitPresence(b2, 0, 'here');

  // --- a graceful restart (SIGTERM: sockets closed with 1001) mid-turn
  const roller = second === 1 ? b2 : a2;
  await firstRoll(roller);
  const beforeTerm = await tableState(b2);
  await h.kill('SIGTERM');
  for (const p of [a2, b2]) {
    await p.getByTestId('reconnecting').waitFor({ timeout: 10_000 });
    assert.match((await p.getByTestId('reconnecting').textContent()) ?? '', /server is restarting/);
  }
  await h.start();
  for (const p of [a2, b2]) await waitConnected(p, 30_000);
  assert.deepEqual(await tableState(b2), beforeTerm, 'B sees the table as it was');

  // The one whose turn it is can still finish it.
  await playTurn(roller, second, { from: 1 });
  for (const p of [a2, b2]) await waitTurn(p, first);

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});
