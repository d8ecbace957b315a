// End-to-end: the tab title says whose turn it is; chat; a seat moves to
// another device. Ana asks her laptop for a one-time link ("Move my seat to
// another device", with a QR code), opens it on a phone (a fresh browser with
// no storage), and the phone holds her seat: it plays her turn, the code
// leaves the phone's address bar, and the laptop says the seat moved and
// watches with no controls. The same link on a third device is refused with
// the server's message.
//
//   npm run build && node --test e2e/device.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { join } from 'node:path';
import { newPage, openRoom, shots, useServer } from './helpers.mjs';
import { playTurn, startMatch, turnSeat, waitTurn } from './doozy.mjs';

const h = useServer();

test('turn alerts in the title; chat; a one-time link moves the seat to another device, which plays; the old one watches', { timeout: 120_000 }, async () => {
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
  // The fold's toggle event, which clears the count, comes a moment after it opens.
  await b.getByTestId('chat-unread').waitFor({ state: 'detached' });
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
  // Reactions: Ben claps from the table on his phone (the round button at
  // the corner); Ana and the spectator see it in the chat (an icon with its
  // name), and Ana sees a bubble by Ben's name.
  await b.getByTestId('quick-react-toggle').click();
  await b.getByTestId('quick-react-bar-clap').click();
  assert.equal(await b.getByTestId('quick-react-bar').count(), 0, 'the bar closes after a reaction');
  const clapLine = (/** @type {import('playwright-core').Page} */ p) =>
    p.getByTestId('chat-lines').locator('li').filter({ has: p.locator('[data-reaction="clap"]') });
  for (const p of [a, b, rail]) {
    await clapLine(p).getByRole('img', { name: 'reacted: clap' }).waitFor();
    assert.match(await clapLine(p).innerText(), /Ben\s+clap/);
    assert.equal(await clapLine(p).locator('svg[data-icon="clap"]').count(), 1, 'drawn as an SVG icon');
  }
  const bubble = a.getByTestId('reaction-bubble-1');
  await bubble.waitFor();
  assert.equal(await bubble.getAttribute('data-reaction'), 'clap');
  assert.equal(await bubble.getAttribute('aria-label'), 'Ben reacted: clap');
  if (shots) await a.screenshot({ path: join(shots, 'reaction-bubble-desktop.png') });
  // The spectator laughs: only the other spectators would see it. (The
  // server takes one line per 400 ms from a connection; "go Ana!" may be
  // that recent on a fast run.)
  await rail.waitForTimeout(400);
  await rail.getByTestId('reaction-bar-laugh').click();
  await rail.getByTestId('chat-lines').locator('[data-reaction="laugh"]').waitFor();
  // Ana gives a thumbs up from the chat panel (the server takes one line per
  // 400 ms from a connection, and she just said "thanks").
  await a.waitForTimeout(400);
  await a.getByTestId('reaction-bar-thumbs_up').click();
  await b.getByTestId('reaction-bubble-0').and(b.locator('[data-reaction="thumbs_up"]')).waitFor();
  if (shots) await b.screenshot({ path: join(shots, 'reaction-bubble-phone.png') });
  await rail.getByTestId('chat-lines').locator('[data-reaction="thumbs_up"]').waitFor();
  for (const p of [a, b]) {
    await p.getByTestId('chat-lines').locator('[data-reaction="thumbs_up"]').waitFor();
    assert.equal(await p.getByTestId('chat-lines').locator('[data-reaction="laugh"]').count(), 0, "a player saw the spectator's reaction");
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

  // Ana moves her seat: a one-time link (with a QR code) from her laptop.
  await a.getByTestId('other-device').locator('summary').click();
  await a.getByTestId('move-ask').click();
  const link = await a.getByTestId('move-link').inputValue();
  assert.match(link, /\/r\/[A-Z0-9]+#move=[0-9A-Za-z_-]+$/);
  assert.equal(await a.getByTestId('move-qr').locator('svg').count(), 1, 'a QR code of the link');
  assert.match((await a.getByTestId('move-expiry').textContent()) ?? '', /Works once, for the next 10 minutes/);
  if (shots) {
    await a.getByTestId('other-device').scrollIntoViewIfNeeded();
    await a.screenshot({ path: join(shots, 'move-seat-desktop.png') });
  }

  const phoneCtx = await br.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await newPage(phoneCtx, errors);
  await phone.goto(link);
  await phone.getByTestId('player-0').locator('.you').waitFor();
  // The code is used up, not left in the address bar to be shared on.
  assert.equal(new URL(phone.url()).hash, '');
  assert.match(phone.url(), /\/r\/[A-Z0-9]+$/);
  // The laptop is told, forgets its seat and watches.
  await a.getByTestId('seat-moved').getByText('Your seat moved to another device — you are watching here.').waitFor();
  assert.equal(await a.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('parlor.token.')).length), 0);
  assert.equal(await a.getByTestId('other-device').count(), 0, 'no seat left to move');
  // The phone is Ana's seat: when it is her turn the phone plays it; the laptop has no controls.
  if (first !== 0) {
    await playTurn(b, 1);
  }
  await waitTurn(phone, 0);
  await waitTurn(a, 0);
  assert.equal(await a.getByTestId('roll').count(), 0, 'the laptop watches: no roll button');
  assert.doesNotMatch((await a.getByTestId('turn-indicator').textContent()) ?? '', /Your turn/);
  await playTurn(phone, 0);
  await waitTurn(a, 1);
  assert.equal(await turnSeat(a), 1, "the laptop saw the phone's turn end");
  if (shots) await a.screenshot({ path: join(shots, 'move-seat-watching-desktop.png') });

  // The same link again, on a third device: refused with the server's words.
  const thirdCtx = await br.newContext({ viewport: { width: 390, height: 844 } });
  const third = await newPage(thirdCtx, errors);
  await third.goto(link);
  const refused = third.getByTestId('claim-refused');
  await refused.waitFor();
  const room = new URL(link).pathname.split('/')[2];
  const again = await fetch(`${h.baseUrl}/api/rooms/${room}/claim`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: new URL(link).hash.slice('#move='.length) }),
  });
  assert.equal(again.status, 410);
  const body = await again.json();
  assert.equal(body.error, 'bad_claim');
  assert.ok(((await refused.textContent()) ?? '').toLowerCase().includes(body.message.toLowerCase()), `the server's message: ${body.message}`);
  assert.equal(new URL(third.url()).hash, '');
  if (shots) await third.screenshot({ path: join(shots, 'move-seat-refused-phone.png') });
  assert.equal(await third.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('parlor.token.')).length), 0);
  await thirdCtx.close();
  assert.deepEqual(errors, []);
  await phoneCtx.close();
  await close();
});
