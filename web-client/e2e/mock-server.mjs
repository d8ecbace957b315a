#!/usr/bin/env node
// A stand-in for parlor-server, for developing and testing the web client
// while the Rust server is being written. It follows the same contract (HTTP
// API, WebSocket messages, env vars, the "parlor listening on" line) with
// in-memory rooms and a plain re-implementation of Doozy Dice (RULINGS §5).
// It is NOT the source of truth for any rule: the Rust `games` crate is.
//
//   PARLOR_ADDR=127.0.0.1:8080 PARLOR_WEB_DIR=dist node e2e/mock-server.mjs
//   PARLOR_SERVER_BIN=e2e/mock-server.mjs npm run test:e2e
//
// No dependencies: node:http plus a minimal WebSocket (RFC 6455) framing.

import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const [host, portText] = (process.env.PARLOR_ADDR ?? '127.0.0.1:8080').split(':');
const webDir = resolve(process.env.PARLOR_WEB_DIR ?? 'dist');
/** Milliseconds the dice stay "in the air". */
const ROLL_MS = Number(process.env.MOCK_ROLL_MS ?? 250);

// ---------------------------------------------------------------- Doozy rules

/** @typedef {{id:number,name:string,dice:number,faces:number,rule:string,p:(v:number[])=>boolean}} Card */

/** @param {number[]} v */
const counts = (v) => {
  /** @type {Map<number, number>} */
  const m = new Map();
  for (const x of v) m.set(x, (m.get(x) ?? 0) + 1);
  return [...m.values()].sort((a, b) => a - b);
};
/** @param {number[]} v */
const sorted = (v) => [...v].sort((a, b) => a - b);
/** @param {number[]} v @param {number[]} w */
const same = (v, w) => v.length === w.length && v.every((x, i) => x === w[i]);
/** @param {number[]} v */
const sum = (v) => v.reduce((a, b) => a + b, 0);
/** @param {number[]} v */
const allEq = (v) => v.every((x) => x === v[0]);
/** @param {number[]} v */
const twoPairs = (v) => same(counts(v), [2, 2]);

/** @type {Card[]} */
const CARDS = [
  [1, 'Triple Scoop', 3, 0, 'Three of a kind', allEq],
  [2, 'Triple Scoop Snowman', 3, 1, 'A Doozy Face on two 1s', (v) => v.every((x) => x === 1)],
  [3, 'Double Up', 4, 0, 'Two pairs of different values', twoPairs],
  [4, 'Quartet', 4, 0, 'Four of a kind', allEq],
  [5, 'Four Square', 4, 0, 'Four dice showing 1 or 4', (v) => v.every((x) => x === 1 || x === 4)],
  [6, 'Prime Time', 4, 0, 'Four primes (2, 3 or 5)', (v) => v.every((x) => x === 2 || x === 3 || x === 5)],
  [7, 'Twinzy', 4, 2, 'Both Doozy Faces and a pair', allEq],
  [8, 'Showmah', 5, 0, 'Five different values', (v) => counts(v).length === 5],
  [9, 'Countdown', 5, 0, 'Exactly 5-4-3-2-1', (v) => same(sorted(v), [1, 2, 3, 4, 5])],
  [10, 'Doozy Dog', 5, 1, 'A Doozy Face and four of a kind', allEq],
  [11, 'Twozy Tower', 5, 2, 'Both Doozy Faces and three of a kind', allEq],
  [12, 'Fab Five', 5, 0, 'Five of a kind', allEq],
  [13, 'Full Scoop', 5, 0, 'Three of a kind and a pair', (v) => same(counts(v), [2, 3])],
  [14, 'High Five', 5, 0, 'Exactly 2-3-4-5-6', (v) => same(sorted(v), [2, 3, 4, 5, 6])],
  [15, 'Odd Squad', 5, 0, 'All five odd', (v) => v.every((x) => x % 2 === 1)],
  [16, 'Even Steven', 5, 0, 'All five even', (v) => v.every((x) => x % 2 === 0)],
  [17, 'Sky High', 5, 0, 'All five 4 or more', (v) => v.every((x) => x >= 4)],
  [18, 'Low Down', 5, 0, 'All five 3 or less', (v) => v.every((x) => x <= 3)],
  [19, 'Big Shot', 5, 0, 'Total 26 or more', (v) => sum(v) >= 26],
  [20, 'Itty Bitty', 5, 0, 'Total 9 or less', (v) => sum(v) <= 9],
  [21, 'Lucky Thirteen', 5, 0, 'Total exactly 13', (v) => sum(v) === 13],
  [22, 'Doozy Smile', 5, 1, 'A Doozy Face and four different values', (v) => counts(v).length === 4],
  [23, 'Split Scoop', 5, 1, 'A Doozy Face and two pairs', twoPairs],
  [24, 'Doozy Ladder', 5, 1, 'A Doozy Face and a run of four', (v) => {
    const s = sorted(v);
    return s.every((x, i) => i === 0 || x === s[i - 1] + 1);
  }],
  [25, 'Hot Dog', 5, 0, 'A pair of 6s and three of a kind', (v) => {
    const six = v.filter((x) => x === 6).length;
    const rest = v.filter((x) => x !== 6);
    return six === 2 && rest.length === 3 && allEq(rest);
  }],
  [26, "Three's Company", 5, 0, 'Three 3s and a pair', (v) => {
    const three = v.filter((x) => x === 3).length;
    const rest = v.filter((x) => x !== 3);
    return three === 3 && rest.length === 2 && allEq(rest);
  }],
].map(([id, name, dice, faces, rule, p]) => /** @type {Card} */ ({ id, name, dice, faces, rule, p }));

