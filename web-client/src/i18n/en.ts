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
  home: {
    title: 'Play tabletop games with friends',
    lead: 'Pick a game, create a room and send the link. No accounts, no installs.',
    pickGame: '1. Pick a game',
    couldNotLoad: (p: { why: string }) => `Could not load the games: ${p.why}`,
    retry: 'Retry',
    loading: 'Loading games…',
    games: 'Games',
    players: (p: { min: number; max: number }) => `${count('en', p.min)}–${count('en', p.max)} players`,
    comingSoon: 'Coming soon',
    rulesOf: (p: { game: string }) => `Rules of ${p.game}`,
    thisGame: 'this game',
    yourName: '2. Your name',
    namePlaceholder: 'e.g. Ana',
    nameLabel: 'Your name',
    creating: 'Creating…',
    create: (p: { game: string }) => `Create ${p.game} room`,
    gotCode: 'Got a code?',
    codePlaceholder: '8-letter code or link',
    codeLabel: 'Room code or link',
    goToRoom: 'Go to room',
    codeProblem: (p: { length: number; example: string }) =>
      `Room codes are ${count('en', p.length)} letters and digits (no 0, 1, I, L or O), like ${p.example}.`,
    finished: 'See finished matches →',
  },
  tables: {
    lead: 'Every table this browser holds a seat at. Tables played at your own pace wait here between moves.',
    waitingOnYou: 'Waiting on you',
    waitingOnOthers: 'Waiting on others',
    inLobby: 'In the lobby',
    finished: 'Finished',
    noneBefore: 'You hold no seats yet.',
    startGame: 'Start a game',
    noneAfter: "or open a friend's link.",
    seat: (p: { number: number }) => `Seat ${count('en', p.number)}`,
    with: (p: { names: readonly string[] }) => `with ${list('en', p.names)}`,
    aloneSoFar: 'alone so far',
    youWon: 'You won',
    /** Among the winners, the reader. */
    youAmongWinners: 'you',
    wonBy: (p: { names: readonly string[] }) => `Won by ${list('en', p.names)}`,
    notStarted: 'Not started yet',
    yourTurn: 'Your turn',
    yourTurnAnd: (p: { names: readonly string[] }) => `Your turn (and ${list('en', p.names)}'s)`,
    nobodyToAct: 'Nobody to act',
    toPlay: (p: { names: readonly string[] }) => `${list('en', p.names)} to play`,
    timeLeftTitle: 'Time left for this decision',
    timeLeft: (p: { time: string }) => `${p.time} left`,
    matchRecord: 'The match record',
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
