// One live connection to a room: `/api/rooms/CODE/ws`.
//
// Holds everything the room page renders as Svelte 5 state (the room, who we
// are, the match, the step log) and keeps it current from `ServerMsg`s:
// `update`s carry view patches, applied to the view held here; one whose base
// is not the version held, or whose patch does not apply, makes it resync.
//
// Reconnects by itself, forever while the page is open, with backoff (see
// `closePolicy.ts` for which closes stop it), resuming with the seat token,
// the match id and the last version applied: the server then sends only the
// steps missed. The client never decides outcomes: it only shows the views
// the server sends and submits actions.

import { addressProblem } from './webhook';
import type { Webhook } from '../generated/Webhook';
import type { PushSubscription } from '../generated/PushSubscription';
import type { AnyAction } from '../generated/AnyAction';
import type { AnyView } from '../generated/AnyView';
import type { BotLevel } from '../generated/BotLevel';
import type { Reaction } from '../generated/Reaction';
import type { TurnTimer } from '../generated/TurnTimer';
import type { ChatLine } from '../generated/ChatLine';
import type { ClientMsg } from '../generated/ClientMsg';
import type { Deadline } from '../generated/Deadline';
import type { GameOptions } from '../generated/GameOptions';
import type { MatchSnapshot } from '../generated/MatchSnapshot';
import type { RoomInfo } from '../generated/RoomInfo';
import type { Seat } from '../generated/Seat';
import type { ServerMsg } from '../generated/ServerMsg';
import type { Viewer } from '../generated/Viewer';
import type { Messages } from '../i18n/en';
import { ApiFailure, api } from './api';
import { backoffDelay } from './backoff';
import { LOST, NO_ROOM_TEXT, closePolicy, roomClosedText } from './closePolicy';
import { PatchError, applyPatch } from './patch';
import { stepList } from './steps';
import { toasts } from './toasts.svelte';
import { CLOSE } from '../generated/closeCodes';
import { standingLog } from './standing';
import type { ActOptions, ConnStatus, LogEntry, MatchState, Reacted, Say, Staged, TableConn } from './types';

function deadlineEnds(d: Deadline | null): number | null {
  return d ? Date.now() + d.remaining_ms : null;
}

/** Steps the log keeps (a whole match of any game fits). */
const LOG_LIMIT = 5_000;
/** The server closes a socket silent for 60 s; ping well within that. */
const PING_MS = 15_000;
/** A ping unanswered this long means the connection is dead (sleep, network change). */
const DEAD_MS = 30_000;
/** A connection not welcomed this long after opening it is given up and retried. */
const CONNECT_MS = 15_000;
/** "No such room" this many times in a row (a restarting server may say it briefly) is believed. */
const NO_ROOM_TRIES = 4;

export { CLOSE };

const NOT_CONNECTED: Say = (m) => m.close.notConnected;

