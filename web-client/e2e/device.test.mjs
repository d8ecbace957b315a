// End-to-end: the tab title says whose turn it is; a seat moves to another device. Ana opens "Play on another
// device" on her laptop, opens the link on a phone (a fresh browser with no
// storage), and the phone holds her seat: it plays her turn, the laptop
// follows, and the token leaves the phone's address bar.
//
//   npm run build && node --test e2e/device.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { join } from 'node:path';
import { newPage, openRoom, shots, useServer } from './helpers.mjs';
import { playTurn, startMatch, turnSeat, waitTurn } from './doozy.mjs';

const h = useServer();

test('turn alerts in the title; chat; a seat link opens the seat on another device, which can play', { timeout: 120_000 }, async () => {
  const br = h.browser;
  assert.ok(br);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(br, h.baseUrl, errors);
  const first = await startMatch(a);
  // Turn alerts: the tab of the seat to act says so in its title.
  const [wanted, other] = first === 0 ? [a, b] : [b, a];
  await wanted.waitForFunction(() => document.title.startsWith('● Your turn · Doozy Dice'));
  assert.ok(!(await other.title()).startsWith('●'), await other.title());
  const icon = await wanted.locator('link[rel="icon"]').getAttribute('href');
  assert.ok(icon?.includes('%23dc2626'), 'the icon has its badge');
  // Chat: Ana says something; Ben's folded chat shows it unread, then reads it.
  await a.getByTestId('chat').locator('summary').click();
  await a.getByTestId('chat-input').fill('good luck!');
  await a.getByTestId('chat-send').click();
  await b.getByTestId('chat-unread').getByText('1').waitFor();
  await b.getByTestId('chat').locator('summary').click();
  await b.getByTestId('chat-lines').getByText('good luck!').waitFor();
  assert.match((await b.getByTestId('chat-lines').innerText()) ?? '', /Ana\s+good luck!/);
  assert.equal(await b.getByTestId('chat-unread').count(), 0);
  // A spectator hears the players, and talks on the rail: the players
  // never see those lines (the next player line arrives without it).
  const railCtx = await br.newContext({ viewport: { width: 1000, height: 800 } });
  const rail = await newPage(railCtx, errors);
  // The match has begun: the link opens as a spectator.
  await rail.goto(a.url());
  await rail.getByTestId('spectating').waitFor();
  await rail.getByTestId('chat').locator('summary').click();
  await rail.getByTestId('chat-lines').getByText('good luck!').waitFor();
  await rail.getByTestId('chat-rail').waitFor();
  await rail.getByTestId('chat-input').fill('go Ana!');
  await rail.getByTestId('chat-send').click();
  await rail.getByTestId('chat-lines').getByText('go Ana!').waitFor();
  await a.getByTestId('chat-input').fill('thanks');
  await a.getByTestId('chat-send').click();
  await b.getByTestId('chat-lines').getByText('thanks').waitFor();
  await rail.getByTestId('chat-lines').getByText('thanks').waitFor();
  for (const p of [a, b]) {
    assert.equal(await p.getByTestId('chat-lines').getByText('go Ana!').count(), 0, "a player saw the rail's line");
    assert.equal(await p.getByTestId('chat-rail').count(), 0);
  }
  // The host mutes the rail, then Ben: their pages say so and will not
  // send; only the host has mute buttons.
  await a.getByTestId('mute-rail').click();
  await rail.getByTestId('chat-muted').waitFor();
  assert.ok(await rail.getByTestId('chat-send').isDisabled(), 'a muted spectator cannot send');
  await b.getByTestId('chat-input').fill('gl hf');
  await b.getByTestId('chat-send').click();
  await a.getByTestId('chat-lines').getByText('gl hf').waitFor();
  assert.equal(await b.getByTestId('mute-0').count(), 0, 'only the host mutes');
  assert.equal(await b.getByTestId('mute-rail').count(), 0, 'only the host mutes');
  await a.getByTestId('mute-1').first().click();
  await b.getByTestId('chat-muted').waitFor();
  await b.getByTestId('chat-input').fill('hello?');
  assert.ok(await b.getByTestId('chat-send').isDisabled(), 'a muted player cannot send');
  await a.getByTestId('mute-1').first().getByText('Unmute Ben').waitFor();
  if (shots) await a.screenshot({ path: join(shots, 'room-chat-host-desktop.png'), fullPage: true });
  await a.getByTestId('mute-1').first().click();
  await b.getByTestId('chat-muted').waitFor({ state: 'detached' });
  await railCtx.close();
  if (shots) {
    await b.getByTestId('chat').scrollIntoViewIfNeeded();
    await b.screenshot({ path: join(shots, 'room-chat-phone.png') });
  }

  // Ana's link, from her laptop.
  await a.getByTestId('other-device').locator('summary').click();
  const link = await a.getByTestId('other-device-link').inputValue();
  assert.match(link, /\/r\/[A-Z0-9]+#seat=[0-9a-f]{32}$/);

  const phoneCtx = await br.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await newPage(phoneCtx, errors);
  await phone.goto(link);
  await phone.getByTestId('turn-indicator').waitFor();
  // The token is kept, not left in the address bar to be shared on.
  assert.equal(new URL(phone.url()).hash, '');
  assert.match(phone.url(), /\/r\/[A-Z0-9]+$/);
  // The phone is Ana's seat: when it is her turn the phone plays it.
  if (first !== 0) {
    await playTurn(b, 1);
  }
  await waitTurn(phone, 0);
  await playTurn(phone, 0);
  await waitTurn(a, 1);
  assert.equal(await turnSeat(a), 1, "the laptop saw the phone's turn end");
  assert.deepEqual(errors, []);
  await phoneCtx.close();
  await close();
});
