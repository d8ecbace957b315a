// End-to-end: two browsers play Zop Zoo against a real parlor-server, every
// choice through the UI.
//
//   npm run build && node --test e2e/zop-zoo.test.mjs
//
// A (desktop, 1280×800) creates a room choosing the 1000-point target (two
// players only), B (phone, 390×844) joins through the share link and sees
// the options read-only. After the start both see both rows, the draw pile
// and the narration; a spectator sees the same and is offered nothing.
// The first player's first draw waits for its click: the page shows one
// Draw button and why ("The discard pile is empty"), and nothing is drawn
// (the version and the draw pile stay) until it is pressed.
// Then whoever the page asks answers, using only what the page offers (the
// prompt's buttons and the highlighted cards, which come from the
// server's `moves`): presses Draw for every forced draw, takes from the
// discard pile, digs or
// draws at a MOLE, puts a wild on a highlighted card, and uses HYENA /
// RACCOON / EARTHWORM on highlighted cards. Play goes on until a wild and a
// task card have been placed through the UI and a round has ended: the wild
// is on the chosen card, the task's card moved where chosen, and the round
// summary's points add up and match both score tables. Gives up after 5
// rounds or 170 s. A second test seats six players with the 600-point
// target and checks every card lies within a phone's and a desktop's width.
// E2E_SCREENSHOTS=dir saves zopzoo-{start,wild,task,summary,six}-{desktop,phone}
// and zopzoo-lobby-phone.
//
// Then the table in other languages, driven by test ids alone: a whole
// match in Arabic (right to left: no English on the table or the final
// scorecard, nothing overflowing at a phone's and a desktop's size, at the
// start, at the first wild or task card, at the first round summary and at
// the end), the pseudo-locale (every word of the table mid-match, the
// options and the rules from the catalogs), and German at both sizes
// (zopzoo-{ar,de}-*.png).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { heavyOnly, newPage, noEnglish, noHorizontalScroll, noOverflow, openRoom, shots, untranslated, useServer, atBothSizes, PHONE, DESKTOP } from './helpers.mjs';

const h = useServer();

/** @typedef {import('playwright-core').Page} Page */

/**
 * What the turn indicator shows.
 * @param {Page} page
 */
async function status(page) {
  return page.getByTestId('turn-indicator').evaluate((el) => ({
    seat: el.getAttribute('data-seat') === '' ? null : Number(el.getAttribute('data-seat')),
    phase: el.getAttribute('data-phase') ?? '',
    awaiting: el.getAttribute('data-awaiting') ?? '',
    round: Number(el.getAttribute('data-round')),
    version: Number(el.getAttribute('data-version')),
  }));
}

/**
 * Waits until both pages show the same version and the active seat's page
 * offers a choice, or the game is over. Returns the status.
 * @param {Page[]} pages
 * @param {number} deadline
 */
async function settle(pages, deadline) {
  for (;;) {
    assert.ok(Date.now() < deadline, 'out of time waiting for a choice');
    const [sa, sb] = await Promise.all(pages.map(status));
    if (sa.version === sb.version && sa.phase === 'finished') return sa;
    if (sa.version === sb.version && sa.phase === 'turn' && sa.seat !== null) {
      if (await pages[sa.seat].getByTestId('prompt').count()) return sa;
    }
    await pages[0].waitForTimeout(50);
  }
}

/**
 * Waits until the page shows a version after `version`.
 * @param {Page} page
 * @param {number} version
 */
async function waitPast(page, version) {
  await page.waitForFunction(
    (v) => Number(document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-version')) > v,
    version,
    { timeout: 30_000 },
  );
}

/**
 * Saves a full-page screenshot, and for phones one of the screen scrolled
 * to `top`, when E2E_SCREENSHOTS is set.
 * @param {Page} page
 * @param {string} name
 * @param {string} [top]
 */
async function snap(page, name, top) {
  if (!shots) return;
  for (const x of await page.locator('[data-testid^="toast-"] .close').all()) await x.click().catch(() => {});
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
  if (top) {
    await page.getByTestId(top).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(shots, `${name}-screen.png`) });
  }
}

/**
 * Screenshots of both pages while `seat` chooses (the chooser's prompt in
 * view, the other's turn indicator).
 * @param {Page[]} pages
 * @param {number} seat
 * @param {string} name
 */
async function snapBoth(pages, seat, name) {
  for (const [i, p] of pages.entries()) await snap(p, `${name}-${i === 0 ? 'desktop' : 'phone'}`, i === seat ? 'prompt' : 'turn-indicator');
}

