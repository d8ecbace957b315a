// Zingamino in English: the base of this game's catalogs (every other
// language's file has its type). Table, board, round summaries, final
// scorecard, log, confirm question and rules. "Zinga" (the wild tile and the
// call) is the published game's name and stays in every language (on the
// list in src/i18n/proper-names.ts); colours, spaces and rules are translated.
import { count, list, pluralOf } from '../../../i18n/format';

const n = (v: number) => count('en', v);
/** "1 tile", "3 tiles". */
const counted = (v: number, one: string, many = `${one}s`) => `${n(v)} ${pluralOf('en', v) === 'one' ? one : many}`;
/** Items one after the other, as a record lists them ("Ana Green 2|3, Ben Purple 4|4"). */
const unitList = new Intl.ListFormat('en', { type: 'unit', style: 'short' });
const items = (names: readonly string[]) => unitList.format(names);

export const en = {
  blurb:
    'Lay coloured dominoes around four linked circles, matching every end. Wild Zingas take the value they meet; close a circle for +16. First to 64.',

  /** The four colours, in tile and board order (0 Green, 1 Yellow, 2 Orange, 3 Purple): on the board, the hand, tile names. */
  colours: { 0: 'Green', 1: 'Yellow', 2: 'Orange', 3: 'Purple' },
  /** A colour's letter: a circle's mark, a tile's corner, a space's name ("G4", the letter and the index clockwise from 12 o'clock). */
  letters: { 0: 'G', 1: 'Y', 2: 'O', 3: 'P' },
  /** A circle named in a sentence ("Zoom to the Green circle"), by colour. */
  circles: { 0: 'the Green circle', 1: 'the Yellow circle', 2: 'the Orange circle', 3: 'the Purple circle' },
  /** A colour's wild tile ("Green Zinga"); any other tile is its colour and ends ("Green 2|3", written by util.ts). */
  zinga: (p: { colour: string }) => `${p.colour} Zinga`,
  /** The mark on a Zinga tile, after its star. */
  zingaMark: '★ Z',

  table: {
    label: 'Zingamino table',
    // The turn line.
    waiting: 'Waiting for the table…',
    drawing: 'Drawing for the start player…',
    dealing: (p: { name: string }) => `Dealing: ${p.name} starts`,
    dealingYou: 'Dealing: You start',
    digging: 'Nothing fits: digging…',
    mustDig: 'Your turn: nothing fits, dig',
    mustPass: 'Your turn: nothing fits, pass',
    yourOpening: 'Your opening turn',
    yourTurn: 'Your turn: place a tile',
    theirOpening: (p: { name: string }) => `${p.name}'s opening turn`,
    theirTurn: (p: { name: string }) => `${p.name}'s turn`,
    finished: 'The final table',
    // Its facts: the number follows each, in bold.
    round: 'Round',
    bag: 'Bag:',
    bagTitle: 'Tiles left in the bag',
    firstTo: 'First to',
    // The opening note.
    openingYou: 'Opening turn: play a double or Zinga into an empty square of its colour.',
    opening: (p: { name: string }) => `${p.name}'s opening turn: play a double or Zinga into an empty square of its colour.`,
    // Under the board.
    keySquare: 'Zinga/Double square',
    keyBridge: 'bridge',
    keyZinga: 'Zinga (? = not yet set)',
    zoom: 'Zoom',
    zoomAll: 'All',
    zoomAllLabel: 'All: the whole board',
    zoomTo: (p: { circle: string }) => `Zoom to ${p.circle}`,
    // The hand.
    yourTiles: 'Your tiles',
    handNote: (p: { tiles: number }) => `${counted(p.tiles, 'tile')} · hidden from the others`,
    diggingNow: 'Nothing in your hand fits: digging from the bag…',
    digWhy: 'Nothing in your hand fits: dig from the bag until a tile fits.',
    digWhyOpening: 'Nothing in your hand fits an opening square: dig from the bag until a tile fits.',
    dig: 'Dig',
    passWhy: 'Nothing fits and the bag is empty.',
    pass: 'Pass',
    hintPick: 'Tap a tile, then a blue space on the board.',
    hintPlaces: (p: { tile: string; places: number }) => `${p.tile}: tap a blue space (${counted(p.places, 'place')}).`,
    unfit: (p: { tile: string }) => `${p.tile} (does not fit now)`,
    noTiles: 'No tiles in hand.',
    flip: '⇄ Flip ends',
    declareLabel: "Declare the Zinga's value",
    declareHow: (p: { space: string }) => `Your Zinga meets an unset Zinga on ${p.space}: name the value they both take.`,
    cancel: 'Cancel',
    sending: 'Sending…',
    // The players.
    players: 'Players',
    toOpen: 'to open',
    toOpenTitle: 'Has not had the opening turn this round',
    handSizeTitle: 'Tiles in hand',
    /** After a hand's size ("8 tiles"). */
    tilesUnit: (p: { tiles: number }): string => (pluralOf('en', p.tiles) === 'one' ? 'tile' : 'tiles'),
    scoreTitle: 'Score',
    /** After a score ("1 pt", "12 pts"). */
    pointsUnit: (p: { points: number }): string => (pluralOf('en', p.points) === 'one' ? 'pt' : 'pts'),
    // Scores and the log.
    scores: 'Scores',
    scoresAfter: (p: { rounds: number }) => `Scores after ${counted(p.rounds, 'round')}`,
    roundHands: (p: { round: number }) => `Round ${n(p.round)}: hands`,
    logTitle: 'What happened',
  },

  board: {
    label: 'The Zingamino board',
    closed: 'closed ✓',
    bridge: (p: { from: string; to: string }) => `Bridge ${p.from}–${p.to}`,
    square: (p: { space: string }) => `${p.space} (Zinga or Double square)`,
    /** On an empty Zinga/Double square. */
    squareMark: 'Z/D',
    /** A target space in words (screen readers, tooltips). */
    target: (p: { space: string; circle: string; shows: string; names: readonly string[] }) =>
      `Place on ${p.space} in ${p.circle}, showing ${p.shows}, next to ${list('en', p.names)}`,
    targetSquare: (p: { space: string; circle: string; shows: string; names: readonly string[] }) =>
      `Place on ${p.space}, a Zinga or Double square, in ${p.circle}, showing ${p.shows}, next to ${list('en', p.names)}`,
    targetAlone: (p: { space: string; circle: string; shows: string }) => `Place on ${p.space} in ${p.circle}, showing ${p.shows}, next to no tile`,
    targetSquareAlone: (p: { space: string; circle: string; shows: string }) =>
      `Place on ${p.space}, a Zinga or Double square, in ${p.circle}, showing ${p.shows}, next to no tile`,
  },

  /** A finished round (the summary, the Scores panel, the final scorecard). */
  round: {
    wentOut: 'went out',
    lowest: 'lowest hand',
    noTiles: 'no tiles left',
    hand: 'hand',
    collected: 'collected',
    bonus: 'circle bonus',
    total: 'total',
    inPlayTitle: 'Circle bonuses in the round being played',
  },

  final: {
    /** A round's points on a player's card ("R1: 12"). */
    roundPoints: (p: { round: number; points: number }) => `R${n(p.round)}: ${n(p.points)}`,
    noRounds: 'no rounds',
    bonuses: (p: { points: number }) => `circle bonuses ${n(p.points)}`,
    note: (p: { target: number; rounds: number }) =>
      `First to ${n(p.target)} ends the game; highest total wins. A round's points are the hands collected plus circle bonuses (+16 for the 16th tile of a circle). ${counted(p.rounds, 'round')} played.`,
    roundDetails: (p: { round: number }) => `Round ${n(p.round)}: hands and points`,
  },

  options: {
    legend: 'Options',
    before: 'No options: played to',
    points: (p: { points: number }) => `${n(p.points)} points`,
    after: (p: { min: number; max: number }) =>
      `, ${n(p.min)}–${n(p.max)} players. Each round starts from an empty board; the winner of a round starts the next.`,
  },

  /** The log and the replay's narration (log.ts). `name` is a player's; the `…You` forms are the reader's own. */
  log: {
    /** The reader, where a name would stand in a list. */
    you: 'You',
    gameOver: (p: { round: number; name: string; total: number }) =>
      `Round ${n(p.round)}: a circle bonus took ${p.name} to ${n(p.total)}: the game ends at once`,
    gameOverYou: (p: { round: number; total: number }) => `Round ${n(p.round)}: a circle bonus took You to ${n(p.total)}: the game ends at once`,
    zinga: (p: { round: number; name: string; points: number }) =>
      `ZINGA! ${p.name} placed their last tile and collects ${counted(p.points, 'point')} (round ${n(p.round)})`,
    zingaYou: (p: { round: number; points: number }) =>
      `ZINGA! You placed your last tile and collect ${counted(p.points, 'point')} (round ${n(p.round)})`,
    blocked: (p: { round: number; name: string; value: number; points: number }) =>
      `Round ${n(p.round)} blocked: ${p.name} has the lowest hand (${n(p.value)}) and collects ${counted(p.points, 'point')}`,
    blockedYou: (p: { round: number; value: number; points: number }) =>
      `Round ${n(p.round)} blocked: You have the lowest hand (${n(p.value)}) and collect ${counted(p.points, 'point')}`,
    blockedTie: (p: { round: number; names: readonly string[]; points: number }) =>
      `Round ${n(p.round)} blocked: ${list('en', p.names)} tie for the lowest hand and collect ${counted(p.points, 'point')} each`,
    /** `names`: each seat's tile ("Ana Green 2|3"). */
    startDraw: (p: { names: readonly string[] }) => `Start-player draw: ${items(p.names)}`,
    startTie: (p: { names: readonly string[] }) => `Tie for the highest tile, redraw: ${items(p.names)}`,
    reach: (p: { name: string }) => `${p.name} found nothing to place and reaches into the bag`,
    reachYou: 'You found nothing to place and reach into the bag',
    /** The replay's caption of one dealt tile (`tile` is ": Green 2|3" for the one who sees it, else empty). */
    dealtOne: (p: { round: number; name: string; tile: string }) => `Round ${n(p.round)} deal: ${p.name} was dealt a tile${p.tile}`,
    dealtOneYou: (p: { round: number; tile: string }) => `Round ${n(p.round)} deal: You were dealt a tile${p.tile}`,
    deal: (p: { round: number; name: string; tiles: number }) => `Round ${n(p.round)}: ${p.name} starts; ${counted(p.tiles, 'tile')} dealt to each player`,
    dealYou: (p: { round: number; tiles: number }) => `Round ${n(p.round)}: You start; ${counted(p.tiles, 'tile')} dealt to each player`,
    /** The replay's caption of one dug tile (`tile` as in `dealtOne`). */
    dugOne: (p: { name: string; tile: string }) => `${p.name} dug a tile from the bag${p.tile}`,
    dugOneYou: (p: { tile: string }) => `You dug a tile from the bag${p.tile}`,
    dug: (p: { name: string; tiles: number }) => `${p.name} dug ${counted(p.tiles, 'tile')} from the bag`,
    dugYou: (p: { tiles: number }) => `You dug ${counted(p.tiles, 'tile')} from the bag`,
    dugShown: (p: { name: string; tiles: number; names: readonly string[] }) =>
      `${p.name} dug ${counted(p.tiles, 'tile')} from the bag: ${items(p.names)}`,
    dugShownYou: (p: { tiles: number; names: readonly string[] }) => `You dug ${counted(p.tiles, 'tile')} from the bag: ${items(p.names)}`,
    placed: (p: { name: string; tile: string; space: string }) => `${p.name} placed ${p.tile} on ${p.space}`,
    placedYou: (p: { tile: string; space: string }) => `You placed ${p.tile} on ${p.space}`,
    placedZinga: (p: { name: string; tile: string; space: string; values: string }) =>
      `${p.name} placed the ${p.tile} on ${p.space}, as ${p.values}`,
    placedZingaYou: (p: { tile: string; space: string; values: string }) => `You placed the ${p.tile} on ${p.space}, as ${p.values}`,
    closed: (p: { name: string; circle: string }) => `${p.name} closed ${p.circle}: +16!`,
    closedYou: (p: { circle: string }) => `You closed ${p.circle}: +16!`,
    passed: (p: { name: string }) => `${p.name} passed: nothing fits and the bag is empty`,
    passedYou: 'You passed: nothing fits and the bag is empty',
  },

  /** The confirm bar's question (moves.ts). */
  confirm: {
    place: 'Place this tile here? It can’t be taken back.',
  },

  /** The rules for players (the Rules panel and the first-visit card); the rulings are in docs/games/zingamino.md. */
  rules: {
    summary:
      'Lay coloured dominoes around four linked circles so that every touching end matches. Empty your hand to collect the points left in everyone else’s; closing a circle scores +16. The first player to reach 64 wins.',
    sections: [
      {
        title: 'What you play with',
        paragraphs: [
          '64 dominoes in four colours (green, yellow, orange, purple). Each colour has the 15 dominoes from 0|0 to 4|4 and one wild Zinga.',
          'The board has four circles of 16 spaces, one per colour, joined by four bridges. Every fourth space is a square for doubles and Zingas only; the squares at the bridges face each other.',
          'Hand value: the pips on your tiles; a Zinga counts 16.',
        ],
      },
      {
        title: 'Setup',
        paragraphs: [
          'Everyone draws one tile; the highest value starts. If the top value is tied, everyone draws again. The tiles go back in the bag.',
          'Everyone gets 8 tiles, dealt in two fours starting with the starter. Your hand is secret. Turns go clockwise.',
        ],
      },
      {
        title: 'Your turn',
        paragraphs: [
          'Opening: your first turn of each round, place a double or a Zinga on an empty square of its colour. It need not touch anything, but anything it touches must match.',
          'After that, place one tile each turn. It must go in its own colour, touch a tile already there (along the circle or across a bridge), and every end it touches must match. Doubles go in squares or in ordinary spaces; squares take only doubles and Zingas.',
          'If you cannot place anything, you dig: press Dig, and tiles come from the bag until one fits, which you must then place. If the bag is empty, you pass. If you can place, you may not pass or dig.',
        ],
      },
      {
        title: 'Zingas',
        paragraphs: [
          'A Zinga takes the value of whatever it touches. On a square, everything it touches must show the same value, or it cannot go there (a blocking play). In an ordinary space its two ends can differ, like 1|3.',
          'An end facing an empty space stays open; the next tile placed against it sets its value. Once set, a Zinga keeps that value.',
          'When a Zinga is placed against another Zinga’s open end, the player names the value (0–4).',
        ],
      },
      {
        title: 'Scoring',
        paragraphs: [
          'Closing a circle (filling its 16th space) scores +16 at once for the player who filled it, whoever laid the other tiles.',
          '“Zinga!”: when you place your last tile, the round ends and you collect the total value of every other hand. You start the next round.',
          'Blocked: when the bag is empty and everyone passes in a row, the round ends. The lowest hand collects the other hands. If several tie for lowest, they split the other hands, rounded down.',
          'Each new round starts with an empty board and all 64 tiles back in the bag.',
        ],
      },
      {
        title: 'The end',
        paragraphs: [
          'As soon as anyone reaches 64 points, the game ends — even in the middle of a round, from a circle bonus. Highest total wins; equal totals share the place.',
        ],
      },
      {
        title: 'Our rulings',
        paragraphs: [
          'The opening applies to every round, not just the first. If you must pass during your opening (empty bag), you skip it and play normal turns from then on.',
          'When you dig, the tile you place is the one you just dug.',
          'After a tied blocked round, the next round is started by the tied player nearest clockwise from this round’s starter (the starter counts first).',
          'If one placement closes a circle and empties your hand, the +16 comes first; if that takes you to 64, the game ends there and the hands are not collected.',
          'Everyone sees when a player digs, but not which tile.',
        ],
      },
    ],
  },
};

export type ZingaminoMessages = typeof en;
