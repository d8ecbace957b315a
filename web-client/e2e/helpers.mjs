// Shared harness for the browser tests: starts the real server binary on a
// free port with a temp SQLite database and PARLOR_WEB_DIR=dist, launches
// the system Chromium, and offers small page helpers. The server can be
// killed and started again on the same port and database (`h.kill`,
// `h.start`), as a crash and restart would.
//
// Env: PARLOR_SERVER_BIN (default ../target/debug/parlor-server), CHROMIUM (default
// /usr/bin/chromium), E2E_SCREENSHOTS=dir to save PNGs of the table.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as httpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const webClient = resolve(here, '..');
const serverBin = resolve(webClient, process.env.PARLOR_SERVER_BIN ?? '../target/debug/parlor-server');
// E2E_WEB_DIR: a build of the client elsewhere (`vite build --outDir`), so
// two checkouts' builds never overwrite each other.
const webDir = resolve(webClient, process.env.E2E_WEB_DIR ?? 'dist');

/**
 * `PARLOR_HEAVY=1` (as for the Rust suites) also runs the checks the
 * default run covers elsewhere: more languages of a page or table that a
 * walk of every page already shows in German, Arabic and the pseudo-locale.
 */
export const heavy = !!process.env.PARLOR_HEAVY && process.env.PARLOR_HEAVY !== '0';

/**
 * A test's `skip` option: skipped in the default run, run with
 * `PARLOR_HEAVY=1`.
 */
export const heavyOnly = heavy ? false : 'PARLOR_HEAVY=1 runs it';

/** Where to save screenshots, or null. */
export const shots = process.env.E2E_SCREENSHOTS ? resolve(process.env.E2E_SCREENSHOTS) : null;

/**
 * What `useServer` sets up, filled in by its `before` hook. `kill` stops the
 * server (SIGKILL by default) and `start` starts the same binary again on the
 * same port with the same database; `baseUrl` stays the same. `dbFile` is
 * the server's SQLite file (a test may move a stored deadline in it).
 * @typedef {{
 *   baseUrl: string,
 *   browser: import('playwright-core').Browser | undefined,
 *   log: () => string,
 *   kill: (signal?: NodeJS.Signals) => Promise<void>,
 *   start: () => Promise<void>,
 *   dbFile: () => string,
 * }} Harness
 */

/** A TCP port nobody listens on right now (the server binds it next). */
function freePort() {
  return /** @type {Promise<number>} */ (
    new Promise((ok, fail) => {
      const srv = createServer();
      srv.unref();
      srv.on('error', fail);
      srv.listen(0, '127.0.0.1', () => {
        const addr = srv.address();
        const port = typeof addr === 'object' && addr ? addr.port : 0;
        srv.close(() => ok(port));
      });
    })
  );
}

/**
 * Registers `before`/`after` hooks that start the server and a browser for
 * this test file, and stop them afterwards. `env` adds variables to the
 * server's environment (e.g. PARLOR_ADMIN_TOKEN).
 * @param {{ env?: Record<string, string> }} [opts]
 * @returns {Harness}
 */
