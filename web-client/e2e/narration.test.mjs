// The replay's captions agree with the table they caption: over every step
// of recorded matches, seen by the spectator, by each seat and with
// everything revealed, a caption that says a seat was dealt, drew or dug N
// tiles or cards (or N each for every player) comes with that seat's hand
// (Zop Zoo: its row) growing by exactly N at that step.
//
// The records are the fixtures (replayed by the server, as "open a record"
// does) and matches started here with three and four seats (their deals).
// The captions come from the games' own log.ts, compiled by
// `tsc -p tsconfig.unit.json`, which this test runs first.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/narration.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { newPage, useServer } from './helpers.mjs';

const h = useServer();
const here = dirname(fileURLToPath(import.meta.url));
const webClient = resolve(here, '..');
const cache = join(webClient, 'node_modules/.cache/unit');
const fixtures = join(here, 'fixtures');

/** Hand size of `seat` in a game's view, where the view shows it. */
const HAND = {
  'doozy-dice': () => undefined,
  'mix-the-mutts': (v, s) => v.players?.[s]?.hand_size,
  zoomies: (v, s) => v.players?.[s]?.hand_size,
  zingamino: (v, s) => v.players?.[s]?.hand_size,
  'zop-zoo': (v, s) => v.players?.[s]?.row?.length,
};

/** @type {Record<string, { narrate: Function }>} */
const logs = {};
/** @type {(view: unknown, ops: unknown[]) => unknown} */
let applyPatch;

