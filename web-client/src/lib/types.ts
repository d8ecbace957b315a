// Plain types shared by the room connection, the replay, the pages and the
// games: what a match looks like to this client, one step of its log, and
// the part of a connection a game's table reads. Kept apart from
// `socket.svelte.ts` so a table (or the replay) depends on these shapes,
// not on the live socket.

import type { AnyAction } from '../generated/AnyAction';
import type { AnyStepView } from '../generated/AnyStepView';
import type { AnyView } from '../generated/AnyView';
import type { Deadline } from '../generated/Deadline';
import type { MatchResult } from '../generated/MatchResult';
import type { Reaction } from '../generated/Reaction';
import type { RoomInfo } from '../generated/RoomInfo';
import type { Seat } from '../generated/Seat';
import type { ToAct } from '../generated/ToAct';
import type { Viewer } from '../generated/Viewer';
import type { Messages } from '../i18n/en';

/**
 * Words for the player, said in the language shown: `lib` holds no text of
 * its own, so what it has to say is a function of the app's messages (`m`),
 * called where it is shown (and again when the language changes).
 */
export type Say = (m: Messages) => string;

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
  /** The seat that may take back its last step now, or null. */
  takeBack: Seat | null;
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
  /** Already confirmed (or never to be asked): send without the confirm bar. */
  confirmed?: boolean;
}

/**
 * How a step would stand once sent, as the game tells it (its `moves.ts`,
 * mirroring the rules' take-back): `undo`, it may be taken back; `named`,
 * a draw, roll or answer sent by a button that says so, which is its own
 * confirmation; `final`, for good: the table asks to confirm it first.
 */
export type MoveKind = 'undo' | 'named' | 'final';

/** An action waiting on the confirm bar. */
export interface Staged {
  action: AnyAction;
  opts: ActOptions;
  /** "Claim Even Steven in 3 rolls?" */
  question: string;
  /** The version it was decided on: anything newer drops it. */
  version: number;
}

/** One step of the log, numbered by the match version it produced. */
export interface LogEntry {
  version: number;
  step: AnyStepView;
  /** The room's response timer gave this answer: the seat did not answer in time. */
  timedOut?: boolean;
}

/** The latest reaction of a speaker (`seat-N` or `rail`), with the local time it arrived. */
export interface Reacted {
  reaction: Reaction;
  at: number;
}

/**
 * What a game's table (and `Presence`) reads from its connection: the live
 * `RoomConnection` and the replay's read-only `ReplayConnection` both are one.
 */
export interface TableConn {
  readonly status: ConnStatus;
  /** Who the server says we are (after `welcome`). */
  readonly you: Viewer | null;
  readonly room: RoomInfo | null;
  /** `Date.now()` when `room` arrived (its seats' `away_ms` count from then). */
  readonly roomAt: number;
  readonly match: MatchState | null;
  readonly log: LogEntry[];
  /** `client_seq` of an action awaiting its ack, or null. */
  readonly pending: number | null;
  /** Bumped on every refused action, so a table can reset local choices. */
  readonly refusals: number;
  /** Resumed, and the update with what was missed has not come yet: hold actions. */
  readonly catchingUp: boolean;
  readonly reactions: Record<string, Reacted>;
  /** The seat this connection plays, or null for a spectator. */
  readonly seat: Seat | null;
  readonly isHost: boolean;
  /** Seats allowed to act now (empty while the server draws chance, or at the end). */
  readonly toActSeats: Seat[];
  /** True when this client may submit an action right now. */
  readonly myTurn: boolean;
  nameOf(seat: Seat): string;
  isAway(seat: Seat): boolean;
  botThinking(seat: Seat): boolean;
  /** " — bot thinking…" to add to a turn line while a bot decides, else "". */
  thinkingSuffix(seat: Seat | null | undefined): string;
  /**
   * Submits an action decided on the current version (or stages it on the
   * confirm bar when it can't be taken back); false if it could not be sent.
   */
  act(action: AnyAction, opts?: ActOptions): boolean;
}

export interface RulesSection {
  title: string;
  paragraphs: string[];
}

/**
 * The rules of one game, written for players (not the developer docs in
 * docs/games/): a short "how to play" and titled sections of plain text.
 */
export interface GameRules {
  /** Two or three sentences: what the game is and how a turn goes. */
  summary: string;
  sections: RulesSection[];
}