export function useServer(opts = {}) {
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let server;
  let dataDir = '';
  let serverLog = '';
  let port = 0;
  /** @type {Harness} */
  const h = {
    baseUrl: '',
    browser: undefined,
    log: () => serverLog,
    kill: (signal = 'SIGKILL') => stopServer(signal),
    start: async () => {
      const url = await startServer();
      assert.equal(url, h.baseUrl, 'the restarted server listens where the first one did');
    },
    dbFile: () => join(dataDir, 'e2e.sqlite'),
  };

  /** Starts the server on its port and resolves with its base URL. */
  function startServer() {
    dataDir ||= mkdtempSync(join(tmpdir(), 'parlor-e2e-'));
    const env = {
      ...process.env,
      PARLOR_ADDR: `127.0.0.1:${port}`,
      DATABASE_URL: `sqlite:${join(dataDir, 'e2e.sqlite')}`,
      PARLOR_WEB_DIR: webDir,
      ...opts.env,
    };
    const isScript = /\.(m?js)$/.test(serverBin);
    server = spawn(isScript ? process.execPath : serverBin, isScript ? [serverBin] : [], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc = server;
    const logStart = serverLog.length;
    return /** @type {Promise<string>} */ (
      new Promise((ok, fail) => {
        const timer = setTimeout(() => fail(new Error(`server did not print its address within 60 s:\n${serverLog}`)), 60_000);
        /** @param {Buffer} chunk */
        const onData = (chunk) => {
          serverLog += chunk.toString();
          const m = serverLog.slice(logStart).match(/parlor listening on (http:\/\/\S+)/);
          if (m) {
            clearTimeout(timer);
            ok(m[1].replace(/\/$/, ''));
          }
        };
        proc.stdout?.on('data', onData);
        proc.stderr?.on('data', (c) => {
          serverLog += c.toString();
        });
        proc.on('exit', (code, signal) => {
          clearTimeout(timer);
          serverLog += `\n[server exited: ${signal ?? code}]\n`;
          fail(new Error(`server exited early (code ${code}):\n${serverLog}`));
        });
        proc.on('error', (e) => {
          clearTimeout(timer);
          fail(e);
        });
      })
    );
  }

  /**
   * Stops the running server and waits for it to exit (SIGKILL after 5 s).
   * @param {NodeJS.Signals} signal
   */
  async function stopServer(signal) {
    const proc = server;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise((r) => {
      const t = setTimeout(() => {
        proc.kill('SIGKILL');
      }, 5000);
      proc.once('exit', () => {
        clearTimeout(t);
        r(undefined);
      });
      proc.kill(signal);
    });
  }

  before(async () => {
    assert.ok(existsSync(join(webDir, 'index.html')), `no ${webDir}/index.html: run npm run build first`);
    assert.ok(
      existsSync(serverBin),
      `no server binary at ${serverBin}: build it (cargo build -p parlor-server) or set PARLOR_SERVER_BIN`,
    );
    port = await freePort();
    h.baseUrl = await startServer();
    h.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    });
    if (shots) mkdirSync(shots, { recursive: true });
  });

  after(async () => {
    await h.browser?.close().catch(() => {});
    await stopServer('SIGTERM');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return h;
}

/**
 * A page that fails the test on uncaught errors. Its player does not
 * confirm moves (the tests that play whole matches click once per move);
 * `{ confirmMoves: true }` keeps the confirm bar, as a new player has it.
 * @param {import('playwright-core').BrowserContext} ctx
 * @param {string[]} errors
 * @param {{ confirmMoves?: boolean }} [opts]
 */
export async function newPage(ctx, errors, opts = {}) {
  const page = await ctx.newPage();
  if (!opts.confirmMoves) {
    await page.addInitScript(() => {
      try {
        localStorage.setItem('parlor.confirmMoves', 'off');
      } catch {
        // about:blank has no storage; the room page sets it on its load.
      }
    });
  }
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/WebSocket|Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return page;
}

/** @param {import('playwright-core').Page} page */
export async function noHorizontalScroll(page) {
  const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(sw <= cw, `page scrolls sideways: scrollWidth ${sw} > clientWidth ${cw}`);
}

/**
 * Every page of `ctx` opens in `locale` (as if chosen in the header's
 * picker before): a catalog's tag, or the pseudo-locale `en-XA`.
 * @param {import('playwright-core').BrowserContext} ctx
 * @param {string} locale
 */
export async function speak(ctx, locale) {
  await ctx.addInitScript((l) => localStorage.setItem('parlor.locale', l), locale);
}

/**
 * Opens a room of `game` with A (desktop) as host and B (phone-sized) joined
 * through the share link, and returns both pages still in the lobby.
 * `setup` runs on A's home page after the game is picked (options);
 * `initScript` runs in every page of both contexts before the app.
 * @param {import('playwright-core').Browser} br
 * @param {string} baseUrl
 * @param {string[]} errors
 * @param {{
 *   game?: string,
 *   setup?: (page: import('playwright-core').Page) => Promise<void>,
 *   viewportA?: { width: number, height: number },
 *   viewportB?: { width: number, height: number },
 *   initScript?: () => void,
 *   confirmMoves?: boolean,
 *   lang?: string,
 * }} [opts] `confirmMoves`: A keeps the confirm bar (B never has it);
 *   `lang`: both players read the page in this language (a catalog's tag, or
 *   `en-XA`), chosen before the page opens
 */
export async function openRoom(br, baseUrl, errors, opts = {}) {
  const ctxA = await br.newContext({ viewport: opts.viewportA ?? { width: 1100, height: 900 } });
  const ctxB = await br.newContext({ viewport: opts.viewportB ?? { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  if (opts.initScript) await Promise.all([ctxA.addInitScript(opts.initScript), ctxB.addInitScript(opts.initScript)]);
  if (opts.lang) await Promise.all([ctxA, ctxB].map((ctx) => speak(ctx, /** @type {string} */ (opts.lang))));
  const english = !opts.lang || opts.lang === 'en';
  const a = await newPage(ctxA, errors, { confirmMoves: opts.confirmMoves });
  const b = await newPage(ctxB, errors);

  await a.goto(`${baseUrl}/`);
  await a.getByTestId(`game-${opts.game ?? 'doozy-dice'}`).click();
  await a.getByTestId('name-input').fill('Ana');
  if (opts.setup) await opts.setup(a);
  await a.getByTestId('create-room').click();
  await a.waitForURL(/\/r\/[A-Z0-9]+$/);
  const shareLink = await a.getByTestId('share-link').inputValue();
  assert.match(shareLink, /^http:\/\/127\.0\.0\.1:\d+\/r\/[A-Z0-9]+$/);
  await a.getByTestId('seat-0').getByText('Ana').waitFor();
  assert.equal(await a.getByTestId('start').isDisabled(), true, 'start disabled with one player');
  await ctxA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  await a.getByTestId('copy-link').click();
  await (english ? a.getByTestId('toast-info').getByText('Link copied') : a.getByTestId('toast-info')).waitFor();
  assert.equal(await a.evaluate(() => navigator.clipboard.readText()), shareLink);

  await b.goto(shareLink);
  await b.getByTestId('join-name').fill('Ben');
  await b.getByTestId('join-submit').click();
  await b.getByTestId('seat-1').getByText(english ? 'you' : 'Ben').waitFor();
  await a.getByTestId('seat-1').getByText('Ben').waitFor();
  return { a, b, ctxA, ctxB, close: async () => Promise.all([ctxA.close(), ctxB.close()]) };
}

/**
 * Defines, in `page`, what tests need to play a seat straight over the
 * page's own WebSocket: `window.__parlorPatch(doc, patch)` applies a view patch
 * (add / remove / replace at JSON pointers, or a merge patch), and
 * `window.__parlorPlaySeat(opts)` plays one seat until its match is over:
 * `{ url, token, game, decide(view, me) -> action | null, start?, label,
 * limitMs, maxRefusals? }` (with `start`, the seat starts the match once
 * welcomed in the lobby). A refused action is decided again on the next
 * update; anything else refused, or more than `maxRefusals` (20) refusals,
 * fails. Defined through Playwright
 * (which the page's CSP does not stop) so every caller shares one copy.
 * @param {import('playwright-core').Page} page
 */
export async function defineSeatPlayer(page) {
  await page.evaluate(() => {
    /** @param {any} target @param {any} p RFC 7386: objects merge, null removes, the rest replaces; an object merged into an array edits its items by index. */
    const merge = (target, p) => {
      if (p === null || typeof p !== 'object' || Array.isArray(p)) return structuredClone(p);
      if (Array.isArray(target)) {
        const items = target.slice();
        for (const [k, v] of Object.entries(p)) items[Number(k)] = merge(items[Number(k)], v);
        return items;
      }
      const out = target && typeof target === 'object' ? { ...target } : {};
      for (const [k, v] of Object.entries(p)) {
        if (v === null) delete out[k];
        else out[k] = merge(out[k], v);
      }
      return out;
    };
    /** @param {any} doc @param {any} ops a view patch: RFC 6902 operations (an array) or an RFC 7386 merge patch */
    const patch = (doc, ops) => {
      if (!Array.isArray(ops)) return merge(doc, ops);
      for (const op of ops) {
        const toks = op.path === '' ? [] : op.path.slice(1).split('/').map((/** @type {string} */ t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
        if (!toks.length) {
          doc = structuredClone(op.value);
          continue;
        }
        let cur = doc;
        for (const t of toks.slice(0, -1)) cur = cur[Array.isArray(cur) ? Number(t) : t];
        const last = toks[toks.length - 1];
        if (Array.isArray(cur)) {
          const i = last === '-' ? cur.length : Number(last);
          if (op.op === 'add') cur.splice(i, 0, structuredClone(op.value));
          else if (op.op === 'remove') cur.splice(i, 1);
          else cur[i] = structuredClone(op.value);
        } else if (op.op === 'remove') delete cur[last];
        else cur[last] = structuredClone(op.value);
      }
      return doc;
    };
    /** @param {{ url: string, token: string, game: string, decide: (view: any, me: number) => any, start?: boolean, label: string, limitMs: number, maxRefusals?: number }} o */
    const playSeat = (o) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(o.url);
        /** @type {any} */
        let m = null;
        let me = -1;
        let seq = 0;
        /** The version the last action was decided on (one action per version). */
        let sentFor = -1;
        let refusals = 0;
        /** @type {string[]} */
        const seen = [];
        const timer = setTimeout(
          () => reject(new Error(`${o.label}: the match did not end within ${o.limitMs / 1000} s; me=${me} sentFor=${sentFor} state=${JSON.stringify({v: m?.version, to_act: m?.to_act, phase: m?.view?.view?.phase})} last messages:\n${seen.slice(-6).join('\n')}`)),
          o.limitMs,
        );
        let finished = false;
        const done = () => {
          finished = true;
          clearTimeout(timer);
          ws.close();
          resolve(undefined);
        };
        /** When the last action went out: the server closes a socket that sends over 40 messages a second. */
        let sentAt = 0;
        /** @type {ReturnType<typeof setTimeout> | null} */
        let later = null;
        const act = () => {
          if (!m || m.version === sentFor || m.to_act.kind !== 'seats' || !m.to_act.seats.includes(me)) return;
          const wait = sentAt + 40 - performance.now();
          if (wait > 0) {
            later ??= setTimeout(() => {
              later = null;
              act();
            }, wait);
            return;
          }
          const action = o.decide(m.view.view, me);
          if (!action) return;
          sentFor = m.version;
          sentAt = performance.now();
          ws.send(JSON.stringify({ type: 'act', client_seq: ++seq, version: m.version, action: { game: o.game, action } }));
        };
        ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token: o.token }));
        ws.onerror = () => reject(new Error(`${o.label}: socket error`));
        // Closed by the server before the end is a failure, said at once.
        ws.onclose = (e) => {
          if (finished) return;
          clearTimeout(timer);
          reject(new Error(`${o.label}: the server closed the socket (${e.code} ${e.reason}); last messages:\n${seen.slice(-6).join('\n')}`));
        };
        ws.onmessage = (e) => {
          const msg = JSON.parse(e.data);
          seen.push(String(e.data).slice(0, 300));
          if (msg.type === 'welcome') {
            me = msg.you.seat;
            m = msg.match;
            if (m?.result) return done();
            if (o.start && !m) ws.send(JSON.stringify({ type: 'start' }));
          } else if (msg.type === 'sync') m = msg.snapshot;
          else if (msg.type === 'update' && m) {
            m.view = patch(m.view, msg.patch);
            m.version = msg.version;
            m.to_act = msg.to_act;
          } else if (msg.type === 'match_over') return done();
          else if (msg.type === 'error') {
            // A stale action is decided again on the next update; anything else is a bug.
            if (msg.client_seq === null || ++refusals > (o.maxRefusals ?? 20)) reject(new Error(`${o.label}: ${msg.message}`));
            sentFor = -1;
            return;
          }
          act();
        };
      });
    const w = /** @type {any} */ (window);
    w.__parlorPatch = patch;
    w.__parlorPlaySeat = playSeat;
  });
}

/**
 * At game over the room says it once: one "Game over" with the winner, the
 * final scorecard and its explanation (`note`) once; the table (whose player
 * cards would repeat the scores) is folded behind "Show the table" and opens
 * on a tap, showing `tableTestId`. Leaves the table folded.
 * @param {import('playwright-core').Page} page
 * @param {{ note: RegExp, tableTestId: string }} opts
 */
export async function checkGameOverOnce(page, opts) {
  await page.getByTestId('game-over').waitFor();
  const text = await page.locator('main').innerText();
  assert.equal(text.match(/Game over/g)?.length, 1, `"Game over" once:\n${text}`);
  assert.equal(text.match(new RegExp(opts.note.source, 'g'))?.length, 1, `the explanation once: ${opts.note}`);
  assert.match(await page.getByTestId('game-over').innerText(), /(Ana|Ben|you) wins?!/);
  const fold = page.getByTestId('show-table');
  assert.equal(await fold.evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open), false, 'the table is folded away');
  assert.equal(await page.getByTestId(opts.tableTestId).isVisible(), false, 'no player cards under the scorecard');
  await page.getByTestId('show-table-toggle').click();
  await page.getByTestId(opts.tableTestId).waitFor();
  await page.getByTestId('show-table-toggle').click();
  await page.getByTestId(opts.tableTestId).waitFor({ state: 'hidden' });
}

