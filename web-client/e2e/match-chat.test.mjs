// End-to-end: a finished match's table talk on its page comes a page at a
// time: the first page, then "Show more" (saying how many lines remain)
// until the last page is in.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/match-chat.test.mjs
//
// Env as in helpers.mjs; E2E_SCREENSHOTS=dir saves desktop and 390×844 PNGs.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { finishOverSocket, startMatch } from './doozy.mjs';
import { noHorizontalScroll, openRoom, shots, useServer } from './helpers.mjs';

const h = useServer();

/** Lines each player says during the match (the page shows 25 at a time). */
const EACH = 14;

/**
 * Says `EACH` numbered lines over a second socket with the page's own seat
 * token, each 450 ms after the last was echoed (the server takes one per
 * 400 ms per connection).
 * @param {import('playwright-core').Page} page
 * @param {string} who
 */
async function talk(page, who) {
  const code = new URL(page.url()).pathname.split('/')[2];
  await page.evaluate(
    ([room, name, n]) =>
      new Promise((resolve, reject) => {
        const token = localStorage.getItem(`parlor.token.${room}`);
        const ws = new WebSocket(`ws://${location.host}/api/rooms/${room}/ws`);
        let said = 0;
        ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token }));
        ws.onerror = () => reject(new Error('socket error'));
        // Each line is sent 450 ms after the server echoed the one before:
        // the gap the server measures between two lines is then at least
        // that, however late a loaded machine delivers the frames (a fixed
        // interval could land two lines within its 400 ms).
        const say = () => {
          said += 1;
          ws.send(JSON.stringify({ type: 'chat', text: `${name} line ${said}` }));
        };
        ws.onmessage = (e) => {
          const msg = JSON.parse(e.data);
          if (msg.type === 'error') reject(new Error(msg.message));
          if (msg.type === 'welcome') say();
          if (msg.type !== 'chat' || msg.line?.text !== `${name} line ${said}`) return;
          if (said === n) {
            ws.close();
            resolve(undefined);
          } else {
            setTimeout(say, 450);
          }
        };
      }),
    [code, who, EACH],
  );
}

test('a match page shows its table talk a page at a time', { timeout: 300_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, {
    game: 'doozy-dice',
    viewportA: { width: 1280, height: 900 },
    viewportB: { width: 390, height: 844 },
  });
  await startMatch(a);
  await Promise.all([talk(a, 'Ana'), talk(b, 'Ben')]);
  await Promise.all([finishOverSocket(a), finishOverSocket(b)]);
  await a.getByTestId('match-link').click();
  await a.waitForURL(/\/matches\/[0-9a-f-]+$/);
  const matchId = new URL(a.url()).pathname.split('/')[2];

  // The record counts the lines; the page shows the first 25, oldest first.
  const total = 2 * EACH;
  const record = await (await a.request.get(`${h.baseUrl}/api/matches/${matchId}`)).json();
  assert.equal(record.chat_lines, total);
  const lines = a.getByTestId('table-talk-lines');
  await lines.waitFor();
  assert.equal(await lines.getAttribute('data-count'), '25');
  assert.match((await a.getByTestId('table-talk').locator('h2').textContent()) ?? '', new RegExp(`${total} lines`));
  const more = a.getByTestId('table-talk-more');
  assert.equal(await more.textContent(), `Show more (${total - 25} more lines)`);
  const first = await lines.locator('li').first().innerText();
  assert.match(first, /^(Ana|Ben):\s*(Ana|Ben) line 1\b/);
  if (shots) await a.screenshot({ path: join(shots, 'match-chat-desktop.png'), fullPage: true });

  // "Show more" brings the rest; then there is nothing more to show.
  await more.click();
  await a.waitForFunction((n) => document.querySelector('[data-testid="table-talk-lines"]')?.getAttribute('data-count') === String(n), total);
  await more.waitFor({ state: 'detached' });
  const text = await lines.innerText();
  for (const who of ['Ana', 'Ben']) {
    for (let i = 1; i <= EACH; i++) assert.match(text, new RegExp(`${who} line ${i}\\b`));
  }
  assert.equal(await lines.locator('li').count(), total, 'every line once');

  // A phone shows the same, without scrolling sideways.
  await b.goto(a.url());
  await b.getByTestId('table-talk-more').waitFor();
  await noHorizontalScroll(b);
  if (shots) await b.screenshot({ path: join(shots, 'match-chat-390.png'), fullPage: true });

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});
