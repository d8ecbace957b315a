// The pace at which the table shows the match: the server's updates are
// played as a queue, each shown state staying on screen at least its
// `dwell` before the next replaces it, so a bot's (or another player's)
// steps can be followed as they happen, one after the other. The truth is
// never held back: a state the viewer must act on has no dwell, an update
// carrying the viewer's own step is shown at once (everything queued
// before it is dropped), and a backlog never grows past a few states
// (the oldest waiting ones are skipped).
//
// No Svelte or DOM here (the clock is injected), so `npm run test:unit` runs
// it under node; `pacing.svelte.ts` feeds it the live room.

/** The timers the pacer uses; `realClock` in the app, a fake one in tests. */
export interface PaceClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: PaceClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** How long another seat's step stays on show before the next one (ms). */
export const STEP_DWELL = 650;
/** More for each further step shown at once (a roll and the dice landing). */
export const EXTRA_STEP_DWELL = 200;
/** Never more than this for one update. */
export const MAX_DWELL = 1250;
/** States waiting at most; beyond it the oldest waiting ones are skipped. */
export const MAX_BACKLOG = 4;

/**
 * How long a state that `steps` steps (by other seats or chance) led to
 * stays on show; 0 when it shows nothing new, when the viewer must act on
 * it, or with reduced motion.
 */
export function dwellFor(steps: number, opts: { viewerActs: boolean; reducedMotion: boolean }): number {
  if (steps <= 0 || opts.viewerActs || opts.reducedMotion) return 0;
  return Math.min(MAX_DWELL, STEP_DWELL + EXTRA_STEP_DWELL * (steps - 1));
}

/** What `paceOf` needs of a match state (the live `MatchState` is one). */
export interface PacedState {
  match_id: string;
  version: number;
  to_act: { kind: string; seats?: number[] };
}

/** What `paceOf` needs of a log entry (the live `LogEntry` is one). */
export interface PacedEntry<S> {
  version: number;
  step: S;
  timedOut?: boolean;
}

/**
 * How to show `next`, the truth after `prev` (the state queued before it):
 * its dwell, and whether it is urgent (shown at once: a new match, a
 * resync that went back, the viewer's own step, or reduced motion). `log`
 * holds the steps that led to it; `actorOf` tells whose step one is (null:
 * chance); `me` is the viewer's seat (null: a spectator); `standIn`, a bot
 * plays for the viewer now (its steps are paced like anyone's).
 */
export function paceOf<S>(
  prev: PacedState | null,
  next: PacedState | null,
  log: readonly PacedEntry<S>[],
  o: { me: number | null; actorOf: (step: S) => number | null; standIn: boolean; reducedMotion: boolean },
): { dwell: number; urgent: boolean } {
  if (!next || !prev || prev.match_id !== next.match_id || next.version < prev.version) return { dwell: 0, urgent: true };
  const steps = log.filter((e) => e.version > prev.version && e.version <= next.version);
  const me = o.standIn ? null : o.me;
  const mine = me !== null && steps.some((e) => !e.timedOut && o.actorOf(e.step) === me);
  const viewerActs = me !== null && next.to_act.kind === 'seats' && !!next.to_act.seats?.includes(me);
  const dwell = dwellFor(Math.max(steps.length, next.version - prev.version), { viewerActs, reducedMotion: o.reducedMotion });
  return { dwell, urgent: mine || o.reducedMotion };
}

interface Queued<T> {
  item: T;
  dwell: number;
}

/**
 * Shows items one at a time through `show`, each for at least its dwell.
 * `hold()` stops the queue (a round summary being read) until released.
 */
export class Pacer<T> {
  #show: (item: T) => void;
  #clock: PaceClock;
  #maxBacklog: number;
  #queue: Queued<T>[] = [];
  #shownAt = Number.NEGATIVE_INFINITY;
  #dwell = 0;
  #holds = 0;
  #timer: unknown = null;
  #stopped = false;

  constructor(show: (item: T) => void, clock: PaceClock = realClock, maxBacklog = MAX_BACKLOG) {
    this.#show = show;
    this.#clock = clock;
    this.#maxBacklog = Math.max(1, maxBacklog);
  }

  /** States waiting to be shown. */
  get backlog(): number {
    return this.#queue.length;
  }

  /** Some hold is on. */
  get held(): boolean {
    return this.#holds > 0;
  }

  /**
   * A new state: shown once the one on show has stayed its dwell (and no
   * hold is on), then kept at least `dwell` itself. `urgent` shows it now,
   * dropping whatever waits before it, hold or not.
   */
  push(item: T, dwell: number, urgent = false): void {
    if (this.#stopped) return;
    if (urgent) {
      this.#queue = [];
      this.#cancelTimer();
      this.#present({ item, dwell });
      this.#pump();
      return;
    }
    this.#queue.push({ item, dwell });
    // A skipped state's news shows in the next one (its steps are in that
    // state's log), so the next one stays on show at least as long.
    while (this.#queue.length > this.#maxBacklog) {
      const skipped = this.#queue.shift();
      const next = this.#queue[0];
      if (skipped && next) next.dwell = Math.max(next.dwell, skipped.dwell);
    }
    this.#pump();
  }

  /** Shows the newest state now (nothing waits any more). */
  flush(): void {
    const last = this.#queue[this.#queue.length - 1];
    if (!last) return;
    this.#queue = [];
    this.#cancelTimer();
    this.#present(last);
  }

  /** Stops the queue until the returned function is called (once is enough; more do nothing). */
  hold(): () => void {
    this.#holds += 1;
    this.#cancelTimer();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holds -= 1;
      this.#pump();
    };
  }

  /** No more showing (the page is leaving). */
  stop(): void {
    this.#stopped = true;
    this.#queue = [];
    this.#cancelTimer();
  }

  #present(q: Queued<T>): void {
    this.#shownAt = this.#clock.now();
    this.#dwell = q.dwell;
    this.#show(q.item);
  }

  #cancelTimer(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #pump = (): void => {
    this.#cancelTimer();
    while (this.#queue.length && this.#holds === 0 && !this.#stopped) {
      const wait = this.#shownAt + this.#dwell - this.#clock.now();
      if (wait > 0) {
        this.#timer = this.#clock.setTimeout(this.#pump, wait);
        return;
      }
      const next = this.#queue.shift();
      if (next) this.#present(next);
    }
  };
}
