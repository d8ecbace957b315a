'use strict';
// Parlor's copy of ../shared/peer-bench/loadgen/adapters/parlor-doozy.js, with two changes. Item
// edits in merge patches (see mergePatch). And a fix: a seat's
// versions rise across the room's matches (see "epoch" below). The shared adapter reports each
// match's own versions, which start again from 0; the load generator drops any view older than the
// last one a seat saw, so after a room's first match ends every view of the next is dropped and
// the room stops playing for the rest of the run (its `staleViews`). Copy this file over the one in
// your copy of the peer bench (docs/performance.md, "Side by side with the peer bench").
// Parlor (the project) playing Doozy Dice, 4 seats per room, greedy bots.
// --url is the server's base, e.g. http://127.0.0.1:8080 (HTTP for create/join, ws for play).
// A "move" is one seat action (roll all five / claim the first satisfied card / cutoff); each
// action is stored in the database before its ack, and chance steps (dice) come with it.
// When a match ends the host starts the next one in the same room (play again).
const WebSocket = require('ws');

async function post(url, body) {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
  return r.json();
}

// An update's change to the view: an RFC 6902 op list (add/remove/replace) or an RFC 7386 merge patch
// (where an object merged into an array edits its items by index).
function applyPatch(target, patch) {
  if (Array.isArray(patch)) return jsonPatch(target, patch);
  return mergePatch(target, patch);
}
function jsonPatch(doc, ops) {
  let root = structuredClone(doc);
  for (const op of ops) {
    if (op.path === '') { root = op.op === 'remove' ? null : op.value; continue; }
    const parts = op.path.slice(1).split('/').map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = parts.pop();
    let o = root;
    for (const k of parts) o = o[Array.isArray(o) ? Number(k) : k];
    if (Array.isArray(o)) {
      const i = last === '-' ? o.length : Number(last);
      if (op.op === 'add') o.splice(i, 0, op.value); else if (op.op === 'remove') o.splice(i, 1); else o[i] = op.value;
    } else if (op.op === 'remove') delete o[last]; else o[last] = op.value;
  }
  return root;
}
function mergePatch(target, patch) {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  if (Array.isArray(target)) {
    // Parlor's one addition to RFC 7386: an object merged into an array edits its items by index.
    const items = target.slice();
    for (const [k, v] of Object.entries(patch)) items[Number(k)] = mergePatch(items[Number(k)], v);
    return items;
  }
  const out = target && typeof target === 'object' ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k]; else out[k] = mergePatch(out[k], v);
  }
  return out;
}

function viewOf(msg, last) {
  // -> { version, toAct, view } from welcome / sync / update; `last` is this seat's previous AnyView
  if (msg.type === 'update') {
    let any = msg.view;
    if (!any) {
      const k = Object.keys(msg).find((x) => /patch/i.test(x));
      any = k && last ? applyPatch(last, msg[k]) : last;
    }
    return any ? { version: msg.version, toAct: msg.to_act, any } : null;
  }
  const snap = msg.type === 'sync' ? msg.snapshot : msg.type === 'welcome' ? msg.match : null;
  if (!snap) return null;
  return { version: snap.version, toAct: snap.to_act, any: snap.view };
}

module.exports = {
  name: 'parlor-doozy',
  seats: 4,
  async prepare({ url }) {
    if (!url) throw new Error('parlor-doozy needs --url http://127.0.0.1:PORT');
    return { base: url.replace(/\/$/, ''), ws: url.replace(/^http/, 'ws').replace(/\/$/, '') };
  },
  async connectRoom(ctx, room, group, hooks) {
    const host = await post(`${ctx.base}/api/rooms`, { game: 'doozy-dice', name: `r${room}s0` });
    const tokens = [host.token];
    for (let s = 1; s < group.length; s++) {
      tokens.push((await post(`${ctx.base}/api/rooms/${host.code}/join`, { name: `r${room}s${s}` })).token);
    }
    let welcomed = 0;
    const lastView = [];
    const epoch = [];
    let seq = 0;
    const sockets = [];
    const handles = await Promise.all(group.map((g, s) => new Promise((resolve, reject) => {
      const ws = new WebSocket(`${ctx.ws}/api/rooms/${host.code}/ws`, { perMessageDeflate: false });
      sockets[s] = ws;
      ws.on('open', () => {
        ws.send(JSON.stringify({ type: 'hello', token: tokens[s] }));
        resolve({
          move: (v) => {
            const act = decide(v.raw, s);
            if (act) ws.send(JSON.stringify({ type: 'act', client_seq: ++seq, version: v.actVersion, action: { game: 'doozy-dice', action: act } }));
          },
          close: () => ws.close(),
        });
      });
      ws.on('message', (data) => {
        let m;
        try { m = JSON.parse(data); } catch (e) { hooks.onError(g, e); return; }
        if (m.type === 'welcome') {
          welcomed++;
          if (welcomed === group.length) sockets[0].send(JSON.stringify({ type: 'start' }));
          return;
        }
        if (m.type === 'match_over') {
          // Next match in the same room: every seat asks for a rematch (servers with a ready-check);
          // PARLOR_LEGACY_START=1 has the host say start instead (servers without one).
          setTimeout(() => {
            if (process.env.PARLOR_LEGACY_START) { if (s === 0) ws.send(JSON.stringify({ type: 'start' })); }
            else ws.send(JSON.stringify({ type: 'rematch', ready: true }));
          }, 0);
          return;
        }
        if (m.type === 'error' && m.code === 'not_now' && m.client_seq == null) return; // the legacy 'start' after a rematch ready-check
        if (m.type === 'error') { hooks.onError(g, new Error(`${m.code}: ${m.message}`)); return; }
        const v = viewOf(m, lastView[s]);
        if (!v) return;
        // Each match counts its versions from 0; the load generator drops a view older than the
        // last one it saw, so a seat's versions are made to rise across the room's matches.
        if (m.type !== 'update') epoch[s] = (epoch[s] || 0) + 1;
        const actVersion = v.version;
        v.version += (epoch[s] || 0) * 1e9;
        v.actVersion = actVersion;
        lastView[s] = v.any;
        v.view = v.any.view;
        const phase = v.view.phase;
        const turn = phase && phase.phase === 'turn' && !phase.rolling ? phase : null;
        const current = v.toAct && v.toAct.kind === 'seats' ? v.toAct.seats[0] : -1;
        hooks.onState(g, { version: v.version, actVersion: v.actVersion, currentSeat: turn ? current : -1, hand: [0], ready: true, raw: v.view });
      });
      ws.on('error', (e) => { hooks.onError(g, e); reject(e); });
      ws.on('close', (code, reason) => { if (process.env.PARLOR_DEBUG) console.error('close', s, code, String(reason)); hooks.onClose(g); });
    })));
    return handles;
  },
};

// Greedy: first roll all five; claim the first satisfied card; at 13 rolls take the cutoff;
// otherwise re-roll every die.
function decide(view, seat) {
  const t = view.phase;
  if (!t || t.phase !== 'turn' || t.seat !== seat) return null;
  if (t.roll_count === 0) return { type: 'roll', dice: [0, 1, 2, 3, 4] };
  if (t.satisfied.length > 0) return { type: 'claim', card: t.satisfied[0] };
  const done = new Set(view.players[seat].combos.map((c) => c.card));
  const left = view.cards.map((c) => c.id).filter((id) => !done.has(id));
  if (t.roll_count >= 13) return { type: 'cutoff', card: left[0] };
  const free = t.dice.map((d, i) => (d.locked ? -1 : i)).filter((i) => i >= 0);
  return { type: 'roll', dice: free };
}
