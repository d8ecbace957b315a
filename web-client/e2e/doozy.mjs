// Doozy Dice moves through the UI, shared by the browser tests. They read
// the table by test ids and data attributes, so they play it in any
// language; the English wording is checked too when the page is English.
import assert from 'node:assert/strict';
import { defineSeatPlayer } from './helpers.mjs';

/**
 * The page reads English (its `<html lang>`).
 * @param {import('playwright-core').Page} page
 */
async function english(page) {
  return (await page.evaluate(() => document.documentElement.lang)) === 'en';
}

/** @param {import('playwright-core').Page} page */
export async function turnSeat(page) {
  const s = await page.getByTestId('turn-indicator').getAttribute('data-seat');
  return s === null || s === '' ? null : Number(s);
}

/**
 * Waits until the roller's controls settle after a roll: a claim is offered,
 * the cutoff is due, or dice can be selected for the next roll.
 * @param {import('playwright-core').Page} page
 * @param {number} roll the roll number just made
 */
export async function waitReady(page, roll) {
  await page.waitForFunction(
    (n) => {
      const rc = document.querySelector('[data-testid="roll-count"]');
      if (rc?.getAttribute('data-roll') !== String(n)) return false;
      if (document.documentElement.lang === 'en' && !(rc.textContent ?? '').includes(`Roll ${n} of`)) return false;
      return !!(
        document.querySelector('[data-testid^="claim-"]') ||
        document.querySelector('[data-testid="cutoff"]') ||
        document.querySelector('[data-testid="select-all"]')
      );
    },
    roll,
    { timeout: 20_000 },
  );
}

/**
 * Follows the dot hint, if one shows: spends the dots it names through the
 * ± dots panel, then checks the card it promised is offered to claim.
 * Returns the card id, or null when no hint shows.
 * @param {import('playwright-core').Page} page
 * @param {number} seat
 */
export async function followDotHint(page, seat) {
  const hint = page.getByTestId('dot-hint');
  if (!(await hint.count())) return null;
  const first = hint.locator('li').first();
  const card = Number(await first.getAttribute('data-card'));
  const text = (await first.textContent()) ?? '';
  const cost = Number(await first.getAttribute('data-cost'));
  // "die:from:to" for each change, die from 0.
  const changes = ((await first.getAttribute('data-changes')) ?? '').split(' ').map((c) => {
    const [die, from, to] = c.split(':').map(Number);
    return { die, from, to };
  });
  assert.equal(changes.reduce((n, c) => n + Math.abs(c.to - c.from), 0), cost, `the cost adds up: ${text}`);
  if (await english(page)) {
    // The English sentence says the same.
    const m = text.match(/^Spend (\d+) dots? to make (.+) \((.+)\)$/);
    assert.ok(m, `hint text: ${text}`);
    assert.equal(Number(m[1]), cost, `hint text: ${text}`);
    const said = [...m[3].matchAll(/die (\d) (\d) → (\d)/g)].map((x) => ({ die: Number(x[1]) - 1, from: Number(x[2]), to: Number(x[3]) }));
    assert.deepEqual(said, changes, `hint text: ${text}`);
  }
  for (const c of changes) {
    const dotsBefore = await page.getByTestId(`dots-${seat}`).textContent();
    await page.getByTestId(`adjust-open-${c.die}`).click();
    for (let n = 0; n < Math.abs(c.to - c.from); n++) await page.getByTestId(c.to > c.from ? 'adjust-plus' : 'adjust-minus').click();
    assert.equal(Number(await page.getByTestId('adjust-to').getAttribute('data-value')), c.to);
    await page.getByTestId('adjust-confirm').click();
    await page.waitForFunction(
      ([sel, before]) => document.querySelector(sel)?.textContent !== before,
      /** @type {[string, string|null]} */ ([`[data-testid="dots-${seat}"]`, dotsBefore]),
    );
  }
  // The server agrees: the promised card is offered.
  await page.getByTestId(`claim-${card}`).waitFor({ timeout: 10_000 });
  return card;
}

/**
 * Plays one whole turn through the UI (or the rest of one, from roll
 * `opts.from`). Returns what was recorded. With `followHints`, a dot hint is
 * followed (and checked) before rolling on; `hints` counts those followed.
 * @param {import('playwright-core').Page} page
 * @param {number} seat
 * @param {{spendDots?: boolean, from?: number, followHints?: boolean, hints?: { n: number }}} opts
 */
