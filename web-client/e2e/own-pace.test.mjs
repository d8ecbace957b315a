// End-to-end: a whole Doozy Dice match at its own pace (a day a decision)
// between Ana and Ben, who are never online at the same time: each opens
// My tables, sees the one table waiting on them (the header's badge says 1;
// the other's says nothing), plays their turn and closes the page. At every
// turn the room's webhook (a local HTTP receiver) is told whose turn it is,
// Ben, who asked for turn emails, gets one (a local SMTP sink), and Ana, who
// asked for notices on her device, gets a push (a local push service that
// verifies and decrypts it). Midway,
// with both pages closed and the room out of memory, the server stops, the
// day runs out while it is down (the stored deadline is moved into the
// past), and the server that comes back meets it: the server plays for the
// seat, and the log says the time ran out. The match ends with the winner
// posted, the table under Finished with its record, and Ben's address and
// Ana's push subscription gone.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/own-pace.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer as httpServer } from 'node:http';
import { test } from 'node:test';
import { playTurn, startMatch } from './doozy.mjs';
import { newPage, pushService, smtpSink, useServer } from './helpers.mjs';

/** Bodies the webhook receiver got. @type {any[]} */
const posted = [];
const hook = httpServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    posted.push(JSON.parse(body));
    res.end('ok');
  });
});
await new Promise((r) => hook.listen(0, '127.0.0.1', () => r(undefined)));
hook.unref();
const hookUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (hook.address()).port}/hook`;

const { url: smtp, mails } = await smtpSink();
const push = await pushService();

const h = useServer({
  env: {
    PARLOR_NOTICES_PRIVATE: 'allow',
    PARLOR_SMTP_URL: smtp,
    PARLOR_SMTP_FROM: 'Parlor <games@parlor.test>',
    PARLOR_ROOM_IDLE_UNLOAD: '1s',
  },
});

/** @param {() => boolean} ok @param {string} what */
async function until(ok, what) {
  for (let i = 0; i < 100; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`timed out waiting for ${what}`);
}

test('a whole match at its own pace, the players never online together, with notices at every turn and a day that runs out across a restart', { timeout: 170_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  const ctx = [await browser.newContext({ viewport: { width: 1100, height: 900 } }), await browser.newContext({ viewport: { width: 390, height: 844 } })];
  const names = ['Ana', 'Ben'];
  await push.stubPush(ctx[0]);

  // Ana opens the room at a day a decision with a webhook; Ben joins and
  // asks for turn emails.
  const a = await newPage(ctx[0], errors);
  await a.goto(`${h.baseUrl}/`);
  await a.getByTestId('game-doozy-dice').click();
  await a.getByTestId('name-input').fill('Ana');
  await a.getByTestId('create-room').click();
  await a.waitForURL(/\/r\/[A-Z0-9]+$/);
  const code = new URL(a.url()).pathname.split('/').pop() ?? '';
  await a.getByTestId('turn-timer-day').check();
  await a.getByTestId('webhook').locator('summary').click();
  await a.getByTestId('webhook-url').fill(hookUrl);
  await a.getByTestId('webhook-format').selectOption('json');
  await a.getByTestId('webhook-save').click();
  await a.getByTestId('webhook-on').waitFor();
  await ctx[0].grantPermissions(['notifications'], { origin: h.baseUrl });
  await a.getByTestId('turn-notices').locator('summary').click();
  await a.getByTestId('push-start').click();
  await a.getByTestId('push-on').waitFor();
  const b = await newPage(ctx[1], errors);
  await b.goto(`${h.baseUrl}/r/${code}`);
  await b.getByTestId('join-name').fill('Ben');
  await b.getByTestId('join-submit').click();
  await b.getByTestId('seat-1').getByText('you').waitFor();
  await b.getByTestId('turn-notices').locator('summary').click();
  await b.getByTestId('turn-email-input').fill('ben@example.org');
  await b.getByTestId('turn-email-save').click();
  await b.getByTestId('turn-email-on').waitFor();
  await b.close();
  await a.getByTestId('seat-1').getByText('online').waitFor({ state: 'detached' });
  const first = await startMatch(a);
  await a.close();

  /** What one player's My tables says: the badge, and where this table stands for them. */
  async function tablesOf(/** @type {number} */ seat) {
    const p = await newPage(ctx[seat], errors);
    await p.goto(`${h.baseUrl}/tables`);
    await p.getByTestId(`table-${code}`).waitFor();
    const yours = (await p.getByTestId('tables-yours').getByTestId(`table-${code}`).count()) === 1;
    const finished = (await p.getByTestId('tables-finished').getByTestId(`table-${code}`).count()) === 1;
    const badge = (await p.getByTestId('waiting-badge').count()) ? await p.getByTestId('waiting-badge').textContent() : null;
    return { p, yours, finished, badge };
  }
  const turnPosts = () => posted.filter((x) => x.event === 'turn');
  const won = () => posted.some((x) => x.event === 'won');

  let played = 0;
  let restarted = false;
  for (let step = 0; step < 60; step++) {
    // Each player in turn looks at My tables, never both at once.
    const ana = await tablesOf(0);
    await ana.p.close();
    const ben = await tablesOf(1);
    if (ana.finished || ben.finished) {
      await ben.p.close();
      break;
    }
    assert.notEqual(ana.yours, ben.yours, `step ${step}: exactly one of them is waited on`);
    const seat = ana.yours ? 0 : 1;
    assert.equal((seat === 0 ? ana : ben).badge, '1', `step ${step}: the badge says 1`);
    assert.equal((seat === 0 ? ben : ana).badge, null, `step ${step}: no badge for the other`);
    // The room's webhook said whose turn it is (unless Ana was at the
    // table when her first turn began), and so did Ben's email.
    if (!(played === 0 && seat === first && first === 0)) {
      await until(() => turnPosts().at(-1)?.seat === seat, `the notice of ${names[seat]}'s turn`);
    }
    await until(() => mails.length === turnPosts().filter((x) => x.seat === 1).length, "Ben's emails");
    await until(() => push.messages.length === turnPosts().filter((x) => x.seat === 0).length, "Ana's pushes");
    let me = ben;
    if (seat === 0) {
      await ben.p.close();
      me = await tablesOf(0);
    }

    if (played === 2 && !restarted) {
      // Nobody at the table: the room leaves memory, the server stops, the
      // day runs out meanwhile, and the server that comes back meets it.
      await me.p.close();
      await new Promise((r) => setTimeout(r, 1500));
      await h.kill('SIGTERM');
      const past = Date.now() - 1000;
      execFileSync('python3', ['-c', `import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("update game_match set deadline_at = ? where status = 'playing'", (int(sys.argv[2]),)); c.commit()`, h.dbFile(), String(past)]);
      await h.start();
      restarted = true;
      const p = await newPage(ctx[seat], errors);
      await p.goto(`${h.baseUrl}/r/${code}`);
      await p.getByTestId('log').getByText(/time ran out: the server chose/).first().waitFor();
      await p.close();
      continue;
    }

    // The turn (the rest of it, if the server rolled for it), then the page closes.
    await me.p.getByTestId(`table-${code}`).getByRole('link').first().click();
    await me.p.getByTestId('turn-indicator').waitFor();
    await me.p.waitForFunction((s) => document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-seat') === String(s), seat);
    const rolled = (await me.p.getByTestId('roll-count').count()) ? ((await me.p.getByTestId('roll-count').textContent()) ?? '') : '';
    const from = Number(rolled.match(/Roll (\d+) of/)?.[1] ?? '0');
    await playTurn(me.p, seat, from > 0 ? { from } : {});
    await me.p.waitForFunction(
      (s) =>
        document.querySelector('[data-testid="final-scorecard"]') !== null ||
        document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-seat') !== String(s),
      seat,
    );
    await me.p.close();
    played++;
  }
  assert.ok(restarted, 'the match outlived a restart');
  assert.ok(played >= 8, `a whole match: ${played} turns`);
  await until(won, "the winner's notice");
  // Finished: under Finished with its record; Ben's address is gone.
  const end = await newPage(ctx[1], errors);
  await end.goto(`${h.baseUrl}/tables`);
  await end.getByTestId('tables-finished').getByTestId(`table-${code}`).getByTestId('match-link').waitFor();
  assert.equal(await end.getByTestId('waiting-badge').count(), 0);
  const left = execFileSync('python3', ['-c', `import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select count(*) from seat where notice_email is not null or push_subscription is not null").fetchone()[0])`, h.dbFile()]).toString().trim();
  assert.equal(left, '0', "Ben's address and Ana's subscription are deleted at the end");
  const bens = turnPosts().filter((x) => x.seat === 1).length;
  assert.ok(bens >= 4, `Ben's turns were posted: ${bens}`);
  assert.equal(mails.length, bens, 'an email for each of his turns, as the webhook was told');
  assert.ok(mails.every((m) => m.to[0] === 'ben@example.org'));
  const anas = turnPosts().filter((x) => x.seat === 0).length;
  assert.ok(anas >= 3, `Ana's turns were posted: ${anas}`);
  assert.equal(push.messages.length, anas, 'a push for each of her turns, as the webhook was told');
  assert.deepEqual(push.problems, [], 'every push verified and decrypted');
  assert.ok(push.messages.every((m) => m.message.title === 'Your turn: Doozy Dice with Ben' && m.topic === code));
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
  await Promise.all(ctx.map((c) => c.close()));
});