/**
 * Right after a click that sends a cover or a task card's step: when the
 * confirm bar asks (a step that can't be taken back), answers Confirm.
 * Returns whether it asked.
 * @param {Page} page
 */
async function confirmIfAsked(page) {
  if (!(await page.getByTestId('confirm-bar').count())) return false;
  assert.match((await page.locator('#confirm-question').textContent()) ?? '', /\? It can’t be taken back\.$/);
  await page.getByTestId('confirm-move').click();
  return true;
}

/**
 * The (signed) number in an element's text ("−75" counts as negative).
 * @param {Page} page
 * @param {string} id
 */
async function num(page, id) {
  const t = ((await page.getByTestId(id).first().textContent()) ?? '').replace('−', '-');
  const m = t.match(/[-+]?\d+/);
  assert.ok(m, `a number in ${id}: "${t}"`);
  return Number(m[0]);
}

/**
 * Asserts a choice is big enough to tap (44 × 44 CSS px).
 * @param {import('playwright-core').Locator} el
 */
async function tappable(el) {
  const box = await el.boundingBox();
  assert.ok(box && box.width >= 44 && box.height >= 44, `tap target ≥ 44 px (${box?.width} × ${box?.height})`);
}

/**
 * The item a pickable element names: { kind: 'stack'|'bonus', seat, name }.
 * @param {string} testid e.g. "stack-1-owl", "bonus-0-bird"
 */
function itemOf(testid) {
  const m = testid.match(/^(stack|bonus)-(\d+)-(.+)$/);
  assert.ok(m, testid);
  return { kind: m[1], seat: Number(m[2]), name: m[3] };
}

/**
 * Checks that `item` now belongs to `seat`: in its row while the round goes
 * on, else in the summary of the round that just ended.
 * @param {Page} page
 * @param {{ kind: string, name: string }} item
 * @param {number} seat
 * @param {number} round the round the move was made in
 */
async function assertOwns(page, item, seat, round) {
  if ((await status(page)).round === round) {
    assert.equal(await page.getByTestId(`${item.kind}-${seat}-${item.name}`).count(), 1, `${item.kind} ${item.name} in seat ${seat}'s row`);
  } else if (item.kind === 'stack') {
    assert.equal(await page.getByTestId(`summary-stack-${seat}-${item.name}`).count(), 1, `${item.name} in seat ${seat}'s row at the round's end`);
  } else {
    assert.match((await page.getByTestId(`summary-side-${seat}`).textContent()) ?? '', new RegExp(item.name.replace('_', '-'), 'i'));
  }
}

