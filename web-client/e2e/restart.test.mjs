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

/** How many changes a view patch holds: RFC 6902 operations (an array) or a merge patch's members (an object). */
const patchSize = (/** @type {any} */ p) => (Array.isArray(p) ? p.length : Object.keys(p).length);
/** How many steps an update carries: a list, or one game's batch (`{ game, steps }`). */
const stepCount = (/** @type {any} */ s) => (Array.isArray(s) ? s.length : s.steps.length);

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
 * What every player sees alike (no "Your turn", no local selection).
 * @param {import('playwright-core').Page} page
 * @param {{ log?: boolean }} [opts]
 */
async function publicState(page, opts = {}) {
  const { turn: _turn, log, ...rest } = await tableState(page);
  return opts.log === false ? rest : { ...rest, log };
}

/**
 * Runs in the page before the app: wraps WebSocket so the test can cut the
 * page off (`__tap.block`: connections fail), drop the next updates
 * the app would see (`__tap.drop`) or spoil their patches (`__tap.corrupt`).
 */
function socketTap() {
  /** @type {WebSocket[]} */
  const sockets = [];
  const tap = { block: false, drop: 0, corrupt: 0, sockets };
  /** @type {any} */ (window).__tap = tap;
  const Native = window.WebSocket;
  class Tapped extends Native {
    /** @param {string | URL} url @param {string | string[]} [protocols] */
    constructor(url, protocols) {
      // Blocked: a same-origin address that is no socket (CSP allows only 'self').
      super(tap.block ? `${location.origin.replace(/^http/, 'ws')}/no-socket-here` : url, protocols);
      tap.sockets.push(this);
    }
    get onmessage() {
      return super.onmessage;
    }
    set onmessage(fn) {
      super.onmessage =
        fn &&
        ((ev) => {
          let data = ev.data;
          try {
            const m = JSON.parse(data);
            if (m.type === 'update' && tap.drop > 0) {
              tap.drop -= 1;
              return;
            }
            // A patch is operations (an array) or a merge patch (an object).
            const changes = Array.isArray(m.patch) ? m.patch.length : Object.keys(m.patch ?? {}).length;
            if (m.type === 'update' && tap.corrupt > 0 && changes > 0) {
              tap.corrupt -= 1;
              m.patch = [{ op: 'remove', path: '/no/such/member' }];
              data = JSON.stringify(m);
            }
          } catch {
            // Not JSON: pass it on as it is.
          }
          fn.call(this, data === ev.data ? ev : new MessageEvent('message', { data }));
        });
    }
  }
  window.WebSocket = Tapped;
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
 * Waits until a frame of `type` has arrived at index `from` or later.
 * @param {any[]} msgs
 * @param {number} from
 * @param {string} type
 * @param {number} timeout
 */
async function waitFrame(msgs, from, type, timeout) {
  const end = Date.now() + timeout;
  while (!msgs.slice(from).some((m) => m.type === type) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 25));
  }
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
  // update, never a full snapshot. The page may show "connected" on the
  // welcome before Playwright has reported the update frame that followed it
  // in the same burst, so wait for that frame rather than read at once.
  for (const [i, f] of frames.entries()) {
    await waitFrame(f, sinceKill[i], 'update', 10_000);
    const got = f.slice(sinceKill[i]);
    const welcome = got.find((m) => m.type === 'welcome');
    assert.ok(welcome, `page ${i} was welcomed back`);
    assert.equal(welcome.resumed, true, `page ${i} resumed`);
    assert.equal(welcome.match, null);
    assert.ok(!got.some((m) => m.type === 'sync'), `page ${i} needed no snapshot`);
    const update = got.find((m) => m.type === 'update');
    assert.ok(update, `page ${i} got its catch-up update`);
    assert.deepEqual([stepCount(update.steps), patchSize(update.patch)], [0, 0], 'nothing was missed');
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

test('a player who misses steps catches up: resume with the missed steps, a gap, a bad patch', { timeout: 240_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'doozy-dice', initScript: socketTap });
  const pages = [a, b];
  const frames = [watchFrames(a), watchFrames(b)];
  const first = await startMatch(a);
  const second = 1 - first;
  await waitTurn(b, first);

  /**
   * Messages page `seat` received since `mark`, once `welcome` and an update after it are in.
   * @param {number} seat
   * @param {number} mark
   */
  const since = (seat, mark) => frames[seat].slice(mark);

  // --- 1. The second player is cut off while the first plays a whole turn.
  {
    const roller = pages[first];
    const watcher = pages[second];
    await watcher.evaluate(() => {
      const tap = /** @type {any} */ (window).__tap;
      tap.block = true;
      for (const s of tap.sockets) s.close();
    });
    await watcher.getByTestId('reconnecting').waitFor({ timeout: 10_000 });
    await waitPresence(roller, second, 'away');
    assert.match((await roller.getByTestId(`presence-${second}`).textContent()) ?? '', /away/);
    const rec = await playTurn(roller, first);
    await waitTurn(roller, second);
    const mark = frames[second].length;
    await watcher.evaluate(() => {
      /** @type {any} */ (window).__tap.block = false;
      window.dispatchEvent(new Event('online'));
    });
    await waitConnected(watcher);
    await waitTurn(watcher, second);
    await waitPresence(roller, second, 'here');
    const got = since(second, mark);
    const welcome = got.find((m) => m.type === 'welcome');
    assert.equal(welcome?.resumed, true, 'resumed');
    const update = got.find((m) => m.type === 'update');
    assert.ok(stepCount(update.steps) >= 2, `the missed steps came (${stepCount(update.steps)})`);
    assert.ok(patchSize(update.patch) > 0);
    assert.ok(!got.some((m) => m.type === 'sync'));
    assert.match((await watcher.getByTestId(`score-${first}-${rec.card}`).textContent()) ?? '', new RegExp(`^\\s*${rec.rolls}\\b`));
    // The missed steps went into the log like live ones: both logs read the same.
    assert.deepEqual(await publicState(watcher), await publicState(roller));
  }

  // --- 2. An update goes missing: the next one does not start where the page is, so it resumes.
  {
    const roller = pages[second];
    const watcher = pages[first];
    const mark = frames[first].length;
    await watcher.evaluate(() => {
      /** @type {any} */ (window).__tap.drop = 1;
    });
    await playTurn(roller, second);
    await waitTurn(roller, first);
    await waitTurn(watcher, first);
    await waitConnected(watcher);
    const got = since(first, mark);
    assert.equal(got.find((m) => m.type === 'welcome')?.resumed, true, 'the gap made it resume');
    assert.deepEqual(await publicState(watcher), await publicState(roller));
  }

  // --- 3. A patch that does not apply: the page starts afresh from a full snapshot.
  {
    const roller = pages[first];
    const watcher = pages[second];
    const mark = frames[second].length;
    await watcher.evaluate(() => {
      /** @type {any} */ (window).__tap.corrupt = 1;
    });
    await playTurn(roller, first);
    await waitTurn(roller, second);
    await waitTurn(watcher, second);
    await waitConnected(watcher);
    const got = since(second, mark);
    const welcome = got.find((m) => m.type === 'welcome');
    assert.equal(welcome?.resumed, false, 'no resume from a view gone wrong');
    assert.ok(welcome?.match, 'a full snapshot instead');
    assert.deepEqual(await publicState(watcher, { log: false }), await publicState(roller, { log: false }));
  }

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});
