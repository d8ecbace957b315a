// Zop Zoo, as the app sees it: everything the pages need, in one object
// (listed in ../registry.ts).

import type { GameUi } from '../types';
import Final from './FinalScorecard.svelte';
import Icon from './Icon.svelte';
import Options from './Options.svelte';
import Table from './Table.svelte';
import { actorOf, narrate, roundOf } from './log';
import { moves } from './moves';
import { rules } from './rules';

const zopZoo: GameUi = {
  title: 'Zop Zoo',
  blurb:
    "Doc Colour's zoo card game: cover every animal in your row with its POINTS card, connect halves, dodge Minus cards, and dig, give, take or switch with MOLE, HYENA, RACCOON and EARTHWORM. First to 800.",
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
};

export default zopZoo;