/** @param {number} n @param {number} k @returns {number[][]} */
function subsets(n, k) {
  /** @type {number[][]} */
  const out = [];
  /** @param {number} start @param {number[]} acc */
  const rec = (start, acc) => {
    if (acc.length === k) return void out.push(acc);
    for (let i = start; i < n; i++) rec(i + 1, [...acc, i]);
  };
  rec(0, []);
  return out;
}

/** Does a roll satisfy a card (RULINGS §5(b) formal semantics)? */
function satisfies(/** @type {Card} */ card, /** @type {{value:number|null,face:boolean}[]} */ dice) {
  if (dice.some((d) => d.value === null)) return false;
  for (const s of subsets(5, card.dice)) {
    const faces = s.filter((i) => dice[i].face);
    if (faces.length < card.faces) continue;
    const wild = faces.length - card.faces;
    const fixed = s.filter((i) => !dice[i].face).map((i) => /** @type {number} */ (dice[i].value));
    const combos = wild === 0 ? [[]] : wild === 1 ? [1, 2, 3, 4, 5, 6].map((a) => [a]) : [1, 2, 3, 4, 5, 6].flatMap((a) => [1, 2, 3, 4, 5, 6].map((b) => [a, b]));
    if (combos.some((w) => card.p([...fixed, ...w]))) return true;
  }
  return false;
}

const publicCard = (/** @type {Card} */ c) => ({ id: c.id, name: c.name, dice: c.dice, faces: c.faces, rule: c.rule });

/** One match of Doozy Dice with its step log (as step views; all public). */
class Doozy {
  /** @param {{lock_set_aside:boolean,auto_claim:boolean}} options @param {number} seats */
  constructor(options, seats) {
    this.options = options;
    this.seats = seats;
    /** @type {Card[]} */
    this.cards = [];
    this.players = Array.from({ length: seats }, (_, seat) => ({ seat, dots: 2, combos: /** @type {any[]} */ ([]), total_rolls: 0 }));
    this.first = /** @type {number|null} */ (null);
    /** @type {any} */
    this.phase = { phase: 'dealing' };
    this.turnsTaken = 0;
  }

  newDice() {
    return [0, 1, 2, 3, 4].map((i) => ({ kind: i < 3 ? 'blue' : 'doozy', value: null, face: false, locked: false }));
  }

