// Doozy Dice, as the app sees it: everything the pages need, in one object
// (listed in ../registry.ts).

import type { GameUi } from '../types';
import Final from './FinalScorecard.svelte';
import Icon from './Icon.svelte';
import Options from './Options.svelte';
import Table from './Table.svelte';
import { actorOf, narrate } from './log';
import { moves } from './moves';
import { rules } from './rules';

const doozy: GameUi = {
  title: 'Doozy Dice',
  blurb: 'Roll five dice to complete five combos in as few rolls as you can. Doozy Faces earn dots; dots bend the dice.',
  Icon,
  Options,
  Table,
  Final,
  trimsFinal: true,
  rules,
  narrate,
  moves,
  actorOf,
};

export default doozy;