test('Zop Zoo through the UI: a wild and a task card placed, the round summary and the score tables', { timeout: 200_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  const t0 = Date.now();
  const deadline = t0 + 170_000;
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, {
    game: 'zop-zoo',
    // A keeps the confirm bar, as a new player has it (B never asks).
    confirmMoves: true,
    viewportA: { width: 1280, height: 800 },
    viewportB: { width: 390, height: 844 },
    setup: async (page) => {
      // The standard target is the default; the long one says it is for two players.
      assert.equal(await page.getByTestId('opt-target-standard').isChecked(), true);
      assert.match((await page.locator('label', { has: page.getByTestId('opt-target-long') }).textContent()) ?? '', /two players only/);
      assert.match((await page.locator('label', { has: page.getByTestId('opt-target-short') }).textContent()) ?? '', /five or six players only/);
      await page.getByTestId('opt-target-long').check();
    },
  });
  const pages = [a, b];

  // The lobby shows the options; B sees them read-only.
  await b.getByTestId('opt-target-long').waitFor();
  assert.equal(await b.getByTestId('opt-target-long').isChecked(), true);
  assert.equal(await b.getByTestId('opt-target-long').isDisabled(), true);
  await snap(b, 'zopzoo-lobby-phone');
  await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
  await a.getByTestId('start').click();
  for (const p of pages) await p.getByTestId('row-0').waitFor();

  // --- the start: six cards each, the target, the draw pile
  for (const p of pages) {
    await p.getByTestId('row-1').waitFor();
    // The rows show before the deal's steps have all arrived (a loaded
    // machine can be a few steps behind): wait for the whole deal.
    await p.waitForFunction(
      () => [0, 1].every((s) => document.querySelectorAll(`[data-testid^="stack-${s}-"]`).length >= 6),
      undefined,
      { timeout: 15_000 },
    );
    assert.match((await p.getByTestId('target').textContent()) ?? '', /First to 1000/);
    for (const s of [0, 1]) assert.equal(await p.locator(`[data-testid^="stack-${s}-"]`).count(), 6, `seat ${s} has 6 cards`);
    assert.ok(Number(await p.getByTestId('draw-pile').getAttribute('data-count')) <= 74);
    await noHorizontalScroll(p);
  }
  // Your own row comes first.
  for (const [i, p] of pages.entries()) {
    const first = await p.locator('[data-testid^="row-"]').first().getAttribute('data-testid');
    assert.equal(first, `row-${i}`, 'own row first');
  }
  await a.getByTestId('zz-log').getByText(/Round 1: 6 cards dealt to each player/).waitFor();

  // A spectator sees every row and the piles, and is offered nothing.
  const ctxC = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const c = await newPage(ctxC, errors);
  await c.goto(`${h.baseUrl}/r/${await a.getByTestId('room-code').textContent()}`);
  await c.getByTestId('spectating').waitFor();
  await c.getByTestId('row-1').waitFor();
  for (const s of [0, 1]) assert.equal(await c.locator(`[data-testid^="stack-${s}-"]`).count(), 6);
  await c.getByTestId('draw-pile').waitFor();
  assert.equal(await c.locator('[data-testid="prompt"], [data-pickable="true"]').count(), 0, 'no choices for a spectator');
  await ctxC.close();
  await snap(a, 'zopzoo-start-desktop');
  await snap(b, 'zopzoo-start-phone');

  // --- the first draw waits for its player's click
  {
    const st = await settle(pages, deadline);
    assert.equal(st.awaiting, 'draw', 'the first turn draws: the discard pile is empty');
    const seat = /** @type {number} */ (st.seat);
    const page = pages[seat];
    const prompt = page.getByTestId('prompt');
    assert.equal(await prompt.getAttribute('data-awaiting'), 'draw');
    assert.equal((await page.getByTestId('draw-why').textContent())?.trim(), 'The discard pile is empty: draw a card.');
    const draw = page.getByTestId('draw');
    assert.equal((await draw.textContent())?.trim(), 'Draw');
    assert.match((await draw.getAttribute('class')) ?? '', /\bprimary\b/);
    assert.equal(await prompt.locator('button').count(), 1, 'one button: nothing else to do');
    await tappable(draw);
    assert.match((await page.getByTestId('turn-indicator').textContent()) ?? '', /Your turn: draw a card/);
    assert.equal(await pages[1 - seat].getByTestId('prompt').count(), 0, 'the other player is offered nothing');
    // Nothing happens until the click: the same version and a full draw pile on both pages.
    await page.waitForTimeout(2_000);
    for (const p of pages) {
      assert.equal((await status(p)).version, st.version, 'nothing is drawn before the click');
      assert.equal(await p.getByTestId('draw-pile').getAttribute('data-count'), '74');
      assert.equal(await p.getByTestId('discard-top').getAttribute('data-kind'), '', 'no card discarded yet');
    }
    await draw.click();
    await Promise.all(pages.map((p) => waitPast(p, st.version)));
    for (const p of pages) {
      await p.waitForFunction(() => Number(document.querySelector('[data-testid="draw-pile"]')?.getAttribute('data-count')) === 73);
    }
    await page.getByTestId('zz-log').getByText(/^You drew /).first().waitFor();
  }

  // --- play until a wild and a task card went through the UI and a round ended
  // Every card drawn is a click now: the tables show each update at once
  // (reduced motion: no dwell between another player's steps; the pacing
  // has its own test, e2e/motion.test.mjs), so a long round fits the time.
  for (const p of pages) await p.emulateMedia({ reducedMotion: 'reduce' });
  let wild = /** @type {null | { seat: number, name: string }} */ (null);
  let task = /** @type {null | string} */ (null);
  let summaryChecked = false;
  let actions = 0;
  let digs = 0;
  let draws = 0;
  let pileChecked = false;
  // Covers and task steps A sent: asked first, or offered "Take back".
  let asked = 0;
  let offered = 0;
  let tookBack = /** @type {null | string} */ (null);
  while (!(wild && task && summaryChecked && tookBack && asked + offered > 0)) {
    assert.ok(Date.now() < deadline, `out of time after ${actions} actions (wild: ${!!wild}, task: ${task}, summary: ${summaryChecked})`);
    const st = await settle(pages, deadline);
    if (st.phase === 'finished') break;
    assert.ok(st.round <= 5, `gave up: 5 rounds without a wild, a task card and a round summary (wild: ${!!wild}, task: ${task})`);
    // The whole discard pile can be browsed, top first.
    if (!pileChecked && (await a.getByTestId('discard-list').count())) {
      await a.getByTestId('discard-list').locator('summary').click();
      const n = Number(((await a.locator('.pile.discard .plabel').textContent()) ?? '').match(/(\d+) cards?/)?.[1]);
      assert.equal(await a.getByTestId('discard-list').locator('li').count(), n, 'every card of the discard pile listed');
      assert.equal(
        (await a.getByTestId('discard-list').locator('li').first().textContent())?.trim().slice(0, 12),
        (await a.getByTestId('discard-top').textContent())?.trim().slice(0, 12),
        'the list starts with the top card',
      );
      await a.getByTestId('discard-list').locator('summary').click();
      pileChecked = true;
    }
    const seat = /** @type {number} */ (st.seat);
    const page = pages[seat];
    const prompt = page.getByTestId('prompt');
    const awaiting = (await prompt.getAttribute('data-awaiting')) ?? '';
    const kind = (await prompt.getAttribute('data-task')) ?? '';
    const own = page.getByTestId(`row-${seat}`).locator('[data-pickable="true"]');
    const others = page.locator(`[data-testid^="row-"]:not([data-testid="row-${seat}"]) [data-pickable="true"]`);
    /** @type {() => Promise<void>} */
    let verify = async () => {};
    /**
     * After a cover or a task step has arrived: A was asked first exactly
     * when it can't be taken back. The first step offered is taken back
     * (true: it was, and the table shows the choice again).
     * @param {boolean} ask
     * @param {string} what
     */
    const checkTakeBack = async (ask, what) => {
      const offer = (await page.getByTestId('take-back').count()) > 0;
      if (seat === 0) {
        assert.notEqual(ask, offer, `${what}: asked first, or offered "Take back", never both or neither`);
        if (ask) asked += 1;
        else offered += 1;
      }
      if (!offer || tookBack) return false;
      const now = (await status(page)).version;
      await page.getByTestId('take-back').click();
      await Promise.all(pages.map((p) => waitPast(p, now)));
      assert.equal(await page.getByTestId('take-back').count(), 0, 'nothing more to take back');
      tookBack = what;
      return true;
    };

    if (awaiting === 'draw') {
      // A forced draw: one button, and the reason for it.
      draws += 1;
      assert.match((await page.getByTestId('draw-why').textContent()) ?? '', /(draw a card|Draw the next card)\.$/);
      assert.equal(await prompt.locator('button').count(), 1);
      await page.getByTestId('draw').click();
    } else if (awaiting === 'take_from_discard') {
      const top = (await page.getByTestId('discard-top').textContent()) ?? '';
      await page.getByTestId('take-discard').click();
      verify = async () => {
        assert.ok(top.length > 0);
      };
    } else if (awaiting === 'dig_or_draw') {
      // Dig at most twice, otherwise draw: both buttons are offered.
      assert.equal(await page.getByTestId('draw').count(), 1);
      if (digs < 2) {
        digs += 1;
        await page.getByTestId('dig').click();
      } else await page.getByTestId('draw').click();
    } else if (awaiting === 'wild') {
      const n = await own.count();
      assert.ok(n > 0, 'a wild has highlighted cards');
      assert.equal(await others.count(), 0, "nothing highlighted in the other's row");
      const target = own.nth(n - 1);
      const item = itemOf((await target.getAttribute('data-testid')) ?? '');
      assert.equal(await target.getAttribute('data-cover'), '', 'a wild goes on a card with nothing on it');
      await tappable(target);
      if (!wild) await snapBoth(pages, seat, 'zopzoo-wild');
      await target.click();
      const ask = await confirmIfAsked(page);
      verify = async () => {
        if (await checkTakeBack(ask, `wild on the ${item.name}`)) {
          // Back as it was: the same prompt, nothing on the card.
          assert.equal(await page.getByTestId('prompt').getAttribute('data-awaiting'), 'wild');
          const el = page.getByTestId(`stack-${seat}-${item.name}`);
          assert.equal(await el.getAttribute('data-cover'), '', 'the wild is off the card again');
          return;
        }
        if (wild) return;
        if ((await status(page)).round === st.round) {
          // It may have moved on by a task card later this turn: look in every row.
          const el = page.locator(`[data-testid^="stack-"][data-testid$="-${item.name}"]`);
          assert.match((await el.getAttribute('data-cover')) ?? '', /^(beast|best_beast)$/, `the wild is on the ${item.name}`);
          assert.equal(await el.getAttribute('data-shows-points'), 'true');
        } else {
          assert.match((await page.getByTestId(`summary-stack-${seat}-${item.name}`).textContent()) ?? '', /BEAST/);
        }
        for (const p of pages) await p.getByTestId('zz-log').getByText(/put the (BEST BEAST|BEAST) \(\d+ POINTS\) on the /).first().waitFor();
        wild = { seat, name: item.name };
      };
    } else if (awaiting === 'task' || awaiting === 'discard_task') {
      assert.match(kind, /^(hyena|raccoon|earthworm)$/);
      /** @type {{ kind: string, seat: number, name: string }[]} */
      let chosen = [];
      /** @type {number} */
      let to = -1;
      let ask = false;
      if (kind === 'hyena') {
        assert.ok((await own.count()) > 0);
        assert.equal(await others.count(), 0);
        const mine = own.first();
        chosen = [itemOf((await mine.getAttribute('data-testid')) ?? '')];
        await tappable(mine);
        // Two players: there is one player to give to, so the tap gives
        // and no "give to" buttons are shown.
        to = 1 - seat;
        if (!task) await snapBoth(pages, seat, 'zopzoo-task');
        await mine.click();
        ask = await confirmIfAsked(page);
        assert.equal(await page.locator('[data-testid^="give-to-"]').count(), 0, 'no one to choose between');
      } else if (kind === 'raccoon') {
        assert.equal(await own.count(), 0);
        const theirs = others.first();
        chosen = [itemOf((await theirs.getAttribute('data-testid')) ?? '')];
        await tappable(theirs);
        await theirs.click();
        to = seat;
        if (!task) await snapBoth(pages, seat, 'zopzoo-task');
        await page.getByTestId('confirm-take').click();
        assert.equal(await confirmIfAsked(page), false, 'its button named it: nothing more to ask');
      } else {
        const mine = own.first();
        const m = itemOf((await mine.getAttribute('data-testid')) ?? '');
        await mine.click();
        const theirs = others.first();
        const t = itemOf((await theirs.getAttribute('data-testid')) ?? '');
        await tappable(theirs);
        await theirs.click();
        chosen = [m, t];
        if (!task) await snapBoth(pages, seat, 'zopzoo-task');
        await page.getByTestId('confirm-switch').click();
        assert.equal(await confirmIfAsked(page), false, 'its button named it: nothing more to ask');
      }
      verify = async () => {
        if (await checkTakeBack(ask, `the ${kind}`)) {
          assert.equal(await page.getByTestId('prompt').getAttribute('data-task'), kind, 'the task card is to be used again');
          for (const c of chosen) {
            if (c.kind === 'stack') assert.equal(await page.getByTestId(`stack-${c.seat}-${c.name}`).count(), 1, `the ${c.name} is back with seat ${c.seat}`);
          }
          return;
        }
        if (task) return;
        if (kind === 'earthworm') {
          await assertOwns(page, chosen[0], chosen[1].seat, st.round);
          await assertOwns(page, chosen[1], seat, st.round);
        } else {
          await assertOwns(page, chosen[0], to, st.round);
        }
        const word = kind.toUpperCase();
        for (const p of pages) await p.getByTestId('zz-log').getByText(new RegExp(`used the ${word}`)).first().waitFor();
        task = kind;
      };
    } else {
      assert.fail(`unexpected prompt: ${awaiting}`);
    }
    actions += 1;
    await Promise.all(pages.map((p) => waitPast(p, st.version)));
    await verify();

    // A round ended: its summary on both pages.
    if (!summaryChecked && (await a.getByTestId('round-summary').count())) {
      for (const p of pages) {
        await p.getByTestId('round-summary').waitFor();
        const round = Number(((await p.getByTestId('round-summary').getAttribute('aria-label')) ?? '').match(/\d+/)?.[0]);
        const endedBy = await p.getByTestId('summary').getAttribute('data-ended-by');
        assert.match((await p.getByTestId('summary-how').textContent()) ?? '', endedBy === 'won' ? /wins? the round/ : /draw pile ran out/);
        for (const s of [0, 1]) {
          const points = await num(p, `summary-points-${s}`);
          // The round's points are the stacks' points plus the Side Bonus cards.
          const stacks = await p.locator(`[data-testid^="summary-stack-${s}-"]`).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-points'))));
          const side = (await p.getByTestId(`summary-side-${s}`).count()) ? Number(await p.getByTestId(`summary-side-${s}`).getAttribute('data-points')) : 0;
          assert.equal(stacks.reduce((x, y) => x + y, 0) + side, points, `seat ${s}'s round points add up`);
          // The score tables agree with the summary.
          assert.equal(await num(p, `summary-scores-${round}-${s}`), points, 'summary score table: the round');
          assert.equal(await num(p, `summary-scores-total-${s}`), await num(p, `summary-total-${s}`), 'summary score table: the total');
        }
        // The Scores panel holds the same for later.
        await p.getByTestId('scores-toggle').click();
        for (const s of [0, 1]) {
          assert.equal(await num(p, `scores-table-${round}-${s}`), await num(p, `summary-points-${s}`));
          assert.equal(await num(p, `scores-table-total-${s}`), await num(p, `score-${s}`), 'live total');
        }
        await p.getByTestId('zz-log').getByText(new RegExp(`Round ${round}: `)).first().waitFor();
      }
      await snap(a, 'zopzoo-summary-desktop');
      await snap(b, 'zopzoo-summary-phone', 'round-summary');
      for (const p of pages) if (await p.getByTestId('summary-close').count()) await p.getByTestId('summary-close').click();
      for (const p of pages) await p.getByTestId('scores-toggle').click();
      summaryChecked = true;
    }
  }
  assert.ok(wild, 'a wild was placed through the UI');
  assert.ok(task, 'a task card was used through the UI');
  assert.ok(summaryChecked, 'a round ended with its summary');
  assert.ok(pileChecked, 'the discard pile was browsed');
  for (const p of pages) await noHorizontalScroll(p);
  assert.ok(draws > 0, 'forced draws were clicked');
  assert.ok(tookBack, 'a wild or a task card was taken back');
  assert.ok(asked + offered > 0, 'A covered or used a task card');
  console.log(
    `zop zoo: ${actions} actions (${draws} forced draws), task ${task}, took back ${tookBack}, A asked ${asked} / offered ${offered}, ${Math.round((Date.now() - t0) / 1000)} s`,
  );
  assert.deepEqual(errors, []);
  await close();
});