  /** The chance steps to run now (auto-played by the room), or [] when a seat must act. */
  chance() {
    const steps = [];
    if (this.phase.phase === 'dealing') {
      const left = CARDS.filter((c) => !this.cards.includes(c));
      while (this.cards.length < 5) {
        const c = left.splice(randomInt(left.length), 1)[0];
        this.cards.push(c);
        steps.push({ type: 'card_dealt', card: publicCard(c) });
      }
      this.phase = { phase: 'roll_off', contenders: [...Array(this.seats).keys()], rolls: Array(this.seats).fill(null) };
      return steps;
    }
    if (this.phase.phase === 'roll_off') {
      const ro = this.phase;
      for (const seat of ro.contenders) {
        const value = randomInt(1, 7);
        ro.rolls[seat] = value;
        steps.push({ type: 'roll_off_die', seat, value });
      }
      const best = Math.max(...ro.contenders.map((/** @type {number} */ s) => ro.rolls[s]));
      const top = ro.contenders.filter((/** @type {number} */ s) => ro.rolls[s] === best);
      if (top.length === 1) {
        this.first = top[0];
        this.startTurn(top[0], 1);
      } else {
        this.phase = { phase: 'roll_off', contenders: top, rolls: Array(this.seats).fill(null) };
      }
      return steps;
    }
    if (this.phase.phase === 'turn' && this.phase.rolling) {
      const t = this.phase;
      for (const i of t.pending) {
        const d = t.dice[i];
        const v = d.kind === 'blue' ? randomInt(1, 7) : randomInt(1, 7);
        d.value = v;
        d.face = d.kind === 'doozy' && v === 1;
        steps.push({ type: 'die_landed', seat: t.seat, die: i, value: v, face: d.face });
        if (d.face) for (const p of this.players) p.dots += 1;
      }
      t.rolling = false;
      t.pending = [];
      this.refresh();
      return steps;
    }
    return steps;
  }

  startTurn(seat, round) {
    this.phase = { phase: 'turn', seat, round, roll_count: 0, dice: this.newDice(), rolling: false, satisfied: [], pending: [] };
  }

  refresh() {
    const t = this.phase;
    if (t.phase !== 'turn') return;
    const done = new Set(this.players[t.seat].combos.map((c) => c.card));
    t.satisfied = this.cards.filter((c) => !done.has(c.id) && satisfies(c, t.dice)).map((c) => c.id);
  }

  toAct() {
    if (this.phase.phase === 'finished') return { kind: 'finished' };
    if (this.phase.phase === 'turn' && !this.phase.rolling) return { kind: 'seats', seats: [this.phase.seat] };
    return { kind: 'chance' };
  }

  /** Applies a seat's action; returns its step views or throws a message. */
  act(seat, a) {
    const t = this.phase;
    if (t.phase !== 'turn' || t.rolling || t.seat !== seat) throw new Error("It isn't your turn.");
    const me = this.players[seat];
    const remaining = (id) => this.cards.some((c) => c.id === id) && !me.combos.some((c) => c.card === id);
    switch (a.type) {
      case 'roll': {
        const dice = [...new Set(a.dice)].sort();
        if (t.roll_count >= 13) throw new Error('That was roll 13: claim or take the cutoff.');
        if (t.roll_count === 0 && dice.length !== 5) throw new Error('The first roll uses all five dice.');
        if (dice.length === 0 || dice.some((i) => i < 0 || i > 4)) throw new Error('Pick the dice to re-roll.');
        if (dice.some((i) => t.dice[i].locked)) throw new Error('Set-aside dice are locked.');
        if (this.options.auto_claim && t.satisfied.length) throw new Error('Auto-claim: you must claim a combo.');
        if (this.options.lock_set_aside && t.roll_count > 0) for (let i = 0; i < 5; i++) if (!dice.includes(i)) t.dice[i].locked = true;
        for (const i of dice) Object.assign(t.dice[i], { value: null, face: false });
        t.roll_count += 1;
        t.rolling = true;
        t.pending = dice;
        t.satisfied = [];
        return [{ type: 'rolled', seat, dice, roll_count: t.roll_count }];
      }
      case 'adjust': {
        const d = t.dice[a.die];
        if (!d || d.value === null) throw new Error('Roll first.');
        if (d.face) throw new Error("A Doozy Face can't be changed.");
        const lo = d.kind === 'blue' ? 1 : 2;
        if (!(a.to >= lo && a.to <= 6) || a.to === d.value) throw new Error('Not a value this die can take.');
        const cost = Math.abs(a.to - d.value);
        if (cost > me.dots) throw new Error('Not enough dots (no loans!).');
        const from = d.value;
        me.dots -= cost;
        d.value = a.to;
        this.refresh();
        return [{ type: 'adjusted', seat, die: a.die, from, to: a.to, cost }];
      }
      case 'claim': {
        if (!t.satisfied.includes(a.card)) throw new Error("The dice don't make that combo.");
        const bonus = t.roll_count <= 3;
        const record = { card: a.card, rolls: t.roll_count, bonus, cutoff: false };
        me.combos.push(record);
        me.total_rolls += t.roll_count;
        if (bonus) for (const p of this.players) p.dots += p.seat === seat ? 1 : -1;
        this.endTurn();
        return [{ type: 'claimed', seat, record }];
      }
      case 'cutoff': {
        if (t.roll_count < 13) throw new Error('The cutoff comes after roll 13.');
        if (!remaining(a.card)) throw new Error('Pick one of your remaining cards.');
        const record = { card: a.card, rolls: 13, bonus: false, cutoff: true };
        me.combos.push(record);
        me.total_rolls += 13;
        me.dots -= 1;
        this.endTurn();
        return [{ type: 'cut_off', seat, record }];
      }
      default:
        throw new Error('Unknown action.');
    }
  }

