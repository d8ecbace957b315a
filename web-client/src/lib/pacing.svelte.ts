// The live room as the table shows it: `PacedTable.conn` is the room's
// connection with `match` and `log` played one server update at a time
// (see `pacing.ts`), so another seat's step (a bot's roll, a tile placed, a
// card drawn) stays on screen long enough to be seen, its motion run and
// its narration read, before the next one.
//
// The room's connection stays the truth: everything else is read from it
// as it is, actions go to it unchanged (decided on its version), and the
// table may act only once the presentation has caught up with it, so no one
// acts on a view that is not the server's. The viewer's own step is shown at
// once; with reduced motion nothing waits. A round summary may `hold()` the
// presentation (the next round waits for "Continue").

import { getContext, setContext, untrack } from 'svelte';
import type { AnyStepView } from '../generated/AnyStepView';
import type { Seat } from '../generated/Seat';
import { Pacer, paceOf, realClock, type PaceClock } from './pacing';
import type { LogEntry, MatchState, TableConn } from './types';

const REDUCE = '(prefers-reduced-motion: reduce)';

/** The user asked for reduced motion (no animation, no waiting). */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia(REDUCE).matches;
}

/** What a round summary (or anything else) may hold through the page's context. */
export interface TableHold {
  /** Holds the presentation and the table's controls until the returned function is called. */
  hold(): () => void;
  /** Some hold is on now. */
  readonly held: boolean;
}

const KEY = Symbol('parlor.pacing');

/** Offers `holder` to the components below (the room page does, for its table). */
export function provideHold(holder: TableHold): void {
  setContext(KEY, holder);
}

/** The holder offered above, if any (none in a replay). */
export function tableHold(): TableHold | undefined {
  return getContext<TableHold | undefined>(KEY);
}

/** Whose step `step` is: a seat, or null for chance (the game's `actorOf`). */
export type ActorOf = (step: AnyStepView) => Seat | null;

export class PacedTable implements TableHold {
  /** The room's connection with the presented match and log: what the table reads. */
  readonly conn: TableConn;
  /** The match on show (trails `truth.match` while steps wait their turn). */
  shown = $state.raw<MatchState | null>(null);
  /** A hold is on (a round summary open). */
  held = $state(false);

  readonly #truth: TableConn;
  readonly #actorOf: ActorOf;
  readonly #pacer: Pacer<MatchState | null>;
  readonly #stop: () => void;
  /** The last match state queued (the truth as of the last update seen). */
  #last: MatchState | null = null;
  #holds = 0;

  /** The presentation is the truth: nothing waits. */
  readonly caughtUp = $derived(this.shown === this.#truthMatch());

  /** The standing log up to the match on show. */
  readonly log: LogEntry[] = $derived.by(() => {
    const all = this.#truth.log;
    const m = this.shown;
    if (!m || this.caughtUp) return all;
    let n = all.length;
    while (n > 0 && all[n - 1].version > m.version) n -= 1;
    return n === all.length ? all : all.slice(0, n);
  });

  constructor(truth: TableConn, actorOf: ActorOf, clock: PaceClock = realClock) {
    this.#truth = truth;
    this.#actorOf = actorOf;
    this.#pacer = new Pacer<MatchState | null>((m) => (this.shown = m), clock);
    this.#stop = $effect.root(() => {
      $effect.pre(() => {
        const m = truth.match;
        untrack(() => this.#arrive(m));
      });
    });
    this.conn = this.#wrap(truth);
  }

  hold(): () => void {
    const release = this.#pacer.hold();
    this.#holds += 1;
    this.held = true;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#holds -= 1;
      this.held = this.#holds > 0;
      release();
    };
  }

  /** Stops pacing (the page is leaving). */
  dispose(): void {
    this.#stop();
    this.#pacer.stop();
  }

  #truthMatch(): MatchState | null {
    return this.#truth.match;
  }

  /** A new state of the truth: queue it, for as long as it deserves. */
  #arrive(m: MatchState | null): void {
    const prev = this.#last;
    this.#last = m;
    if (m === prev) return;
    const me = this.#truth.seat;
    const { dwell, urgent } = paceOf(prev, m, this.#truth.log, {
      me,
      actorOf: this.#actorOf,
      standIn: me !== null && this.#standIn(me),
      reducedMotion: reducedMotion(),
    });
    this.#pacer.push(m, dwell, urgent);
  }

  #standIn(seat: Seat): boolean {
    return !!this.#truth.room?.seats.find((s) => s.seat === seat)?.stand_in;
  }

  /**
   * The truth with the presented members in place of its own; everything
   * else (and whatever the connection gains later) passes through.
   */
  #wrap(truth: TableConn): TableConn {
    const own: Partial<Record<keyof TableConn, () => unknown>> = {
      match: () => this.shown,
      log: () => this.log,
      toActSeats: () => {
        const t = this.shown?.to_act;
        return t?.kind === 'seats' ? t.seats : [];
      },
      myTurn: () => truth.myTurn && this.caughtUp && !this.held,
      // While earlier steps are still on show, the bot has decided already.
      botThinking: () => (seat: Seat) => this.caughtUp && truth.botThinking(seat),
      thinkingSuffix: () => (seat: Seat | null | undefined) => (this.caughtUp ? truth.thinkingSuffix(seat) : ''),
    };
    return new Proxy(truth, {
      get(target, prop) {
        const f = own[prop as keyof TableConn];
        if (f) return f();
        const v: unknown = Reflect.get(target, prop, target);
        // Methods run on the connection itself (its private fields).
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
  }
}
