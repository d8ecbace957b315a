// End-to-end: names and seats in the lobby (a taken name refused, a rename,
// leaving a seat and the seats after it moving up), then after a match the
// results stay: a rematch waits for every player, and the host takes the
// room back to the lobby instead.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/seats.test.mjs
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { finishOverSocket, startMatch } from './doozy.mjs';
import { newPage, noHorizontalScroll, openRoom, shots, useServer } from './helpers.mjs';

const h = useServer();

test('rename, leave a seat, then rematch ready-check and back to the lobby', { timeout: 300_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, ctxA, close } = await openRoom(browser, h.baseUrl, errors, { game: 'doozy-dice' });
  const code = new URL(a.url()).pathname.split('/')[2];

  // A name another seat has is refused, with the reason; another is fine.
  await b.getByTestId('rename').click();
  await b.getByTestId('rename-input').fill('ANA');
  await b.getByTestId('rename-save').click();
  await b.getByTestId('toast-error').getByText(/another player here is called Ana/).waitFor();
  await b.getByTestId('rename').click();
  await b.getByTestId('rename-input').fill('Bea');
  await b.getByTestId('rename-save').click();
  await a.getByTestId('seat-1').getByText('Bea').waitFor();
  if (shots) await b.screenshot({ path: join(shots, 'seats-lobby-390.png'), fullPage: true });

  // Cy joins; Bea gives up her seat and watches; Cy moves up to seat 1.
  const ctxC = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const c = await newPage(ctxC, errors);
  await c.goto(`${h.baseUrl}/r/${code}`);
  await c.getByTestId('join-name').fill('Cy');
  await c.getByTestId('join-submit').click();
  await c.getByTestId('seat-2').getByText('you').waitFor();
  await b.getByTestId('leave-seat').click();
  await b.getByTestId('leave-confirm').click();
  await b.getByTestId('spectating').waitFor();
  await c.getByTestId('seat-1').getByText('you').waitFor();
  await a.getByTestId('seat-1').getByText('Cy').waitFor();
  assert.equal(await a.getByTestId('seat-2').count(), 0, 'two seats left');
  // Her page forgot the seat: a reload watches, with no token refused.
  await b.reload();
  await b.getByTestId('seat-1').getByText('Cy').waitFor();
  assert.equal(await b.getByTestId('seat-controls').count(), 0, 'no seat to rename');
  assert.equal(await b.evaluate((k) => localStorage.getItem(`parlor.token.${k}`), code), null);

  // A match between Ana and Cy.
  const pages = [a, c];
  await startMatch(a);
  // Played to the end over the seats' own sockets (doozy-dice.test.mjs plays
  // whole matches through the UI; here only the finished match matters).
  await Promise.all([finishOverSocket(pages[0]), finishOverSocket(pages[1])]);
  for (const p of [a, b, c]) await p.getByTestId('game-over').waitFor({ timeout: 30_000 });

  // The results stay: Ana asks for a rematch; it waits for Cy.
  await a.getByTestId('rematch-button').click();
  await c.getByTestId('rematch-status').getByText(/Ana ✓[\s\S]*waiting for Cy/).waitFor();
  await b.getByTestId('rematch-status').getByText(/waiting for Cy/).waitFor();
  assert.equal(await b.getByTestId('rematch-button').count(), 0, 'a spectator has no say');
  assert.equal(await c.getByTestId('back-to-lobby').count(), 0, 'only the host goes back to the lobby');
  await a.getByTestId('game-over').waitFor();
  if (shots) await c.screenshot({ path: join(shots, 'seats-rematch-desktop.png'), fullPage: true });
  await noHorizontalScroll(a);

  // Ana takes everyone back to the lobby instead: options and names can change.
  await a.getByTestId('back-to-lobby').click();
  for (const p of [a, b, c]) await p.getByTestId('seat-list').waitFor();
  assert.equal(await c.getByTestId('game-over').count(), 0, 'the table is cleared in the lobby');
  await c.getByTestId('rename').click();
  await c.getByTestId('rename-input').fill('Cyd');
  await c.getByTestId('rename-save').click();
  await a.getByTestId('seat-1').getByText('Cyd').waitFor();
  await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await ctxC.close();
  await close();
  void ctxA;
});
