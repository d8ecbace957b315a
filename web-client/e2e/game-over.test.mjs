// End-to-end: the game-over screen of the games whose own browser tests do
// not always reach the end (Zop Zoo, Zingamino). The seats play to the end
// over their own sockets (random legal moves from the server's list); then
// each page shows the winner, the scores and the explanation once, with the
// table folded behind "Show the table" and reachable.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/game-over.test.mjs
// E2E_SCREENSHOTS=dir saves over-{game}-{desktop,phone}.png.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkGameOverOnce, finishByMoves, noHorizontalScroll, openRoom, shots, useServer } from './helpers.mjs';

const h = useServer();

for (const [game, note, table] of /** @type {const} */ ([
  ['zop-zoo', /the highest total wins/, 'row-0'],
  ['zingamino', /highest total wins/, 'zingamino-players'],
])) {
  test(`${game}: the game-over screen says it once and folds the table`, { timeout: 180_000 }, async () => {
    const browser = h.browser;
    assert.ok(browser);
    /** @type {string[]} */
    const errors = [];
    const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game, viewportB: { width: 390, height: 844 } });
    await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
    await a.getByTestId('start').click();
    await a.getByTestId('turn-indicator').waitFor();
    await Promise.all([finishByMoves(a, game), finishByMoves(b, game)]);
    for (const p of [a, b]) {
      await p.getByTestId('game-over').waitFor({ timeout: 30_000 });
      await checkGameOverOnce(p, { note, tableTestId: table });
    }
    await noHorizontalScroll(b);
    if (shots) {
      await a.screenshot({ path: join(shots, `over-${game}-desktop.png`), fullPage: true });
      await b.screenshot({ path: join(shots, `over-${game}-phone.png`), fullPage: true });
    }
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
    await close();
  });
}
