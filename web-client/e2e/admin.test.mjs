// End-to-end: the server host's admin page against a real parlor-server run
// with PARLOR_ADMIN_TOKEN.
//
//   npm run build && node --test e2e/admin.test.mjs
//
// Two players (A desktop, B phone 390×844) start a Doozy Dice match; an
// admin in a third context is refused with a wrong token, opens the page
// with the right one, sees the room with both players connected, and closes
// it with a reason. Both players' pages then show that reason and stop
// reconnecting (no new socket); a reload shows the closed room at once; the
// room leaves the admin list and the retention numbers are there. A
// spectator arriving shows up by the page's own 10 s refresh; cut off just
// before the close, it learns of it while reconnecting (HTTP 410). A second
// server without the token shows the page as off.
// E2E_SCREENSHOTS=dir saves admin-{desktop,phone}, admin-close-dialog,
// admin-closed-player-{phone,desktop} and admin-off.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { finishOverSocket, startMatch } from './doozy.mjs';
import { newPage, noHorizontalScroll, openRoom, shots, useServer } from './helpers.mjs';

const TOKEN = 'e2e-admin-token-0123456789';
const REASON = 'Server maintenance at 18:00, sorry!';

const h = useServer({ env: { PARLOR_ADMIN_TOKEN: TOKEN } });
/** The same binary without a token: the admin API answers 404. */
const off = useServer();

/**
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
async function snap(page, name) {
  if (!shots) return;
  for (const x of await page.locator('[data-testid^="toast-"] .close').all()) await x.click().catch(() => {});
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/**
 * Runs in the page before the app: records its sockets, and with
 * `__tap.block` set points new ones at an address that is no socket, so the
 * page stays disconnected (as on a dropped network).
 */
function socketTap() {
  /** @type {{ block: boolean, sockets: WebSocket[] }} */
  const tap = { block: false, sockets: [] };
  /** @type {any} */ (window).__tap = tap;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    /** @param {string | URL} url @param {string | string[]} [protocols] */
    constructor(url, protocols) {
      super(tap.block ? `${location.origin.replace(/^http/, 'ws')}/no-socket-here` : url, protocols);
      tap.sockets.push(this);
    }
  };
}

/**
 * Counts the WebSocket connections a page opens from now on.
 * @param {import('playwright-core').Page} page
 */
function countSockets(page) {
  const seen = { n: 0 };
  page.on('websocket', () => {
    seen.n += 1;
  });
  return seen;
}

