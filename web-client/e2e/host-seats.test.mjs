// End-to-end: the host's say over who sits. The host moves a guest to the
// spectators (the guest's page says so, keeps watching and forgets its
// token; the old token is refused later and the page still says why), sees
// the closed seat and reopens it, locks the room (a visitor opening the link
// is offered only to watch, with the reason) and opens it again (a visitor
// can sit). Then a room's table talk at its cap: the refusal shows in the chat.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/host-seats.test.mjs
//
// Env as in helpers.mjs; E2E_SCREENSHOTS=dir saves desktop (1280×900) and
// phone (390×844) PNGs.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { newPage, noHorizontalScroll, openRoom, shots, useServer } from './helpers.mjs';

// A small cap on table talk, so the chat_full refusal is quick to reach.
const h = useServer({ env: { PARLOR_CHAT_MAX_LINES: '3' } });

/**
 * @param {import('playwright-core').Page} page
 * @param {string} code
 */
const tokenOf = (page, code) => page.evaluate((k) => localStorage.getItem(`parlor.token.${k}`), code);

test('the host moves a guest to the spectators, reopens the seat, locks and unlocks the room', { timeout: 180_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, ctxB, close } = await openRoom(browser, h.baseUrl, errors, {
    game: 'doozy-dice',
    viewportA: { width: 1280, height: 900 },
    viewportB: { width: 390, height: 844 },
  });
  const code = new URL(a.url()).pathname.split('/')[2];
  const link = `${h.baseUrl}/r/${code}`;
  const bensToken = await tokenOf(b, code);
  const anasToken = (await tokenOf(a, code)) ?? '';

  /**
   * Saves what the host sees on a phone (a second page with her token).
   * @param {string} file
   */
  async function hostOnPhone(file) {
    if (!shots || !browser) return;
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const host = await phone.newPage();
    await host.goto(`${h.baseUrl}/`);
    await host.evaluate(([k, t]) => localStorage.setItem(`parlor.token.${k}`, t), [code, anasToken]);
    await host.goto(link);
    await host.getByTestId('lock-toggle').waitFor();
    await host.screenshot({ path: join(shots, file), fullPage: true });
    await phone.close();
  }
  assert.ok(bensToken, 'Ben holds a seat token');

  // Only the host has the controls, and never on their own seat.
  await a.getByTestId('lock-toggle').waitFor();
  assert.equal(await a.getByTestId('unseat-0').count(), 0, 'the host is not moved');
  assert.equal(await b.getByTestId('unseat-0').count(), 0, 'a guest moves nobody');
  assert.equal(await b.getByTestId('lock-toggle').count(), 0, 'a guest locks nothing');

  // --- the host moves Ben to the spectators (after confirming)
  await a.getByTestId('unseat-1').click();
  await a.getByTestId('unseat-confirm-1').getByText('Move Ben to the spectators?').waitFor();
  await a.getByTestId('unseat-no-1').click();
  assert.equal(await a.getByTestId('unseat-confirm-1').count(), 0, 'cancelled');
  await a.getByTestId('unseat-1').click();
  if (shots) {
    await a.screenshot({ path: join(shots, 'host-seats-confirm-desktop.png') });
    await a.setViewportSize({ width: 390, height: 844 });
    await a.getByTestId('unseat-confirm-1').scrollIntoViewIfNeeded();
    await a.screenshot({ path: join(shots, 'host-seats-confirm-390.png') });
    await a.setViewportSize({ width: 1280, height: 900 });
  }
  await a.getByTestId('unseat-yes-1').click();

  // Ben's page says so, has no seat, and forgot the token.
  await b.getByTestId('unseated').getByText('The host moved you to the spectators').waitFor();
  await b.getByTestId('closed-seat').waitFor();
  assert.equal(await b.getByTestId('seat-1').count(), 0, 'no seat 1 any more');
  assert.equal(await b.getByText('you', { exact: true }).count(), 0, 'no "you" badge');
  assert.equal(await b.getByTestId('seat-controls').count(), 0, 'no seat to rename or leave');
  assert.equal(await b.getByTestId('join-name').count(), 0, 'no join form pushed at him');
  assert.equal(await b.getByTestId('reopen-seat-0').count(), 0, 'only the host reopens');
  assert.equal(await b.getByTestId('conn-status').textContent(), 'connected');
  assert.equal(await tokenOf(b, code), null, 'the token is forgotten');
  assert.match((await b.getByTestId('seating-note').textContent()) ?? '', /One seat is closed by the host\./);
  if (shots) await b.screenshot({ path: join(shots, 'host-seats-moved-390.png'), fullPage: true });
  await noHorizontalScroll(b);

  // The host sees a closed seat in Ben's place, and one spectator.
  await a.getByTestId('closed-seat').getByText('Closed seat').waitFor();
  assert.equal(await a.getByTestId('seat-1').count(), 0);
  await a.getByText('1 watching').waitFor();
  assert.match((await a.getByTestId('seating-note').textContent()) ?? '', /One seat is closed until you reopen it\./);
  if (shots) {
    await a.screenshot({ path: join(shots, 'host-seats-closed-desktop.png'), fullPage: true });
    await hostOnPhone('host-seats-closed-host-390.png');
    await b.setViewportSize({ width: 1280, height: 900 });
    await b.screenshot({ path: join(shots, 'host-seats-moved-desktop.png'), fullPage: true });
    await b.setViewportSize({ width: 390, height: 844 });
  }

  // The old token is refused (close 4001): a page still holding it watches,
  // says why, and forgets it.
  const old = await newPage(ctxB, errors);
  await old.goto(`${h.baseUrl}/`);
  await old.evaluate(([k, t]) => localStorage.setItem(`parlor.token.${k}`, t), [code, bensToken]);
  await old.goto(link);
  await old.getByTestId('lost-seat').getByText('The host moved you to the spectators.').waitFor();
  assert.equal(await tokenOf(old, code), null, 'the refused token is forgotten');
  assert.equal(await old.getByTestId('seat-controls').count(), 0);
  await old.close();

  // --- the host reopens the seat
  await a.getByTestId('reopen-seat-0').click();
  await a.getByTestId('closed-seat').waitFor({ state: 'detached' });
  await b.getByTestId('closed-seat').waitFor({ state: 'detached' });
  assert.equal(await a.getByTestId('seating-note').count(), 0, 'nothing closed, nothing locked');
  // Ben may sit again if he wants to (not pushed at him).
  await b.getByTestId('unseated').getByTestId('sit-again').waitFor();

  // --- the host locks the room: a visitor is offered only to watch, and why
  await a.getByTestId('lock-toggle').check();
  await a.getByTestId('seating-note').getByText(/You have locked this room/).waitFor();
  await b.getByTestId('seating-note').getByText('The host has locked this room: people with the link can only watch.').waitFor();
  assert.equal(await b.getByTestId('sit-again').count(), 0, 'no seat offered in a locked room');
  if (shots) {
    await a.screenshot({ path: join(shots, 'host-seats-locked-desktop.png'), fullPage: true });
    await hostOnPhone('host-seats-locked-host-390.png');
  }
  const ctxC = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const c = await newPage(ctxC, errors);
  await c.goto(link);
  await c.getByTestId('no-seat-reason').getByText('The host has locked this room: you can watch.').waitFor();
  assert.equal(await c.getByTestId('join-name').count(), 0, 'no name to give');
  assert.equal(await c.getByTestId('join-submit').count(), 0, 'no seat to take');
  if (shots) await c.screenshot({ path: join(shots, 'host-seats-locked-visitor-390.png'), fullPage: true });
  await noHorizontalScroll(c);
  // The server agrees: a join while locked only lets them watch.
  const refused = await c.request.post(`${h.baseUrl}/api/rooms/${code}/join`, { data: { name: 'Sneaky' } });
  assert.equal(refused.status(), 200);
  assert.equal((await refused.json()).seat, null, 'no seat in a locked room');
  await c.getByTestId('watch').click();
  await c.getByTestId('spectating').waitFor();
  assert.equal(await c.getByTestId('sit-again').count(), 0);

  // --- the host opens the room again: the visitor may sit
  await a.getByTestId('lock-toggle').uncheck();
  await a.getByTestId('seating-note').waitFor({ state: 'detached' });
  await c.getByTestId('sit-again').click();
  await c.getByTestId('join-name').fill('Cy');
  await c.getByTestId('join-submit').click();
  await c.getByTestId('seat-1').getByText('you').waitFor();
  await a.getByTestId('seat-1').getByText('Cy').waitFor();
  assert.ok(await tokenOf(c, code), 'Cy holds a token');
  // A fresh visitor is offered a seat straight away.
  const d = await newPage(ctxB, errors);
  await d.goto(link);
  await d.getByTestId('join-name').waitFor();
  assert.equal(await d.getByTestId('no-seat-reason').count(), 0);
  await d.close();

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await ctxC.close();
  await close();
  void ctxB;
});

