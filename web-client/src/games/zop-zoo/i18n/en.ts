// Zop Zoo in English: the base of this game's catalogs (every other
// language's file has its type). Table, rows, cards, options, scorecards,
// rules, log and confirm questions. The animals' names and the named black
// cards (BEAST, BEST BEAST, MOLE, HYENA, RACCOON, EARTHWORM) are the
// published game's and stay in every language (on the list in
// src/i18n/proper-names.ts); the categories, card kinds and everything
// said about them are translated.
//
// Messages that tell what a player did come in two forms: `you` for the
// viewer ("You drew …") and `other` for everyone else ("Ana drew …").
import { num, signedNum } from './numbers';

const n = (v: number) => num('en', v);
const sp = (v: number) => signedNum('en', v);
/** "1 card", "3 cards" (the way the table always wrote them). */
const counted = (v: number, one: string, many = `${one}s`) => `${n(v)} ${v === 1 ? one : many}`;
/** "Ana, Ben and You" (without a comma before "and", as the log always wrote it). */
const join = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

export const en = {
  blurb:
    "Doc Colour's zoo card game: cover every animal in your row with its POINTS card, connect halves, dodge Minus cards, and dig, give, take or switch with MOLE, HYENA, RACCOON and EARTHWORM. First to 800.",

  /** The animals as printed (proper names: the same in every language). */
  animals: {
    bear: 'Bear',
    lion: 'Lion',
    elephant: 'Elephant',
    giraffe: 'Giraffe',
    zebra: 'Zebra',
    panda: 'Panda',
    whale: 'Whale',
    dolphin: 'Dolphin',
    shark: 'Shark',
    octopus: 'Octopus',
    jellyfish: 'Jellyfish',
    owl: 'Owl',
    parrot: 'Parrot',
    penguin: 'Penguin',
    flamingo: 'Flamingo',
    peacock: 'Peacock',
    butterfly: 'Butterfly',
    ladybug: 'Ladybug',
    bumblebee: 'Bumblebee',
    dragonfly: 'Dragonfly',
    frog: 'Frog',
    hippo: 'Hippo',
    otter: 'Otter',
    beaver: 'Beaver',
    rhino: 'Rhino',
    ram: 'Ram',
    moose: 'Moose',
    crocodile: 'Crocodile',
    chameleon: 'Chameleon',
    tortoise: 'Tortoise',
    kangaroo: 'Kangaroo',
    koala: 'Koala',
    tarantula: 'Tarantula',
    scorpion: 'Scorpion',
    unicorn: 'Unicorn',
    dragon: 'Dragon',
    gorilla: 'Gorilla',
    seahorse: 'Seahorse',
    toucan: 'Toucan',
    grasshopper: 'Grasshopper',
    platypus: 'Platypus',
    yak: 'Yak',
    cobra: 'Cobra',
    wombat: 'Wombat',
    daddy_longlegs: 'Daddy Longlegs',
    griffin: 'Griffin',
    skunk: 'Skunk',
    vulture: 'Vulture',
    rat: 'Rat',
    piranha: 'Piranha',
    cockroach: 'Cockroach',
    leech: 'Leech',
    starfish: 'Starfish',
    hummingbird: 'Hummingbird',
    firefly: 'Firefly',
    salamander: 'Salamander',
    antelope: 'Antelope',
    gecko: 'Gecko',
    jumping_spider: 'Jumping Spider',
    phoenix: 'Phoenix',
  },

  /** The ten categories as the cards print them. */
  categories: {
    mammal: 'MAMMAL',
    ocean: 'OCEAN',
    bird: 'BIRD',
    insect: 'INSECT',
    semi_aquatic: 'SEMI-AQUATIC',
    horns: 'HORNS',
    reptile: 'REPTILE',
    marsupial: 'MARSUPIAL',
    arachnid: 'ARACHNID',
    mythical: 'MYTHICAL',
  },
  /** A few letters for the compact cards (the full name is in the card's label). */
  categoryCodes: {
    mammal: 'MAM',
    ocean: 'OCN',
    bird: 'BRD',
    insect: 'INS',
    semi_aquatic: 'SEMI',
    horns: 'HRN',
    reptile: 'REP',
    marsupial: 'MAR',
    arachnid: 'ARA',
    mythical: 'MYTH',
  },

  /** A card as printed, in a few words: "Owl POINTS (BIRD 20)", "BEAST (0 POINTS)", "MOLE". */
  cards: {
    category: (p: { animal: string; category: string; value: number }) => `${p.animal} (${p.category} ${n(p.value)})`,
    lowerHalf: (p: { animal: string }) => `${p.animal} lower half`,
    minus: (p: { animal: string; value: number }) => `${p.animal} Minus ${sp(p.value)}`,
    points: (p: { animal: string; category: string; value: number }) => `${p.animal} POINTS (${p.category} ${n(p.value)})`,
    upperHalf: (p: { animal: string; category: string }) => `${p.animal} upper half (${p.category})`,
    antiMinus: (p: { animal: string; value: number }) => `${p.animal} ANTI-Minus ${sp(p.value)}`,
    sideBonus: (p: { category: string; animal: string; value: number }) => `${p.category} Side Bonus (${p.animal} ${sp(p.value)})`,
    beast: 'BEAST (0 POINTS)',
    bestBeast: 'BEST BEAST (50 POINTS)',
    mole: 'MOLE',
    hyena: 'HYENA',
    raccoon: 'RACCOON',
    earthworm: 'EARTHWORM',
    /** A wild by its name alone ("Place your BEAST"). */
    wildName: { beast: 'BEAST', best_beast: 'BEST BEAST' },
    /** A Side Bonus card as an item to give, take or switch. */
    sideBonusItem: (p: { category: string }) => `${p.category} Side Bonus`,
  },

  /** What each task card does, for the prompts. */
  tasks: {
    hyena: 'give one of your POINTS cards to another player',
    raccoon: 'take a POINTS card from another player',
    earthworm: 'switch one of your POINTS cards with another player’s',
  },

  /** One stack of a row, drawn as a small card (StackCard.svelte). */
  stack: {
    minus: 'MINUS',
    /** On a compact card. */
    minusShort: 'MINUS',
    connect: 'CONNECT ½',
    connectShort: 'HALF',
    noAnti: 'no ANTI yet',
    noAntiShort: 'minus',
    lowerHalf: 'lower half',
    lowerHalfShort: 'half',
    open: 'not covered',
    openShort: 'open',
    points: (p: { value: number }) => `✓ POINTS ${n(p.value)}`,
    pointsShort: '✓ PTS',
    connected: '⇅ connected',
    connectedShort: '⇅ joined',
    anti: (p: { value: number }) => `✓ ANTI-Minus ${sp(p.value)}`,
    antiShort: '✓ ANTI',
    /** On a compact card, under ★ (BEAST needs no shortening). */
    bestBeastShort: 'BEST',
    /** `band` and `cover` are the card's own words. */
    label: (p: { name: string; band: string; cover: string; points: number }) =>
      `${p.name}: ${p.band}, ${p.cover}, shows POINTS, worth ${n(p.points)}`,
    labelNoPoints: (p: { name: string; band: string; cover: string }) => `${p.name}: ${p.band}, ${p.cover}, no POINTS yet`,
    worth: (p: { points: number }) => `Worth ${n(p.points)} to a round's winner`,
    noPoints: 'Shows no POINTS yet',
  },

  /** One player's row (Row.svelte). */
  row: {
    label: (p: { name: string }) => `${p.name}'s row`,
    you: '(you)',
    toPlay: 'to play',
    first: '1st',
    firstTitle: 'Dealt first this round',
    showingTitle: 'Cards showing POINTS',
    scoreTitle: 'Score',
    /** After a score: "1 pt", "3 pts". */
    pts: (p: { score: number }): string => (Math.abs(p.score) === 1 ? ' pt' : ' pts'),
    cards: 'Row',
    empty: 'No cards.',
    sideLabel: 'Side Bonus cards',
    side: 'Side',
    /** A Side Bonus card's name: its shown words first, so speech and sight agree. */
    bonus: (p: { shown: string; category: string; animal: string }) => `${p.shown}: ${p.category} Side Bonus (${p.animal})`,
  },

  /** The turn line. */
  turn: {
    waiting: 'Waiting for the table…',
    firstPlayer: 'Drawing who is dealt first…',
    dealing: { you: 'Dealing, You first…', other: (p: { name: string }) => `Dealing, ${p.name} first…` },
    finished: 'The final table',
    takeFromDiscard: 'Your turn: take from the discard pile',
    discardTask: (p: { card: string }) => `Your turn: use the ${p.card}`,
    digOrDraw: 'Your turn: dig or draw',
    draw: 'Your turn: draw a card',
    drawing: 'Your turn: drawing…',
    placeWild: (p: { card: string }) => `Place your ${p.card}`,
    useTask: (p: { card: string }) => `Use the ${p.card}`,
    theirDraw: (p: { name: string }) => `${p.name}'s turn: drawing`,
    theirWild: (p: { name: string; card: string }) => `${p.name} places a ${p.card}`,
    theirTask: (p: { name: string; card: string }) => `${p.name} uses the ${p.card}`,
    theirTurn: (p: { name: string }) => `${p.name}'s turn`,
    round: 'Round',
    target: 'First to',
  },

  /**
   * The table. In the messages with `card` or `item` in bold, the table
   * passes a marker and shows the name in bold where it lands.
   */
  table: {
    label: 'Zop Zoo table',
    choice: 'Your choice',
    takeTop: (p: { card: string }) =>
      `The top of the discard pile, ${p.card}, matches your row: you must take it (and any matching cards under it). That ends your turn.`,
    takePreview: (p: { names: string[] }) => `You will take ${p.names.join(', ')}.`,
    take: (p: { card: string }) => `Take ${p.card}`,
    draw: 'Draw',
    whyMatched: (p: { card: string }) => `Your ${p.card} matched: your turn goes on. Draw the next card.`,
    whyDug: 'Your MOLE dug: your turn goes on. Draw the next card.',
    whyWild: 'Your wild is placed: your turn goes on. Draw the next card.',
    whyTask: (p: { card: string }) => `Your ${p.card} is used: your turn goes on. Draw the next card.`,
    whyNoMatch: 'No match on the discard pile: draw a card.',
    whyEmpty: 'The discard pile is empty: draw a card.',
    /** `mole` is the MOLE's name, in bold. */
    moleOnTop: (p: { mole: string }) =>
      `A ${p.mole} is on top of the discard pile. Dig (take every card it can retrieve; your turn ends), or leave it and draw.`,
    digPreview: (p: { names: string[] }) => `Digging brings ${p.names.join(', ')}.`,
    digNothing: 'Digging brings nothing.',
    dig: 'Dig with the MOLE',
    drawInstead: 'Draw instead',
    drewWild: (p: { card: string; choices: number }) =>
      `You drew a ${p.card}. Tap one of your highlighted cards to cover it (${counted(p.choices, 'choice')}).`,
    drewBestBeast: (p: { card: string; choices: number }) =>
      `You drew the ${p.card}. Tap one of your highlighted cards to cover it (${counted(p.choices, 'choice')}).`,
    drewTask: (p: { card: string; task: string }) => `You drew the ${p.card}: ${p.task}.`,
    liveTask: (p: { card: string; task: string }) => `The live ${p.card} on the discard pile: you must use it: ${p.task}.`,
    tapToGive: 'Tap one of your highlighted cards to give away.',
    giveTo: (p: { item: string }) => `Give your ${p.item} to:`,
    back: 'Back',
    tapTheirs: "Tap a highlighted card in another player's row.",
    takeTheirs: (p: { name: string; item: string }) => `Take ${p.name}'s ${p.item}`,
    yours: (p: { item: string }) => `Yours: ${p.item}.`,
    tapYours: 'Tap one of your highlighted cards.',
    theirs: (p: { name: string; item: string }) => `Theirs: ${p.name}'s ${p.item}.`,
    tapAnotherRow: 'Tap a highlighted card in another row.',
    switch: (p: { mine: string; name: string; theirs: string }) => `Switch your ${p.mine} for ${p.name}'s ${p.theirs}`,
    sending: 'Sending…',
    piles: 'Piles',
    drawPileTitle: 'Cards left in the draw pile',
    drawPile: 'Draw pile',
    /** Under the draw pile's count. */
    drawPileCards: (_: { count: number }) => 'cards',
    discardPile: (p: { count: number }) => `Discard pile · ${counted(p.count, 'card')}`,
    empty: 'Empty',
    marks: { live: 'live', spent: 'spent', void: 'void' },
    wholePile: 'The whole pile, top first',
    legendOpen: 'dashed: nothing on it yet',
    legendMatched: 'filled: covered by its POINTS card / connected',
    legendWild: 'under a BEAST or BEST BEAST',
    legendMinus: 'Minus card',
    legendFoot: "Number at the foot: what it is worth to a round's winner; — no POINTS yet.",
    logTitle: 'What happened',
    nothingYet: 'Nothing yet.',
    scores: 'Scores',
    scoresAfter: (p: { rounds: number }) => `Scores after ${counted(p.rounds, 'round')}`,
    pastRound: (p: { round: number }) => `Round ${n(p.round)}: rows and points`,
  },

  /** A finished round (RoundPanel.svelte) and the score table. */
  round: {
    noteWon: 'The winner scores every card; everyone else scores only uncovered Minus cards and Side Bonus cards.',
    noteOut: 'Everyone scores their whole row; cards with nothing on them count 0.',
    you: '(you)',
    won: '★ won',
    total: 'total',
    /** A stack's cover at the end of a round (a wild's is its name, after ★). */
    matched: '✓ matched',
    nothing: 'nothing on it',
    side: 'Side',
    /** The Side Bonus cards' categories. */
    sideList: (p: { names: string[] }) => p.names.join(', '),
    noRounds: 'No round finished yet.',
    deckOutTitle: 'The draw pile ran out',
    deckOut: ' (deck out)',
    wonCell: 'won the round: ',
  },

  /** The final scorecard. */
  final: {
    unit: (p: { score: number }): string => (Math.abs(p.score) === 1 ? 'pt' : 'pts'),
    roundPoints: (p: { round: number; points: number }) => `R${n(p.round)}: ${sp(p.points)}`,
    noRounds: 'no rounds',
    wins: (p: { wins: number }) => `${counted(p.wins, 'round')} won`,
    note: (p: { target: number; rounds: number }) =>
      `First to ${n(p.target)} ends the game (checked after each round); the highest total wins, equal totals share. ${counted(p.rounds, 'round')} played.`,
  },

  /** The host's options (Options.svelte). */
  options: {
    legend: 'Options',
    targetLabel: 'Target score',
    playTo: 'Play to',
    targets: {
      standard: 'Standard: 800 points',
      long: 'Long: 1000 points',
      short: 'Short: 600 points',
    },
    when: {
      standard: 'any number of players',
      long: 'two players only',
      short: 'five or six players only',
    },
    misfit: (p: { target: string; when: string; seated: number }) =>
      `${p.target} is for ${p.when}; ${n(p.seated)} are seated. The match will not start until the table fits.`,
    first: 'Dealt first',
    firstHow: "Deals and plays first in round 1; later rounds start with the last round's winner.",
    random: 'Random',
    seatOf: (p: { name: string; seat: number }) => `${p.name} (seat ${n(p.seat)})`,
    seat: (p: { seat: number }) => `Seat ${n(p.seat)}`,
    seatHost: (p: { seat: number }) => `Seat ${n(p.seat)} (you, the host)`,
    nobody: (p: { seat: number }) => `Nobody sits in seat ${n(p.seat)} yet.`,
  },

  /** The log and the replay's narration (log.ts). */
  log: {
    /** "Ana, Ben and You" (without a comma before "and", as the log always wrote it). */
    join: (p: { names: string[] }) => join(p.names),
    /** The viewer in a list ("best: Ana and You"). */
    you: 'You',
    taken: (p: { card: string; animal: string }) => `${p.card} → the ${p.animal}`,
    takenSide: (p: { card: string }) => `${p.card} → the side area`,
    /** An item moved by a task card: "your Owl → Ben", "Ben’s Owl → you". */
    movedFromYou: (p: { item: string; to: string }) => `your ${p.item} → ${p.to}`,
    movedToYou: (p: { from: string; item: string }) => `${p.from}’s ${p.item} → you`,
    moved: (p: { from: string; item: string; to: string }) => `${p.from}’s ${p.item} → ${p.to}`,
    roundWon: {
      you: (p: { round: number; points: number }) => `Round ${n(p.round)}: You have every card showing POINTS and win the round (${sp(p.points)})`,
      other: (p: { round: number; name: string; points: number }) =>
        `Round ${n(p.round)}: ${p.name} has every card showing POINTS and wins the round (${sp(p.points)})`,
    },
    roundOut: (p: { round: number }) => `Round ${n(p.round)}: the draw pile ran out; everyone scores their row`,
    roundOutBest: (p: { round: number; names: string[]; points: number }) =>
      `Round ${n(p.round)}: the draw pile ran out; everyone scores their row (best: ${join(p.names)} ${sp(p.points)})`,
    firstPlayer: {
      you: 'You are dealt first (drawn at random)',
      other: (p: { name: string }) => `${p.name} is dealt first (drawn at random)`,
    },
    dealtCard: {
      you: (p: { round: number; card: string }) => `Round ${n(p.round)} deal: You were dealt a card: ${p.card}`,
      other: (p: { round: number; name: string; card: string }) => `Round ${n(p.round)} deal: ${p.name} was dealt a card: ${p.card}`,
    },
    dealt: {
      you: (p: { round: number; cards: number }) => `Round ${n(p.round)}: ${counted(p.cards, 'card')} dealt to each player, You first`,
      other: (p: { round: number; cards: number; name: string }) =>
        `Round ${n(p.round)}: ${counted(p.cards, 'card')} dealt to each player, ${p.name} first`,
    },
    drewCovers: {
      you: (p: { card: string; animal: string }) => `You drew ${p.card}: it covers the ${p.animal}`,
      other: (p: { name: string; card: string; animal: string }) => `${p.name} drew ${p.card}: it covers the ${p.animal}`,
    },
    drewConnects: {
      you: (p: { card: string; animal: string }) => `You drew ${p.card}: it connects the ${p.animal}`,
      other: (p: { name: string; card: string; animal: string }) => `${p.name} drew ${p.card}: it connects the ${p.animal}`,
    },
    drewSide: {
      you: (p: { card: string }) => `You drew ${p.card}: it goes to the side area`,
      other: (p: { name: string; card: string }) => `${p.name} drew ${p.card}: it goes to the side area`,
    },
    drewWild: {
      you: (p: { card: string }) => `You drew a wild ${p.card}: choosing a card to cover`,
      other: (p: { name: string; card: string }) => `${p.name} drew a wild ${p.card}: choosing a card to cover`,
    },
    drewMoleDug: {
      you: (p: { taken: string }) => `You drew a MOLE and dug up ${p.taken}`,
      other: (p: { name: string; taken: string }) => `${p.name} drew a MOLE and dug up ${p.taken}`,
    },
    drewMole: {
      you: 'You drew a MOLE',
      other: (p: { name: string }) => `${p.name} drew a MOLE`,
    },
    drewTask: {
      you: (p: { card: string }) => `You drew the ${p.card}: choosing whom it hits`,
      other: (p: { name: string; card: string }) => `${p.name} drew the ${p.card}: choosing whom it hits`,
    },
    drewDiscarded: {
      you: (p: { card: string }) => `You drew ${p.card}: no match, discarded; turn over`,
      other: (p: { name: string; card: string }) => `${p.name} drew ${p.card}: no match, discarded; turn over`,
    },
    tookFromDiscard: {
      you: (p: { taken: string }) => `You took from the discard pile: ${p.taken}`,
      other: (p: { name: string; taken: string }) => `${p.name} took from the discard pile: ${p.taken}`,
    },
    dug: {
      you: (p: { taken: string }) => `You dug with the MOLE on the discard pile: ${p.taken}`,
      other: (p: { name: string; taken: string }) => `${p.name} dug with the MOLE on the discard pile: ${p.taken}`,
    },
    dugNothing: {
      you: 'You dug with the MOLE on the discard pile: nothing',
      other: (p: { name: string }) => `${p.name} dug with the MOLE on the discard pile: nothing`,
    },
    leftMole: {
      you: 'You left the MOLE and draw instead',
      other: (p: { name: string }) => `${p.name} left the MOLE and draws instead`,
    },
    reaches: {
      you: 'You reach for the draw pile',
      other: (p: { name: string }) => `${p.name} reaches for the draw pile`,
    },
    covered: {
      you: (p: { wild: string; base: string }) => `You put the ${p.wild} on the ${p.base}`,
      other: (p: { name: string; wild: string; base: string }) => `${p.name} put the ${p.wild} on the ${p.base}`,
    },
    taskUsed: {
      you: (p: { task: string; moved: string }) => `You used the ${p.task}: ${p.moved}`,
      other: (p: { name: string; task: string; moved: string }) => `${p.name} used the ${p.task}: ${p.moved}`,
    },
    taskUsedFromDiscard: {
      you: (p: { task: string; moved: string }) => `You used the ${p.task} from the discard pile: ${p.moved}`,
      other: (p: { name: string; task: string; moved: string }) => `${p.name} used the ${p.task} from the discard pile: ${p.moved}`,
    },
  },

  /** The confirm bar's questions (moves.ts). */
  confirm: {
    move: 'Make this move? It can’t be taken back.',
    dig: 'Use the MOLE on the discard pile? This ends your turn.',
    cover: (p: { animal: string }) => `Put the wild card on your ${p.animal} stack? It can’t be taken back.`,
    give: (p: { name: string }) => `Give this item to ${p.name}? It can’t be taken back.`,
    take: (p: { name: string }) => `Take this item from ${p.name}? It can’t be taken back.`,
    switch: (p: { name: string }) => `Switch items with ${p.name}? It can’t be taken back.`,
  },

  /** The rules for players (the Rules panel and the first-visit card); the rulings are in docs/games/zop-zoo.md. */
  rules: {
    summary:
      'You are dealt a row of six white animal cards. On your turn take a matching card from the discard pile or draw black cards, covering each animal with its POINTS card, until a card does not fit. The first to cover every animal wins the round; the first to 800 points wins the game.',
    sections: [
      {
        title: 'What you play with',
        paragraphs: [
          'White cards (your row): category animals worth their category’s value (Mammal 10 up to Mythical 60), Lower Half cards worth 80 once connected, and Minus cards (−75 to −100).',
          'Black cards (the draw pile): a POINTS card for each category animal, Upper Halves that connect to Lower Halves, ANTI-Minus cards, Side Bonus cards, wild BEASTs and a BEST BEAST, and the MOLE, HYENA, RACCOON and EARTHWORM.',
          'A white card “shows POINTS” once something covers it. A Minus card always shows POINTS.',
        ],
      },
      {
        title: 'Setup',
        paragraphs: [
          'Everyone is dealt six white cards face up as their row. Everything is public except the order of the draw pile.',
          'The host may pick who is dealt first; otherwise it is drawn at random. Turns go clockwise.',
        ],
      },
      {
        title: 'Your turn',
        paragraphs: [
          'First look at the top of the discard pile. If it matches one of your animals, take it — and any matching cards under it, until one does not match. That is your turn.',
          'If a live HYENA, RACCOON or EARTHWORM is on top and you can use it, you must. If a MOLE is on top and it can fetch something for you, you may dig or draw instead.',
          'Taking, digging or using a task card from the discard pile ends your turn.',
          'Otherwise draw from the black pile: press Draw for each card. A card that fits your row is placed and you draw again. You also draw again after placing a wild, after a MOLE digs, and after using a task card. A card that does not fit — including a MOLE with nothing to fetch, or a task card you cannot use — goes face up on the discard pile and your turn ends.',
        ],
      },
      {
        title: 'What fits',
        paragraphs: [
          'A POINTS card covers its own animal. An ANTI-Minus card covers its Minus card (turning it into plus points). An Upper Half connects to a Lower Half, making an animal worth 80 of the upper half’s category.',
          'A Side Bonus card goes beside your row if your row shows its category: a category animal of it (uncovered or covered by its POINTS card) or a connected animal of it. A lone Lower Half, a Minus card and anything under a wild show no category.',
          'BEAST and BEST BEAST are wild: you choose one of your uncovered cards to cover. A BEAST is worth 0, a BEST BEAST 50. A wild-covered card can no longer be matched.',
        ],
      },
      {
        title: 'MOLE, HYENA, RACCOON, EARTHWORM',
        paragraphs: [
          'MOLE digs through the discard pile and takes every card there that fits you. A drawn MOLE digs automatically when it can; it then lies on top of the discard pile, where later players may use it again.',
          'HYENA: give one of your POINTS items to another player. RACCOON: take one from another player. EARTHWORM: swap one of yours for one of theirs. A POINTS item is a covered stack (it moves whole) or a Side Bonus card.',
          'If you can use one of these, you must. If you cannot, it goes on the discard pile still live, and the next player must use it if they can. A card laid on top of a live one makes it void for the rest of the round.',
        ],
      },
      {
        title: 'Winning a round and scoring',
        paragraphs: [
          'The moment every card in your row shows POINTS, you win the round. You score your whole row plus your Side Bonus cards (this can be negative). Everyone else scores only their uncovered Minus cards and their Side Bonus cards.',
          'If a draw is needed and the pile is empty, the round ends and everyone scores their whole row; uncovered animals score 0. The highest score is dealt first next round.',
          'The round winner is dealt first next round.',
        ],
      },
      {
        title: 'The end',
        paragraphs: [
          'After a round, if anyone has reached the target (800), the game ends. Highest total wins; equal totals share the win. A player who did not win the last round can still win the game.',
          'Play to (an option): 1000 points (two players only) or 600 points (five or six players only) instead of 800.',
        ],
      },
      {
        title: 'Our rulings',
        paragraphs: [
          'Giving, taking or switching never wins a round, because it only moves cards that already show POINTS.',
          'A row dealt as six Minus cards wins the round straight away.',
          'When a wild has only one place to go, or a task card only one use, you still make the choice yourself.',
          'A Minus card you receive can be covered by its ANTI-Minus card or a wild.',
          'An ANTI-covered Minus card is worth 0 to a player who did not win the round.',
          'After a deck runs out, a tie for the highest score goes to the tied player nearest clockwise from this round’s first player (that player counts first).',
          'There is no reshuffle: when the draw pile is empty, the round is over.',
        ],
      },
    ],
  },
};

export type ZopZooMessages = typeof en;
