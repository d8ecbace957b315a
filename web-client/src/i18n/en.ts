// English: the base catalog. Every other language's catalog has the type of
// this one (`Messages`), so a missing message or a parameter of the wrong
// name or type is a type error (`npm run check`). A message is a string, or
// a function of named parameters where it says a number or a name.
// Numbers, lists and dates go through `Intl` (see `format.ts`), never by hand.

import { count, list } from './format';

export const en = {
  nav: {
    newGame: 'New game',
    myTables: 'My tables',
    myTablesWaiting: (p: { count: number }) => `My tables, ${count('en', p.count)} waiting on you`,
    language: 'Language',
    history: 'History',
  },
  notFound: {
    title: 'Page not found',
    nothingAt: 'Nothing lives at',
    goHome: 'Go home',
  },
  /** "Ana, Ben and Cy": names joined as a sentence says them. */
  names: (p: { names: readonly string[] }) => list('en', p.names),
};

export type Messages = typeof en;