  endTurn() {
    const t = this.phase;
    this.turnsTaken += 1;
    if (this.turnsTaken >= this.seats * 5) {
      this.phase = { phase: 'finished' };
      return;
    }
    this.startTurn((t.seat + 1) % this.seats, Math.floor(this.turnsTaken / this.seats) + 1);
  }

  view() {
    const phase = this.phase.phase === 'turn' ? { ...this.phase, pending: undefined } : this.phase;
    if (phase.pending === undefined) delete phase.pending;
    return {
      game: 'doozy-dice',
      view: {
        options: this.options,
        cards: this.cards.map(publicCard),
        players: structuredClone(this.players),
        first_player: this.first,
        phase: structuredClone(phase),
      },
    };
  }

  result() {
    const lines = this.players.map((p) => ({
      seat: p.seat,
      combos: this.cards.map((c) => p.combos.find((r) => r.card === c.id)).filter(Boolean),
      total_rolls: p.total_rolls,
      dots: p.dots,
      score: p.total_rolls - p.dots,
      rank: 0,
    }));
    const key = (/** @type {any} */ l) => [l.score, l.total_rolls];
    for (const l of lines) {
      l.rank = 1 + lines.filter((o) => key(o)[0] < key(l)[0] || (key(o)[0] === key(l)[0] && key(o)[1] < key(l)[1])).length;
    }
    return {
      ranks: lines.map((l) => l.rank),
      winners: lines.filter((l) => l.rank === 1).map((l) => l.seat),
      scorecard: { game: 'doozy-dice', scorecard: { cards: this.cards.map(publicCard), players: lines } },
    };
  }
}

// ---------------------------------------------------------------- rooms

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** @type {Map<string, any>} */
const rooms = new Map();
/** @type {Map<string, any>} */
const finished = new Map();

function newCode() {
  for (;;) {
    let c = '';
    for (let i = 0; i < 6; i++) c += ALPHABET[randomInt(ALPHABET.length)];
    if (!rooms.has(c)) return c;
  }
}

function roomInfo(room) {
  const conns = [...room.conns];
  return {
    code: room.code,
    game: 'doozy-dice',
    options: { game: 'doozy-dice', options: room.options },
    status: room.status,
    seats: room.seats.map((s) => ({ seat: s.seat, name: s.name, connected: conns.some((c) => c.seat === s.seat) })),
    host: 0,
    min_players: 2,
    max_players: 4,
    spectators: conns.filter((c) => c.seat === null).length,
    match_id: room.match?.id ?? null,
  };
}

function snapshot(room) {
  const m = room.match;
  return {
    match_id: m.id,
    version: m.version,
    seed_sha256: m.seedSha,
    seed: m.game.phase.phase === 'finished' ? m.seed : null,
    to_act: m.game.toAct(),
    view: m.game.view(),
    result: m.game.phase.phase === 'finished' ? m.game.result() : null,
  };
}

function broadcastRoom(room) {
  const msg = { type: 'room', room: roomInfo(room) };
  for (const c of room.conns) c.send(msg);
}

