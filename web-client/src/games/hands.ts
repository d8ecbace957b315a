// Every seat's hand, per game with hidden hands, for a finished match
// replayed with everything revealed. A game without hidden information has
// no entry: its spectator's view already shows everything.

import type { Component } from 'svelte';
import type { AnyView } from '../generated/AnyView';
import type { GameKind } from '../generated/GameKind';
import MtmHands from './mtm/Hands.svelte';
import ZoomiesHands from './zoomies/Hands.svelte';
import ZingaminoHands from './zingamino/Hands.svelte';

export interface HandsProps {
  view: AnyView;
  nameOf: (seat: number) => string;
}

export const HANDS: Partial<Record<GameKind, Component<HandsProps>>> = {
  'mix-the-mutts': MtmHands,
  zoomies: ZoomiesHands,
  zingamino: ZingaminoHands,
};