export function wsUrl(code: string): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/api/rooms/${encodeURIComponent(code)}/ws`;
}

export class RoomConnection implements TableConn {
  readonly code: string;
  status = $state<ConnStatus>('connecting');
  /** Who the server says we are (after `welcome`). */
  you = $state.raw<Viewer | null>(null);
  room = $state.raw<RoomInfo | null>(null);
  /** `Date.now()` when `room` arrived (its seats' `away_ms` count from then). */
  roomAt = $state(0);
  match = $state.raw<MatchState | null>(null);
  /** The log as it stands (take-backs applied: see lib/standing.ts). */
  log = $state.raw<LogEntry[]>([]);
  /** The log as received, take-backs included. */
  #raw: LogEntry[] = [];
  /** An action waiting on the confirm bar, or null. */
  staged = $state.raw<Staged | null>(null);
  /**
   * The question to ask before sending `action`, or null to send it at
   * once: set by the room page from the game's moves and the player's
   * "confirm moves" preference.
   */
  confirmFirst: ((action: AnyAction) => string | null) | null = null;
  /** The room's chat, oldest first (the server's recent lines, then new ones). */
  chat = $state.raw<ChatLine[]>([]);
  /** `client_seq` of an action awaiting its ack, or null. */
  pending = $state<number | null>(null);
  /** While `reconnecting`: what happened, a sentence for the banner under "Reconnecting…". */
  reconnectText = $state.raw<Say | null>(null);
  /** Why the connection stopped for good (retrying cannot help), if it did. */
  closedReason = $state.raw<Say | null>(null);
  /** Whether a manual reconnect makes sense after `closedReason`. */
  canReconnect = $state(true);
  /** The server says the room does not exist (several times in a row). */
  noRoom = $state(false);
  /** The server refused our seat token (e.g. the room was recreated). */
  tokenRejected = $state(false);
  /** Bumped on every refused action, so per-game UIs can reset local choices. */
  refusals = $state(0);
  /** Resumed, and the update with what was missed has not come yet: hold actions. */
  catchingUp = $state(false);
  /** This page gave up its seat (the server agreed): forget its token. */
  leftSeat = $state(false);
  /** The seat was claimed on another device (close 4009): forget its token; this page watches. */
  seatMoved = $state(false);
  /** The host moved this page's player to the spectators (lobby): its token is forgotten; this page watches. */
  unseated = $state(false);
  /**
   * The room's table talk is full (`chat_full`): during a match, or between
   * matches; shown in the chat until the match (or the time between
   * matches) changes.
   */
  chatFull = $state<'match' | 'room' | null>(null);
  /** The one-time link code to move this seat to another device, once asked for. */
  seatLink = $state.raw<{ code: string; expiresAt: number } | null>(null);
  /** This seat's player gets turn emails (the server keeps the address, never sends it back). */
  turnEmails = $state(false);
  /** This seat's player gets push notices (on a browser of theirs; the server keeps the subscription). */
  turnPushes = $state(false);
  /**
   * The latest reaction of each speaker (`seat-N` or `rail`), with the local
   * time it arrived, for the short-lived bubble by their name.
   */
  reactions = $state.raw<Record<string, Reacted>>({});

  #token: string | null;
  /** The app's messages in the language shown (a live proxy): what this connection says. */
  #m: Messages;
  /** The name this page last asked to take (a refusal as taken names it). */
  #asked = '';
  #leaving = false;
  #ws: WebSocket | null = null;
  #stopped = false;
  #attempt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #pingTimer: ReturnType<typeof setInterval> | undefined;
  /** When the oldest ping not yet followed by any message was sent, or null. */
  #pingSentAt: number | null = null;
  /** Consecutive "no such room" answers (4004 closes, HTTP 404s). */
  #noRoomStreak = 0;
  /** Consecutive resyncs without a good update in between (backs off a loop). */
  #resyncStreak = 0;
  /** Ask for a full snapshot on the next hello instead of resuming. */
  #wantSnapshot = false;
  #seq = 0;
  /** Version an acked action produced; `pending` holds until an update reaches it. */
  #ackedVersion: number | null = null;
  #pendingTimer: ReturnType<typeof setTimeout> | undefined;
  #catchUpTimer: ReturnType<typeof setTimeout> | undefined;
  #connectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Highest version whose step is in `log` (may trail `match.version` after a resync). */
  #logVersion = 0;
  /** The action awaiting its ack, kept to resend it if it was refused as stale. */
  #sent: { client_seq: number; version: number; action: AnyAction; opts: ActOptions; tries: number } | null = null;
  /** The webhook address last asked for, to word a refusal of it. */
  #webhookAsked: string | null = null;
  /** A stale-refused action waiting for the next update to be sent again. */
  #resend: { action: AnyAction; opts: ActOptions; tries: number } | null = null;

  constructor(code: string, token: string | null, m: Messages) {
    this.code = code;
    this.#token = token;
    this.#m = m;
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
    return (
      this.status === 'open' &&
      !this.catchingUp &&
      this.seat !== null &&
      this.toActSeats.includes(this.seat) &&
      this.pending === null
    );
  }

  /** Display name of a seat. */
  nameOf(seat: Seat): string {
    const s = this.room?.seats.find((s) => s.seat === seat);
    if (!s) return this.#m.room.seatN({ number: seat + 1 });
    return s.bot ? this.#m.room.botName({ name: s.name }) : s.name;
  }

  /** The bot level sitting in this seat, if a bot plays it from the start. */
  botOf(seat: Seat): BotLevel | null {
    return this.room?.seats.find((s) => s.seat === seat)?.bot ?? null;
  }

  /** A bot plays this seat now: a bot seat, or a stand-in for its absent player. */
  botPlays(seat: Seat): boolean {
    const s = this.room?.seats.find((x) => x.seat === seat);
    return !!s && (!!s.bot || s.stand_in);
  }

  /** A bot is deciding this seat's move right now. */
  botThinking(seat: Seat): boolean {
    return this.botPlays(seat) && this.toActSeats.includes(seat);
  }

  /** " — bot thinking…" to add to a turn line while a bot decides, else "". */
  thinkingSuffix(seat: Seat | null | undefined): string {
    if (seat === null || seat === undefined || !this.botThinking(seat)) return '';
    const s = this.room?.seats.find((x) => x.seat === seat);
    return s?.stand_in ? this.#m.room.standInThinking : this.#m.room.botThinking;
  }

  /** The seat's player has been here and has no connection now. */
  isAway(seat: Seat): boolean {
    const s = this.room?.seats.find((x) => x.seat === seat);
    return !!s && !s.connected && s.away_ms !== null;
  }

  /** Use a new token (after joining) and reconnect with it. */
  useToken(token: string | null): void {
    this.#token = token;
    this.tokenRejected = false;
    // A seat taken again: whatever made this page watch before is over.
    this.leftSeat = false;
    this.seatMoved = false;
    this.unseated = false;
    this.#reconnectNow();
  }

  /** Reconnect now: after a close that stopped retrying, or to skip the backoff wait. */
  retry(): void {
    this.closedReason = null;
    this.canReconnect = true;
    this.noRoom = false;
    this.#stopped = false;
    this.#attempt = 0;
    this.#noRoomStreak = 0;
    this.#reconnectNow();
  }

  close(): void {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    clearInterval(this.#pingTimer);
    clearTimeout(this.#pendingTimer);
    clearTimeout(this.#catchUpTimer);
    clearTimeout(this.#connectTimer);
    window.removeEventListener('online', this.#wake);
    document.removeEventListener('visibilitychange', this.#wake);
    this.#detach(1000, 'leaving');
    this.status = 'closed';
  }

  setOptions(options: GameOptions): void {
    this.#send({ type: 'set_options', options });
  }

  start(): void {
    this.#send({ type: 'start' });
  }

  /** Renames this seat (lobby only; the server refuses a name another seat has). */
  rename(name: string): boolean {
    this.#asked = name.trim();
    return this.#send({ type: 'rename', name });
  }

  /** Gives up this seat (lobby only): this page watches on; `leftSeat` turns true once the server agrees. */
  leaveSeat(): boolean {
    this.#leaving = this.#send({ type: 'leave_seat' });
    return this.#leaving;
  }

  /** After a match: asks for (or takes back) a rematch; it starts once every seat asks. */
  rematch(ready: boolean): boolean {
    return this.#send({ type: 'rematch', ready });
  }

  /** After a match, the host: back to the lobby to change options and seats. */
  backToLobby(): boolean {
    return this.#send({ type: 'back_to_lobby' });
  }

  /** Says something in the room's chat; false if it could not be sent. */
  say(text: string): boolean {
    return this.#send({ type: 'chat', text });
  }

  /** The host: mutes or unmutes a player's chat, or (`seat` null) the spectators'. */
  mute(seat: Seat | null, muted: boolean): boolean {
    return this.#send(seat === null ? { type: 'mute', muted } : { type: 'mute', seat, muted });
  }

  /** Sends a quick reaction (an icon) to the chat. */
  react(reaction: Reaction): boolean {
    return this.#send({ type: 'react', reaction });
  }

  /** Asks for a one-time link to move this seat to another device (answer in `seatLink`). */
  askSeatLink(): boolean {
    return this.#send({ type: 'seat_link' });
  }

  /** The host, in the lobby: seats a bot. */
  addBot(level: BotLevel): boolean {
    return this.#send({ type: 'add_bot', level });
  }

  /** The host, in the lobby: removes a bot (later seats move up). */
  removeBot(seat: Seat): boolean {
    return this.#send({ type: 'remove_bot', seat });
  }

  /** The host, in the lobby: moves a person (not a bot) to the spectators; their seat stays closed until reopened. */
  unseat(seat: Seat): boolean {
    return this.#send({ type: 'unseat', seat });
  }

  /** The host, in the lobby: opens one seat closed by moving its player to the spectators. */
  reopenSeat(): boolean {
    return this.#send({ type: 'reopen_seat' });
  }

  /** The host, in the lobby: locks the room to new players (the link then only lets people watch), or opens it. */
  lock(locked: boolean): boolean {
    return this.#send({ type: 'lock', locked });
  }

  /** During a match: the host lets a bot play for an absent player, or stops it; a player takes their own seat back (`on` false). */
  standIn(seat: Seat, on: boolean): boolean {
    return this.#send({ type: 'stand_in', seat, on });
  }

  /** A seated player: email me at `email` when it is my turn and I am away, or stop (`null`). */
  setTurnEmail(email: string | null): boolean {
    return this.#send({ type: 'set_notice_email', email });
  }

  /** A seated player: push my turn notices to this browser subscription, or stop (`null`). */
  setPush(subscription: PushSubscription | null): boolean {
    return this.#send({ type: 'set_push', subscription });
  }

  /** The host: where the room posts its notices (a chat's webhook), or nowhere (`null`). */
  setWebhook(webhook: Webhook | null): boolean {
    this.#webhookAsked = webhook?.url ?? null;
    return this.#send({ type: 'set_webhook', webhook });
  }

  /** The host, in the lobby: how long each decision may take. */
  setTurnTimer(timer: TurnTimer): boolean {
    return this.#send({ type: 'set_turn_timer', timer });
  }

  /**
   * Submits an action decided on the current version, or, when the room
   * page's `confirmFirst` has a question for it, stages it on the confirm
   * bar (true: staged). Returns false if it could not be sent.
   */
  act(action: AnyAction, opts: ActOptions = {}): boolean {
    const question = opts.confirmed ? null : (this.confirmFirst?.(action) ?? null);
    if (question !== null && this.match && this.pending === null) {
      this.staged = { action, opts, question, version: this.match.version };
      return true;
    }
    return this.#act(action, opts, 0);
  }

  /** Sends the staged action (the player confirmed it). */
  confirmStaged(): boolean {
    const s = this.staged;
    this.staged = null;
    if (!s || s.version !== this.match?.version) return false;
    return this.#act(s.action, { ...s.opts, confirmed: true }, 0);
  }

  /** Drops the staged action; the table resets its choices as after a refusal. */
  cancelStaged(): void {
    if (!this.staged) return;
    this.staged = null;
    this.refusals += 1;
  }

  /** A staged action decided on an older version no longer applies. */
  #dropStaged(): void {
    if (this.staged && this.staged.version !== this.match?.version) this.cancelStaged();
  }

  /** Takes back this seat's last step, while the server offers it. */
  takeBack(): boolean {
    const m = this.match;
    if (!m || this.seat === null || m.takeBack !== this.seat || this.pending !== null) return false;
    const client_seq = ++this.#seq;
    if (!this.#send({ type: 'take_back', client_seq, version: m.version })) return false;
    this.#sent = null;
    this.#awaitAck(client_seq);
    return true;
  }

  /** Holds the controls until `client_seq` is answered. */
  #awaitAck(client_seq: number): void {
    this.#resend = null;
    this.pending = client_seq;
    this.#ackedVersion = null;
    // Never leave the controls locked if an answer goes missing.
    clearTimeout(this.#pendingTimer);
    this.#pendingTimer = setTimeout(() => this.#clearPending(), 10_000);
  }

  #setLog(raw: LogEntry[]): void {
    this.#raw = raw.slice(-LOG_LIMIT);
    this.log = standingLog(this.#raw);
  }

  #act(action: AnyAction, opts: ActOptions, tries: number): boolean {
    if (!this.match) return false;
    if (this.pending !== null) return false;
    const client_seq = ++this.#seq;
    const version = this.match.version;
    if (!this.#send({ type: 'act', client_seq, version, action })) return false;
    this.#sent = { client_seq, version, action, opts, tries };
    this.#awaitAck(client_seq);
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

  /** Back online, or the tab is visible again: skip the rest of the backoff wait. */
  #wake = () => {
    if (this.#stopped || document.visibilityState === 'hidden') return;
    if (this.status === 'reconnecting' && this.#ws === null) {
      this.#attempt = 0;
      this.#reconnectNow();
    }
  };

  /** Drops the current socket without its close handler running. */
  #detach(code: number, reason: string): void {
    const ws = this.#ws;
    this.#ws = null;
    clearInterval(this.#pingTimer);
    clearTimeout(this.#connectTimer);
    this.#pingSentAt = null;
    if (ws) {
      ws.onopen = null;
      ws.onclose = null;
      ws.onmessage = null;
      ws.onerror = null;
      try {
        ws.close(code, reason);
      } catch {
        // Already closing.
      }
    }
    // The ack may be lost; the resume will show whether it applied.
    if (this.pending !== null) this.#clearPending();
    if (this.catchingUp) this.#setCatchingUp(false);
  }

  #reconnectNow(): void {
    clearTimeout(this.#retryTimer);
    this.#detach(1000, 'reconnecting');
    this.#open();
  }

  /**
   * The view held here can no longer be brought up to date by updates:
   * reconnect (resuming from the version held, or with `snapshot` asking for
   * a full view). A repeated resync backs off, so a bad patch cannot loop fast.
   */
  #resync(snapshot: boolean, why: string): void {
    console.warn(`parlor: resyncing (${why})`);
    if (snapshot) this.#wantSnapshot = true;
    this.#detach(1000, 'resync');
    this.reconnectText = (m) => m.close.catchingUp;
    this.#resyncStreak += 1;
    if (this.#resyncStreak <= 1) this.#open();
    else this.#scheduleRetry();
  }

  #send(msg: ClientMsg): boolean {
    const ws = this.#ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || this.status !== 'open') {
      toasts.error(NOT_CONNECTED);
      return false;
    }
    ws.send(JSON.stringify(msg));
    return true;
  }

  #open(): void {
    if (this.#stopped) return;
    clearTimeout(this.#retryTimer);
    this.status = this.#attempt === 0 && !this.room ? 'connecting' : 'reconnecting';
    let ws: WebSocket;
    try {
      ws = new WebSocket(wsUrl(this.code));
    } catch {
      this.#scheduleRetry();
      return;
    }
    this.#ws = ws;
    // A connection attempt can hang (a black-holed network, a blocked
    // request that never reports): give up on it and try again.
    clearTimeout(this.#connectTimer);
    this.#connectTimer = setTimeout(() => {
      if (this.#ws !== ws || this.status === 'open') return;
      this.#detach(1000, 'too slow');
      this.#closed(1006);
    }, CONNECT_MS);
    ws.onopen = () => {
      const hello: ClientMsg = { type: 'hello' };
      if (this.#token) hello.token = this.#token;
      const m = this.match;
      if (m && !this.#wantSnapshot) {
        // Resume: the server sends only what was missed since this version.
        hello.match_id = m.match_id;
        hello.last_version = m.version;
      }
      ws.send(JSON.stringify(hello));
      this.#pingSentAt = null;
      clearInterval(this.#pingTimer);
      this.#pingTimer = setInterval(() => this.#ping(ws), PING_MS);
    };
    ws.onmessage = (ev) => {
      if (this.#ws !== ws) return;
      this.#pingSentAt = null;
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
      this.#detach(1000, '');
      this.#closed(ev.code);
    };
  }

  /** Keeps the server from closing us as idle, and notices a dead connection. */
  #ping(ws: WebSocket): void {
    if (this.#ws !== ws || ws.readyState !== WebSocket.OPEN) return;
    const now = Date.now();
    if (this.#pingSentAt !== null && now - this.#pingSentAt > DEAD_MS) {
      // Nothing heard since a ping long ago: the connection is gone without a close.
      this.#detach(1000, 'no answer');
      this.#closed(1006);
      return;
    }
    ws.send(JSON.stringify({ type: 'ping' } satisfies ClientMsg));
    this.#pingSentAt ??= now;
  }

  #closed(code: number): void {
    const p = closePolicy(code);
    switch (p.action) {
      case 'retry':
        // Failed attempts while the server is away say nothing new: keep
        // what started this (e.g. "the server is restarting").
        if (p.say !== LOST || this.reconnectText === null) this.reconnectText = p.say;
        this.#attempt = Math.max(this.#attempt, p.minAttempt ?? 0);
        this.#scheduleRetry();
        return;
      case 'retry_now':
        this.reconnectText = p.say;
        this.status = 'reconnecting';
        this.#attempt = 0;
        this.#open();
        return;
      case 'no_room':
        this.reconnectText = p.say;
        if (this.#noRoomSignal()) this.#scheduleRetry();
        return;
      case 'bad_token':
        // The seat token is not known here: watch instead, and let the
        // page offer to join again.
        this.#token = null;
        this.tokenRejected = true;
        toasts.error(p.say);
        this.#attempt = 0;
        this.#open();
        return;
      case 'seat_moved':
        // Another device claimed this seat with the one-time link: this page
        // watches from now on.
        this.#token = null;
        this.seatMoved = true;
        this.seatLink = null;
        toasts.show(p.say);
        this.#attempt = 0;
        this.#open();
        return;
      case 'stop':
        this.#stop(p.say, p.reconnect);
        if (p.askWhy) void this.#askWhyClosed();
        return;
    }
  }

  /** The close code carries no reason; the room's HTTP answer (410) does. */
  async #askWhyClosed(): Promise<void> {
    try {
      await api.room(this.code);
    } catch (e) {
      if (e instanceof ApiFailure && e.status === 410 && this.#stopped) this.closedReason = roomClosedText(e.message);
    }
  }

  #stop(text: Say, canReconnect: boolean): void {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    // (An attempt still in flight when an HTTP check said "no room".)
    this.#detach(1000, 'stopped');
    this.closedReason = text;
    this.canReconnect = canReconnect;
    this.reconnectText = null;
    this.status = 'closed';
  }

  /** Counts a "no such room"; gives up (and returns false) once it has been said often enough. */
  #noRoomSignal(): boolean {
    this.#noRoomStreak += 1;
    if (this.#noRoomStreak < NO_ROOM_TRIES) return true;
    this.noRoom = true;
    this.#stop(NO_ROOM_TEXT, true);
    return false;
  }

  #scheduleRetry(): void {
    if (this.#stopped) return;
    this.status = 'reconnecting';
    this.reconnectText ??= LOST;
    if (this.#attempt >= 1) {
      // A refused upgrade (the server answers an unknown room with 404)
      // looks the same as a network error; ask over HTTP whether the room
      // still exists.
      void api.room(this.code).then(
        () => {
          this.#noRoomStreak = 0;
        },
        (e) => {
          if (!(e instanceof ApiFailure) || this.#stopped) return;
          if (e.status === 404) this.#noRoomSignal();
          // Closed while this page was away: the upgrade is refused (410) for good.
          else if (e.status === 410) this.#stop(roomClosedText(e.message), false);
        },
      );
    }
    const delay = backoffDelay(this.#attempt);
    this.#attempt += 1;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => this.#open(), delay);
  }

  #setSnapshot(s: MatchSnapshot): void {
    if (this.match?.match_id !== s.match_id) {
      this.#setLog([]);
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
      takeBack: s.take_back ?? null,
    };
    this.#dropStaged();
    if (this.#logVersion === 0 && this.log.length === 0) {
      // Joined (or reloaded) mid-match: the log starts here, and the server
      // sends the steps before it, as this viewer may see them.
      this.#logVersion = s.version;
      if (s.version > 0) this.#send({ type: 'log' });
    }
  }

  #setCatchingUp(on: boolean): void {
    this.catchingUp = on;
    clearTimeout(this.#catchUpTimer);
    // Never leave the controls locked should that update not come.
    if (on) this.#catchUpTimer = setTimeout(() => (this.catchingUp = false), 5_000);
  }

  #setRoom(room: RoomInfo): void {
    // Table talk is capped per match (and between matches): a new period may talk again.
    const was = this.room;
    if (this.chatFull !== null && (!was || was.match_id !== room.match_id || was.status !== room.status)) this.chatFull = null;
    this.room = room;
    this.roomAt = Date.now();
  }

  /** Applies an `update`; false if it does not fit the view held here. */
  #applyUpdate(msg: Extract<ServerMsg, { type: 'update' }>): boolean {
    const m = this.match;
    if (!m) {
      this.#resync(true, `update to ${msg.version} without a match`);
      return false;
    }
    const steps = stepList(msg.steps);
    const base = msg.version - steps.length;
    if (base !== m.version) {
      // Something was missed (or came twice): resume from the version held.
      this.#resync(false, `update from ${base}, holding ${m.version}`);
      return false;
    }
    let view: AnyView;
    try {
      view = applyPatch(m.view, msg.patch);
    } catch (e) {
      if (!(e instanceof PatchError)) throw e;
      // The view held here is not what the server thinks: start afresh.
      this.#resync(true, `patch to ${msg.version}: ${e.message}`);
      return false;
    }
    const fresh: LogEntry[] = [];
    steps.forEach((step, i) => {
      const version = base + i + 1;
      if (version > this.#logVersion) fresh.push({ version, step, timedOut: msg.timed_out?.includes(version) });
    });
    if (fresh.length) {
      this.#setLog([...this.#raw, ...fresh]);
      this.#logVersion = fresh[fresh.length - 1].version;
    }
    this.match = {
      ...m,
      version: msg.version,
      to_act: msg.to_act,
      view,
      deadline: msg.deadline ?? null,
      deadlineEnds: deadlineEnds(msg.deadline ?? null),
      takeBack: msg.take_back ?? null,
    };
    this.#dropStaged();
    this.#resyncStreak = 0;
    if (this.catchingUp) this.#setCatchingUp(false);
    return true;
  }

  #handle(msg: ServerMsg): void {
    switch (msg.type) {
      case 'welcome':
        // Its turn emails and pushes, if set, follow in messages of their own.
        this.turnEmails = false;
        this.turnPushes = false;
        clearTimeout(this.#connectTimer);
        this.status = 'open';
        this.#attempt = 0;
        this.#noRoomStreak = 0;
        this.reconnectText = null;
        if (this.#leaving && msg.you.kind === 'spectator') {
          // Our seat is given up: its token opens nothing any more.
          this.#token = null;
          this.#leaving = false;
          this.leftSeat = true;
        }
        this.you = msg.you;
        this.#setRoom(msg.room);
        // The server's recent lines replace ours: nothing lost or repeated.
        this.chat = msg.chat ?? [];
        if (msg.resumed && this.match) {
          // We keep our view; the next update brings what was missed (and
          // who acts now), so hold the controls until it is here.
          this.#setCatchingUp(true);
        } else if (msg.resumed) {
          this.#resync(true, 'resumed without a match');
          return;
        } else if (msg.match) {
          this.#setSnapshot(msg.match);
        } else if (msg.room.status === 'lobby' || msg.room.match_id !== this.match?.match_id) {
          this.match = null;
        }
        this.#wantSnapshot = false;
        break;
      case 'room':
        this.#setRoom(msg.room);
        break;
      case 'sync':
        this.#setSnapshot(msg.snapshot);
        this.#resyncStreak = 0;
        if (this.catchingUp) this.#setCatchingUp(false);
        if (this.pending !== null && this.#ackedVersion !== null && msg.snapshot.version >= this.#ackedVersion) {
          this.#clearPending();
        }
        this.#maybeResend();
        break;
      case 'update': {
        if (!this.#applyUpdate(msg)) break;
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
            takeBack: null,
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
        if (msg.code === 'not_seated' && msg.client_seq === null && this.seat !== null && !this.#leaving) {
          // Unasked, while seated: the host moved us to the spectators (a
          // welcome as a spectator follows). Our token opens nothing any more.
          this.#token = null;
          this.seatLink = null;
          this.unseated = true;
          break;
        }
        // Worded from the code (and what this page knows), never from the
        // server's English `message`.
        const code = msg.code;
        if (code === 'chat_full') {
          const full = this.room?.status === 'playing' ? 'match' : 'room';
          this.chatFull = full;
          toasts.error((m) => m.chat.full[full]);
        } else if (code === 'rate_limited') toasts.slowDown();
        else if (code === 'name_taken' && this.#asked) {
          // The seat whose name looks like the one asked for (names differing
          // only in case count as the same), else the name as asked.
          const asked = this.#asked.toLocaleLowerCase();
          const name = this.room?.seats.find((s) => s.seat !== this.seat && s.name.toLocaleLowerCase() === asked)?.name ?? this.#asked;
          toasts.error((m) => m.nameTaken({ name }));
        } else if (code === 'bad_webhook' && this.#webhookAsked) {
          // Worded from the address asked for, where it says why.
          const why = addressProblem(this.#webhookAsked);
          toasts.error((m) => (why ? m.webhook.refused[why] : m.refusals.bad_webhook));
        } else toasts.error((m) => m.refusals[code] ?? m.refusals.not_now);
        break;
      }
      case 'pong':
        break;
      case 'chat': {
        this.chat = [...this.chat.slice(-99), msg.line];
        const r = msg.line.reaction;
        if (r) {
          const key = msg.line.from.kind === 'seat' ? `seat-${msg.line.from.seat}` : 'rail';
          this.reactions = { ...this.reactions, [key]: { reaction: r, at: Date.now() } };
        }
        break;
      }
      case 'seat_link':
        this.seatLink = { code: msg.code, expiresAt: Date.now() + msg.expires_ms };
        break;
      case 'notice_email':
        this.turnEmails = msg.set;
        break;
      case 'notice_push':
        this.turnPushes = msg.set;
        break;
      case 'log': {
        // Everything before the oldest step held, in front of it.
        if (msg.match_id !== this.match?.match_id) break;
        const oldest = this.#raw[0]?.version ?? this.#logVersion + 1;
        const before: LogEntry[] = [];
        stepList(msg.steps).forEach((step, i) => {
          const version = i + 1;
          if (version < oldest) before.push({ version, step, timedOut: msg.timed_out.includes(version) });
        });
        this.#setLog([...before, ...this.#raw]);
        this.#logVersion = Math.max(this.#logVersion, msg.version);
        break;
      }
    }
  }
}
