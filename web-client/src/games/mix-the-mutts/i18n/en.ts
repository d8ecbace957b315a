// Mix-the-Mutts in English: the base of this game's catalogs (every other
// language's file has its type). Table, claim panel, hand, options, final
// scorecard, rules, log and confirm question. The breed names and their
// three-letter codes, and the tiles' printed codes (M01–M12), are the
// published game's and stay in every language (on the list in
// src/i18n/proper-names.ts); everything said about them is translated.
import { count, list, pluralOf } from '../../../i18n/format';

const n = (v: number) => count('en', v);
/** "1 card", "3 cards". */
const counted = (v: number, one: string, many = `${one}s`) => `${n(v)} ${pluralOf('en', v) === 'one' ? one : many}`;
/** "A, B and C", as this game has always joined names (no comma before "and"). */
const and = (names: readonly string[]) => list('en-GB', names);
/** "Ana and Ben and Cy": how the log has always named who passed (kept byte for byte: tests read the log). */
const andAnd = (names: readonly string[]) => {
  let out = '';
  for (const name of names) out = out ? `${out} and ${name}` : name;
  return out;
};
/** "Poodle, Beagle, Pug": cards listed as units. */
const units = (names: readonly string[]) => new Intl.ListFormat('en', { type: 'unit', style: 'short' }).format(names);