test('Zop Zoo with six players: the short target, every row fits on a phone and on a desktop', { timeout: 120_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, {
    game: 'zop-zoo',
    viewportA: { width: 1280, height: 800 },
    viewportB: { width: 390, height: 844 },
    setup: async (page) => {
      await page.getByTestId('opt-target-short').check();
    },
  });
  // Two seated: the short target says it is for five or six.
  await a.getByTestId('opt-target-warn').waitFor();
  assert.match((await a.getByTestId('opt-target-warn').textContent()) ?? '', /five or six players only; 2 are seated/);
  const link = await a.getByTestId('share-link').inputValue();
  const names = ['Cy', 'Di', 'Ed', 'Flo'];
  const extra = [];
  for (const [i, name] of names.entries()) {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const p = await ctx.newPage();
    p.setDefaultTimeout(20_000);
    await p.goto(link);
    await p.getByTestId('join-name').fill(name);
    await p.getByTestId('join-submit').click();
    await p.getByTestId(`seat-${i + 2}`).getByText('you').waitFor();
    extra.push(ctx);
  }
  await a.getByTestId('seat-5').getByText('Flo').waitFor();
  assert.equal(await a.getByTestId('opt-target-warn').count(), 0, 'six seated: the short target fits');
  await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
  await a.getByTestId('start').click();
  for (const p of [a, b]) {
    await p.getByTestId('row-5').waitFor();
    assert.match((await p.getByTestId('target').textContent()) ?? '', /First to 600/);
    await p.waitForFunction(() => document.querySelectorAll('[data-testid^="stack-"]').length === 36);
    await noHorizontalScroll(p);
    // Every card lies inside the page's width.
    const width = await p.evaluate(() => document.documentElement.clientWidth);
    const right = await p.locator('[data-testid^="stack-"]').evaluateAll((els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)));
    assert.ok(right <= width, `cards end at ${right} px, the page is ${width} px wide`);
  }
  await snap(a, 'zopzoo-six-desktop');
  await snap(b, 'zopzoo-six-phone');
  for (const ctx of extra) await ctx.close();
  assert.deepEqual(errors, []);
  await close();
});

