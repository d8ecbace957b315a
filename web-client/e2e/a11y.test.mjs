// Automated accessibility check: axe-core injected into the pages a player
// sees, failing on any `serious` or `critical` violation.
//
//   npm run build && PARLOR_SERVER_BIN=... node --test e2e/a11y.test.mjs
//
// Pages: home, a lobby, each game's table mid-match (host on a desktop,
// guest on a 390×844 phone, the player to act at both sizes; Doozy with the
// ± dots panel open, Mix-the-Mutts in a scoring window), a finished match's
// room, history (/matches) and a match page.
// The finished match is a Mix-the-Mutts match played straight over the
// WebSocket by a tiny bot while the tables are checked; the rest goes
// through the UI.
//
// axe does not measure text drawn in SVG, so SVG text that sits on a filled
// shape (breed codes on tail wedges, labels on chips) is checked here too:
// the contrast of its fill against the shape under it must be ≥ 4.5:1. At
// 390 × 844 every control must also be at least 44 × 44 px.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { firstRoll, startMatch } from './doozy.mjs';
import { defineSeatPlayer, newPage, openRoom, shots, useServer } from './helpers.mjs';

const h = useServer();
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** @typedef {import('playwright-core').Page} Page */

/**
 * Runs axe on the page as it stands and returns one line per serious or
 * critical violation (with up to four of the offending elements), plus any
 * SVG text below 4.5:1 on the shape it sits on and, at phone size, any
 * control under 44 px.
 * @param {Page} page
 * @param {string} label
 * @param {{ targets: boolean }} [opts]
 */
async function audit(page, label, opts = { targets: true }) {
  // Evaluated over the DevTools protocol: the page's CSP (script-src 'self') allows no inline script tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // @ts-expect-error injected above
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((/** @type {any} */ v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((/** @type {any} */ n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
    }));
  });
  const out = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} ×${v.nodes.length}\n    ${v.nodes.slice(0, 4).join('\n    ')}`);
  const svgText = await page.evaluate(svgTextContrast);
  for (const s of svgText) out.push(`${label}: svg-text-contrast ${s}`);
  if (opts.targets && (page.viewportSize()?.width ?? 0) < 600) {
    const small = await page.evaluate(smallTargets);
    if (small.length) out.push(`${label}: tap targets under 44 px: ${small.slice(0, 12).join('; ')}${small.length > 12 ? ` (+${small.length - 12})` : ''}`);
  }
  if (shots) await page.screenshot({ path: join(shots, `a11y-${label.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true });
  return out;
}

/**
 * In the page: SVG <text> whose fill has less than 4.5:1 contrast with the
 * filled shape drawn under its centre (the nearest earlier sibling shape
 * that contains the point, or the group's). Text with no shape under it is
 * left to its surroundings.
 */
function svgTextContrast() {
  /** @param {string} c */
  const rgb = (c) => {
    const m = c.match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/);
    if (!m) return null;
    if (m[4] !== undefined && Number(m[4]) < 0.99) return null;
    return [Number(m[1]), Number(m[2]), Number(m[3])];
  };
  /** @param {number[]} c */
  const lum = (c) => {
    const [r, g, b] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  /** @type {string[]} */
  const bad = [];
  for (const t of Array.from(document.querySelectorAll('svg text'))) {
    if (!(t instanceof SVGTextElement)) continue;
    const text = (t.textContent ?? '').trim();
    // Decoration marked as such (aria-hidden) need not be read.
    if (!text || t.closest('[aria-hidden="true"]')) continue;
    const st = getComputedStyle(t);
    if (st.visibility === 'hidden' || st.display === 'none' || Number(st.opacity) === 0) continue;
    const fg = rgb(st.fill);
    if (!fg) continue;
    const box = t.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const svg = t.ownerSVGElement;
    if (!svg) continue;
    // The last filled shape drawn before the text (document order) under its
    // centre: its anchor when centred there (a text box's height is unreliable).
    let x = box.left + box.width / 2;
    let y = box.top + box.height / 2;
    const ctm = t.getScreenCTM();
    if (ctm && st.textAnchor === 'middle' && /central|middle/.test(t.getAttribute('dominant-baseline') ?? st.dominantBaseline)) {
      const p = new DOMPoint(t.x.baseVal[0]?.value ?? 0, t.y.baseVal[0]?.value ?? 0).matrixTransform(ctm);
      x = p.x;
      y = p.y;
    }
    /** @type {number[] | null} */
    let bg = null;
    for (const el of Array.from(svg.querySelectorAll('*'))) {
      if (!(t.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING)) break;
      if (!(el instanceof SVGGeometryElement) || el.contains(t)) continue;
      const m = el.getScreenCTM();
      if (!m) continue;
      const p = new DOMPoint(x, y).matrixTransform(m.inverse());
      if (!el.isPointInFill(p)) continue;
      const es = getComputedStyle(el);
      if (es.display === 'none' || es.visibility === 'hidden') continue;
      const f = rgb(es.fill);
      if (!f || Number(es.fillOpacity) < 0.99) continue;
      // A see-through shape: as if over white (the tiles' base).
      const o = Number(es.opacity);
      bg = o < 0.99 ? f.map((v) => v * o + 255 * (1 - o)) : f;
    }
    if (!bg) continue;
    // See-through text blends into what is under it.
    const to = Number(st.opacity);
    const ink = to < 0.99 && bg ? fg.map((v, i) => v * to + /** @type {number[]} */ (bg)[i] * (1 - to)) : fg;
    const [l1, l2] = [lum(ink), lum(bg)].sort((p, q) => q - p);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    if (ratio < 4.5) bad.push(`"${text}" ${st.fill} on rgb(${bg.map(Math.round).join(', ')}) = ${ratio.toFixed(2)}:1`);
  }
  return [...new Set(bad)].slice(0, 8);
}