/**
 * Plays this page's seat to the end of the match over a second WebSocket
 * with the page's own seat token, choosing at random among the legal moves
 * the server lists in the view (`view.moves`: Zingamino, Zop Zoo). For tests
 * that need a finished match of those games, not the playing of it (their
 * own test files play through the UI). Run it on every seated page at once.
 * @param {import('playwright-core').Page} page
 * @param {string} game the wire's game kind, e.g. "zop-zoo"
 */
export async function finishByMoves(page, game) {
  const code = new URL(page.url()).pathname.split('/')[2];
  await defineSeatPlayer(page);
  await page.evaluate(
    async ([room, kind]) => {
      const token = localStorage.getItem(`parlor.token.${room}`);
      if (!token) throw new Error('finishByMoves: this page holds no seat');
      /** @param {any} v */
      const decide = (v) => {
        const moves = v.moves ?? [];
        return moves.length ? moves[Math.floor(Math.random() * moves.length)] : null;
      };
      await /** @type {any} */ (window).__parlorPlaySeat({
        url: `ws://${location.host}/api/rooms/${room}/ws`,
        token,
        game: kind,
        decide,
        label: 'finishByMoves',
        limitMs: 150_000,
        maxRefusals: 50,
      });
    },
    [code, game],
  );
}

/**
 * A minimal SMTP server on loopback that keeps every message it takes
 * (recipients and text), for the turn-email tests. Started before the
 * server, so its port can be in the server's environment.
 * @returns {Promise<{ url: string, mails: { to: string[], text: string }[] }>}
 */