before(async () => {
  execFileSync(process.execPath, [join(webClient, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.unit.json'], { cwd: webClient, stdio: 'inherit' });
  register('../unit/extensionless.mjs', import.meta.url);
  for (const game of Object.keys(HAND)) logs[game] = await import(join(cache, 'games', game, 'log.js'));
  ({ applyPatch } = await import(join(cache, 'lib/patch.js')));
});

const WORDS = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const NUM = `(\\d+|${Object.keys(WORDS).join('|')})`;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const count = (w) => WORDS[w.toLowerCase()] ?? Number(w);

/**
 * What a caption says went to hands: [{ seats, n }]. "Ana was dealt 2 tiles",
 * "You drew a card", "Ben dug a tile", "4 tiles dealt to each player".
 * @param {string} caption
 * @param {string[]} names by seat
 * @param {number | null} me the viewer's seat ("You")
 */
export function handClaims(caption, names, me) {
  const out = [];
  const who = [...names.map(escape), 'You'].sort((a, b) => b.length - a.length).join('|');
  const one = new RegExp(`(${who}) (?:was dealt|were dealt|drew|dug)(?: up)? ${NUM} (?:new )?(?:tile|card)s?\\b`, 'gi');
  for (const m of caption.matchAll(one)) {
    const seat = m[1] === 'You' ? me : names.indexOf(m[1]);
    if (seat !== null && seat >= 0) out.push({ seats: [seat], n: count(m[2]) });
  }
  const each = new RegExp(`${NUM} (?:tile|card)s? (?:were )?dealt to each player`, 'gi');
  for (const m of caption.matchAll(each)) out.push({ seats: names.map((_, s) => s), n: count(m[1]) });
  return out;
}

/**
 * Every step's caption against the views: the failures, and how many claims were checked.
 * @param {any} replay
 */
function checkReplay(replay) {
  const game = replay.game;
  const narrate = logs[game].narrate;
  const hand = HAND[game];
  const me = replay.viewer.kind === 'seat' ? replay.viewer.seat : null;
  const nameOf = (s) => (s === me ? 'You' : (replay.players[s] ?? `Seat ${s + 1}`));
  const views = [replay.start];
  for (const s of replay.steps) views.push(applyPatch(views[views.length - 1], s.patch));
  const log = replay.steps.map((s, i) => ({ version: i + 1, step: s.step, timedOut: s.timed_out }));
  const failures = [];
  let checked = 0;
  for (let k = 1; k <= replay.steps.length; k++) {
    const lines = narrate(log.slice(0, k), views[k], (s) => replay.players[s] ?? `Seat ${s + 1}`, me);
    const caption = lines[lines.length - 1];
    if (!caption) continue;
    for (const { seats, n } of handClaims(caption, replay.players, me)) {
      for (const seat of seats) {
        const before = hand(views[k - 1].view, seat);
        const after = hand(views[k].view, seat);
        if (before === undefined || after === undefined) continue;
        checked++;
        if (after - before !== n) {
          failures.push(`${game} as ${me === null ? replay.viewer.kind : nameOf(me)}, step ${k}: "${caption}" but ${replay.players[seat]}'s hand went ${before} → ${after}`);
        }
      }
    }
  }
  return { failures, checked };
}

/**
 * The replay of a record as `seat` saw it (null: the spectator).
 * @param {unknown} record
 * @param {number | 'all' | null} seat
 */
async function replayOf(record, seat) {
  // A connection of its own: checking a long replay keeps this process busy
  // for seconds, past the server's keep-alive limit, and a pooled connection
  // the server closed meanwhile would be written to before its close is read.
  const res = await fetch(`${h.baseUrl}/api/replay${seat === null ? '' : `?seat=${seat}`}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify(record),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return res.json();
}

test('every fixture replay: a caption that deals or draws N to a seat matches its hand', { timeout: 300_000 }, async (t) => {
  /** @type {string[]} */
  const failures = [];
  /** @type {string[]} */
  const unchecked = [];
  for (const file of readdirSync(fixtures).filter((f) => f.endsWith('.json')).sort()) {
    const record = JSON.parse(readFileSync(join(fixtures, file), 'utf8'));
    let checked = 0;
    /** @type {(number | 'all' | null)[]} */
    const viewers = [null, 'all', ...(record.result ? [...Array(record.players).keys()] : [])];
    for (const who of viewers) {
      const r = checkReplay(await replayOf(record, who));
      checked += r.checked;
      failures.push(...r.failures);
    }
    t.diagnostic(`${file}: ${checked} captions checked against hands`);
    // Every game but Doozy Dice (no hands) deals: at least its deal is checked, seen four ways.
    if (record.game !== 'doozy-dice' && checked < 4 * 2 * 3) unchecked.push(`${file}: ${checked}`);
  }
  assert.deepEqual(failures.slice(0, 20), [], `${failures.length} captions disagree with the table`);
  assert.deepEqual(unchecked, [], 'too few captions checked');
});

test('matches with three and four seats: the deal is narrated seat by seat', { timeout: 300_000 }, async (t) => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  /** @type {string[]} */
  const failures = [];
  for (const game of ['mix-the-mutts', 'zoomies', 'zingamino', 'zop-zoo']) {
    for (const bots of [2, 3]) {
      const ctx = await browser.newContext();
      const page = await newPage(ctx, errors);
      await page.goto(`${h.baseUrl}/`);
      await page.getByTestId(`game-${game}`).click();
      await page.getByTestId('name-input').fill('Ana');
      await page.getByTestId('create-room').click();
      await page.waitForURL(/\/r\/[A-Z0-9]+$/);
      await page.getByTestId('add-bot').getByText('Add a bot').waitFor();
      for (let i = 0; i < bots; i++) {
        await page.getByTestId('add-bot-normal').click();
        await page.getByTestId(`bot-${i + 1}`).waitFor();
      }
      await page.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
      await page.getByTestId('start').click();
      const code = (await page.getByTestId('room-code').textContent())?.trim();
      /** @type {string | null} */
      let matchId = null;
      for (let i = 0; i < 50 && !matchId; i++) {
        matchId = (await (await fetch(`${h.baseUrl}/api/rooms/${code}`)).json()).match_id;
        if (!matchId) await page.waitForTimeout(200);
      }
      assert.ok(matchId, `${game}: the room has a match`);
      // Let the bots play a while (they stop at the host's turn).
      await page.waitForTimeout(1500);
      const res = await fetch(`${h.baseUrl}/api/matches/${matchId}/replay`);
      assert.equal(res.status, 200);
      const replay = await res.json();
      assert.equal(replay.players.length, bots + 1);
      const r = checkReplay(replay);
      failures.push(...r.failures);
      t.diagnostic(`${game} with ${bots + 1} seats: ${replay.steps.length} steps, ${r.checked} captions checked`);
      assert.ok(r.checked >= bots + 1, `${game} with ${bots + 1} seats: the deal was checked (${r.checked})`);
      await ctx.close();
    }
  }
  assert.deepEqual(failures.slice(0, 20), [], `${failures.length} captions disagree with the table`);
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
});