/**
 * In the page: controls smaller than 44 × 44 CSS pixels (the phone's tap
 * target). A checkbox or radio counts with its label; links inside running
 * text and the board's own positions (SVG, with zoom controls) are left out.
 */
function smallTargets() {
  const sel = 'button, a[href], select, input, summary, [role="button"], [role="radio"], [role="checkbox"]';
  /** @type {string[]} */
  const bad = [];
  for (const el of Array.from(document.querySelectorAll(sel))) {
    if (el instanceof SVGElement) continue;
    if (!(el instanceof HTMLElement)) continue;
    if (el.closest('[hidden], [aria-hidden="true"]')) continue;
    const st = getComputedStyle(el);
    if (st.visibility === 'hidden' || st.display === 'none') continue;
    let box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null);
      if (label) box = label.getBoundingClientRect();
    }
    if (el.tagName === 'A' && st.display === 'inline') {
      const parent = el.parentElement;
      const own = parent ? Array.from(parent.childNodes).some((n) => n !== el && n.nodeType === 3 && (n.textContent ?? '').trim()) : false;
      if (own) continue;
    }
    if (box.width < 43.5 || box.height < 43.5) {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      const id = el.getAttribute('data-testid') ?? el.tagName.toLowerCase();
      bad.push(`${id} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return [...new Set(bad)];
}

/**
 * Audits a page at its own size, then at the other one (desktop ↔ phone).
 * @param {Page} page
 * @param {string} label
 * @param {{ targets: boolean }} [opts] targets: false leaves out the tap-target check
 */
async function auditBoth(page, label, opts = { targets: true }) {
  const size = page.viewportSize();
  const phone = (size?.width ?? 0) < 600;
  const out = await audit(page, `${label}-${phone ? 'phone' : 'desktop'}`, opts);
  await page.setViewportSize(phone ? DESKTOP : PHONE);
  await page.waitForTimeout(100);
  out.push(...(await audit(page, `${label}-${phone ? 'desktop' : 'phone'}`, opts)));
  if (size) await page.setViewportSize(size);
  return out;
}

/**
 * Plays a whole two-player Mix-the-Mutts match straight over the WebSocket,
 * from a page on the server's origin: the active player connects the tile at
 * the first open hex, and everyone passes in every scoring window (10 tiles,
 * about 30 actions). Resolves with the room code once the match is over.
 * @param {Page} page
 */
async function botMatch(page) {
  await defineSeatPlayer(page);
  return page.evaluate(async () => {
    /**
     * @param {string} url
     * @param {unknown} body
     */
    const post = async (url, body) => {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
      return r.json();
    };
    const host = await post('/api/rooms', { game: 'mix-the-mutts', name: 'Cleo' });
    const guest = await post(`/api/rooms/${host.code}/join`, { name: 'Dev' });
    const url = `ws://${location.host}/api/rooms/${host.code}/ws`;


    /** What seat `me` does now, or null. @param {any} v @param {number} me */
    const decide = (v, me) => {
      const ph = v.phase;
      if (ph.phase === 'turn' && ph.active === me && v.open_hexes.length) return { type: 'connect', at: v.open_hexes[0], rotation: 0 };
      if (ph.phase === 'window' && !ph.answered[me]) return { type: 'answer', claims: [] };
      return null;
    };

    /** One seat's bot: resolves when the match is over. @param {string} token @param {boolean} start */
    const seatBot = (token, start) =>
      /** @type {any} */ (window).__parlorPlaySeat({ url, token, game: 'mix-the-mutts', decide, start, label: 'bot', limitMs: 150_000 });
    // The guest connects first, so the host's start finds both seated and online.
    const g = seatBot(guest.token, false);
    await new Promise((r) => setTimeout(r, 300));
    await Promise.all([g, seatBot(host.token, true)]);
    return /** @type {string} */ (host.code);
  });
}