export async function smtpSink() {
  /** @type {{ to: string[], text: string }[]} */
  const mails = [];
  const sink = createServer((sock) => {
    /** @type {string[]} */
    let to = [];
    let data = false;
    let text = '';
    let buf = '';
    sock.write('220 sink ESMTP\r\n');
    sock.on('data', (chunk) => {
      buf += chunk.toString();
      let i;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (data) {
          if (line === '.') {
            data = false;
            mails.push({ to, text });
            to = [];
            text = '';
            sock.write('250 queued\r\n');
          } else text += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'RCPT') to.push(line.split(/[<>]/)[1] ?? '');
        if (verb === 'DATA') {
          data = true;
          sock.write('354 go on\r\n');
        } else if (verb === 'QUIT') sock.end('221 bye\r\n');
        else sock.write('250 OK\r\n');
      }
    });
    sock.on('error', () => {});
  });
  await new Promise((r) => sink.listen(0, '127.0.0.1', () => r(undefined)));
  sink.unref();
  const addr = /** @type {import('node:net').AddressInfo} */ (sink.address());
  return { url: `smtp://127.0.0.1:${addr.port}`, mails };
}

/**
 * A push service on loopback for one test browser, as the real ones work:
 * it checks each request's VAPID signature (RFC 8292) and decrypts the
 * message with the browser's keys (RFC 8291, aes128gcm), keeping what it
 * read. `subscription` is what the browser's Push API would give the page;
 * `stubPush(context)` makes the pages of a context get it from
 * `pushManager.subscribe` (Chromium here cannot reach a real push service).
 */
