// End-to-end: My tables. Ana and Ben start a Doozy Dice match at their own
// pace (a day a decision) and Ana opens a second room she leaves in its
// lobby. Each one's My tables page lists exactly their tables, the one
// waiting on them first, with the other players, whose turn it is, the day
// on the clock and the last thing that happened; the header's badge counts
// the tables waiting on you on every page. After Ana's roll the page, opened
// again, still says the same match waits on her (a roll keeps the turn).
// Then the notices' controls: the host points the room at a chat webhook
// (an address the server may not call is refused at once; the others see
// that one is set, never where), and a player asks for turn emails, which a
// local SMTP sink receives when their turn comes with their page closed.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/my-tables.test.mjs
// E2E_SCREENSHOTS=dir saves my-tables-{desktop,phone}.png.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { playTurn, startMatch } from './doozy.mjs';
import { noHorizontalScroll, openRoom, shots, smtpSink, useServer } from './helpers.mjs';

const { url: smtp, mails } = await smtpSink();

const h = useServer({ env: { PARLOR_SMTP_URL: smtp, PARLOR_SMTP_FROM: 'Parlor <games@parlor.test>' } });

/** @param {import('playwright-core').Page} page @param {string} name */
async function snap(page, name) {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/** @param {import('playwright-core').Page} page */
const roomCode = (page) => new URL(page.url()).pathname.split('/').pop() ?? '';

test('My tables lists every held seat, waiting on you first, with a badge on every page', { timeout: 90_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'doozy-dice' });
  const played = roomCode(a);
  await a.getByTestId('turn-timer-day').check();
  await b.getByTestId('turn-timer-shown').getByText('At your own pace: 1 day a decision').waitFor();
  const first = await startMatch(a);
  const [mover, other] = first === 0 ? [a, b] : [b, a];
  const [moverName, otherName] = first === 0 ? ['Ana', 'Ben'] : ['Ben', 'Ana'];

  // Ana opens another room and leaves it in its lobby.
  await a.goto(`${h.baseUrl}/`);
  await a.getByTestId('game-zoomies').click();
  await a.getByTestId('name-input').fill('Ana');
  await a.getByTestId('create-room').click();
  await a.waitForURL(/\/r\/[A-Z0-9]+$/);
  const lobby = roomCode(a);

  // The mover's page: the match waits on them, first, with the badge.
  await mover.getByTestId('my-tables-link').click();
  await mover.getByTestId('my-tables').waitFor();
  const mine = mover.getByTestId('tables-yours').getByTestId(`table-${played}`);
  await mine.getByTestId('whose-turn').getByText('Your turn', { exact: true }).waitFor();
  await mine.getByText(`with ${otherName}`).waitFor();
  assert.match((await mine.locator('.left').textContent()) ?? '', /^(23 h 5\d min|1 d 0 h) left$/);
  assert.ok(((await mine.getByTestId('last-thing').textContent()) ?? '').length > 0, 'the last thing that happened');
  await mover.getByTestId('waiting-badge').getByText('1', { exact: true }).waitFor();
  assert.equal(await mover.getByTestId('my-tables-link').getAttribute('aria-label'), 'My tables, 1 waiting on you');

  // The other player's page: the same match waits on the mover; no badge.
  await other.getByTestId('my-tables-link').click();
  const theirs = other.getByTestId('tables-others').getByTestId(`table-${played}`);
  await theirs.getByTestId('whose-turn').getByText(`${moverName} to play`).waitFor();
  assert.equal(await other.getByTestId('waiting-badge').count(), 0, 'nothing waits on them');

  // Ana's lobby is listed for Ana only.
  const ana = first === 0 ? mover : other;
  const ben = first === 0 ? other : mover;
  await ana.getByTestId('tables-lobby').getByTestId(`table-${lobby}`).getByText('Not started yet').waitFor();
  assert.equal(await ben.getByTestId(`table-${lobby}`).count(), 0, 'Ben holds no seat there');
  assert.equal(await ana.locator('[data-testid^="table-"]').count(), 2);
  assert.equal(await ben.locator('[data-testid^="table-"]').count(), 1);
  await snap(a, 'my-tables-desktop');
  await snap(b, 'my-tables-phone');
  await noHorizontalScroll(b);

  // The mover rolls; a roll keeps the turn, so the table still waits on them,
  // and its last thing is now the roll.
  await mover.getByTestId(`table-${played}`).getByRole('link').first().click();
  await mover.getByTestId('roll').click();
  await mover.getByTestId('roll-count').getByText('Roll 1 of 13').waitFor();
  await mover.getByTestId('my-tables-link').click();
  const after = mover.getByTestId('tables-yours').getByTestId(`table-${played}`);
  await after.getByTestId('last-thing').getByText(new RegExp(`^You rolled|^${moverName} rolled`)).first().waitFor();
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});