/**
 * Opens a two-player room of `game` through the UI: A (desktop) hosts, B
 * (390×844) joins. One room at a time (the share link goes through the one
 * clipboard the browser has).
 * @param {import('playwright-core').Browser} br
 * @param {string} game
 * @param {string[]} errors
 */
async function openTwo(br, game, errors) {
  const room = await openRoom(br, h.baseUrl, errors, { game, viewportA: DESKTOP, viewportB: PHONE });
  for (const p of [room.a, room.b]) for (const x of await p.locator('[data-testid^="toast-"] .close').all()) await x.click().catch(() => {});
  return room;
}

/**
 * The host starts; resolves once both see the table, with the page of the
 * player to act.
 * @param {Awaited<ReturnType<typeof openTwo>>} room
 * @param {string} game
 */
async function start(room, game) {
  if (game === 'doozy-dice') await startMatch(room.a);
  else {
    await room.a.waitForFunction(() => !document.querySelector('[data-testid="start"]')?.hasAttribute('disabled'));
    await room.a.getByTestId('start').click();
  }
  for (const p of [room.a, room.b]) {
    await p.waitForFunction(() => !!document.querySelector('[data-testid="turn-indicator"]')?.getAttribute('data-seat'), null, {
      timeout: 30_000,
    });
  }
  const seat = Number(await room.a.getByTestId('turn-indicator').getAttribute('data-seat'));
  return { ...room, active: seat === 0 ? room.a : room.b };
}