// --- other languages ------------------------------------------------------------

/** The game's own part of the room: its table and, at the end, its final scorecard. */
const TABLE = '[data-testid="zz-table"], [data-testid="zopzoo-scorecard"]';
const NAMES = ['Ana', 'Ben'];

/**
 * No English on the table (and its final scorecard), nothing overflowing,
 * the page in `lang` and its direction: on both pages, each at a phone's
 * and a desktop's size.
 * @param {Page[]} pages
 * @param {string} lang
 * @param {string} when for the screenshots' names
 */
async function checkLanguage(pages, lang, when) {
  for (const [i, p] of pages.entries()) {
    assert.equal(await p.evaluate(() => document.documentElement.lang), lang);
    assert.equal(await p.evaluate(() => document.documentElement.dir), lang === 'ar' ? 'rtl' : 'ltr', `${when}: the page's direction`);
    await atBothSizes(p, async (size) => {
      await noEnglish(p, NAMES);
      await noOverflow(p);
      if (shots) await p.screenshot({ path: join(shots, `zopzoo-${lang}-${when}-${NAMES[i]}-${size}.png`), fullPage: true });
    });
  }
}

/**
 * Waits until both pages show the same version and the active seat's page
 * offers a choice, or the game is over; a round summary is shown to
 * `onSummary` (once per round and page) and then closed with its button.
 * @param {Page[]} pages
 * @param {number} deadline
 * @param {(page: Page) => Promise<void>} [onSummary]
 */
