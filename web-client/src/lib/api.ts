// Typed wrappers around Parlor's HTTP API (`/api/...`). Every failure becomes
// an `ApiFailure` carrying the server's `ApiError` code and message; a page
// shows `problemText(e, m)`, worded from the code in the player's language
// (the server's English `message` is for logs).

import type { ApiError } from '../generated/ApiError';
import type { ChatPage } from '../generated/ChatPage';
import type { ClaimSeat } from '../generated/ClaimSeat';
import type { CreateRoom } from '../generated/CreateRoom';
import type { GameInfo } from '../generated/GameInfo';
import type { Health } from '../generated/Health';
import type { JoinRoom } from '../generated/JoinRoom';
import type { Joined } from '../generated/Joined';
import type { MatchRecord } from '../generated/MatchRecord';
import type { MatchSummary } from '../generated/MatchSummary';
import type { Replay } from '../generated/Replay';
import type { RoomInfo } from '../generated/RoomInfo';
import type { Tables } from '../generated/Tables';
import type { TablesQuery } from '../generated/TablesQuery';
import type { Messages } from '../i18n/en';

/** The `ApiError` codes the page words (and its own: `network`, `bad_response`). */
export type HttpCode = keyof Messages['problems'];

/** An HTTP call that did not succeed. */
export class ApiFailure extends Error {
  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    /** Machine-readable code from `ApiError.error` (or "network"/"http_NNN"). */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

function isApiError(x: unknown): x is ApiError {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof (x as ApiError).error === 'string' &&
    typeof (x as ApiError).message === 'string'
  );
}

/** What to say when the server asks us to slow down (HTTP 429 / `rate_limited`). */
export const RATE_LIMITED = 'Too many requests — wait a moment.';

/** What to say when the server's workers are all busy (HTTP 503 / `busy`, e.g. replaying an uploaded record). */
export const BUSY = 'The server is busy, try again in a moment.';

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiFailure(0, 'network', 'Could not reach the server. Check your connection and try again.');
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    if (res.status === 429 || (isApiError(data) && data.error === 'rate_limited')) {
      throw new ApiFailure(res.status, 'rate_limited', RATE_LIMITED);
    }
    if (isApiError(data) && data.error === 'busy') throw new ApiFailure(res.status, 'busy', BUSY);
    if (isApiError(data)) throw new ApiFailure(res.status, data.error, data.message);
    throw new ApiFailure(res.status, `http_${res.status}`, `The server answered ${res.status} ${res.statusText}.`);
  }
  if (data === undefined) {
    throw new ApiFailure(res.status, 'bad_response', 'The server sent an unexpected answer.');
  }
  return data as T;
}

const enc = encodeURIComponent;

/** History filters; `before` is the `finished_at` of the last match of the previous page. */
export interface MatchFilter {
  game?: string;
  player?: string;
  /** A room's code: the matches played in it. */
  room?: string;
  since?: number;
  before?: number;
  limit?: number;
}

export function matchQuery(f: MatchFilter): string {
  const q = new URLSearchParams();
  if (f.game) q.set('game', f.game);
  if (f.player) q.set('player', f.player);
  if (f.room) q.set('room', f.room);
  if (f.since !== undefined) q.set('since', String(f.since));
  if (f.before !== undefined) q.set('before', String(f.before));
  if (f.limit !== undefined) q.set('limit', String(f.limit));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Where the match record downloads from (finished matches). */
export function exportUrl(id: string): string {
  return `/api/matches/${enc(id)}/export`;
}

/** Lines of a match's table talk asked for at a time (the server gives at most 100). */
export const CHAT_PAGE = 25;

export const api = {
  games: () => request<GameInfo[]>('GET', '/api/games'),
  health: () => request<Health>('GET', '/api/health'),
  createRoom: (body: CreateRoom) => request<Joined>('POST', '/api/rooms', body),
  room: (code: string) => request<RoomInfo>('GET', `/api/rooms/${enc(code)}`),
  joinRoom: (code: string, body: JoinRoom) => request<Joined>('POST', `/api/rooms/${enc(code)}/join`, body),
  /** Takes over a seat with the one-time code its other device showed (410 `bad_claim` once used or expired). */
  claimSeat: (code: string, body: ClaimSeat) => request<Joined>('POST', `/api/rooms/${enc(code)}/claim`, body),
  matches: (f: MatchFilter = {}) => request<MatchSummary[]>('GET', `/api/matches${matchQuery(f)}`),
  /** A match as a seat saw it (once over), with everything revealed (`'all'`, once over), or as a spectator (`null`). */
  replay: (id: string, seat: number | 'all' | null = null) =>
    request<Replay>('GET', `/api/matches/${enc(id)}/replay${seat === null ? '' : `?seat=${seat}`}`),
  /** A downloaded match record (checked against its seed first), replayed through `seat`'s eyes. */
  replayRecord: (record: unknown, seat: number | 'all' | null = null) =>
    request<Replay>('POST', `/api/replay${seat === null ? '' : `?seat=${seat}`}`, record),
  match: (id: string) => request<MatchRecord>('GET', `/api/matches/${enc(id)}`),
  /** "My tables": each held seat's table as it sees it (a seat no longer held has none). */
  tables: (body: TablesQuery) => request<Tables>('POST', '/api/tables', body),
  /**
   * One page of a finished match's table talk, oldest first: pass the last
   * page's `next` as `after` (403 `match_not_over` until it ends).
   */
  matchChat: (id: string, after = 0, limit = CHAT_PAGE) =>
    request<ChatPage>('GET', `/api/matches/${enc(id)}/chat?after=${after}&limit=${limit}`),
};

/** A sentence for any thrown value, in English (for logs; a page shows `problemText`). */
export function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

/** A failed request (or anything thrown) in the player's words: from its code, never the server's English. */
export function problemText(e: unknown, m: Messages): string {
  if (!(e instanceof ApiFailure)) return m.unexpected;
  if (Object.hasOwn(m.problems, e.code)) return m.problems[e.code as HttpCode];
  return e.status ? m.httpStatus({ status: e.status }) : m.problems.network;
}
