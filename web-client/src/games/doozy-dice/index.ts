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
import { t } from './i18n';

const doozy: GameUi = {
  title: 'Doozy Dice',
  get blurb() {
    return t.blurb;
  },
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
