// Mix-the-Mutts, as the app sees it: everything the pages need, in one object
// (listed in ../registry.ts).

import type { GameUi } from '../types';
import Final from './FinalScorecard.svelte';
import Hands from './Hands.svelte';
import Icon from './Icon.svelte';
import Options from './Options.svelte';
import Table from './Table.svelte';
import { actorOf, narrate } from './log';
import { moves } from './moves';
import { rules } from './rules';

const mtm: GameUi = {
  title: 'Mix-the-Mutts',
  blurb: 'Connect hex tiles of heads and tails, then score the mutts they make with matching cards from your hand.',
  Icon,
  Options,
  Table,
  Final,
  trimsFinal: false,
  rules,
  narrate,
  moves,
  actorOf,
  Hands,
};

export default mtm;
