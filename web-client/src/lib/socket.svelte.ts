// One live connection to a room: `/api/rooms/CODE/ws`.
//
// Holds everything the room page renders as Svelte 5 state (the room, who we
// are, the match snapshot, the step log) and keeps it current from
// `ServerMsg`s. Reconnects with backoff, resuming with the seat token and the
// last match version seen. The client never decides outcomes: it only shows
// the views the server sends and submits actions.

import type { AnyAction } from '../generated/AnyAction';
import type { AnyStepView } from '../generated/AnyStepView';
import type { AnyView } from '../generated/AnyView';
import type { ClientMsg } from '../generated/ClientMsg';
import type { Deadline } from '../generated/Deadline';
import type { ErrorCode } from '../generated/ErrorCode';
import type { GameOptions } from '../generated/GameOptions';
import type { MatchResult } from '../generated/MatchResult';
import type { MatchSnapshot } from '../generated/MatchSnapshot';
import type { RoomInfo } from '../generated/RoomInfo';
import type { Seat } from '../generated/Seat';
import type { ServerMsg } from '../generated/ServerMsg';
import type { ToAct } from '../generated/ToAct';
import type { Viewer } from '../generated/Viewer';
import { ApiFailure, api } from './api';
import { toasts } from './toasts.svelte';
import { CLOSE } from '../generated/closeCodes';

export type ConnStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The match as this client knows it. */
export interface MatchState {
  match_id: string;
  /** Last version seen; sent with every action and on resume. */
  version: number;
  seed_sha256: string;
  seed: string | null;
  to_act: ToAct;
  view: AnyView;
  result: MatchResult | null;
  /** The running response timer (e.g. a scoring window), if any. */
  deadline: Deadline | null;
  /** `Date.now()` at which `deadline` runs out (local clock), or null. */
  deadlineEnds: number | null;
}

/** Options for `RoomConnection.act`. */
export interface ActOptions {
  /**
   * The action does not depend on anything another seat may do meanwhile
   * (a secret answer in a simultaneous window). If the server refuses it as
   * stale because someone else's answer landed first, it is sent again on the
   * newer version, silently, as long as this still returns true.
   */
  retryIfStale?: () => boolean;
}

function deadlineEnds(d: Deadline | null): number | null {
  return d ? Date.now() + d.remaining_ms : null;
}

/** One step of the log, numbered by the match version it produced. */
export interface LogEntry {
  version: number;
  step: AnyStepView;
}

const LOG_LIMIT = 400;
const PING_MS = 25_000;

/** A sentence for each refusal, where the server's own message is too terse. */
const ERROR_HINTS: Partial<Record<ErrorCode, string>> = {
  stale_version: 'The table changed just before your move. Have a look and try again.',
  not_your_turn: "It isn't your turn.",
  not_host: 'Only the host can do that.',
  not_seated: 'Spectators can only watch.',
  player_count: 'Not the right number of players to start.',
  storage: 'The server could not save that move; nothing changed. Try again.',
  shutting_down: 'The server is restarting.',
};

export { CLOSE };

function closeText(code: number, reason: string): string {
  if (code === CLOSE.NO_ROOM) return 'This room has closed.';
  return reason ? `Disconnected: ${reason}.` : `The server closed the connection (code ${code}).`;
}

