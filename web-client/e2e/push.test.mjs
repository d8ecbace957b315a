// End-to-end: turn notices on this device (Web Push). Chromium here cannot
// reach a real push service, so the page's flow is tested as far as it
// goes: the service worker is registered, permission is asked, and the
// failure to subscribe (or a blocked permission) is said plainly. Then,
// with the Push API answering with a subscription to a local push service
// (which checks the server's VAPID signature and decrypts the message with
// the test browser's keys), a player who closed their page gets one notice
// for their turn, and the service worker shows what was pushed.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/push.test.mjs
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { playTurn, startMatch } from './doozy.mjs';
import { noHorizontalScroll, openRoom, pushService, shots, useServer } from './helpers.mjs';

const service = await pushService();
const h = useServer({ env: { PARLOR_NOTICES_PRIVATE: 'allow' } });

/** @param {import('playwright-core').Page} page @param {string} name */
async function shot(page, name) {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/** @param {import('playwright-core').Page} p */
const roomCode = (p) => new URL(p.url()).pathname.split('/').pop() ?? '';

test('the subscribe flow goes as far as this browser can: a service worker, a permission, and a plain reason when it stops', { timeout: 60_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { b, ctxB, close } = await openRoom(browser, h.baseUrl, errors);
  await b.getByTestId('turn-notices').locator('summary').click();
  // Blocked notifications: said so, nothing asked of the server.
  await ctxB.clearPermissions();
  await b.evaluate(() => {
    // Headless Chromium answers a request with "default"; a player who
    // said no gets "denied" at once.
    Notification.requestPermission = async () => 'denied';
  });
  await b.getByTestId('push-start').click();
  await b.getByTestId('push-error').getByText(/blocked for this site/).waitFor();
  // Allowed: the service worker is registered, and subscribing fails here
  // (no push service): said plainly, and nothing is on.
  await b.reload();
  await ctxB.grantPermissions(['notifications'], { origin: h.baseUrl });
  await b.getByTestId('turn-notices').locator('summary').click();
  await b.getByTestId('push-start').click();
  await b.getByTestId('push-error').getByText(/could not subscribe/).waitFor({ timeout: 30_000 });
  const script = await b.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
  assert.equal(script, `${h.baseUrl}/sw.js`, 'the service worker is registered at the root');
  assert.equal(await b.getByTestId('push-on').count(), 0);
  await noHorizontalScroll(b);
  await shot(b, 'push-not-here');
  // Chromium's own note on why (a test context is like a private window).
  const ours = errors.filter((e) => !e.includes('does not support the Push API in incognito mode'));
  assert.deepEqual(ours, [], `browser errors:\n${ours.join('\n')}`);
  await close();
});

test('with a push service it can reach, a player away from the table gets one notice for their turn, and the service worker shows it', { timeout: 90_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, ctxB, close } = await openRoom(browser, h.baseUrl, errors, { initScript: undefined });
  const code = roomCode(a);
  await service.stubPush(ctxB);
  await ctxB.grantPermissions(['notifications'], { origin: h.baseUrl });
  await b.reload();
  await b.getByTestId('turn-notices').locator('summary').click();
  await b.getByTestId('push-start').click();
  await b.getByTestId('push-on').waitFor();
  // Kept across a reload; Ana's seat has none.
  await b.reload();
  await b.getByTestId('push-on').waitFor();
  await b.getByTestId('turn-notices').locator('summary').click();
  await shot(b, 'push-on');
  assert.equal(await a.getByTestId('push-on').count(), 0);
  const info = await (await fetch(`${h.baseUrl}/api/rooms/${code}`)).json();
  assert.ok(info.push_key, 'the room publishes the server push key');

  // Ben closes his page; when his turn comes, one notice says so.
  await b.close();
  await a.getByTestId('seat-1').getByText('online').waitFor({ state: 'detached' });
  const first = await startMatch(a);
  if (first === 0) await playTurn(a, 0);
  for (let i = 0; i < 100 && service.messages.length === 0; i++) await a.waitForTimeout(100);
  await a.waitForTimeout(300);
  assert.deepEqual(service.problems, [], 'every push verified and decrypted');
  assert.equal(service.messages.length, 1, 'one notice for his turn');
  const [pushed] = service.messages;
  assert.equal(pushed.key, info.push_key, 'signed with the published key');
  assert.equal(pushed.topic, code);
  assert.equal(pushed.message.title, 'Your turn: Doozy Dice with Ana');
  assert.equal(pushed.message.url, `/r/${code}`);

  // What was pushed, handed to Ben's service worker as his push service
  // would: it shows the notice.
  const c = await ctxB.newPage();
  await c.goto(`${h.baseUrl}/tables`);
  const cdp = await ctxB.newCDPSession(c);
  /** @type {string | null} */
  let registrationId = null;
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    const reg = e.registrations.find((r) => r.scopeURL === `${h.baseUrl}/`);
    if (reg) registrationId = reg.registrationId;
  });
  await cdp.send('ServiceWorker.enable');
  for (let i = 0; i < 50 && !registrationId; i++) await c.waitForTimeout(100);
  assert.ok(registrationId, 'the service worker is registered');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: `${h.baseUrl}/`, registrationId, data: JSON.stringify(pushed.message) });
  /** @type {{ title: string, body: string, tag: string }[]} */
  let shown = [];
  for (let i = 0; i < 50 && shown.length === 0; i++) {
    shown = await c.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
    );
    if (!shown.length) await c.waitForTimeout(100);
  }
  assert.deepEqual(shown, [{ title: 'Your turn: Doozy Dice with Ana', body: 'Doozy Dice is waiting on you.', tag: `parlor-${code}` }]);
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});