async function nextChoice(pages, deadline, onSummary) {
  for (;;) {
    assert.ok(Date.now() < deadline, 'out of time waiting for a choice');
    for (const p of pages) {
      if (await p.getByTestId('summary-close').count()) {
        if (onSummary) await onSummary(p);
        await p.getByTestId('summary-close').click().catch(() => {});
      }
    }
    const [sa, sb] = await Promise.all(pages.map(status));
    if (sa.version === sb.version && sa.phase === 'finished') return sa;
    if (sa.version === sb.version && sa.phase === 'turn' && sa.seat !== null) {
      if (await pages[sa.seat].getByTestId('prompt').count()) return sa;
    }
    await pages[0].waitForTimeout(50);
  }
}

/**
 * Answers the choice on the active seat's page by test ids alone (never by
 * its words): draws, takes, digs, covers the last highlighted card with a
 * wild, and uses a task card on the first highlighted cards. Returns the
 * kind of choice made.
 * @param {Page[]} pages
 * @param {{ seat: number | null, version: number }} st
 */
async function answer(pages, st) {
  const seat = /** @type {number} */ (st.seat);
  const page = pages[seat];
  const prompt = page.getByTestId('prompt');
  const awaiting = (await prompt.getAttribute('data-awaiting')) ?? '';
  const kind = (await prompt.getAttribute('data-task')) ?? '';
  const own = page.getByTestId(`row-${seat}`).locator('[data-pickable="true"]');
  const others = page.locator(`[data-testid^="row-"]:not([data-testid="row-${seat}"]) [data-pickable="true"]`);
  if (awaiting === 'draw') await page.getByTestId('draw').click();
  else if (awaiting === 'take_from_discard') await page.getByTestId('take-discard').click();
  else if (awaiting === 'dig_or_draw') await page.getByTestId((await page.getByTestId('dig').count()) ? 'dig' : 'draw').click();
  else if (awaiting === 'wild') await own.last().click();
  else if (kind === 'hyena') await own.first().click();
  else if (kind === 'raccoon') {
    await others.first().click();
    await page.getByTestId('confirm-take').click();
  } else if (kind === 'earthworm') {
    await own.first().click();
    await others.first().click();
    await page.getByTestId('confirm-switch').click();
  } else assert.fail(`unexpected prompt: ${awaiting} ${kind}`);
  await Promise.all(pages.map((p) => waitPast(p, st.version)));
  return kind || awaiting;
}

