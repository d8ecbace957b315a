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
  home: {
    title: 'Brettspiele mit Freunden spielen',
    lead: 'Wähle ein Spiel, eröffne einen Raum und schick den Link. Kein Konto, keine Installation.',
    pickGame: '1. Wähle ein Spiel',
    couldNotLoad: (p) => `Die Spiele konnten nicht geladen werden: ${p.why}`,
    retry: 'Erneut versuchen',
    loading: 'Spiele werden geladen…',
    games: 'Spiele',
    players: (p) => `${count('de', p.min)}–${count('de', p.max)} Personen`,
    comingSoon: 'Demnächst',
    rulesOf: (p) => `Regeln von ${p.game}`,
    thisGame: 'diesem Spiel',
    yourName: '2. Dein Name',
    namePlaceholder: 'z. B. Ana',
    nameLabel: 'Dein Name',
    creating: 'Wird eröffnet…',
    create: (p) => `Raum für ${p.game} eröffnen`,
    gotCode: 'Hast du einen Code?',
    codePlaceholder: 'Code oder Link',
    codeLabel: 'Raumcode oder Link',
    goToRoom: 'Zum Raum',
    codeProblem: (p) =>
      `Raumcodes bestehen aus ${count('de', p.length)} Buchstaben und Ziffern (ohne 0, 1, I, L und O), zum Beispiel ${p.example}.`,
    finished: 'Beendete Partien ansehen →',
  },
  notFound: {
    title: 'Seite nicht gefunden',
    nothingAt: 'Hier gibt es nichts:',
    goHome: 'Zur Startseite',
  },
  names: (p) => list('de', p.names),
};
