// "My tables": every seat this browser holds, as the server says each table
// stands. The tokens stay in localStorage where the rooms put them; one
// request asks about all of them (a seat no longer held simply has no table).
// Fresh on start, on every page change, every minute and when the tab comes
// back.

import type { Table } from '../generated/Table';
import { api, errorText } from './api';
import { storage } from './storage';
import { stepList } from './steps';
import type { LogEntry } from './types';

const EVERY_MS = 60_000;
/** The most seats one request may ask about (the server's `MAX_TABLES`). */
const MAX_TABLES = 50;

/** Where a table stands for its seat, in the order the page lists them. */
export type TableGroup = 'yours' | 'others' | 'lobby' | 'finished';

export function groupOf(t: Table): TableGroup {
  if (t.status === 'lobby') return 'lobby';
  if (t.status === 'finished' || t.result) return 'finished';
  return t.yours ? 'yours' : 'others';
}

const ORDER: TableGroup[] = ['yours', 'others', 'lobby', 'finished'];

/** Waiting on you first (least time left first), then the rest by group. */
export function ordered(tables: Table[]): Table[] {
  const left = (t: Table) => t.time_left_ms ?? Number.MAX_SAFE_INTEGER;
  return [...tables].sort((a, b) => ORDER.indexOf(groupOf(a)) - ORDER.indexOf(groupOf(b)) || left(a) - left(b));
}

/** The table's last steps as log entries, numbered by the versions they made. */
export function lastEntries(t: Table): LogEntry[] {
  const steps = stepList(t.last);
  const first = Number(t.version) - steps.length + 1;
  return steps.map((step, i) => ({ version: first + i, step }));
}

class MyTables {
  tables = $state<Table[]>([]);
  /** A first answer came (or there was nothing to ask). */
  loaded = $state(false);
  /** The last refresh failed: in English (for logs). */
  error = $state<string | null>(null);
  /** The last refresh failed: what was thrown, for the page to word (`problemText`), else null. */
  failure = $state.raw<unknown>(null);
  /** Tables whose match waits on this browser's seat. */
  waiting = $derived(this.tables.filter((t) => groupOf(t) === 'yours').length);
  #inFlight = false;
  /** Asked again while a request was out: its answer may be older than the ask. */
  #again = false;
  #started = false;

  async refresh(): Promise<void> {
    if (this.#inFlight) {
      this.#again = true;
      return;
    }
    const seats = storage.heldSeats().slice(0, MAX_TABLES);
    if (seats.length === 0) {
      this.tables = [];
      this.loaded = true;
      return;
    }
    this.#inFlight = true;
    try {
      this.tables = (await api.tables({ seats })).tables;
      this.error = null;
      this.failure = null;
    } catch (e) {
      this.error = errorText(e);
      this.failure = e ?? new Error('failed');
    } finally {
      this.#inFlight = false;
      this.loaded = true;
    }
    if (this.#again) {
      this.#again = false;
      await this.refresh();
    }
  }

  /** Keeps the list fresh while any page is open. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    void this.refresh();
    setInterval(() => {
      if (document.visibilityState === 'visible') void this.refresh();
    }, EVERY_MS);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void this.refresh();
    });
  }
}

export const myTables = new MyTables();