/** Records steps and tells everyone. */
function publish(room, steps) {
  if (!steps.length) return;
  const m = room.match;
  m.version += steps.length;
  const msg = {
    type: 'update',
    version: m.version,
    steps: steps.map((step) => ({ game: 'doozy-dice', step })),
    to_act: m.game.toAct(),
    view: m.game.view(),
  };
  for (const c of room.conns) c.send(msg);
}

/** Plays chance nodes after a short pause, then checks for the end. */
function runChance(room) {
  const m = room.match;
  if (!m || m.timer) return;
  if (m.game.toAct().kind !== 'chance') return finishIfOver(room);
  m.timer = setTimeout(() => {
    m.timer = null;
    publish(room, m.game.chance());
    runChance(room);
  }, ROLL_MS);
}

function finishIfOver(room) {
  const m = room.match;
  if (m.game.phase.phase !== 'finished' || room.status === 'finished') return;
  room.status = 'finished';
  const result = m.game.result();
  finished.set(m.id, {
    match_id: m.id,
    code: room.code,
    game: 'doozy-dice',
    options: { game: 'doozy-dice', options: room.options },
    players: room.seats.map((s) => s.name),
    seed_sha256: m.seedSha,
    seed: m.seed,
    steps: m.version,
    result,
    finished_at: Date.now(),
  });
  for (const c of room.conns) c.send({ type: 'match_over', match_id: m.id, result, seed: m.seed });
  broadcastRoom(room);
}

function onClientMsg(room, conn, msg) {
  const err = (code, message, client_seq = null) => conn.send({ type: 'error', code, message, client_seq });
  if (!conn.hello) {
    if (msg.type !== 'hello') return conn.close(4400, 'hello first');
    conn.hello = true;
    if (msg.token) {
      const seat = room.seats.find((s) => s.token === msg.token);
      if (!seat && !room.spectatorTokens.has(msg.token)) {
        err('bad_token', 'That seat token is not known in this room.');
        return conn.close(4401, 'unknown seat token');
      }
      conn.seat = seat ? seat.seat : null;
    }
    room.conns.add(conn);
    conn.send({
      type: 'welcome',
      you: conn.seat === null ? { kind: 'spectator' } : { kind: 'seat', seat: conn.seat },
      room: roomInfo(room),
      match: room.match ? snapshot(room) : null,
    });
    broadcastRoom(room);
    return;
  }
  switch (msg.type) {
    case 'ping':
      return conn.send({ type: 'pong' });
    case 'set_options':
      if (conn.seat !== 0) return err('not_host', 'Only the host may change options.');
      if (room.status !== 'lobby') return err('already_started', 'The match has started.');
      room.options = { lock_set_aside: !!msg.options?.options?.lock_set_aside, auto_claim: !!msg.options?.options?.auto_claim };
      return broadcastRoom(room);
    case 'start': {
      if (conn.seat !== 0) return err('not_host', 'Only the host may start.');
      if (room.status !== 'lobby') return err('already_started', 'The match has started.');
      if (room.seats.length < 2) return err('player_count', 'Doozy Dice needs 2 to 4 players.');
      const seed = randomBytes(32);
      room.match = {
        id: randomUUID(),
        version: 0,
        seed: seed.toString('hex'),
        seedSha: createHash('sha256').update(seed).digest('hex'),
        game: new Doozy(room.options, room.seats.length),
        timer: null,
      };
      room.status = 'playing';
      broadcastRoom(room);
      for (const c of room.conns) c.send({ type: 'sync', snapshot: snapshot(room) });
      return runChance(room);
    }
    case 'act': {
      const m = room.match;
      if (!m) return err('no_match', 'No match in progress.', msg.client_seq);
      if (conn.seat === null) return err('not_seated', 'Spectators cannot act.', msg.client_seq);
      if (room.status === 'finished') return err('match_over', 'The match is over.', msg.client_seq);
      if (msg.version !== m.version) return err('stale_version', 'Stale version.', msg.client_seq);
      const t = m.game.toAct();
      if (t.kind !== 'seats' || !t.seats.includes(conn.seat)) return err('not_your_turn', "It isn't your turn.", msg.client_seq);
      let steps;
      try {
        steps = m.game.act(conn.seat, msg.action?.action ?? {});
      } catch (e) {
        return err('illegal_action', /** @type {Error} */ (e).message, msg.client_seq);
      }
      conn.send({ type: 'ack', client_seq: msg.client_seq, version: m.version + steps.length });
      publish(room, steps);
      return runChance(room);
    }
    default:
      return err('bad_message', `Unexpected message ${msg.type}.`);
  }
}

