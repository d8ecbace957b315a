// What a game plugs into the app: one `GameUi` object per game, exported by
// its folder's index.ts and listed in `registry.ts`. The pages and
// components only ever reach a game through these fields.

import type { Component } from 'svelte';
import type { AnyStepView } from '../generated/AnyStepView';
import type { AnyView } from '../generated/AnyView';
import type { GameOptions } from '../generated/GameOptions';
import type { MatchResult } from '../generated/MatchResult';
import type { AnyAction } from '../generated/AnyAction';
import type { GameRules, LogEntry, MoveKind, TableConn } from '../lib/types';

export interface OptionsProps {
  options: GameOptions;
  /** False: show the options read-only. */
  editable: boolean;
  onchange?: (options: GameOptions) => void;
  /** Names of the seated players by seat, when known (the lobby). */
  names?: string[] | null;
}

export interface TableProps {
  /** The live room, or a replay (which sends nothing). */
  conn: TableConn;
  /**
   * The match is over and the room shows the game's final scorecard above
   * the table: a table may leave out what that scorecard repeats.
   */
  final?: boolean;
}

export interface FinalProps {
  result: MatchResult;
  /** Player names by seat. */
  names: string[];
  /** Highlight this seat as "you" (optional). */
  me?: number | null;
  /** The final view of the table, when at hand (the room page; not history). */
  view?: AnyView | null;
}

export interface HandsProps {
  view: AnyView;
  nameOf: (seat: number) => string;
}

export interface GameIconProps {
  /** Width and height in CSS pixels (or any CSS length). */
  size?: number | string;
  /** Accessible name; without it the icon is decorative. */
  label?: string | null;
}

/**
 * The game's log as sentences, oldest first, once `log` (the steps so far)
 * has happened, as the viewer `me` reads it ("You" for their own seat);
 * empty for another game's view. The replay tells its step by the last one.
 */
export type Narrate = (log: LogEntry[], view: AnyView, nameOf: (seat: number) => string, me: number | null) => string[];

/**
 * Take-back and confirm, as the game tells them (its `moves.ts`): the room
 * asks to confirm a `final` step first, offers nothing for a `named` one
 * and lets the server's take-back undo an `undo` one.
 */
export interface GameMoves {
  /** How a step of `action` by seat `me` on `view` would stand; mirrors the rules' take-back. */
  kind: (action: AnyAction, view: AnyView, me: number) => MoveKind;
  /** The confirm bar's question for a `final` step, in the game's words. */
  question: (action: AnyAction, view: AnyView, nameOf: (seat: number) => string) => string;
}

export interface GameUi {
  title: string;
  blurb: string;
  /** The game card's icon (drawn in the game's folder). */
  Icon: Component<GameIconProps>;
  Options: Component<OptionsProps>;
  Table: Component<TableProps>;
  Final: Component<FinalProps>;
  /**
   * The table leaves out by itself what the final scorecard shows (given
   * `final`), so it can stay open under it; otherwise, at game over, the room
   * folds the table away behind "Show the table".
   */
  trimsFinal: boolean;
  /** The rules for players (the Rules panel and the first-visit card). */
  rules: GameRules;
  /** The replay's sentence for each step (from the game's `log.ts`). */
  narrate: Narrate;
  /** Which steps ask to confirm first and which may be taken back (the game's `moves.ts`). */
  moves: GameMoves;
  /**
   * The seat that moved in this step, or null for chance (a deal, a die
   * landing, a tile drawn for someone): the replay's turns are runs of one
   * seat's moves (see lib/replayTurns.ts). A step's `seat` is not enough: a
   * deal names the seat it deals to.
   */
  actorOf: (step: AnyStepView) => number | null;
  /** The round in play in this view, for a game played in rounds (the replay's round jumps). */
  roundOf?: (view: AnyView) => number | null;
  /** Every seat's hand, for a finished match replayed with everything
   * revealed; none for a game without hidden hands (its spectator sees all). */
  Hands?: Component<HandsProps>;
}