export async function pushService() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const uaPublic = ecdh.getPublicKey();
  const auth = randomBytes(16);
  /** @type {{ message: any, key: string, topic: string, ttl: number }[]} */
  const messages = [];
  /** @type {string[]} */
  const problems = [];
  const server = httpServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      try {
        const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(String(req.headers.authorization)) ?? [];
        if (!token || !key) throw new Error(`no VAPID authorization: ${req.headers.authorization}`);
        const [head, claims, sig] = token.split('.');
        const point = Buffer.from(key, 'base64url');
        const signer = createPublicKey({
          key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
          format: 'jwk',
        });
        if (!verify('sha256', Buffer.from(`${head}.${claims}`), { key: signer, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url')))
          throw new Error('a VAPID signature that does not verify');
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const body = Buffer.concat(chunks);
        const salt = body.subarray(0, 16);
        const idlen = body[20];
        const asPublic = body.subarray(21, 21 + idlen);
        const sealed = body.subarray(21 + idlen);
        const shared = ecdh.computeSecret(asPublic);
        const ikm = Buffer.from(hkdfSync('sha256', shared, auth, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]), 32));
        const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
        const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
        const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
        decipher.setAuthTag(sealed.subarray(sealed.length - 16));
        const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
        // The last record ends with 0x02 and any zero padding.
        let end = padded.length - 1;
        while (end > 0 && padded[end] === 0) end--;
        if (padded[end] !== 2) throw new Error('no last-record delimiter');
        messages.push({
          message: JSON.parse(padded.subarray(0, end).toString('utf8')),
          key,
          topic: String(req.headers.topic ?? ''),
          ttl: Number(req.headers.ttl ?? 0),
        });
        res.writeHead(201).end();
      } catch (e) {
        problems.push(String(e));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
  server.unref();
  const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  const subscription = {
    endpoint: `http://127.0.0.1:${port}/push`,
    keys: { p256dh: uaPublic.toString('base64url'), auth: auth.toString('base64url') },
  };
  /** @param {import('playwright-core').BrowserContext} ctx */
  async function stubPush(ctx) {
    await ctx.addInitScript((sub) => {
      /** @type {any} */
      let held = null;
      const make = (/** @type {ArrayBuffer} */ key) => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { applicationServerKey: key, userVisibleOnly: true },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          held = null;
          return true;
        },
      });
      PushManager.prototype.subscribe = async function (/** @type {any} */ options) {
        const key = options.applicationServerKey;
        held = make(key instanceof ArrayBuffer ? key : new Uint8Array(key).buffer);
        return held;
      };
      PushManager.prototype.getSubscription = async () => held;
    }, subscription);
  }
  return { subscription, messages, problems, stubPush };
}

