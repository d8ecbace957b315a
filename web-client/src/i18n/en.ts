// English: the base catalog. Every other language's catalog has the type of
// this one (`Messages`), so a missing message or a parameter of the wrong
// name or type is a type error (`npm run check`). A message is a string, or
// a function of named parameters where it says a number or a name.
// Numbers, lists and dates go through `Intl` (see `format.ts`), never by hand.

import { count, list } from './format';
import type { TurnTimer } from '../generated/TurnTimer';

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
  lobby: {
    players: 'Players',
    playersCount: (p: { count: number; max: number }) => `${count('en', p.count)} of ${count('en', p.max)}`,
    host: 'host',
    you: 'you',
    moveConfirm: (p: { name: string }) => `Move ${p.name} to the spectators?`,
    move: 'Move',
    cancel: 'Cancel',
    moveLabel: (p: { name: string }) => `Move to spectators: ${p.name}`,
    moveToSpectators: 'Move to spectators',
    removeLabel: (p: { name: string }) => `Remove ${p.name}`,
    remove: 'Remove',
    closedSeat: 'Closed seat',
    reopenLabel: 'Reopen a closed seat',
    reopen: 'Reopen',
    emptyLocked: 'Empty seat — locked',
    openSeat: 'Open seat',
    lockedByYou: 'You have locked this room: people with the link can only watch.',
    lockedByHost: 'The host has locked this room: people with the link can only watch.',
    closedByYou: (p: { count: number }) =>
      p.count === 1 ? 'One seat is closed until you reopen it.' : `${count('en', p.count)} seats are closed until you reopen them.`,
    closedByHost: (p: { count: number }) =>
      p.count === 1 ? 'One seat is closed by the host.' : `${count('en', p.count)} seats are closed by the host.`,
    addBot: 'Add a bot',
    easy: 'Easy',
    normal: 'Normal',
    lock: 'Lock room to new players',
    lockHint: 'Anyone opening the link can only watch; bots can still be added.',
    watching: (p: { count: number }) => `${count('en', p.count)} watching`,
    readRules: (p: { game: string }) => `Read the rules of ${p.game}`,
    roomMatches: 'Matches played in this room',
    start: (p: { game: string }) => `Start ${p.game}`,
    theGame: 'game',
    waitLocked: (p: { min: number }) =>
      `Waiting for at least ${count('en', p.min)} players — unlock the room so people can join, or add a bot.`,
    waitShare: (p: { min: number }) => `Waiting for at least ${count('en', p.min)} players — share the link above, or add a bot.`,
    ready: (p: { min: number; max: number }) =>
      `Everyone here? Start when you're ready (${count('en', p.min)}–${count('en', p.max)} players).`,
    waitingHost: 'Waiting for the host to start the game…',
  },
  share: {
    label: 'Invite friends with this link',
    copy: 'Copy',
    copied: 'Copied!',
    copiedToast: 'Link copied — send it to your friends!',
    copyByHand: 'Press Ctrl+C (or long-press) to copy the selected link.',
  },
  seat: {
    save: 'Save',
    giveUp: 'Give up your seat and watch?',
    leave: 'Leave my seat',
    stay: 'Stay',
    rename: 'Change my name',
  },
  webhook: {
    title: 'Turn notices in a chat',
    on: (p: { kind: string }) => `on (${p.kind})`,
    shown: (p: { kind: string }) =>
      `This room posts "Ana's turn" to a ${p.kind} webhook when a player who is away has a move, and the winner at the end.`,
    offer: 'Post "Ana\'s turn" to your group\'s chat when a player who is away has a move, and the winner at the end.',
    address: 'Webhook address',
    kind: 'Kind',
    plainJson: 'plain JSON',
    plainJsonOption: 'Plain JSON',
    replace: 'Replace',
    stop: 'Stop posting',
  },
  notices: {
    title: 'Turn notices',
    onDevice: 'on this device',
    byEmail: 'by email',
    note: 'Sent only when it is your turn and this table is not open. Kept until this match ends or you leave your seat; never shown to anyone.',
    device: 'Notices on this device',
    deviceOn: 'This browser shows a notice when it is your turn.',
    stopDevice: 'Stop notices on this device',
    asking: 'Asking the browser…',
    notifyMe: 'Notify me on this device',
    notOn: (p: { why: string }) => `Not on: ${p.why}.`,
    unsupported: 'this browser cannot take push notices here',
    blocked: 'notifications are blocked for this site in the browser’s settings',
    failed: (p: { detail: string }) => `the browser could not subscribe (${p.detail})`,
    emails: 'Turn emails',
    emailOn: 'You get an email when it is your turn.',
    stopEmails: 'Stop the emails',
    emailMe: 'Email me when it is my turn and I am away',
  },
  pace: {
    legend: 'Pace and turn timer',
    live: 'Live',
    ownPace: 'At your own pace',
    ownPaceShown: (p: { timer: string }) => `At your own pace: ${p.timer}`,
    /** A turn timer: "Normal: 45 s a decision", "1 day a decision", "Off: the table waits". */
    timer: (p: { timer: TurnTimer; secs: number | null }) => {
      if (p.secs === null) return 'Off: the table waits';
      const names: Partial<Record<TurnTimer, string>> = { relaxed: 'Relaxed', normal: 'Normal', fast: 'Fast' };
      const d = p.secs / 86400;
      const h = p.secs / 3600;
      const span =
        p.secs >= 86400 ? (d === 1 ? '1 day' : `${count('en', d)} days`)
        : p.secs >= 3600 ? (h === 1 ? '1 hour' : `${count('en', h)} hours`)
        : p.secs >= 60 ? `${count('en', p.secs / 60)} min`
        : `${count('en', p.secs)} s`;
      const name = names[p.timer];
      return name && p.secs < 3600 ? `${name}: ${span} a decision` : `${span} a decision`;
    },
    ownPaceNote:
      'Play a move whenever you have a minute: the table waits for each player up to the time shown, even with every page closed.',
    expiryNote:
      "When a player's time runs out the server decides for them; after two such decisions in a row a bot plays for them until they are back.",
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
