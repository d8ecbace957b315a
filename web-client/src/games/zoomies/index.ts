// Zoomies, as the app sees it: everything the pages need, in one object
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

const zoomies: GameUi = {
  title: 'Zoomies',
  blurb: 'Lay dog dominoes to grow a park of Packs, then bet tokens on Leaders, Bones, Frens and the Zoomies.',
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

export default zoomies;