export const en = {
  blurb: 'Connect hex tiles of heads and tails, then score the mutts they make with matching cards from your hand.',

  /** The viewer, where the table and the log name seats. */
  you: 'You',
  /** The viewer after a preposition ("Time ran out for you"). */
  youObject: 'you',

  /** Compass names of the six hex directions (for screen readers), by direction. */
  dirs: { 0: 'east', 1: 'north-east', 2: 'north-west', 3: 'west', 4: 'south-west', 5: 'south-east' },

  /** Counted words. */
  units: {
    cards: (p: { n: number }) => counted(p.n, 'card'),
    points: (p: { n: number }) => counted(p.n, 'point'),
    pts: (p: { n: number }) => counted(p.n, 'pt'),
    /** The word after a score shown big ("7 cards"). */
    cardWord: (p: { n: number }): string => (pluralOf('en', p.n) === 'one' ? 'card' : 'cards'),
    ptWord: (p: { n: number }): string => (pluralOf('en', p.n) === 'one' ? 'pt' : 'pts'),
  },

  /** A breed as one half of a combo. */
  part: {
    head: (p: { breed: string }) => `${p.breed} head`,
    tail: (p: { breed: string }) => `${p.breed} tail`,
  },

  combo: {
    purebred: (p: { breed: string }) => `purebred ${p.breed}`,
    mixed: (p: { head: string; tail: string }) => `${p.head} head + ${p.tail} tail`,
    ref: (p: { n: number }) => `combo ${n(p.n)}`,
    refWith: (p: { n: number; text: string }) => `combo ${n(p.n)} (${p.text})`,
    newCombos: (p: { n: number }) => counted(p.n, 'new combo'),
  },

  chip: {
    title: (p: { name: string; n: number }) => `${p.name} · ${counted(p.n, 'point')} a card`,
    junior: '1 card',
  },

  table: {
    label: 'Mix-the-Mutts table',
    waiting: 'Waiting for the table…',
    settingUp: 'Setting up the table…',
    yourTurn: 'Your turn',
    theirTurn: (p: { name: string }) => `${p.name}'s turn`,
    windowYours: 'Scoring window — your answer',
    window: 'Scoring window',
    finished: 'The final table',
    pileTitle: 'Cards left in the draw pile',
    pile: 'Pile:',
    tilesTitle: 'Face-down tiles under the face-up one',
    tilesLeft: 'Tiles left:',
    onTable: 'On the table:',
    junior: 'Junior scoring',
    legendHead: 'round face = head',
    legendTail: 'curly tail = tail',
    legendCombo: 'new combos, numbered',
    shuffling: 'Shuffling the tiles and dealing the cards…',
    sending: 'Sending…',
  },

  next: {
    label: 'Next tile',
    tile: (p: { tile: string }) => `Next tile ${p.tile}`,
    under: (p: { n: number }) => `${counted(p.n, 'more tile')} face down under it.`,
    theyChoose: (p: { name: string }) => `${p.name} will connect it or draw two cards.`,
    away: (p: { name: string }) => `(${p.name} is away right now.)`,
  },

  place: {
    makes: (p: { n: number }) => `Here it makes ${counted(p.n, 'new combo')}:`,
    youHold: 'you hold these',
    hint: 'Tap a glowing hex on the board to try the tile there (it must touch two tiles).',
    bar: 'Place the tile',
    youCanScore: 'you can score',
    rotation: 'Rotation',
    rotateLabel: 'Rotate 120 degrees',
    rotate: 'Rotate',
    confirm: 'Connect the tile here',
    chooseFirst: 'Choose a hex first',
    cancel: 'Cancel',
    or: 'or',
    drawTwo: 'Draw two cards',
    pileEmpty: 'The pile is empty: you must connect.',
    inPile: (p: { n: number }) => `${counted(p.n, 'card')} in the pile`,
  },

  players: {
    active: 'active player:',
    you: '(you)',
    cardsScored: 'Cards scored',
    points: 'Points',
    inHand: (p: { n: number }) => `${counted(p.n, 'card')} in hand`,
    scored: (p: { n: number }) => `${counted(p.n, 'card')} scored`,
    answered: 'answered',
    deciding: 'deciding…',
    stack: 'Scoring stack',
  },

  board: {
    label: (p: { n: number }) => `The board: ${counted(p.n, 'tile')}`,
    labelOpen: (p: { n: number; open: number }) => `The board: ${counted(p.n, 'tile')}, ${n(p.open)} places to connect`,
    zoomIn: 'Zoom in',
    fit: 'Fit board',
    here: 'Connect here',
    nextTo: (p: { tile: string; n: number }) => `Connect next to ${p.tile}, touches ${counted(p.n, 'tile')}`,
    between: (p: { names: string[]; n: number }) => `Connect between ${and(p.names)}, touches ${counted(p.n, 'tile')}`,
  },

  claim: {
    title: 'Scoring window',
    made: (p: { name: string; n: number }) => `${p.name} made ${counted(p.n, 'new combo')}. Everyone may score at once, in secret.`,
    youMade: (p: { n: number }) => `You made ${counted(p.n, 'new combo')}. Everyone may score at once, in secret.`,
    answered: 'answered',
    deciding: 'deciding',
    countdown: 'then missing answers count as a pass',
    newCombos: 'New combos',
    autoPass: "Pass for me when I can't claim",
    autoPassNote: '(the others then see at once that you had nothing)',
    waitingFor: (p: { n: number }) => `Waiting for ${counted(p.n, 'player')} to decide…`,
    answeredWaiting: 'Answered — waiting for others.',
    passedForYou: 'Passed for you: nothing to claim.',
    youPassed: 'You passed.',
    youClaimed: (p: { names: string[] }) => `You claimed ${andAnd(p.names)}. Claims are revealed when everyone has answered.`,
    /** The active player's hint, around its stressed words. */
    hintActive: {
      before: 'Your tile: claim ',
      strong: 'any number',
      after: ' of these combos, two cards each, no card used twice.',
    },
    hintOther: {
      before: 'Claim ',
      strong: 'one',
      after: ' combo with two cards from your hand, or pass.',
    },
    twoOf: (p: { breed: string }) => `two ${p.breed}s`,
    aAndA: (p: { head: string; tail: string }) => `a ${p.head} and a ${p.tail}`,
    selected: (p: { pair: string }) => `Selected — ${p.pair} from your hand`,
    cannot: (p: { why: string }) => `You can't: ${p.why}`,
    needsTwo: (p: { breed: string }) => `needs two ${p.breed}s`,
    needsSecond: (p: { breed: string }) => `needs a second ${p.breed}`,
    aBreed: (p: { breed: string }) => `a ${p.breed}`,
    needs: (p: { names: string[] }) => `needs ${and(p.names)}`,
    used: 'Those cards are already used by another pick',
    youHave: (p: { what: string }) => `You have ${p.what}`,
    submit: 'Submit claims',
    claimN: (p: { n: number; gain: string }) => `Claim ${counted(p.n, 'combo')} (+${p.gain})`,
    pass: 'Pass',
    passNothing: 'Pass — nothing to claim',
  },

  hand: {
    label: 'Your hand',
    title: 'Your hand',
    over: 'cards left in hand score nothing',
    worth: (p: { gain: string }) => `worth ${p.gain} if scored`,
    noneLeft: 'No cards left.',
    none: 'No cards. Draw two on your turn to get some.',
  },

  final: {
    none: 'No cards scored.',
    juniorNote: 'Junior scoring: the most cards in the scoring stack wins; ties share the win.',
    note: "Each card scores its breed's points (Poodle 1 … Chihuahua 8); the most points wins, ties share the win. Cards left in hand score nothing.",
  },

  options: {
    legend: 'Options',
    junior: 'Junior scoring',
    juniorNote: 'Count the cards in your scoring stack instead of their points — common breeds become the stars.',
    first: 'First player',
    firstNote: 'The rulebook says the youngest goes first.',
    random: 'Random',
    seatOf: (p: { name: string; seat: number }) => `${p.name} (seat ${n(p.seat)})`,
    seat: (p: { seat: number }) => `Seat ${n(p.seat)}`,
    seatHost: (p: { seat: number }) => `Seat ${n(p.seat)} (you, the host)`,
    nobody: (p: { seat: number }) => `Nobody sits in seat ${n(p.seat)} yet.`,
    timer: 'Response timer',
    timerNote:
      "How long everyone has to claim after a tile is connected; a missing answer counts as a pass. Unless set here, the room's turn timer decides.",
    timerOff: 'As the turn timer (off: wait for everyone)',
    seconds: (p: { n: number }) => counted(p.n, 'second'),
  },

  /** The "what happened" log and the replay's captions. */
  log: {
    cardList: (p: { names: string[] }) => units(p.names),
    scored: (p: { name: string; what: string; cards: string; gain: string }) => `${p.name} scored ${p.what} with ${p.cards}: +${p.gain}`,
    youScored: (p: { what: string; cards: string; gain: string }) => `You scored ${p.what} with ${p.cards}: +${p.gain}`,
    passed: (p: { names: string[] }) => `${andAnd(p.names)} passed`,
    timeRanOut: (p: { names: string[] }) => `Time ran out for ${andAnd(p.names)}: no claim`,
    setupTile: (p: { tile: string }) => `Setup: tile ${p.tile} laid on the table`,
    tileRevealed: (p: { tile: string }) => `Next tile turned face up: ${p.tile}`,
    first: (p: { name: string }) => `${p.name} goes first`,
    youFirst: 'You go first',
    /** One card, as a caption tells it (`…Shown`: the viewer sees which). */
    drewCard: (p: { name: string }) => `${p.name} drew a card`,
    youDrewCard: 'You drew a card',
    dealtCard: (p: { name: string }) => `${p.name} was dealt a card`,
    youDealtCard: 'You were dealt a card',
    drewCardShown: (p: { name: string; card: string }) => `${p.name} drew a card: ${p.card}`,
    youDrewCardShown: (p: { card: string }) => `You drew a card: ${p.card}`,
    dealtCardShown: (p: { name: string; card: string }) => `${p.name} was dealt a card: ${p.card}`,
    youDealtCardShown: (p: { card: string }) => `You were dealt a card: ${p.card}`,
    /** A run of cards to one hand: `what` is the cards seen and the count of the rest. */
    drew: (p: { name: string; what: string }) => `${p.name} drew ${p.what}`,
    youDrew: (p: { what: string }) => `You drew ${p.what}`,
    dealt: (p: { name: string; what: string }) => `${p.name} was dealt ${p.what}`,
    youDealt: (p: { what: string }) => `You were dealt ${p.what}`,
    choseDrawTwo: (p: { name: string }) => `${p.name} chose to draw two cards`,
    youChoseDrawTwo: 'You chose to draw two cards',
    drewTwo: (p: { name: string }) => `${p.name} drew two cards`,
    youDrewTwo: 'You drew two cards',
    connected: (p: { name: string; tile: string; n: number; combos: string }) =>
      `${p.name} connected tile ${p.tile}, making ${counted(p.n, 'new combo')}: ${p.combos}`,
    youConnected: (p: { tile: string; n: number; combos: string }) =>
      `You connected tile ${p.tile}, making ${counted(p.n, 'new combo')}: ${p.combos}`,
    answered: (p: { name: string }) => `${p.name} answered`,
    youAnswered: 'You answered',
    closed: 'Scoring window closed — claims revealed:',
    lastClosed: 'Last scoring window — claims revealed:',
  },

  confirm: {
    move: 'Make this move? It can’t be taken back.',
  },

  /** The rules for players (the Rules panel and the first-visit card); the rulings are in docs/games/mix-the-mutts.md. */
  rules: {
    summary:
      'Take turns connecting hex tiles so that dog heads meet dog tails. Each new meeting makes a mutt, and anyone holding the two matching breed cards may score it. Rare breeds are worth more; the highest score after the last tile wins.',
    sections: [
      {
        title: 'What you play with',
        paragraphs: [
          '72 breed cards in eight breeds. Rarer breeds have fewer cards and are worth more: Poodle 1, Beagle 2, Pug 3, Dachshund 4, Schnauzer 5, Pomeranian 6, Dalmatian 7, Chihuahua 8.',
          '12 hex tiles. Each has six edges, alternating dog heads and dog tails. Tiles always meet head against tail.',
        ],
      },
      {
        title: 'Setup',
        paragraphs: [
          'Two tiles start on the table side by side (their meeting is never scored). The next tile is turned face up; everyone sees it.',
          'Everyone is dealt 4 cards; the rest are the draw pile. Your hand is secret.',
          'The host may pick who starts; otherwise it is drawn at random. Turns go clockwise.',
        ],
      },
      {
        title: 'Your turn',
        paragraphs: [
          'Do one of two things:',
          'Connect: place the face-up tile in an empty space that touches at least two tiles already on the table. You may turn it, but only so that heads still meet tails. Every edge where it touches a tile is a new combo: one head breed and one tail breed.',
          'Draw two: take two cards from the pile. The face-up tile stays for the next player. When the pile is empty you must connect.',
        ],
      },
      {
        title: 'Scoring combos',
        paragraphs: [
          'After every connect, each player (the one who connected too) answers once, in secret: claim combos or pass.',
          'To claim a combo, play two cards from your hand: one of the head breed and one of the tail breed. For a purebreed combo (the same breed on both sides) play two cards of that breed.',
          'The player who connected may claim any number of the new combos, each once, with different cards. Everyone else may claim at most one.',
          'Several players may claim the same combo, each with their own cards.',
          'When everyone has answered, all claims are shown together and the claimed cards go face up to their owners’ scoring stacks. Then the next tile is turned up and play moves on.',
          'There is a response timer (60 seconds unless the host changes it). Anyone who has not answered when it runs out passes.',
        ],
      },
      {
        title: 'The end',
        paragraphs: [
          'The game ends after the tenth tile is connected and its claims are settled.',
          'Your score is the total value of the cards in your scoring stack. Cards left in your hand score nothing. Highest score wins; ties share the place.',
          'Junior scoring (an option): every scored card is worth 1, whatever its breed.',
        ],
      },
      {
        title: 'Our rulings',
        paragraphs: [
          'Only edges made by the tile just placed are new combos. A combo with the same breeds as an earlier one still counts.',
          'You always place the face-up tile; you cannot choose another.',
          'There is no hand limit, and scored cards never return to the pile.',
          'Your answer is final once given. Others only see that you answered, not what, until everyone has.',
          'Hands are never shown, not even at the end.',
          'The claims of the last scoring stay on view until the next scoring.',
        ],
      },
    ],
  },
};

export type MtmMessages = typeof en;
