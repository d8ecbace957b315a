// End-to-end: a whole Doozy Dice match, then history filters, the match page
// and its replay (keyboard stepping, play, points of view, shareable URLs).
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/replay.test.mjs
//
// Env as in helpers.mjs; E2E_SCREENSHOTS=dir saves desktop and 390×844 PNGs.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { finishOverSocket, startMatch } from './doozy.mjs';
import { newPage, noHorizontalScroll, openRoom, shots, useServer } from './helpers.mjs';

const h = useServer();

/** @param {import('playwright-core').Page} page */
async function stepShown(page) {
  return Number(await page.getByTestId('replay-counter').getAttribute('data-step'));
}

/**
 * @param {import('playwright-core').Page} page
 * @param {number} step
 */
async function waitStep(page, step) {
  await page.waitForFunction(
    (k) => document.querySelector('[data-testid="replay-counter"]')?.getAttribute('data-step') === String(k),
    step,
  );
}

test('history filters, match page and replay of a finished match', { timeout: 600_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const { a, b, ctxB, close } = await openRoom(browser, h.baseUrl, errors, {
    game: 'doozy-dice',
    viewportB: { width: 390, height: 844 },
  });

  // --- play the match to the end (2 players × 5 rounds), with some table talk:
  // Ana says a line, Ben reacts, a spectator says something on the rail.
  const pages = [a, b];
  await startMatch(a);
  await a.getByTestId('chat').locator('summary').click();
  await a.getByTestId('chat-input').fill('may the dice be kind');
  await a.getByTestId('chat-send').click();
  await b.getByTestId('chat').locator('summary').click();
  await b.getByTestId('chat-lines').getByText('may the dice be kind').waitFor();
  await b.getByTestId('reaction-bar-wow').click();
  await a.getByTestId('chat-lines').locator('[data-reaction="wow"]').waitFor();
  const railCtx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const railPage = await newPage(railCtx, errors);
  await railPage.goto(a.url());
  await railPage.getByTestId('chat').locator('summary').click();
  await railPage.getByTestId('chat-input').fill('watching from the rail');
  await railPage.getByTestId('chat-send').click();
  await railPage.getByTestId('chat-lines').getByText('watching from the rail').waitFor();
  await railCtx.close();
  // Played to the end over the seats' own sockets (doozy-dice.test.mjs plays
  // whole matches through the UI; here only the finished match matters).
  await Promise.all([finishOverSocket(pages[0]), finishOverSocket(pages[1])]);
  await a.getByTestId('game-over').waitFor({ timeout: 30_000 });

  // --- history: filter by game and by player
  await a.goto(`${h.baseUrl}/matches`);
  await a.getByTestId('match-list').waitFor();
  await a.getByTestId('filter-game').selectOption('zoomies');
  await a.getByTestId('no-matches').waitFor();
  await a.getByTestId('filter-game').selectOption('doozy-dice');
  await a.getByTestId('match-list').waitFor();
  assert.equal(await a.locator('[data-testid="match-list"] li').count(), 1);
  await a.getByTestId('filter-player').fill('Nobody');
  await a.getByTestId('filter-apply').click();
  await a.getByTestId('no-matches').waitFor();
  // From tomorrow on there is nothing yet; clearing the date brings it back.
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = (n) => String(n).padStart(2, '0');
  await a.getByTestId('filter-from').fill(`${tomorrow.getFullYear()}-${day(tomorrow.getMonth() + 1)}-${day(tomorrow.getDate())}`);
  await a.getByTestId('filter-apply').click();
  await a.getByTestId('no-matches').waitFor();
  await a.getByTestId('filter-from').fill('');
  await a.getByTestId('filter-player').fill('Ben');
  await a.getByTestId('filter-apply').click();
  await a.getByTestId('match-list').waitFor();
  assert.match((await a.getByTestId('match-list').textContent()) ?? '', /Doozy Dice.*Ana.*Ben/s);
  // The filters are in the URL: a copied link opens the same list.
  assert.match(a.url(), /\/matches\?game=doozy-dice&player=Ben$/);
  await a.reload();
  await a.getByTestId('match-list').waitFor();
  assert.equal(await a.getByTestId('filter-player').inputValue(), 'Ben');
  assert.equal(await a.locator('[data-testid="match-list"] li').count(), 1);
  await a.goto(`${h.baseUrl}/matches?room=ZZZZZ`);
  await a.getByTestId('filter-room').waitFor();
  await a.getByRole('alert').filter({ hasText: /no room with that code/ }).waitFor();
  await a.goto(`${h.baseUrl}/matches?player=Ben`);
  await a.getByTestId('match-list').waitFor();
  if (shots) await a.screenshot({ path: join(shots, 'replay-history-desktop.png'), fullPage: true });

  // --- the match page: replay, download and the verify hint
  await a.locator('[data-testid="match-list"] a').first().click();
  await a.waitForURL(/\/matches\/[0-9a-f-]+$/);
  const matchId = new URL(a.url()).pathname.split('/')[2];
  await a.getByTestId('match-result').waitFor();
  // The table talk is kept with the match: the players' line, the reaction
  // as an icon, and the rail's line marked as the spectators'.
  const talk = a.getByTestId('table-talk-lines');
  await talk.waitFor();
  const talkText = await talk.innerText();
  assert.match(talkText, /Ana:\s*may the dice be kind/);
  assert.equal(await talk.locator('li', { hasText: 'Ben' }).locator('svg[data-icon="wow"]').count(), 1, "Ben's reaction as an icon");
  await talk.getByRole('img', { name: 'reacted: wow' }).waitFor();
  assert.match(talkText, /Spectator \(spectators' chat\):\s*watching from the rail/);
  assert.match((await a.getByTestId('verify-hint').textContent()) ?? '', new RegExp(`parlor-server verify http://[^ ]+/matches/${matchId}`));
  const dl = await a.getByTestId('download-record').getAttribute('href');
  assert.equal(dl, `/api/matches/${matchId}/export`);
  const exported = await a.request.get(`${h.baseUrl}${dl}`);
  assert.equal(exported.status(), 200);
  assert.equal((await exported.json()).match_id ?? matchId, matchId);
  await a.getByTestId('open-replay').click();
  await a.waitForURL(/\/replay\?step=0$/);

  // --- the replay opens on step 0 as a spectator
  await a.getByTestId('replay-table').waitFor();
  const counter = (await a.getByTestId('replay-counter').textContent()) ?? '';
  const m = counter.match(/Step 0 of (\d+)/);
  assert.ok(m, `counter: ${counter}`);
  const last = Number(m[1]);
  assert.ok(last > 20, `a whole match has many steps (${last})`);
  assert.equal(await a.locator('[data-testid="replay-table"] .you').count(), 0, 'a spectator is no seat');
  assert.equal(await a.getByTestId('roll').count(), 0, 'no live controls in a replay');

  // Keyboard stepping changes the counter, the URL and the table.
  const tableAt0 = await a.getByTestId('replay-table').innerText();
  await a.getByTestId('replay-counter').click();
  for (let i = 0; i < 3; i++) await a.keyboard.press('ArrowRight');
  await waitStep(a, 3);
  assert.match((await a.getByTestId('replay-counter').textContent()) ?? '', new RegExp(`Step 3 of ${last}`));
  assert.match(a.url(), /step=3$/);
  assert.notEqual(await a.getByTestId('replay-narration').textContent(), '');
  await a.keyboard.press('End');
  await waitStep(a, last);
  const tableAtEnd = await a.getByTestId('replay-table').innerText();
  assert.notEqual(tableAtEnd, tableAt0, 'the table changes between the start and the end');
  // The end shows every combo scored: the totals are filled in.
  assert.match((await a.getByTestId('total-0').textContent()) ?? '', /\d/);
  if (shots) await a.screenshot({ path: join(shots, 'replay-end-desktop.png'), fullPage: true });
  await a.keyboard.press('Home');
  await waitStep(a, 0);
  assert.equal(await a.getByTestId('replay-table').innerText(), tableAt0);
  await a.keyboard.press('ArrowLeft');
  assert.equal(await stepShown(a), 0, 'no step before the start');

  // Play runs on by itself; pausing stops it.
  await a.getByTestId('replay-speed').selectOption('4');
  await a.getByTestId('replay-play').click();
  await a.waitForFunction(() => Number(document.querySelector('[data-testid="replay-counter"]')?.getAttribute('data-step')) >= 2);
  await a.getByTestId('replay-play').click();
  const paused = await stepShown(a);
  await a.waitForTimeout(800);
  assert.equal(await stepShown(a), paused, 'paused stays put');

  // --- points of view: each seat sees itself as "(you)"
  await a.getByTestId('pov-0').click();
  await a.waitForURL(/seat=0&step=\d+$/);
  await a.getByTestId('player-0').locator('.you').waitFor();
  assert.equal(await a.getByTestId('player-1').locator('.you').count(), 0);
  assert.equal(await stepShown(a), paused, 'switching seats keeps the step');
  await a.getByTestId('pov-1').click();
  await a.waitForURL(/seat=1&step=\d+$/);
  await a.getByTestId('player-1').locator('.you').waitFor();
  assert.equal(await a.getByTestId('player-0').locator('.you').count(), 0);

  // --- a copied URL lands on the same step and seat
  await a.getByTestId('replay-counter').click();
  await a.keyboard.press('Home');
  for (let i = 0; i < 5; i++) await a.keyboard.press('ArrowRight');
  await waitStep(a, 5);
  const shared = a.url();
  assert.match(shared, new RegExp(`/matches/${matchId}/replay\\?seat=1&step=5$`));
  const c = await newPage(ctxB, errors);
  await c.goto(shared);
  await waitStep(c, 5);
  await c.getByTestId('player-1').locator('.you').waitFor();
  assert.equal(await c.getByTestId('replay-table').innerText(), await a.getByTestId('replay-table').innerText());
  await noHorizontalScroll(c);
  if (shots) {
    await c.screenshot({ path: join(shots, 'replay-390.png'), fullPage: true });
    await a.screenshot({ path: join(shots, 'replay-desktop.png'), fullPage: true });
    await c.goto(`${h.baseUrl}/matches`);
    await c.getByTestId('match-list').waitFor();
    await noHorizontalScroll(c);
    await c.screenshot({ path: join(shots, 'replay-history-390.png'), fullPage: true });
    await c.goto(`${h.baseUrl}/matches/${matchId}`);
    await c.getByTestId('match-result').waitFor();
    await noHorizontalScroll(c);
    await c.screenshot({ path: join(shots, 'replay-match-390.png'), fullPage: true });
  }

  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await close();
});

test("every game's table replays a live match (spectator's view, seats not yet)", { timeout: 300_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  for (const game of ['mix-the-mutts', 'zoomies', 'zingamino', 'zop-zoo']) {
    const { a, ctxA, close } = await openRoom(browser, h.baseUrl, errors, { game });
    await a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
    await a.getByTestId('start').click();
    const code = (await a.getByTestId('room-code').textContent())?.trim();
    /** @type {string | null} */
    let matchId = null;
    for (let i = 0; i < 50 && !matchId; i++) {
      matchId = (await (await a.request.get(`${h.baseUrl}/api/rooms/${code}`)).json()).match_id;
      if (!matchId) await a.waitForTimeout(200);
    }
    assert.ok(matchId, `${game}: the room has a match`);

    // A seat's eyes are refused while the match runs: the spectator's are shown.
    const r = await newPage(ctxA, errors);
    await r.goto(`${h.baseUrl}/matches/${matchId}/replay?seat=0&step=9999`);
    await r.getByTestId('replay-table').waitFor();
    await r.getByRole('status').getByText("showing the spectator's").waitFor();
    const last = Number(((await r.getByTestId('replay-counter').textContent()) ?? '').match(/of (\d+)/)?.[1]);
    assert.ok(last > 0, `${game}: the deal makes steps`);
    assert.equal(await r.getByTestId('replay-counter').getAttribute('data-step'), String(last), `${game}: a step past the end shows the end`);
    assert.match(r.url(), new RegExp(`replay\\?step=${last}$`), `${game}: no seat in the URL`);
    assert.equal(await r.getByTestId('pov-0').count(), 0, `${game}: no seats offered before the end`);
    const atEnd = await r.getByTestId('replay-table').innerText();
    await r.getByTestId('replay-counter').click();
    await r.keyboard.press('Home');
    await waitStep(r, 0);
    await r.keyboard.press('ArrowRight');
    await waitStep(r, 1);
    assert.notEqual((await r.getByTestId('replay-narration').textContent())?.trim(), '', `${game}: step 1 is narrated`);
    await r.keyboard.press('End');
    await waitStep(r, last);
    // Zop Zoo paces its narration a line at a time, so the table may take a moment to settle.
    await r.waitForFunction(
      (want) => /** @type {HTMLElement|null} */ (document.querySelector('[data-testid="replay-table"]'))?.innerText === want,
      atEnd,
      { timeout: 15_000 },
    );
    if (shots) await r.screenshot({ path: join(shots, `replay-${game}-desktop.png`), fullPage: true });
    await close();
  }
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
});

test('history pages with "Load more", asking for the matches before the last shown', { timeout: 60_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await newPage(ctx, errors);
  /** @type {URLSearchParams[]} */
  const asked = [];
  const base = 1_700_000_000_000;
  /** @param {number} i */
  const summary = (i) => ({ match_id: `m-${i}`, game: 'doozy-dice', players: ['Ana', 'Ben'], winners: [0], finished_at: base - i * 60_000 });
  // A fake server side: 20 matches on the first page, 3 more before the 20th.
  await page.route(/\/api\/matches(\?.*)?$/, (route) => {
    const q = new URL(route.request().url()).searchParams;
    asked.push(q);
    const before = q.get('before');
    const body = before === null ? Array.from({ length: 20 }, (_, i) => summary(i)) : [20, 21, 22].map(summary);
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
  await page.goto(`${h.baseUrl}/matches`);
  await page.getByTestId('match-list').waitFor();
  assert.equal(await page.locator('[data-testid="match-list"] li').count(), 20);
  await page.getByTestId('filter-game').selectOption('doozy-dice');
  await page.getByTestId('load-more').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="match-list"] li').length === 23);
  const last = asked[asked.length - 1];
  assert.equal(last.get('before'), String(base - 19 * 60_000), 'before = finished_at of the last shown');
  assert.equal(last.get('game'), 'doozy-dice', 'the filters stay on the next page');
  assert.equal(await page.getByTestId('load-more').count(), 0, 'a short page is the last');
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await ctx.close();
});

test('a downloaded record replays from a file, with everything revealed; a tampered one is refused', { timeout: 120_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const ctx = await browser.newContext();
  const page = await newPage(ctx, errors);
  const fixtures = join(import.meta.dirname, 'fixtures');
  await page.goto(`${h.baseUrl}/matches`);
  await page.getByTestId('open-record').click();
  await page.waitForURL(/\/matches\/file\/replay/);

  // Mix-the-Mutts: every hand at once, and each the hand its seat held.
  await page.getByTestId('record-file').setInputFiles(join(fixtures, 'mix-the-mutts.json'));
  await page.getByTestId('replay-table').waitFor();
  assert.equal(await page.getByTestId('revealed-hands').count(), 0, 'a spectator sees no hands');
  await page.getByTestId('pov-all').click();
  await page.waitForURL(/seat=all&step=0$/);
  await page.getByTestId('revealed-hands').waitFor();
  await page.getByTestId('replay-counter').click();
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
  await waitStep(page, 30);
  const held = [];
  for (const s of [0, 1]) {
    held.push(Number(await page.getByTestId(`revealed-hand-${s}`).getAttribute('data-count')));
  }
  assert.ok(held.every((n) => n > 0), `both seats hold cards at step 30: ${held}`);
  if (shots) await page.screenshot({ path: join(shots, 'replay-revealed-desktop.png'), fullPage: true });
  /** @type {string[]} */
  const own = [];
  for (const s of [0, 1]) {
    await page.getByTestId(`pov-${s}`).click();
    await page.waitForURL(new RegExp(`seat=${s}&step=30$`));
    await page.getByTestId('mtm-hand').waitFor();
    assert.equal(await page.getByTestId('revealed-hands').count(), 0, 'a seat sees only its own hand');
    const groups = await page.getByTestId('mtm-hand').locator('li[data-count]').evaluateAll((els) =>
      els.map((e) => `${e.getAttribute('data-testid')}×${e.getAttribute('data-count')}`),
    );
    const counts = groups.map((g) => Number(g.split('×')[1]));
    assert.equal(counts.reduce((a, b) => a + b, 0), held[s], `seat ${s}'s own hand is the revealed one`);
    own.push(groups.join(' '));
  }
  assert.notEqual(own[0], own[1], `switching seats shows another hand: ${own.join(' | ')}`);

  // Zingamino: the panel lists every seat.
  await page.getByTestId('record-file').setInputFiles(join(fixtures, 'zingamino.json'));
  await page.getByRole('heading', { name: /Zingamino — replay from a file/ }).waitFor();
  await page.getByTestId('pov-all').click();
  await page.getByTestId('revealed-hands').waitFor();
  assert.equal(await page.getByTestId('revealed-hands').locator('li[data-count]').count(), 2);

  // A record whose seed was swapped is refused, naming why.
  const record = JSON.parse(await (await import('node:fs/promises')).readFile(join(fixtures, 'zoomies.json'), 'utf8'));
  record.seed = 'ab'.repeat(32);
  await page.getByTestId('record-file').setInputFiles({ name: 'tampered.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
  await page.getByRole('alert').filter({ hasText: /seed/ }).waitFor();

  assert.deepEqual(errors.filter((e) => !/status of 4\d\d/.test(e)), [], `browser errors:\n${errors.join('\n')}`);
  await ctx.close();
});

/**
 * Where turns and rounds should begin in a spectator's replay, worked out
 * here from the steps alone: which step types are chance, per game, and
 * which steps end a round (`round_end`). Versions show the turn's first step.
 * @param {any} replay
 */
function expectedMarks(replay) {
  /** @type {Record<string, (s: any) => boolean>} */
  const chance = {
    'doozy-dice': (s) => ['card_dealt', 'roll_off_die', 'die_landed'].includes(s.type),
    zingamino: (s) => s.type === 'tile_drawn' && s.reason !== 'dig',
    'zop-zoo': (s) => s.type === 'first_player' || s.type === 'dealt',
  };
  const turns = [];
  const rounds = [];
  let mover = null;
  replay.steps.forEach((/** @type {any} */ st, /** @type {number} */ i) => {
    const s = st.step.step;
    const prev = i > 0 ? replay.steps[i - 1].step.step : null;
    const actor = chance[replay.game](s) ? null : s.seat;
    if (i === 0 || prev?.round_end) {
      if (prev?.round_end) rounds.push(i + 1);
      turns.push(i + 1);
      mover = actor;
    } else if (actor !== null && actor !== mover) {
      turns.push(i + 1);
      mover = actor;
    }
  });
  return { turns, rounds };
}

test('a replay jumps by turn, by round and to one player\'s moves', { timeout: 120_000 }, async (t) => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await newPage(ctx, errors);
  const fixtures = join(import.meta.dirname, 'fixtures');
  const { readFile } = await import('node:fs/promises');
  /** @param {string} key */
  const press = async (key) => page.keyboard.press(key);

  for (const game of ['doozy-dice', 'zingamino', 'zop-zoo']) {
    const record = JSON.parse(await readFile(join(fixtures, `${game}.json`), 'utf8'));
    const res = await page.request.post(`${h.baseUrl}/api/replay`, { data: record });
    const replay = await res.json();
    const want = expectedMarks(replay);
    t.diagnostic(`${game}: ${replay.steps.length} steps, ${want.turns.length} turns, ${want.rounds.length + 1} rounds`);

    await page.goto(`${h.baseUrl}/matches/file/replay`);
    await page.getByTestId('record-file').setInputFiles(join(fixtures, `${game}.json`));
    await page.getByTestId('replay-table').waitFor();
    const marks = page.getByTestId('replay-marks');
    const shown = (/** @type {string} */ attr) =>
      marks.getAttribute(attr).then((v) => (v ? v.split(',').map(Number) : []));
    assert.deepEqual(await shown('data-turns'), want.turns, `${game}: the turn ticks`);
    assert.deepEqual(await shown('data-rounds'), want.rounds, `${game}: the round ticks`);
    assert.equal(await marks.locator('line.turn').count(), want.turns.length);

    // Shift+→ from the start lands on each turn's first step; the button does the same.
    await page.getByTestId('replay-counter').click();
    for (const k of want.turns.slice(0, 3)) {
      await press('Shift+ArrowRight');
      await waitStep(page, k);
    }
    await page.getByTestId('replay-next-turn').click();
    await waitStep(page, want.turns[3]);
    assert.match((await page.getByTestId('replay-where').textContent()) ?? '', new RegExp(`Turn 4 of ${want.turns.length}`));
    // Back: from inside a turn to its start, from its start to the turn before.
    await press('ArrowRight');
    await waitStep(page, want.turns[3] + 1);
    await press('Shift+ArrowLeft');
    await waitStep(page, want.turns[3]);
    await press('Shift+ArrowLeft');
    await waitStep(page, want.turns[2]);
    // The keys work with the scrub bar focused too.
    await page.getByTestId('replay-scrub').focus();
    await press('Shift+ArrowRight');
    await waitStep(page, want.turns[3]);

    // One player's moves: Ben's (seat 1) next, then the one after, then back.
    const chanceTypes = ['card_dealt', 'roll_off_die', 'die_landed', 'first_player', 'dealt'];
    /** @type {number[]} */
    const ben = [];
    replay.steps.forEach((/** @type {any} */ st, /** @type {number} */ i) => {
      const s = st.step.step;
      if (s.seat === 1 && !chanceTypes.includes(s.type) && !(s.type === 'tile_drawn' && s.reason !== 'dig')) ben.push(i + 1);
    });
    await page.getByTestId('replay-mover').selectOption('1');
    await page.getByTestId('replay-counter').click();
    await press('Home');
    await waitStep(page, 0);
    await page.getByTestId('replay-next-move').click();
    await waitStep(page, ben[0]);
    await press('n');
    await waitStep(page, ben[1]);
    await press('p');
    await waitStep(page, ben[0]);
    assert.match((await page.getByTestId('replay-next-move').getAttribute('title')) ?? '', /next move \(N\)/);

    if (want.rounds.length) {
      await press('Home');
      await press('PageDown');
      await waitStep(page, want.rounds[0]);
      assert.match((await page.getByTestId('replay-narration').textContent()) ?? '', /Round 2 deal/);
      assert.match((await page.getByTestId('replay-where').textContent()) ?? '', /Round 2/);
      await page.getByTestId('replay-next-round').click();
      await waitStep(page, want.rounds[1]);
      await press('ArrowRight');
      await press('PageUp');
      await waitStep(page, want.rounds[1]);
      await press('PageUp');
      await waitStep(page, want.rounds[0]);
      await press('End');
      await waitStep(page, replay.steps.length);
      assert.equal(await page.getByTestId('replay-next-round').isDisabled(), true, 'no round after the last');
    } else {
      assert.equal(await page.getByTestId('replay-next-round').count(), 0, `${game}: no round buttons without rounds`);
      // Page keys do nothing here.
      await press('Home');
      await press('PageDown');
      await page.waitForTimeout(100);
      assert.equal(await stepShown(page), 0);
    }
    if (game === 'doozy-dice') {
      // The first roll is two turn jumps from the start (the deal and roll-off are one turn).
      await press('Home');
      await press('Shift+ArrowRight');
      await press('Shift+ArrowRight');
      await waitStep(page, want.turns[1]);
      assert.match((await page.getByTestId('replay-narration').textContent()) ?? '', /rolled 5 dice \(roll 1\)/);
    }
  }
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await ctx.close();
});
