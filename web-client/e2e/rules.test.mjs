// End-to-end: the rules at hand. For each game a room is opened (A on a
// desktop, B on a 390×844 phone): both see the first-visit "How to play"
// card; B dismisses it and it stays dismissed after a reload; the Rules
// panel opens from the lobby, from the header and from the card, shows a
// section only that game has, and closes with Esc (or its close button).
// The home page offers the rules of the chosen game.
//
//   npm run build && node --test e2e/rules.test.mjs
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { newPage, noHorizontalScroll, openRoom, shots, useServer } from './helpers.mjs';

const h = useServer();

/** A section title each game's rules have and no other game's do. */
const GAMES = {
  'doozy-dice': 'Doozy Faces and dots',
  'mix-the-mutts': 'Scoring combos',
  zoomies: 'The tokens',
  zingamino: 'Zingas',
  'zop-zoo': 'MOLE, HYENA, RACCOON, EARTHWORM',
};

/** @typedef {import('playwright-core').Page} Page */

/** @param {Page} page */
const openPanel = (page) => page.locator('dialog[open][data-testid="rules-panel"]');

/**
 * Checks the open panel: the game's own section (listed in the contents and
 * present as a heading), the close button's tap target, a scrollable body.
 * @param {Page} page
 * @param {string} section
 * @param {string} [shot] a screenshot name for the panel as it opens (contents at the top)
 */
async function checkPanel(page, section, shot = '') {
  const panel = openPanel(page);
  await panel.waitFor();
  if (shots && shot) await page.screenshot({ path: join(shots, `${shot}.png`) });
  assert.equal(await page.locator('dialog[open]').count(), 1, 'exactly one dialog is open');
  await panel.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: section, exact: true }).waitFor();
  await panel.getByRole('heading', { name: section, exact: true }).waitFor();
  await panel.getByRole('heading', { name: 'Our rulings', exact: true }).waitFor();
  const close = await panel.getByTestId('rules-close').boundingBox();
  assert.ok(close && close.width >= 44 && close.height >= 44, `close button is a 44 px target: ${JSON.stringify(close)}`);
  // The sheet fits the viewport; its body scrolls instead of the page.
  const [dialogH, viewH] = await page.evaluate(() => [
    document.querySelector('dialog[open]')?.getBoundingClientRect().height ?? 0,
    window.innerHeight,
  ]);
  assert.ok(dialogH <= viewH, `the panel fits the viewport (${dialogH} > ${viewH})`);
  // A contents link brings its section into view inside the panel.
  await panel.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: section, exact: true }).click();
  await assert.doesNotReject(panel.getByRole('heading', { name: section, exact: true }).evaluate(async (el) => {
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) throw new Error(`section heading off screen at ${r.top}`);
  }));
  await noHorizontalScroll(page);
}

/**
 * Esc closes the panel and focus is back on the page.
 * @param {Page} page
 */
async function escCloses(page) {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.querySelectorAll('dialog[open]').length === 0);
}

for (const [game, section] of Object.entries(GAMES)) {
  test(`${game}: how-to-play card once, rules from the lobby, header and card`, async () => {
    const errors = /** @type {string[]} */ ([]);
    assert.ok(h.browser);
    const { a, b, close } = await openRoom(h.browser, h.baseUrl, errors, { game, viewportB: { width: 390, height: 844 } });
    try {
      // First visit: both players see the card for this game.
      for (const p of [a, b]) {
        await p.getByTestId('howto-card').waitFor();
        assert.match(await p.getByTestId('howto-card').innerText(), /How to play/);
      }
      if (shots) {
        await b.screenshot({ path: join(shots, `rules-${game}-howto-390.png`) });
        await a.screenshot({ path: join(shots, `rules-${game}-howto-desktop.png`) });
      }

      // B dismisses it; a reload of the room does not bring it back.
      await b.getByTestId('howto-dismiss').click();
      assert.equal(await b.getByTestId('howto-card').count(), 0, 'dismissed card is gone');
      assert.equal(await b.evaluate((g) => localStorage.getItem(`parlor.howto.${g}`), game), 'seen');
      await b.reload();
      await b.getByTestId('seat-1').getByText('you').waitFor();
      assert.equal(await b.getByTestId('howto-card').count(), 0, 'dismissed card stays dismissed after a reload');

      // The lobby's Rules button, on the phone: the panel, then Esc.
      const lobbyBtn = b.getByTestId('rules-lobby');
      const box = await lobbyBtn.boundingBox();
      assert.ok(box && box.height >= 44, `lobby Rules button is a 44 px target: ${JSON.stringify(box)}`);
      await lobbyBtn.click();
      await checkPanel(b, section, `rules-${game}-contents-390`);
      if (shots) await b.screenshot({ path: join(shots, `rules-${game}-panel-390.png`) });
      await escCloses(b);

      // The header button works too, and the close button closes.
      await b.getByTestId('rules-header').click();
      await checkPanel(b, section);
      await openPanel(b).getByTestId('rules-close').click();
      await b.waitForFunction(() => document.querySelectorAll('dialog[open]').length === 0);

      // A (desktop) still has its card: "Full rules" opens the panel from it.
      await a.getByTestId('howto-rules').click();
      await checkPanel(a, section, `rules-${game}-contents-desktop`);
      if (shots) await a.screenshot({ path: join(shots, `rules-${game}-panel-desktop.png`) });
      await escCloses(a);
      await a.getByTestId('howto-card').waitFor();

      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
}

test('home: the chosen game has a Rules link', async () => {
  const errors = /** @type {string[]} */ ([]);
  assert.ok(h.browser);
  const ctx = await h.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await newPage(ctx, errors);
    await page.goto(`${h.baseUrl}/`);
    await page.getByTestId('game-zoomies').click();
    await page.getByTestId('rules-home').click();
    await checkPanel(page, GAMES.zoomies);
    assert.match(await openPanel(page).getByRole('heading', { level: 2 }).innerText(), /Zoomies/);
    if (shots) await page.screenshot({ path: join(shots, 'rules-home-390.png') });
    await escCloses(page);
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});