export function wsUrl(code: string): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/api/rooms/${encodeURIComponent(code)}/ws`;
}

export class RoomConnection {
  readonly code: string;
  status = $state<ConnStatus>('connecting');
  /** Who the server says we are (after `welcome`). */
  you = $state.raw<Viewer | null>(null);
  room = $state.raw<RoomInfo | null>(null);
  match = $state.raw<MatchState | null>(null);
  log = $state.raw<LogEntry[]>([]);
  /** `client_seq` of an action awaiting its ack, or null. */
  pending = $state<number | null>(null);
  /** Why the server closed the socket for good (a 4xxx close), if it did. */
  closedReason = $state<string | null>(null);
  /** The server refused our seat token (e.g. the room was recreated). */
  tokenRejected = $state(false);
  /** Bumped on every refused action, so per-game UIs can reset local choices. */
  refusals = $state(0);

  #token: string | null;
  #ws: WebSocket | null = null;
  #stopped = false;
  #attempt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #pingTimer: ReturnType<typeof setInterval> | undefined;
  #seq = 0;
  /** Version an acked action produced; `pending` holds until an update reaches it. */
  #ackedVersion: number | null = null;
  #pendingTimer: ReturnType<typeof setTimeout> | undefined;
  /** Highest version whose step is in `log` (may trail `match.version` after a resync). */
  #logVersion = 0;
  /** The action awaiting its ack, kept to resend it if it was refused as stale. */
  #sent: { client_seq: number; version: number; action: AnyAction; opts: ActOptions; tries: number } | null = null;
  /** A stale-refused action waiting for the next update to be sent again. */
  #resend: { action: AnyAction; opts: ActOptions; tries: number } | null = null;

  constructor(code: string, token: string | null) {
    this.code = code;
    this.#token = token;
    window.addEventListener('online', this.#wake);
    document.addEventListener('visibilitychange', this.#wake);
    this.#open();
  }

  /** The seat this connection plays, or null for a spectator. */
  get seat(): Seat | null {
    return this.you?.kind === 'seat' ? this.you.seat : null;
  }

  get isHost(): boolean {
    return this.seat !== null && this.room?.host === this.seat;
  }

  /** Seats allowed to act now (empty while the server draws chance, or at the end). */
  get toActSeats(): Seat[] {
    const t = this.match?.to_act;
    return t?.kind === 'seats' ? t.seats : [];
  }

  /** True when this client may submit an action right now. */
  get myTurn(): boolean {
    return this.status === 'open' && this.seat !== null && this.toActSeats.includes(this.seat) && this.pending === null;
  }

  /** Display name of a seat. */
  nameOf(seat: Seat): string {
    return this.room?.seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;
  }

  /** Use a new token (after joining) and reconnect with it. */
  useToken(token: string | null): void {
    this.#token = token;
    this.tokenRejected = false;
    this.#reconnectNow();
  }

  /** Manual reconnect (after a 4xxx close). */
  retry(): void {
    this.closedReason = null;
    this.#stopped = false;
    this.#attempt = 0;
    this.#reconnectNow();
  }

  close(): void {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    clearInterval(this.#pingTimer);
    clearTimeout(this.#pendingTimer);
    window.removeEventListener('online', this.#wake);
    document.removeEventListener('visibilitychange', this.#wake);
    const ws = this.#ws;
    this.#ws = null;
    if (ws) {
      ws.onclose = null;
      ws.close(1000, 'leaving');
    }
    this.status = 'closed';
  }

  setOptions(options: GameOptions): void {
    this.#send({ type: 'set_options', options });
  }

  start(): void {
    this.#send({ type: 'start' });
  }

  /** Submits an action decided on the current version. Returns false if it could not be sent. */
  act(action: AnyAction, opts: ActOptions = {}): boolean {
    return this.#act(action, opts, 0);
  }

  #act(action: AnyAction, opts: ActOptions, tries: number): boolean {
    if (!this.match) return false;
    if (this.pending !== null) return false;
    const client_seq = ++this.#seq;
    const version = this.match.version;
    if (!this.#send({ type: 'act', client_seq, version, action })) return false;
    this.#sent = { client_seq, version, action, opts, tries };
    this.#resend = null;
    this.pending = client_seq;
    this.#ackedVersion = null;
    // Never leave the controls locked if an answer goes missing.
    clearTimeout(this.#pendingTimer);
    this.#pendingTimer = setTimeout(() => this.#clearPending(), 10_000);
    return true;
  }

  #clearPending(): void {
    this.pending = null;
    this.#ackedVersion = null;
    this.#sent = null;
    clearTimeout(this.#pendingTimer);
  }

  /** Sends a stale-refused action again if the match has moved on and it still applies. */
  #maybeResend(): void {
    const r = this.#resend;
    if (!r || this.pending !== null) return;
    this.#resend = null;
    if (r.opts.retryIfStale?.()) this.#act(r.action, r.opts, r.tries + 1);
  }

  // --- socket plumbing -----------------------------------------------------

  #wake = () => {
    if (this.#stopped || document.visibilityState === 'hidden') return;
    if (this.status === 'reconnecting') {
      this.#attempt = 0;
      this.#reconnectNow();
    }
  };

  #reconnectNow(): void {
    clearTimeout(this.#retryTimer);
    const ws = this.#ws;
    this.#ws = null;
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
      ws.close(1000, 'reconnecting');
    }
    this.#open();
  }

  #send(msg: ClientMsg): boolean {
    const ws = this.#ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      toasts.error('Not connected to the room right now. Reconnecting…');
      return false;
    }
    ws.send(JSON.stringify(msg));
    return true;
  }

  #open(): void {
    if (this.#stopped) return;
    this.status = this.#attempt === 0 && !this.room ? 'connecting' : 'reconnecting';
    let ws: WebSocket;
    try {
      ws = new WebSocket(wsUrl(this.code));
    } catch {
      this.#scheduleRetry();
      return;
    }
    this.#ws = ws;
    ws.onopen = () => {
      const hello: ClientMsg = { type: 'hello' };
      if (this.#token) hello.token = this.#token;
      if (this.match) hello.last_version = this.match.version;
      ws.send(JSON.stringify(hello));
      clearInterval(this.#pingTimer);
      this.#pingTimer = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'ping' } satisfies ClientMsg));
      }, PING_MS);
    };
    ws.onmessage = (ev) => {
      let msg: ServerMsg;
      try {
        msg = JSON.parse(typeof ev.data === 'string' ? ev.data : '') as ServerMsg;
      } catch {
        return;
      }
      this.#handle(msg);
    };
    ws.onclose = (ev) => {
      if (this.#ws !== ws) return;
      this.#ws = null;
      clearInterval(this.#pingTimer);
      // The ack may be lost; the resume will show whether it applied.
      if (this.pending !== null) this.#clearPending();
      switch (ev.code) {
        case CLOSE.FELL_BEHIND:
          // Too slow to keep up: reconnect at once for a fresh snapshot.
          this.#attempt = 0;
          this.#open();
          return;
        case CLOSE.BAD_TOKEN:
          // The seat token is not known here: watch instead, and let the
          // page offer to join again.
          this.#token = null;
          this.tokenRejected = true;
          toasts.error('This browser’s seat in the room is no longer valid. You can join again.');
          this.#attempt = 0;
          this.#open();
          return;
        case CLOSE.RATE:
          this.#scheduleRetry();
          return;
      }
      if (ev.code >= 4000 && ev.code < 5000) {
        // The server closed us on purpose; say why and wait for the user.
        this.#stopped = true;
        this.closedReason = closeText(ev.code, ev.reason);
        this.status = 'closed';
        return;
      }
      this.#scheduleRetry();
    };
  }

  #scheduleRetry(): void {
    if (this.#stopped) return;
    this.status = 'reconnecting';
    if (this.#attempt >= 2 && this.#attempt % 2 === 0) {
      // A failed upgrade looks the same as a network error; ask over HTTP
      // whether the room still exists before trying again and again.
      void api.room(this.code).catch((e) => {
        if (e instanceof ApiFailure && e.status === 404 && !this.#stopped) {
          this.#stopped = true;
          clearTimeout(this.#retryTimer);
          this.closedReason = closeText(CLOSE.NO_ROOM, '');
          this.status = 'closed';
        }
      });
    }
    const base = Math.min(15_000, 500 * 2 ** this.#attempt);
    const delay = base / 2 + Math.random() * (base / 2);
    this.#attempt += 1;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => this.#open(), delay);
  }

  #setSnapshot(s: MatchSnapshot): void {
    if (this.match?.match_id !== s.match_id) {
      this.log = [];
      this.#logVersion = 0;
    }
    this.match = {
      match_id: s.match_id,
      version: s.version,
      seed_sha256: s.seed_sha256,
      seed: s.seed,
      to_act: s.to_act,
      view: s.view,
      result: s.result,
      deadline: s.deadline,
      deadlineEnds: deadlineEnds(s.deadline),
    };
    if (this.#logVersion === 0 && this.log.length === 0) {
      // Joined mid-match: the log starts here.
      this.#logVersion = s.version;
    }
  }

  #handle(msg: ServerMsg): void {
    switch (msg.type) {
      case 'welcome':
        this.status = 'open';
        this.#attempt = 0;
        this.you = msg.you;
        this.room = msg.room;
        if (msg.match) this.#setSnapshot(msg.match);
        else if (msg.room.status === 'lobby') this.match = null;
        break;
      case 'room':
        this.room = msg.room;
        break;
      case 'sync':
        this.#setSnapshot(msg.snapshot);
        if (this.pending !== null && this.#ackedVersion !== null && msg.snapshot.version >= this.#ackedVersion) {
          this.#clearPending();
        }
        this.#maybeResend();
        break;
      case 'update': {
        const m = this.match;
        if (!m) break;
        const first = msg.version - msg.steps.length + 1;
        const fresh: LogEntry[] = [];
        msg.steps.forEach((step, i) => {
          const version = first + i;
          if (version > this.#logVersion) fresh.push({ version, step });
        });
        if (fresh.length) {
          this.log = [...this.log, ...fresh].slice(-LOG_LIMIT);
          this.#logVersion = fresh[fresh.length - 1].version;
        }
        if (msg.version >= m.version) {
          this.match = {
            ...m,
            version: msg.version,
            to_act: msg.to_act,
            view: msg.view,
            deadline: msg.deadline,
            deadlineEnds: deadlineEnds(msg.deadline),
          };
        }
        if (this.pending !== null && this.#ackedVersion !== null && msg.version >= this.#ackedVersion) {
          this.#clearPending();
        }
        this.#maybeResend();
        break;
      }
      case 'ack':
        // Hold the controls until the update carrying this action arrives,
        // so nothing is decided on the view from before it.
        if (this.pending === msg.client_seq) {
          if ((this.match?.version ?? 0) >= msg.version) this.#clearPending();
          else this.#ackedVersion = msg.version;
        }
        break;
      case 'match_over': {
        const m = this.match;
        if (m && m.match_id === msg.match_id) {
          this.match = {
            ...m,
            result: msg.result,
            seed: msg.seed,
            to_act: { kind: 'finished' },
            deadline: null,
            deadlineEnds: null,
          };
        }
        break;
      }
      case 'error': {
        const sent = this.#sent;
        if (
          msg.code === 'stale_version' &&
          sent !== null &&
          msg.client_seq === sent.client_seq &&
          sent.opts.retryIfStale &&
          sent.tries < 3
        ) {
          // Another seat's answer landed first; ours does not depend on it.
          this.#clearPending();
          this.#resend = { action: sent.action, opts: sent.opts, tries: sent.tries };
          if ((this.match?.version ?? 0) > sent.version) this.#maybeResend();
          break;
        }
        if (msg.client_seq !== null && msg.client_seq === this.pending) this.#clearPending();
        if (msg.client_seq !== null) this.refusals += 1;
        if (msg.code === 'bad_token') {
          this.tokenRejected = true;
          this.#token = null;
        }
        toasts.error(ERROR_HINTS[msg.code] ?? msg.message ?? msg.code);
        break;
      }
      case 'pong':
        break;
    }
  }
}