export async function playTurn(page, seat, opts = {}) {
  const roll = page.getByTestId('roll');
  let n = opts.from ?? 0;
  if (n === 0) {
    await firstRoll(page);
    n = 1;
  }
  let spent = false;
  for (;;) {
    await waitReady(page, n);
    const claim = page.locator('[data-testid^="claim-"]').first();
    if (await claim.count()) {
      const id = Number(((await claim.getAttribute('data-testid')) ?? '').replace('claim-', ''));
      await claim.click();
      return { card: id, rolls: n, cutoff: false };
    }
    if (await page.getByTestId('cutoff').count()) {
      const cut = page.locator('[data-testid^="cutoff-"]').first();
      const id = Number(((await cut.getAttribute('data-testid')) ?? '').replace('cutoff-', ''));
      await cut.click();
      return { card: id, rolls: 13, cutoff: true };
    }
    if (opts.followHints && !spent) {
      const card = await followDotHint(page, seat);
      if (card !== null) {
        spent = true;
        if (opts.hints) opts.hints.n++;
        continue;
      }
    }
    if (opts.spendDots && !spent) {
      spent = await spendOneDot(page, seat);
      if (spent) {
        // Spending may have made a combo; look again before rolling.
        continue;
      }
    }
    await page.getByTestId('select-all').click();
    assert.ok(await roll.isEnabled(), 'roll enabled after selecting dice');
    await roll.click();
    n += 1;
  }
}

/**
 * Starts a turn: rolls all five dice and waits for the result.
 * @param {import('playwright-core').Page} page
 */
export async function firstRoll(page) {
  const roll = page.getByTestId('roll');
  await roll.waitFor();
  assert.equal(await roll.getAttribute('data-first'), 'true', 'the first roll rolls all five');
  if (await english(page)) assert.match((await roll.textContent()) ?? '', /Roll all 5 dice/);
  await roll.click();
  await waitReady(page, 1);
}

/**
 * Changes one die by one pip with the ± dots panel. Returns false if no die
 * could be changed.
 * @param {import('playwright-core').Page} page
 * @param {number} seat
 */
export async function spendOneDot(page, seat) {
  const open = page.locator('[data-testid^="adjust-open-"]').first();
  if (!(await open.count())) return false;
  const dotsBefore = await page.getByTestId(`dots-${seat}`).textContent();
  await open.click();
  const plus = page.getByTestId('adjust-plus');
  const minus = page.getByTestId('adjust-minus');
  if (await plus.isEnabled()) await plus.click();
  else await minus.click();
  assert.equal(await page.getByTestId('adjust-cost').getAttribute('data-cost'), '1');
  if (await english(page)) assert.match((await page.getByTestId('adjust-cost').textContent()) ?? '', /Cost 1 dot/);
  await page.getByTestId('adjust-confirm').click();
  await page.waitForFunction(
    ([sel, before]) => document.querySelector(sel)?.textContent !== before,
    /** @type {[string, string|null]} */ ([`[data-testid="dots-${seat}"]`, dotsBefore]),
  );
  return true;
}

/**
 * Host starts; resolves once the deal and roll-off are over with the seat to act.
 * @param {import('playwright-core').Page} host
 */
export async function startMatch(host) {
  await host.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
  await host.getByTestId('start').click();
  await host.waitForFunction(() => document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-seat'), null, {
    timeout: 30_000,
  });
  return /** @type {number} */ (await turnSeat(host));
}

/**
 * @param {import('playwright-core').Page} page
 * @param {number} seat
 */
export async function waitTurn(page, seat) {
  await page.waitForFunction(
    (s) => document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-seat') === String(s),
    seat,
  );
}


/**
 * Plays this page's seat to the end of the match straight over a second
 * WebSocket with the page's own seat token (the page itself follows along as
 * usual): claim the first card the dice make, else roll every die, and take
 * the cutoff on the first unclaimed card after roll 13. For tests that need a
 * finished match but do not test playing it (doozy-dice.test.mjs plays whole
 * matches through the UI). Resolves when the match is over.
 * Run it on every seated page at once (`Promise.all`).
 * @param {import('playwright-core').Page} page
 */
export async function finishOverSocket(page) {
  const code = new URL(page.url()).pathname.split('/')[2];
  await defineSeatPlayer(page);
  await page.evaluate(async (room) => {
    const token = localStorage.getItem(`parlor.token.${room}`);
    if (!token) throw new Error('finishOverSocket: this page holds no seat');
    /** @param {any} v @param {number} me */
    const decide = (v, me) => {
      const t = v.phase;
      if (t.phase !== 'turn' || t.seat !== me || t.rolling) return null;
      if (t.satisfied.length) return { type: 'claim', card: t.satisfied[0] };
      if (t.roll_count >= 13) {
        const done = new Set(v.players[me].combos.map((/** @type {any} */ c) => c.card));
        return { type: 'cutoff', card: v.cards.find((/** @type {any} */ c) => !done.has(c.id)).id };
      }
      return { type: 'roll', dice: t.dice.map((/** @type {any} */ _d, /** @type {number} */ i) => i) };
    };
    await /** @type {any} */ (window).__parlorPlaySeat({
      url: `ws://${location.host}/api/rooms/${room}/ws`,
      token,
      game: 'doozy-dice',
      decide,
      label: 'finishOverSocket',
      limitMs: 120_000,
    });
  }, code);
}
