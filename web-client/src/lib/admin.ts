// The server host's admin API (`/api/admin/...`): every call carries the
// admin token as `Authorization: Bearer TOKEN`. Failures are `ApiFailure`s
// as in api.ts, with the two that matter here told apart: 404 (the admin
// API is off on this server) and 401 (wrong token). Their `message` is
// English for logs; the page words them from `isAdminOff` / `isWrongToken`.
//
// The token lives in sessionStorage only (gone with the tab), never in
// localStorage next to the seat tokens.

import type { AdminOwner } from '../generated/AdminOwner';
import type { AdminRoom } from '../generated/AdminRoom';
import type { ApiError } from '../generated/ApiError';
import type { CloseRoom } from '../generated/CloseRoom';
import type { MatchSummary } from '../generated/MatchSummary';
import type { RetentionReport } from '../generated/RetentionReport';
import { ApiFailure, BUSY, RATE_LIMITED } from './api';

const TOKEN_KEY = 'parlor.admin';

export const ADMIN_OFF_TEXT = 'The admin page is off on this server (set PARLOR_ADMIN_TOKEN).';
export const WRONG_TOKEN_TEXT = 'Wrong token.';

/** The admin API is not enabled: every route answers a bare 404 `not_found`. */
export function isAdminOff(e: unknown): boolean {
  return e instanceof ApiFailure && e.status === 404 && e.code === 'not_found';
}

export function isWrongToken(e: unknown): boolean {
  return e instanceof ApiFailure && e.status === 401;
}

export const adminToken = {
  get(): string {
    try {
      return sessionStorage.getItem(TOKEN_KEY) ?? '';
    } catch {
      return '';
    }
  },
  set(token: string | null): void {
    try {
      if (token) sessionStorage.setItem(TOKEN_KEY, token);
      else sessionStorage.removeItem(TOKEN_KEY);
    } catch {
      // Storage refused (private mode): the token lasts for this page only.
    }
  },
};

function isApiError(x: unknown): x is ApiError {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof (x as ApiError).error === 'string' &&
    typeof (x as ApiError).message === 'string'
  );
}

async function request<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  } catch {
    throw new ApiFailure(0, 'network', 'Could not reach the server. Check your connection and try again.');
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const code = isApiError(data) ? data.error : `http_${res.status}`;
    if (res.status === 401) throw new ApiFailure(401, code, WRONG_TOKEN_TEXT);
    if (res.status === 404 && code === 'not_found') throw new ApiFailure(404, code, ADMIN_OFF_TEXT);
    if (res.status === 429) throw new ApiFailure(429, 'rate_limited', RATE_LIMITED);
    if (code === 'busy') throw new ApiFailure(res.status, code, BUSY);
    if (isApiError(data)) throw new ApiFailure(res.status, data.error, data.message);
    throw new ApiFailure(res.status, code, `The server answered ${res.status} ${res.statusText}.`);
  }
  if (data === undefined) throw new ApiFailure(res.status, 'bad_response', 'The server sent an unexpected answer.');
  return data as T;
}

const enc = encodeURIComponent;

/** The admin calls, all with `token`. */
export const adminApi = {
  rooms: (token: string) => request<AdminRoom[]>(token, 'GET', '/api/admin/rooms'),
  closeRoom: (token: string, code: string, body: CloseRoom) =>
    request<{ closed: string }>(token, 'POST', `/api/admin/rooms/${enc(code)}/close`, body),
  matches: (token: string, limit = 50) => request<MatchSummary[]>(token, 'GET', `/api/admin/matches?limit=${limit}`),
  retention: (token: string) => request<RetentionReport>(token, 'GET', '/api/admin/retention'),
};

/** A duration in the largest two units that matter ("45 s", "3 h 5 min", "2 d 4 h"), as amounts a page words. */
export type Duration =
  | { unit: 's'; s: number }
  | { unit: 'min'; min: number }
  | { unit: 'h'; h: number }
  | { unit: 'hMin'; h: number; min: number }
  | { unit: 'd'; d: number }
  | { unit: 'dH'; d: number; h: number };

export function durationOf(secs: number): Duration {
  const s = Math.max(0, Math.floor(secs));
  if (s < 60) return { unit: 's', s };
  const m = Math.floor(s / 60);
  if (m < 60) return { unit: 'min', min: m };
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? { unit: 'hMin', h, min: m % 60 } : { unit: 'h', h };
  const d = Math.floor(h / 24);
  return h % 24 ? { unit: 'dH', d, h: h % 24 } : { unit: 'd', d };
}

/** Cluster mode: how the server that owns a room is doing, as a key a page words. */
export function ownerState(owner: AdminOwner): 'gone' | 'alive' | 'draining' | 'aliveHere' | 'drainingHere' {
  if (!owner.alive) return 'gone';
  if (owner.draining) return owner.here ? 'drainingHere' : 'draining';
  return owner.here ? 'aliveHere' : 'alive';
}
