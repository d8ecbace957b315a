// Zingamino, as the app sees it: everything the pages need, in one object
// (listed in ../registry.ts).

import type { GameUi } from '../types';
import Final from './FinalScorecard.svelte';
import Hands from './Hands.svelte';
import Icon from './Icon.svelte';
import Options from './Options.svelte';
import Table from './Table.svelte';
import { actorOf, narrate, roundOf } from './log';
import { moves } from './moves';
import { rules } from './rules';

const zingamino: GameUi = {
  title: 'Zingamino',
  blurb:
    'Lay coloured dominoes around four linked circles, matching every end. Wild Zingas take the value they meet; close a circle for +16. First to 64.',
  Icon,
  Options,
  Table,
  Final,
  trimsFinal: false,
  rules,
  narrate,
  moves,
  actorOf,
  roundOf,
  Hands,
};

export default zingamino;
