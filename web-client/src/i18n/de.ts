// Deutsch. Same shape as `en.ts` (its type is checked against it).
import type { Messages } from './en';
import { count, list } from './format';

export const de: Messages = {
  nav: {
    newGame: 'Neues Spiel',
    myTables: 'Meine Tische',
    myTablesWaiting: (p) => `Meine Tische, ${count('de', p.count)} warten auf dich`,
    language: 'Sprache',
    history: 'Verlauf',
  },
  notFound: {
    title: 'Seite nicht gefunden',
    nothingAt: 'Hier gibt es nichts:',
    goHome: 'Zur Startseite',
  },
  names: (p) => list('de', p.names),
};