test('the host sees live rooms, closes one with a reason, and the players are told why', { timeout: 240_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, {
    game: 'doozy-dice',
    viewportA: { width: 1280, height: 800 },
    viewportB: { width: 390, height: 844 },
  });
  const code = (a.url().match(/\/r\/([A-Z0-9]+)$/) ?? [])[1];
  assert.ok(code, 'room code in the URL');
  // A whole first match (2 players × 5 rounds), for the finished list; then
  // "play again", so the room is live and playing when it is closed.
  const pages = [a, b];
  await startMatch(a);
  // Played to the end over the seats' own sockets (doozy-dice.test.mjs plays
  // whole matches through the UI; here only the finished match matters).
  await Promise.all([finishOverSocket(pages[0]), finishOverSocket(pages[1])]);
  await a.getByTestId('game-over').waitFor({ timeout: 30_000 });
  const matchId = ((await a.getByTestId('match-link').getAttribute('href')) ?? '').replace('/matches/', '');
  assert.ok(matchId, 'the finished match has an id');
  // A rematch starts once both players ask for one.
  await a.getByTestId('rematch-button').click();
  await b.getByTestId('rematch-button').click();
  for (const p of pages) {
    await p.getByTestId('game-over').waitFor({ state: 'detached', timeout: 30_000 });
    await p.waitForFunction(() => document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-seat'));
  }

  // --- the admin: a wrong token first
  const ctxAdmin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await newPage(ctxAdmin, errors);
  await admin.goto(`${h.baseUrl}/admin`);
  await admin.getByRole('heading', { name: 'Server admin' }).waitFor();
  await admin.getByLabel('Admin token').fill('not-the-token-at-all');
  await admin.getByTestId('admin-open').click();
  await admin.getByTestId('admin-error').getByText('Wrong token.').waitFor();
  assert.equal(await admin.getByTestId('admin-rooms').count(), 0, 'nothing shown with a wrong token');
  assert.equal(await admin.evaluate(() => sessionStorage.getItem('parlor.admin')), null, 'a wrong token is not kept');

  // --- the right token: the room with both players, connected
  await admin.getByLabel('Admin token').fill(TOKEN);
  await admin.getByTestId('admin-open').click();
  const row = admin.getByTestId(`admin-room-${code}`);
  await row.waitFor();
  assert.equal(await admin.getByTestId('admin-error').count(), 0, 'the error is gone');
  assert.equal(await admin.evaluate(() => sessionStorage.getItem('parlor.admin')), TOKEN, 'kept for this tab');
  assert.equal(await admin.evaluate(() => localStorage.getItem('parlor.admin')), null, 'never in localStorage');
  const rowText = (await row.textContent()) ?? '';
  assert.match(rowText, /Doozy Dice/);
  assert.match(rowText, /Playing/);
  assert.match(rowText, /Ana/);
  assert.match(rowText, /Ben/);
  assert.match(rowText, /host/);
  for (const seat of [0, 1]) {
    assert.equal(await admin.getByTestId(`admin-seat-${code}-${seat}`).getAttribute('data-connected'), 'true', `seat ${seat} connected`);
  }
  assert.equal(((await admin.getByTestId(`admin-conns-${code}`).textContent()) ?? '').trim(), '2');
  assert.equal(await row.getByRole('link', { name: code }).getAttribute('href'), `/r/${code}`);
  // The retention numbers.
  assert.equal(await admin.getByTestId('ret-live').textContent(), '1');
  assert.match((await admin.getByTestId('ret-idle').textContent()) ?? '', /^\d+ (s|min|h)/);
  assert.equal(await admin.getByTestId('stored-playing').textContent(), '1');
  for (const id of ['ret-lobby', 'ret-finished', 'stored-lobbies', 'stored-steps', 'swept-lobbies', 'swept-matches', 'swept-rooms']) {
    assert.ok(((await admin.getByTestId(id).textContent()) ?? '').trim().length > 0, `${id} shown`);
  }
  // The finished match: game, both players, a winner, a time, its page.
  const item = admin.getByTestId(`admin-match-${matchId}`);
  assert.equal(await item.getAttribute('href'), `/matches/${matchId}`);
  const itemText = (await item.textContent()) ?? '';
  assert.match(itemText, /Doozy Dice/);
  assert.match(itemText, /Ana.*Ben/s);
  // The winner carries the drawn trophy (no emoji font needed), named for screen readers.
  assert.ok((await item.locator('svg[data-icon="trophy"][aria-label="winner"]').count()) >= 1, 'a trophy marks the winner');
  assert.ok(((await item.locator('time').getAttribute('datetime')) ?? '').startsWith(String(new Date().getUTCFullYear())));
  assert.equal(await admin.getByTestId('stored-finished-matches').textContent(), '1');
  await noHorizontalScroll(admin);
  await snap(admin, 'admin-desktop');

  // The same page on a phone: no sideways scroll, the close button reachable.
  await admin.setViewportSize({ width: 390, height: 844 });
  await noHorizontalScroll(admin);
  assert.ok(await admin.getByTestId(`admin-close-${code}`).isVisible());
  await snap(admin, 'admin-phone');

  // A refresh after reload keeps the token (sessionStorage) and shows the same.
  await admin.reload();
  await admin.getByTestId(`admin-room-${code}`).waitFor();

  // Auto-refresh (every 10 s, nothing clicked): a spectator arriving shows up.
  const ctxC = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  await ctxC.addInitScript(socketTap);
  const c = await newPage(ctxC, errors);
  await c.goto(`${h.baseUrl}/r/${code}`);
  await c.getByTestId('spectating').waitFor();
  await admin.waitForFunction(
    (id) => /^3\b/.test(document.querySelector(`[data-testid="admin-conns-${id}"]`)?.textContent?.trim() ?? ''),
    code,
    { timeout: 15_000 },
  );
  assert.match((await admin.getByTestId(`admin-conns-${code}`).textContent()) ?? '', /1 watching/);

  // The spectator loses its connection just before the close, so it learns
  // of it while reconnecting (the upgrade is refused; the room answers 410).
  await c.evaluate(() => {
    const tap = /** @type {any} */ (window).__tap;
    tap.block = true;
    for (const ws of tap.sockets) ws.close();
  });
  await c.waitForFunction(() => /reconnecting/.test(document.querySelector('[data-testid="conn-status"]')?.textContent ?? ''));

  // --- close it: a reason is needed, then the players are cut off
  const socketsA = countSockets(a);
  const socketsB = countSockets(b);
  await admin.getByTestId(`admin-close-${code}`).click();
  const dialog = admin.getByRole('dialog');
  await dialog.waitFor();
  assert.equal(await admin.getByTestId('close-confirm').isDisabled(), true, 'no closing without a reason');
  await admin.getByTestId('close-reason').fill(REASON);
  await snap(admin, 'admin-close-dialog');
  await admin.getByTestId('close-confirm').click();
  await dialog.waitFor({ state: 'detached' });
  await admin.getByTestId('toast-info').getByText(`Room ${code} closed.`).waitFor();

  for (const p of [a, b]) {
    const banner = p.getByTestId('closed-banner');
    await banner.getByText(REASON, { exact: false }).waitFor({ timeout: 15_000 });
    assert.match((await banner.textContent()) ?? '', /closed by the server's host/);
    assert.equal(await banner.getByRole('button').count(), 0, 'no "Reconnect" for a closed room');
    assert.equal(((await p.getByTestId('conn-status').textContent()) ?? '').trim(), 'disconnected');
    assert.doesNotMatch((await p.locator('main').textContent()) ?? '', /reconnecting/i, 'nobody is said to be reconnecting');
    assert.equal(await p.getByTestId('roll').count(), 0, 'the table of a game that cannot go on is gone');
    await p.getByTestId('ended-links').getByRole('link', { name: 'Match history' }).waitFor();
  }
  // Well past the first backoff delays: no page tries to connect again.
  await new Promise((r) => setTimeout(r, 4000));
  assert.equal(socketsA.n + socketsB.n, 0, 'no reconnect attempts after the room was closed');
  // The spectator, away at the time, is told too, and stops trying.
  await c.getByTestId('closed-banner').getByText(REASON, { exact: false }).waitFor({ timeout: 20_000 });
  assert.equal(((await c.getByTestId('conn-status').textContent()) ?? '').trim(), 'disconnected');
  const tries = await c.evaluate(() => /** @type {any} */ (window).__tap.sockets.length);
  await new Promise((r) => setTimeout(r, 3000));
  assert.equal(await c.evaluate(() => /** @type {any} */ (window).__tap.sockets.length), tries, 'no more attempts');
  await ctxC.close();
  await snap(b, 'admin-closed-player-phone');
  await noHorizontalScroll(b);

  // A reload: the room page says why at once instead of connecting.
  await a.reload();
  await a.getByTestId('room-closed').getByText(REASON, { exact: false }).waitFor();
  assert.equal(await a.getByTestId('conn-status').count(), 0, 'no connection to a closed room');
  await snap(a, 'admin-closed-player-desktop');

  // --- the admin list: the room is gone, the numbers follow
  await admin.getByTestId('admin-refresh').click();
  await admin.getByTestId('admin-no-rooms').waitFor();
  assert.equal(await admin.getByTestId(`admin-room-${code}`).count(), 0, 'closed room not listed');
  await admin.waitForFunction(() => document.querySelector('[data-testid="ret-live"]')?.textContent === '0');

  // Forget: the token leaves the tab and the data goes.
  await admin.getByTestId('admin-forget').click();
  assert.equal(await admin.evaluate(() => sessionStorage.getItem('parlor.admin')), null);
  assert.equal(await admin.getByTestId('admin-retention').count(), 0);

  assert.deepEqual(errors, []);
  await ctxAdmin.close();
  await close();
});

test('the page says when the admin API is off on the server', { timeout: 60_000 }, async () => {
  const browser = off.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await newPage(ctx, errors);
  await page.goto(`${off.baseUrl}/admin`);
  await page.getByLabel('Admin token').fill(TOKEN);
  await page.getByTestId('admin-open').click();
  await page.getByTestId('admin-error').getByText('The admin page is off on this server (set PARLOR_ADMIN_TOKEN).').waitFor();
  assert.equal(await page.getByTestId('admin-retention').count(), 0);
  await noHorizontalScroll(page);
  await snap(page, 'admin-off');
  assert.deepEqual(errors, []);
  await ctx.close();
});
