// A stand-in for `RoomConnection` that plays a stored `Replay` back instead
// of talking to a room, so each game's live `Table` renders replays too.
//
// It is a `TableConn`, like the live connection: every member the tables
// (and `Presence`) read; nothing can be sent: `act` does nothing and
// `myTurn` is always false, so the tables show no live controls. `you` is the
// replay's viewer, so a seat's own hand renders as that seat saw it.

import { standingLog } from './standing';
import type { AnyAction } from '../generated/AnyAction';
import type { AnyView } from '../generated/AnyView';
import type { Replay } from '../generated/Replay';
import type { RoomInfo } from '../generated/RoomInfo';
import type { Seat } from '../generated/Seat';
import type { Viewer } from '../generated/Viewer';
import { applyPatch } from './patch';
import type { ConnStatus, LogEntry, MatchState, TableConn } from './types';

/** Every view of a replay: `views[i]` is the view at version `i` (0 = before step 1). */
export function replayViews(replay: Replay): AnyView[] {
  const views: AnyView[] = [replay.start];
  for (const s of replay.steps) views.push(applyPatch(views[views.length - 1], s.patch));
  return views;
}

export class ReplayConnection implements TableConn {
  readonly readOnly = true;
  readonly replay: Replay;
  readonly views: AnyView[];
  readonly status: ConnStatus = 'open';
  readonly you: Viewer;
  // No room: presence is meaningless in a replay, and `Presence` shows nothing without one.
  readonly room: RoomInfo | null = null;
  readonly roomAt = 0;
  readonly pending: number | null = null;
  readonly refusals = 0;
  readonly catchingUp = false;
  /** No reactions in a replay (the table talk is on the match page). */
  readonly reactions: TableConn['reactions'] = {};
  /** Current version shown, 0 ..= steps.length. */
  version = $state(0);

  // Derived once per version, so the tables see stable objects between steps.
  readonly match: MatchState = $derived.by(() => {
    const over = this.version === this.last && !!this.replay.result;
    return {
      match_id: this.replay.match_id,
      version: this.version,
      seed_sha256: '',
      seed: null,
      // Who acted next is not stored; an empty list keeps every control off.
      to_act: over ? { kind: 'finished' } : { kind: 'seats', seats: [] },
      view: this.views[this.version],
      result: over ? this.replay.result : null,
      deadline: null,
      deadlineEnds: null,
      takeBack: null,
    };
  });

  /** The steps up to the one shown, numbered by the version each produced. */
  readonly log: LogEntry[] = $derived.by(() =>
    standingLog(this.replay.steps.slice(0, this.version).map((s, i) => ({ version: i + 1, step: s.step, timedOut: s.timed_out }))),
  );

  /** A seat with no name known, in the page's words ("Seat 2"; `n` counts from 1). */
  readonly #seatName: (n: number) => string;

  constructor(replay: Replay, step = 0, seatName: (n: number) => string = (n) => `Seat ${n}`) {
    this.#seatName = seatName;
    this.replay = replay;
    this.views = replayViews(replay);
    this.you = replay.viewer;
    this.version = this.clamp(step);
  }

  get last(): number {
    return this.replay.steps.length;
  }

  clamp(step: number): number {
    return Math.max(0, Math.min(this.last, Math.trunc(Number.isFinite(step) ? step : 0)));
  }

  goto(step: number): void {
    this.version = this.clamp(step);
  }

  get atEnd(): boolean {
    return this.version === this.last;
  }

  get seat(): Seat | null {
    return this.you.kind === 'seat' ? this.you.seat : null;
  }

  get isHost(): boolean {
    return false;
  }

  get toActSeats(): Seat[] {
    return [];
  }

  get myTurn(): boolean {
    return false;
  }

  nameOf(seat: Seat): string {
    return this.replay.players[seat] ?? this.#seatName(seat + 1);
  }

  isAway(_seat: Seat): boolean {
    return false;
  }

  botThinking(_seat: Seat): boolean {
    return false;
  }

  thinkingSuffix(_seat: Seat | null | undefined): string {
    return '';
  }

  /** A replay is read-only: nothing is ever sent. */
  act(_action: AnyAction): boolean {
    return false;
  }
}
