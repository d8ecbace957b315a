// Short-lived messages in the corner: refusals from the server, copy
// confirmations, connection trouble.

import { ApiFailure, problemText } from './api';
import type { Say } from './types';

export type ToastKind = 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  /** Its words: a message read from the catalogs when shown (so it follows a change of language). */
  text: string | Say;
}

/** The words of the rate-limit note (one function, so repeats are dropped as the same toast). */
const SLOW_DOWN: Say = (m) => m.problems.rate_limited;

class Toasts {
  list = $state<Toast[]>([]);
  #next = 1;

  show(text: string | Say, kind: ToastKind = 'info', ms = kind === 'error' ? 6000 : 2500): void {
    const id = this.#next++;
    // Drop an identical toast still on screen rather than stacking repeats.
    this.list = [...this.list.filter((t) => t.text !== text), { id, kind, text }].slice(-4);
    setTimeout(() => this.dismiss(id), ms);
  }

  error(text: string | Say): void {
    this.show(text, 'error');
  }

  /** A failed request: a calm note when the server only asks us to slow down, else an error. */
  problem(e: unknown): void {
    if (e instanceof ApiFailure && e.code === 'rate_limited') this.slowDown();
    else this.error((m) => problemText(e, m));
  }

  /** The server is rate-limiting us (HTTP 429 or socket `rate_limited`). */
  slowDown(): void {
    this.show(SLOW_DOWN, 'info', 5000);
  }

  dismiss(id: number): void {
    this.list = this.list.filter((t) => t.id !== id);
  }
}

export const toasts = new Toasts();