test('a room whose table talk is full says so in the chat', { timeout: 60_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const a = await newPage(ctx, errors);
  await a.goto(`${h.baseUrl}/`);
  await a.getByTestId('game-doozy-dice').click();
  await a.getByTestId('name-input').fill('Ana');
  await a.getByTestId('create-room').click();
  await a.waitForURL(/\/r\/[A-Z0-9]+$/);
  await a.getByTestId('chat').locator('summary').click();
  // The cap is 3 lines (PARLOR_CHAT_MAX_LINES above); one line per 400 ms.
  for (const [i, words] of ['one', 'two', 'three', 'four'].entries()) {
    if (i > 0) await a.waitForTimeout(500);
    await a.getByTestId('chat-input').fill(words);
    await a.getByTestId('chat-send').click();
    if (i < 3) await a.getByTestId('chat-lines').getByText(words, { exact: true }).waitFor();
  }
  await a.getByTestId('chat-full').getByText(/table talk is full/).waitFor();
  assert.match((await a.getByTestId('chat-full').textContent()) ?? '', /^This room's table talk is full/);
  await a.getByTestId('toast-error').getByText(/table talk is full/).waitFor();
  assert.equal(await a.getByTestId('chat-lines').getByText('four', { exact: true }).count(), 0);
  if (shots) await a.screenshot({ path: join(shots, 'host-seats-chat-full-desktop.png'), fullPage: true });
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await ctx.close();
});