/**
 * Starts the match (A is the host) and waits for the whole deal on both pages.
 * @param {Page[]} pages
 */
async function startZop(pages) {
  const [a] = pages;
  await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
  await a.getByTestId('start').click();
  for (const p of pages) {
    await p.getByTestId('row-1').waitFor();
    await p.waitForFunction(
      () => [0, 1].every((s) => document.querySelectorAll(`[data-testid^="stack-${s}-"]`).length >= 6),
      undefined,
      { timeout: 15_000 },
    );
    await p.emulateMedia({ reducedMotion: 'reduce' });
  }
}

test('a whole Zop Zoo match in Arabic, right to left: no English, nothing overflows', { timeout: 600_000, skip: heavyOnly }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  const t0 = Date.now();
  const deadline = t0 + 560_000;
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'zop-zoo', lang: 'ar', viewportA: DESKTOP, viewportB: PHONE });
  const pages = [a, b];
  try {
    // The lobby's options panel is the game's too.
    for (const p of pages) {
      assert.equal(await p.evaluate(() => document.documentElement.dir), 'rtl');
      await noEnglish(p, NAMES, 'fieldset.options');
    }
    await startZop(pages);
    await checkLanguage(pages, 'ar', 'start');

    // The first row mirrors: its first card (dealt first) is at the right.
    for (const p of pages) {
      const xs = await p.getByTestId('row-0').locator('[data-testid^="stack-0-"]').evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect().left));
      assert.ok(xs[0] > xs[1], `the row reads right to left (${xs.join(', ')})`);
    }

    let actions = 0;
    let special = false;
    const summaries = new Set();
    /** @param {Page} p */
    const onSummary = async (p) => {
      const round = (await status(p)).round;
      if (summaries.size === 0 && !summaries.has(round)) {
        summaries.add(round);
        await checkLanguage(pages, 'ar', 'summary');
      }
    };
    for (;;) {
      const st = await nextChoice(pages, deadline, onSummary);
      if (st.phase === 'finished') break;
      const prompt = pages[/** @type {number} */ (st.seat)].getByTestId('prompt');
      const awaiting = (await prompt.getAttribute('data-awaiting')) ?? '';
      if (!special && awaiting !== 'draw') {
        // A choice of substance (take, dig, a wild, a task card): its prompt and the highlights, in Arabic.
        special = true;
        await checkLanguage(pages, 'ar', 'choice');
      }
      await answer(pages, st);
      actions += 1;
    }

    for (const p of pages) await p.getByTestId('zopzoo-scorecard').waitFor({ timeout: 30_000 });
    // Every round of the final scorecard, unfolded.
    for (const p of pages) for (const d of await p.getByTestId('zopzoo-scorecard').locator('details').all()) await d.evaluate((el) => el.setAttribute('open', ''));
    await checkLanguage(pages, 'ar', 'final');
    console.log(`zop zoo in Arabic: ${actions} actions, ${(await status(a)).round} rounds, ${Math.round((Date.now() - t0) / 1000)} s`);
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  } finally {
    await close();
  }
});

