// Per-game UI, looked up by `GameKind`. Each playable game lives in its own
// folder (`games/<game>/`) and plugs in here: an options editor, the live
// table, and the final scorecard (used on the room page and in history).

import type { Component } from 'svelte';
import type { GameKind } from '../generated/GameKind';
import type { AnyView } from '../generated/AnyView';
import type { GameOptions } from '../generated/GameOptions';
import type { MatchResult } from '../generated/MatchResult';
import type { RoomConnection } from '../lib/socket.svelte';
import DoozyOptions from './doozy/Options.svelte';
import DoozyTable from './doozy/Table.svelte';
import DoozyFinal from './doozy/FinalScorecard.svelte';
import MtmOptions from './mtm/Options.svelte';
import MtmTable from './mtm/Table.svelte';
import MtmFinal from './mtm/FinalScorecard.svelte';
import MtmHands from './mtm/Hands.svelte';
import ZoomiesOptions from './zoomies/Options.svelte';
import ZoomiesTable from './zoomies/Table.svelte';
import ZoomiesFinal from './zoomies/FinalScorecard.svelte';
import ZoomiesHands from './zoomies/Hands.svelte';
import ZingaminoOptions from './zingamino/Options.svelte';
import ZingaminoTable from './zingamino/Table.svelte';
import ZingaminoFinal from './zingamino/FinalScorecard.svelte';
import ZingaminoHands from './zingamino/Hands.svelte';
import ZopZooOptions from './zop-zoo/Options.svelte';
import ZopZooTable from './zop-zoo/Table.svelte';
import ZopZooFinal from './zop-zoo/FinalScorecard.svelte';
import type { GameRules } from '../components/rules/types';
import type { IconName } from '../components/icons/Icon.svelte';
import { rules as doozyRules } from './doozy/rules';
import { rules as mtmRules } from './mtm/rules';
import { rules as zoomiesRules } from './zoomies/rules';
import { rules as zingaminoRules } from './zingamino/rules';
import { rules as zopZooRules } from './zop-zoo/rules';

export interface OptionsProps {
  options: GameOptions;
  /** False: show the options read-only. */
  editable: boolean;
  onchange?: (options: GameOptions) => void;
  /** Names of the seated players by seat, when known (the lobby). */
  names?: string[] | null;
}

export interface TableProps {
  conn: RoomConnection;
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

export interface GameUi {
  title: string;
  blurb: string;
  /** The game card's icon (drawn, see components/icons). */
  icon: IconName;
  Options?: Component<OptionsProps>;
  Table?: Component<TableProps>;
  Final?: Component<FinalProps>;
  /**
   * The table leaves out by itself what the final scorecard shows (given
   * `final`), so it can stay open under it; otherwise, at game over, the room
   * folds the table away behind "Show the table".
   */
  trimsFinal?: boolean;
  /** The rules for players (the Rules panel and the first-visit card). */
  rules?: GameRules;
  /** Every seat's hand, for a finished match replayed with everything
   * revealed; none for a game without hidden hands (its spectator sees all). */
  Hands?: Component<HandsProps>;
}

export const GAMES: Record<GameKind, GameUi> = {
  'doozy-dice': {
    title: 'Doozy Dice',
    blurb: 'Roll five dice to complete five combos in as few rolls as you can. Doozy Faces earn dots; dots bend the dice.',
    icon: 'dice',
    Options: DoozyOptions,
    Table: DoozyTable,
    Final: DoozyFinal,
    trimsFinal: true,
    rules: doozyRules,
  },
  'mix-the-mutts': {
    title: 'Mix-the-Mutts',
    blurb: 'Connect hex tiles of heads and tails, then score the mutts they make with matching cards from your hand.',
    icon: 'mutt',
    Options: MtmOptions,
    Table: MtmTable,
    Final: MtmFinal,
    rules: mtmRules,
    Hands: MtmHands,
  },
  zoomies: {
    title: 'Zoomies',
    blurb: 'Lay dog dominoes to grow a park of Packs, then bet tokens on Leaders, Bones, Frens and the Zoomies.',
    icon: 'zoomies',
    Options: ZoomiesOptions,
    Table: ZoomiesTable,
    Final: ZoomiesFinal,
    rules: zoomiesRules,
    Hands: ZoomiesHands,
  },
  zingamino: {
    title: 'Zingamino',
    blurb:
      'Lay coloured dominoes around four linked circles, matching every end. Wild Zingas take the value they meet; close a circle for +16. First to 64.',
    icon: 'zingamino',
    Options: ZingaminoOptions,
    Table: ZingaminoTable,
    Final: ZingaminoFinal,
    rules: zingaminoRules,
    Hands: ZingaminoHands,
  },
  'zop-zoo': {
    title: 'Zop Zoo',
    blurb:
      "Doc Colour's zoo card game: cover every animal in your row with its POINTS card, connect halves, dodge Minus cards, and dig, give, take or switch with MOLE, HYENA, RACCOON and EARTHWORM. First to 800.",
    icon: 'zoo',
    Options: ZopZooOptions,
    Table: ZopZooTable,
    Final: ZopZooFinal,
    rules: zopZooRules,
  },
};

export function gameTitle(kind: GameKind): string {
  return GAMES[kind]?.title ?? kind;
}