// ---------------------------------------------------------------- WebSocket

function acceptWs(req, socket, room) {
  const key = req.headers['sec-websocket-key'];
  const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
  socket.write(
    'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' + `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  socket.setNoDelay(true);
  const frame = (opcode, payload) => {
    const len = payload.length;
    const head = len < 126 ? Buffer.from([0x80 | opcode, len]) : len < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
    if (len >= 126 && len < 65536) {
      head[0] = 0x80 | opcode;
      head[1] = 126;
      head.writeUInt16BE(len, 2);
    } else if (len >= 65536) {
      head[0] = 0x80 | opcode;
      head[1] = 127;
      head.writeBigUInt64BE(BigInt(len), 2);
    }
    if (!socket.destroyed) socket.write(Buffer.concat([head, payload]));
  };
  const conn = {
    seat: /** @type {number|null} */ (null),
    hello: false,
    send: (/** @type {any} */ msg) => frame(1, Buffer.from(JSON.stringify(msg))),
    close: (/** @type {number} */ code, /** @type {string} */ reason) => {
      const p = Buffer.alloc(2 + Buffer.byteLength(reason));
      p.writeUInt16BE(code, 0);
      p.write(reason, 2);
      frame(8, p);
      socket.end();
    },
  };
  let buf = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      if (buf.length < 2) return;
      const opcode = buf[0] & 0x0f;
      const masked = (buf[1] & 0x80) !== 0;
      let len = buf[1] & 0x7f;
      let off = 2;
      if (len === 126) {
        if (buf.length < 4) return;
        len = buf.readUInt16BE(2);
        off = 4;
      } else if (len === 127) {
        if (buf.length < 10) return;
        len = Number(buf.readBigUInt64BE(2));
        off = 10;
      }
      const maskOff = off;
      if (masked) off += 4;
      if (buf.length < off + len) return;
      const payload = Buffer.from(buf.subarray(off, off + len));
      if (masked) for (let i = 0; i < len; i++) payload[i] ^= buf[maskOff + (i % 4)];
      buf = buf.subarray(off + len);
      if (opcode === 8) {
        frame(8, Buffer.alloc(0));
        socket.end();
        return;
      }
      if (opcode === 9) frame(10, payload);
      if (opcode === 1) {
        let msg;
        try {
          msg = JSON.parse(payload.toString('utf8'));
        } catch {
          conn.send({ type: 'error', code: 'bad_message', message: 'Not JSON.', client_seq: null });
          continue;
        }
        onClientMsg(room, conn, msg);
      }
    }
  });
  const gone = () => {
    if (room.conns.delete(conn)) broadcastRoom(room);
  };
  socket.on('close', gone);
  socket.on('error', gone);
}

// ---------------------------------------------------------------- HTTP

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json' };

/** @param {import('node:http').ServerResponse} res */
function json(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
const apiError = (res, status, error, message) => json(res, status, { error, message });

async function body(req) {
  let s = '';
  for await (const c of req) s += c;
  try {
    return JSON.parse(s || 'null');
  } catch {
    return null;
  }
}

function takeSeat(room, name) {
  const token = randomBytes(16).toString('hex');
  if (room.status !== 'lobby' || room.seats.length >= 4) {
    room.spectatorTokens.add(token);
    return { code: room.code, join_path: `/r/${room.code}`, seat: null, token };
  }
  const seat = room.seats.length;
  room.seats.push({ seat, name, token });
  broadcastRoom(room);
  return { code: room.code, join_path: `/r/${room.code}`, seat, token };
}

const GAMES = [
  ['doozy-dice', 'Doozy Dice', 2, 4],
  ['mix-the-mutts', 'Mix-the-Mutts!', 2, 4],
  ['zoomies', 'Zoomies', 2, 4],
  ['zingamino', 'Zingamino', 2, 8],
  ['zop-zoo', 'Zop Zoo', 2, 6],
].map(([kind, title, min, max]) => ({
  kind,
  title,
  min_players: min,
  max_players: max,
  playable: kind === 'doozy-dice',
  default_options: kind === 'doozy-dice' ? { game: 'doozy-dice', options: { lock_set_aside: false, auto_claim: false } } : null,
}));

async function api(req, res, path) {
  const parts = path.split('/').filter(Boolean).slice(1); // after "api"
  const method = req.method;
  if (parts[0] === 'health') return json(res, 200, { status: 'ok', version: 'mock' });
  if (parts[0] === 'games' && parts.length === 1) return json(res, 200, GAMES);
  if (parts[0] === 'matches' && parts.length === 1) {
    return json(res, 200, [...finished.values()].reverse().map((m) => ({
      match_id: m.match_id, code: m.code, game: m.game, players: m.players, winners: m.result.winners, finished_at: m.finished_at,
    })));
  }
  if (parts[0] === 'matches' && parts.length === 2) {
    const m = finished.get(parts[1]);
    if (m) return json(res, 200, { ...m, finished_at: undefined });
    const live = [...rooms.values()].find((r) => r.match?.id === parts[1]);
    if (live) {
      const s = snapshot(live);
      return json(res, 200, { match_id: s.match_id, code: live.code, game: 'doozy-dice', options: { game: 'doozy-dice', options: live.options }, players: live.seats.map((x) => x.name), seed_sha256: s.seed_sha256, seed: null, steps: s.version, result: null });
    }
    return apiError(res, 404, 'match_not_found', 'No such match.');
  }
  if (parts[0] === 'rooms' && parts.length === 1 && method === 'POST') {
    const b = await body(req);
    const name = String(b?.name ?? '').trim();
    if (!name) return apiError(res, 400, 'bad_name', 'Please give a name.');
    if (b.game !== 'doozy-dice') return apiError(res, 400, 'not_playable', 'That game is coming soon.');
    const code = newCode();
    const room = { code, options: { lock_set_aside: false, auto_claim: false, ...(b.options?.options ?? {}) }, status: 'lobby', seats: [], conns: new Set(), spectatorTokens: new Set(), match: null };
    rooms.set(code, room);
    return json(res, 200, takeSeat(room, name));
  }
  if (parts[0] === 'rooms' && parts.length >= 2) {
    const room = rooms.get(parts[1].toUpperCase());
    if (!room) return apiError(res, 404, 'room_not_found', `No room ${parts[1]}.`);
    if (parts.length === 2 && method === 'GET') return json(res, 200, roomInfo(room));
    if (parts[2] === 'join' && method === 'POST') {
      const b = await body(req);
      const name = String(b?.name ?? '').trim();
      if (!name) return apiError(res, 400, 'bad_name', 'Please give a name.');
      return json(res, 200, takeSeat(room, name));
    }
  }
  return apiError(res, 404, 'not_found', 'No such API.');
}

async function serveStatic(res, path) {
  const file = normalize(join(webDir, path));
  let target = file.startsWith(webDir) ? file : join(webDir, 'index.html');
  try {
    if (!(await stat(target)).isFile()) target = join(webDir, 'index.html');
  } catch {
    target = join(webDir, 'index.html');
  }
  try {
    const data = await readFile(target);
    res.writeHead(200, { 'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream' });
    res.end(data);
  } catch {
    res.writeHead(404);
    res.end('not built: run npm run build');
  }
}

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const p = path.startsWith('/api/') || path === '/api' ? api(req, res, path) : serveStatic(res, path);
  p.catch((e) => {
    console.error(e);
    if (!res.headersSent) apiError(res, 500, 'internal', 'Mock server error.');
  });
});

server.on('upgrade', (req, socket) => {
  const m = new URL(req.url ?? '/', 'http://x').pathname.match(/^\/api\/rooms\/([^/]+)\/ws$/);
  const room = m && rooms.get(m[1].toUpperCase());
  if (!room) {
    socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
    return;
  }
  acceptWs(req, socket, room);
});

server.listen(Number(portText ?? 8080), host, () => {
  const addr = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`parlor listening on http://${host}:${addr.port}`);
});

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
// SIGUSR1 drops every WebSocket abruptly (state kept), to try reconnects.
const sockets = new Set();
server.on('upgrade', (_req, socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
process.on('SIGUSR1', () => {
  for (const s of sockets) s.destroy();
});
