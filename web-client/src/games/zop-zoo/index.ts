// Zop Zoo, as the app sees it: everything the pages need, in one object
// (listed in ../registry.ts). Its words are the live catalog's (`t`): the
// blurb, rules, narration and confirm questions follow the language shown.

import type { GameUi } from '../types';
import Final from './FinalScorecard.svelte';
import Icon from './Icon.svelte';
import Options from './Options.svelte';
import Table from './Table.svelte';
import { actorOf, narrate, roundOf } from './log';
import { movesIn } from './moves';
import { rulesIn } from './rules';
import { t } from './i18n';

const zopZoo: GameUi = {
  title: 'Zop Zoo',
  get blurb() {
    return t.blurb;
  },
  Icon,
  Options,
  Table,
  Final,
  trimsFinal: false,
  get rules() {
    return rulesIn(t);
  },
  narrate: (log, view, nameOf, me) => narrate(log, view, nameOf, me, t),
  moves: movesIn(t),
  actorOf,
  roundOf,
};

export default zopZoo;