test('no serious or critical accessibility violations on home, lobby, every table, game over and history', { timeout: 180_000 }, async () => {
  const browser = h.browser;
  assert.ok(browser);
  /** @type {string[]} */
  const errors = [];
  /** @type {string[]} */
  const problems = [];

  // --- a finished match for history and the match page: the bot plays it
  // over the WebSocket meanwhile (each action waits for the server's write).
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await newPage(ctx, errors);
  await page.goto(`${h.baseUrl}/`);
  await page.getByTestId('create-room').waitFor();
  problems.push(...(await auditBoth(page, 'home')));
  const botPage = await newPage(ctx, errors);
  await botPage.goto(`${h.baseUrl}/matches`);
  const finished = botMatch(botPage);
  finished.catch(() => {});

  // --- each game's table mid-match: the lobby once, then every table (the
  // five rooms open and start side by side, then each is checked in turn)
  const games = ['doozy-dice', 'mix-the-mutts', 'zoomies', 'zingamino', 'zop-zoo'];
  /** @type {Awaited<ReturnType<typeof openTwo>>[]} */
  const lobbies = [];
  for (const game of games) {
    lobbies.push(await openTwo(browser, game, errors));
    if (lobbies.length === 1) {
      problems.push(...(await audit(lobbies[0].a, 'lobby-host-desktop')));
      problems.push(...(await audit(lobbies[0].b, 'lobby-guest-phone')));
    }
  }
  const rooms = await Promise.all(lobbies.map((room, i) => start(room, games[i])));
  for (const [i, game] of games.entries()) {
    const room = rooms[i];
    const { a, b, active } = room;
    // Open what the active player works with: dice rolled, a hex or tile picked.
    if (game === 'doozy-dice') {
      // The chat with its reaction bar, and the one-time link (with its QR
      // code) to move the seat, open for the audit.
      for (const p of [a, b]) await p.getByTestId('chat').locator('summary').click();
      await active.getByTestId('other-device').locator('summary').click();
      await active.getByTestId('move-ask').click();
      await active.getByTestId('move-qr').waitFor();
      await firstRoll(active);
      // The ± dots panel open, when a die can change.
      const adjust = active.locator('[data-testid^="adjust-open-"]').first();
      if (await adjust.count()) {
        await adjust.click();
        await active.getByTestId('adjust-panel').waitFor();
      }
    }
    if (game === 'mix-the-mutts') {
      // Board positions say what they join, not coordinates.
      const hex = active.locator('[data-testid^="hex-"]').first();
      const name = (await hex.getAttribute('aria-label')) ?? '';
      assert.match(name, /^Connect (between M\d\d \([a-z-]+\)(, M\d\d \([a-z-]+\))* and M\d\d \([a-z-]+\)|next to M\d\d \([a-z-]+\)), touches \d tiles?$/, name);
      // On a phone, once a hex is tapped, rotating and confirming need no scrolling.
      const size = active.viewportSize();
      await active.setViewportSize(PHONE);
      await hex.click();
      await active.getByTestId('place-preview').waitFor();
      for (const id of ['place-confirm', 'rotate', 'rot-2', 'place-cancel']) {
        const box = await active.getByTestId(id).boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= PHONE.height, `${id} in view after tapping a hex: ${JSON.stringify(box)}`);
      }
      // …and the chosen hex stays in sight, above the floating controls.
      await active.waitForTimeout(200);
      const bar = await active.getByTestId('place-bar').boundingBox();
      const chosen = await hex.boundingBox();
      assert.ok(bar && chosen && chosen.y >= 0 && chosen.y + chosen.height <= bar.y + 1, `the hex above the bar: ${JSON.stringify({ chosen, bar })}`);
      await active.getByTestId('rot-2').click();
      assert.equal(await active.getByTestId('rot-2').getAttribute('aria-pressed'), 'true');
      if (shots) await active.screenshot({ path: join(shots, 'a11y-mtm-hex-tapped-phone.png') });
      if (size) await active.setViewportSize(size);
      // Connect: both players get the scoring window (the claim panel) to check.
      await active.getByTestId('place-confirm').click();
      for (const p of [a, b]) await p.getByTestId('claim-pass').waitFor();
    }
    if (game === 'zoomies' || game === 'zingamino') {
      const tile = active.locator('[data-testid^="hand-tile-"]:not([data-fits="0"])').first();
      if (await tile.count()) {
        await tile.click();
        const target = active.locator('[data-testid^="target-"]').first();
        await target.waitFor();
        // Zoomies names its cells with aria-label; Zingamino's spaces carry a <title> (name and tooltip).
        const name = (await target.getAttribute('aria-label')) ?? (await target.locator('title').textContent()) ?? '';
        if (game === 'zoomies') assert.match(name, /^Put the tile here: .+ next to .+, .+ to the (north|east|south|west) next to .+; touches \d+ tiles?$/, name);
        else assert.match(name, /^Place on [GYOP]\d+.* in the (Green|Yellow|Orange|Purple) circle, showing .+, next to .+$/, name);
      }
    }
    if (game === 'zoomies') {
      // The camera's buttons sit above the table, never over a tile.
      for (const p of [a, b]) {
        const frame = await p.getByTestId('zoomies-board').boundingBox();
        for (const id of ['zoom-in', 'zoom-out', 'zoom-fit']) {
          const box = await p.getByTestId(id).boundingBox();
          assert.ok(frame && box, id);
          assert.ok(box.y + box.height <= frame.y + 0.5, `${id} above the table, not over it: ${JSON.stringify({ box, frame })}`);
        }
      }
    }
    // The player to act at both sizes (their controls); the other at their own.
    const waiting = active === a ? b : a;
    problems.push(...(await auditBoth(active, `${game}-${active === a ? 'host' : 'guest'}`)));
    problems.push(...(await audit(waiting, `${game}-${waiting === a ? 'host-desktop' : 'guest-phone'}`)));
    await room.close();
  }

  // The finished room, as a spectator: the game-over screen.
  const code = await finished;
  await page.goto(`${h.baseUrl}/r/${code}`);
  await page.getByTestId('game-over').waitFor();
  problems.push(...(await auditBoth(page, 'game-over')));

  await page.goto(`${h.baseUrl}/matches`);
  await page.getByTestId('match-list').waitFor();
  problems.push(...(await auditBoth(page, 'history')));
  await page.locator('[data-testid="match-list"] a').first().click();
  await page.getByTestId('match-result').waitFor();
  problems.push(...(await auditBoth(page, 'match')));
  await page.getByTestId('open-replay').click();
  await page.getByTestId('replay-table').waitFor();
  problems.push(...(await auditBoth(page, 'replay')));
  await ctx.close();

  assert.deepEqual(problems, [], `accessibility problems:\n${problems.join('\n')}`);
  assert.deepEqual(errors, [], `browser errors:\n${errors.join('\n')}`);
});