/** The names that stay as published in every language (src/i18n/proper-names.ts). */
const PROPER_NAMES = [
  ...readFileSync(resolve(webClient, 'src/i18n/proper-names.ts'), 'utf8').matchAll(/^\s+(?:'([^']+)'|"([^"]+)"),?$/gm),
].map((m) => m[1] ?? m[2]);

/**
 * Every text a reader meets on the page now: visible text nodes (by their
 * element) and the `aria-label`, `title`, `placeholder` and `alt` of
 * visible elements, each with a short description of where it is.
 * @param {import('playwright-core').Page} page
 * @param {string} [within] only inside this CSS selector's elements (else the whole page)
 * @returns {Promise<{ text: string, at: string }[]>}
 */
async function readable(page, within) {
  return page.evaluate((within) => {
    /** @param {Element} el */
    const seen = (el) => {
      // translate="no": not words (a seed's hash, a code), as for a translating browser.
      // Code and keys (a command to paste) are the same in every language.
      if (el.closest('[hidden], script, style, noscript, template, [translate="no"], code, kbd, samp')) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const sr = el.closest('.sr-only');
      return el.getClientRects().length > 0 || !!sr;
    };
    /** @param {Element} el */
    const where = (el) => {
      const id = el.closest('[data-testid]')?.getAttribute('data-testid');
      return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''}${id ? ` in [${id}]` : ''}`;
    };
    const out = [];
    const roots = within ? Array.from(document.querySelectorAll(within)) : [document.body];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const el = node.parentElement;
        if (text && el && seen(el)) out.push({ text, at: where(el) });
      }
      for (const el of [root, ...Array.from(root.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))]) {
        if (!seen(el)) continue;
        for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
          const text = el.getAttribute(attr)?.trim();
          if (text) out.push({ text, at: `${where(el)} @${attr}` });
        }
      }
    }
    if (!within) out.push({ text: document.title, at: 'title' });
    return out;
  }, within);
}

/** `text` without the proper names, `names` and room codes (which no language changes). */
function withoutNames(text, names) {
  // Room codes first: a one-letter proper name would cut one up.
  let rest = text.replace(/\b[A-Z0-9]{8}\b/g, ' ');
  // Whole words only: a proper name "Z" leaves "Zug" alone.
  for (const name of [...PROPER_NAMES, ...names].sort((a, b) => b.length - a.length)) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    rest = rest.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'), ' ');
  }
  return rest;
}

/** English words that are not words of German, Spanish or Arabic (a sentence with one is English). */
const ENGLISH = new Set(
  'the your you and with turn turns roll rolls rolled wins won winner player players score scores round rounds waiting take taken back move moves left is are this that of to for have had card cards tile tiles play played game games new history rules hide claim points next what who how seat seats over wait close copy share join joined leave yet not none only each every all any their his her its dot dots'.split(
    ' ',
  ),
);

/**
 * Fails when the page shows an English sentence: a text a reader meets
 * (text, labels, titles) with an English word in it, once proper names,
 * `names` (the players') and room codes are taken out.
 * @param {import('playwright-core').Page} page
 * @param {string[]} [names]
 * @param {string} [within] only inside this CSS selector's elements
 */
export async function noEnglish(page, names = [], within) {
  const english = (await readable(page, within)).filter(({ text }) =>
    withoutNames(text, names)
      .toLowerCase()
      .split(/[^\p{L}']+/u)
      .some((word) => ENGLISH.has(word)),
  );
  assert.deepEqual(english, [], `English on the page:\n${english.map((e) => `  ${e.at}: ${e.text}`).join('\n')}`);
}

/**
 * What the page, opened in the pseudo-locale (`en-XA`), shows that did not
 * come from a catalog (each with where it is): a text with Latin letters and no
 * pseudo-accented one, once proper names, `names` and room codes are taken out.
 * @param {import('playwright-core').Page} page
 * @param {string[]} [names]
 * @param {string} [within] only inside this CSS selector's elements
 * @returns {Promise<string[]>}
 */
export async function untranslated(page, names = [], within) {
  const plain = (await readable(page, within)).filter(({ text }) => {
    const rest = withoutNames(text, names);
    return /[A-Za-z]/.test(rest) && !/[\u00C0-\u024F\u1E00-\u1EFF]/.test(rest);
  });
  return plain.map((e) => `${e.at}: ${e.text}`);
}

/**
 * Fails when text overflows its box: the page scrolls sideways, or an
 * element holding text is wider inside than its box (a clipped button, a
 * word running out of its card). Boxes that scroll on purpose, and text cut
 * with an ellipsis on purpose, are left out.
 * @param {import('playwright-core').Page} page
 */
export async function noOverflow(page) {
  await noHorizontalScroll(page);
  const over = await page.evaluate(() => {
    const out = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!(el instanceof HTMLElement) || el.getClientRects().length === 0) continue;
      // Text for screen readers only is a 1 px box on purpose.
      if (el.closest('.sr-only')) continue;
      const own = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!own || el.clientWidth === 0) continue;
      const style = getComputedStyle(el);
      if (['auto', 'scroll'].includes(style.overflowX) || style.textOverflow === 'ellipsis') continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        const id = el.closest('[data-testid]')?.getAttribute('data-testid');
        out.push(`${el.tagName.toLowerCase()}${id ? ` in [${id}]` : ''} (${el.scrollWidth} > ${el.clientWidth}): ${el.textContent?.trim().slice(0, 60)}`);
      }
    }
    return out;
  });
  assert.deepEqual(over, [], `text overflows its box:\n${over.join('\n')}`);
}

/** A phone's and a desktop's size, for the layout checks. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * Runs `check` with `page` at a phone's size and then a desktop's (with the
 * size's name, `phone` or `desktop`), then puts its own size back.
 * @param {import('playwright-core').Page} page
 * @param {(size: string) => Promise<void>} check
 */
export async function atBothSizes(page, check) {
  const own = page.viewportSize();
  for (const [name, size] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await check(name);
  }
  if (own) await page.setViewportSize(own);
}