test('Zop Zoo in the pseudo-locale: every word of the table, the options and the rules from the catalog', { timeout: 240_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  const deadline = Date.now() + 200_000;
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'zop-zoo', lang: 'en-XA', viewportA: DESKTOP, viewportB: PHONE });
  const pages = [a, b];
  try {
    assert.deepEqual(await untranslated(a, NAMES, 'fieldset.options'), [], 'the options panel');
    await startZop(pages);
    // Play on until a choice other than a plain draw (or 40 actions), then read both tables.
    for (let i = 0; i < 40; i++) {
      const st = await nextChoice(pages, deadline);
      if (st.phase === 'finished') break;
      const prompt = pages[/** @type {number} */ (st.seat)].getByTestId('prompt');
      if (i >= 6 && (await prompt.getAttribute('data-awaiting')) !== 'draw') break;
      await answer(pages, st);
    }
    for (const p of pages) {
      // The whole discard pile and the scores, unfolded.
      for (const d of await p.getByTestId('zz-table').locator('details').all()) await d.evaluate((el) => el.setAttribute('open', ''));
      assert.deepEqual(await untranslated(p, NAMES, TABLE), [], 'the table mid-match');
    }
    if (shots) {
      await a.screenshot({ path: join(shots, 'zopzoo-en-XA-mid-desktop.png'), fullPage: true });
      await b.screenshot({ path: join(shots, 'zopzoo-en-XA-mid-phone.png'), fullPage: true });
    }
    // The rules panel, from the header.
    await b.getByTestId('rules-header').click();
    await b.locator('dialog[open][data-testid="rules-panel"]').waitFor();
    assert.deepEqual(await untranslated(b, NAMES, 'dialog[open][data-testid="rules-panel"]'), [], 'the rules panel');
    await b.keyboard.press('Escape');
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  } finally {
    await close();
  }
});

// With PARLOR_HEAVY=1: the German walk in every-page.test.mjs shows this table at both sizes.
test('Zop Zoo in German at a phone and a desktop: no English, nothing overflows', { timeout: 240_000, skip: heavyOnly }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  const deadline = Date.now() + 200_000;
  /** @type {string[]} */
  const errors = [];
  const { a, b, close } = await openRoom(browser, h.baseUrl, errors, { game: 'zop-zoo', lang: 'de', viewportA: DESKTOP, viewportB: PHONE });
  const pages = [a, b];
  try {
    for (const p of pages) await noEnglish(p, NAMES, 'fieldset.options');
    await startZop(pages);
    await checkLanguage(pages, 'de', 'start');
    for (let i = 0; i < 60; i++) {
      const st = await nextChoice(pages, deadline);
      if (st.phase === 'finished') break;
      const prompt = pages[/** @type {number} */ (st.seat)].getByTestId('prompt');
      if (i >= 10 && (await prompt.getAttribute('data-awaiting')) !== 'draw') break;
      await answer(pages, st);
    }
    await checkLanguage(pages, 'de', 'mid');
    assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  } finally {
    await close();
  }
});