test('the host points turn notices at a chat webhook; one the server may not call is refused at once', { timeout: 60_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'doozy-dice' });
  await a.getByTestId('webhook').locator('summary').click();
  // Plain http (and the server's own network) is refused when given.
  await a.getByTestId('webhook-url').fill('http://127.0.0.1:9/hook');
  await a.getByTestId('webhook-save').click();
  await a.getByTestId('toast-error').getByText('the address must start with https://').waitFor();
  await a.getByTestId('webhook-url').fill('https://127.0.0.1/hook');
  await a.getByTestId('webhook-save').click();
  await a.getByTestId('toast-error').getByText('the address is not on the public internet').waitFor();
  assert.equal(await a.getByTestId('webhook-on').count(), 0, 'nothing set');
  // A public address is taken; Ben sees that one is set, never where.
  await a.getByTestId('webhook-url').fill('https://1.1.1.1/api/webhooks/123/secret');
  await a.getByTestId('webhook-format').selectOption('slack');
  await a.getByTestId('webhook-save').click();
  await a.getByTestId('webhook-on').getByText('on (Slack)').waitFor();
  await b.getByTestId('webhook-on').getByText('on (Slack)').waitFor();
  await b.getByTestId('webhook').locator('summary').click();
  await b.getByTestId('webhook-shown').waitFor();
  assert.equal(await b.getByTestId('webhook-url').count(), 0, 'only the host sets it');
  assert.ok(!((await b.content()).includes('secret')), "the address never reaches another player's page");
  await snap(a, 'webhook-lobby-desktop');
  await a.getByTestId('webhook-remove').click();
  await b.getByTestId('webhook-on').waitFor({ state: 'detached' });
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});

test('a player asks for turn emails at their seat: kept across a reload, emailed when their turn comes with the page closed', { timeout: 90_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'doozy-dice' });
  const code = roomCode(a);
  await b.getByTestId('turn-notices').locator('summary').click();
  await b.getByTestId('turn-email-input').fill('ben@example.org');
  await b.getByTestId('turn-email-save').click();
  await b.getByTestId('turn-email-on').waitFor();
  await b.reload();
  await b.getByTestId('turn-email-on').waitFor();
  assert.ok(!(await b.content()).includes('ben@example.org'), 'the address is never shown again');
  assert.equal(await a.getByTestId('turn-email-on').count(), 0, "Ana's own seat has none");
  // Ben closes his page; when his turn comes, an email says so.
  await b.close();
  await a.getByTestId('seat-1').getByText('online').waitFor({ state: 'detached' });
  const first = await startMatch(a);
  // Ana plays her turn first if it is hers; then it passes to Ben.
  if (first === 0) await playTurn(a, 0);
  for (let i = 0; i < 100 && mails.length === 0; i++) await a.waitForTimeout(100);
  assert.equal(mails.length, 1, 'one email for his turn');
  assert.deepEqual(mails[0].to, ['ben@example.org']);
  assert.match(mails[0].text, /Subject: Your turn: Doozy Dice with Ana/);
  assert.match(mails[0].text, new RegExp(`room ${code}`));
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});
