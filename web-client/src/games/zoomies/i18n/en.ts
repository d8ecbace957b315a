// Zoomies in English: the base of this game's catalogs (every other
// language's file has its type). Rules, table, log and confirm questions.
// The tokens' names (Leader, Zoomies, Bones, Frens) are the published
// game's and stay in every language (on the list in
// src/i18n/proper-names.ts); what they score is translated. Tiles are named
// by their breeds; the code printed on each (Z01–Z50) stays.
import { count, list, pluralOf } from '../../../i18n/format';

const n = (v: number) => count('en', v);
/** "1 tile", "3 tiles" (with `many`). */
const counted = (v: number, one: string, many = `${one}s`) => `${n(v)} ${pluralOf('en', v) === 'one' ? one : many}`;
/** A count of dogs of one breed: "a Pack of 3 Poodles". */
const dogs = (v: number, breed: string, breeds: string) => `${n(v)} ${pluralOf('en', v) === 'one' ? breed : breeds}`;

export const en = {
  blurb: 'Lay dog dominoes to grow a park of Packs, then bet tokens on Leaders, Bones, Frens and the Zoomies.',

  /** The five breeds (one dog). */
  breeds: {
    chihuahua: 'Chihuahua',
    poodle: 'Poodle',
    beagle: 'Beagle',
    husky: 'Husky',
    greyhound: 'Greyhound',
  },
  /** The five breeds, many dogs ("touches Huskies"). */
  breedsMany: {
    chihuahua: 'Chihuahuas',
    poodle: 'Poodles',
    beagle: 'Beagles',
    husky: 'Huskies',
    greyhound: 'Greyhounds',
  },
  /** A dog whose breed is not known here. */
  dog: 'dog',
  /** A double tile: "double Poodle". */
  tileDouble: (p: { breed: string }) => `double ${p.breed}`,
  /** A dog and its icons. */
  dogBone: (p: { breed: string }) => `${p.breed} (bone)`,
  dogZoomies: (p: { breed: string }) => `${p.breed} (Zoomies)`,
  dogBoth: (p: { breed: string }) => `${p.breed} (bone, Zoomies)`,
  /** A tile's picture: its two dogs. */
  tilePic: (p: { a: string; b: string }) => `${p.a} and ${p.b}`,
  boneIcon: 'Bone icon',
  zoomiesPaw: 'Zoomies paw',

  /** The tokens' sides: their printed names (proper names: the same in every language). */
  sides: {
    leader: 'Leader',
    zoomies: 'Zoomies',
    bones: 'Bones',
    frens: 'Frens',
  },
  /** What each side scores, in one line. */
  scores: {
    leader: '1 pt per dog in its Pack',
    zoomies: '1·3·6·10·15 pts by Zoomies group size; play your other tile too',
    bones: '2 pts per bone in its Pack',
    frens: '2 pts per side its Pack shares with the arrow’s breed',
  },
  /** A token's shape. */
  kinds: {
    round: 'round',
    square: 'square',
  },
  /** A token's shape with its two sides. */
  kindsFull: {
    round: 'round (Leader | Zoomies)',
    square: 'square (Bones | Frens)',
  },
  /** Why the server refuses a token choice (its `TokenRefusal` code). */
  refusals: {
    no_round_left: 'No round token left',
    no_square_left: 'No square token left',
    pack_has_leader: 'This Pack already has a Leader',
    pack_has_bones: 'This Pack already has a Bones token',
    not_zoomies_dog: 'This dog has no Zoomies paw',
    group_has_zoomies: 'This Zoomies group already has a Zoomies token',
    arrow_to_same_breed: 'The arrow must point at another breed',
    frens_taken: 'This Pack is already Frens with that breed',
  },
  /** Compass directions on the table (north is up). */
  dirs: {
    north: 'north',
    east: 'east',
    south: 'south',
    west: 'west',
  },

  /** A place for the tile on the table, in words (screen readers). */
  target: {
    nextToNone: (p: { breed: string }) => `next to no ${p.breed}`,
    nextToOne: (p: { breed: string }) => `next to a ${p.breed}`,
    nextToMany: (p: { count: number; breed: string; breeds: string }) => `next to ${dogs(p.count, p.breed, p.breeds)}`,
    dogB: (p: { dog: string; dir: string; meets: string }) => `${p.dog} to the ${p.dir} ${p.meets}`,
    label: (p: { a: string; b: string; count: number }) => `Put the tile here: ${p.a}, ${p.b}; touches ${counted(p.count, 'tile')}`,
    plain: (p: { x: number; y: number }) => `Put the tile here (${p.x}, ${p.y})`,
  },

  confirm: {
    move: 'Make this move? It can’t be taken back.',
    discardEnd: 'Discard the tile left in hand and end your turn? It can’t be taken back.',
    keepEnd: 'Keep the tile left in hand and end your turn? It can’t be taken back.',
  },

  /** The "what happened" log and the replay's captions. */
  log: {
    startRow: (p: { names: readonly string[] }) => `Start row: ${p.names.join(', ')}`,
    /** Tiles going to a hand, not shown to this viewer. */
    hidden: (p: { count: number }) => counted(p.count, 'tile'),
    hiddenNew: (p: { count: number }) => counted(p.count, 'new tile'),
    dealt: (p: { name: string; names: readonly string[] }) => `${p.name} was dealt ${list('en', p.names)}`,
    youDealt: (p: { names: readonly string[] }) => `You were dealt ${list('en', p.names)}`,
    drew: (p: { name: string; names: readonly string[] }) => `${p.name} drew ${list('en', p.names)}`,
    youDrew: (p: { names: readonly string[] }) => `You drew ${list('en', p.names)}`,
    // One tile each (the replay's captions).
    dealtTile: (p: { name: string; tile: string }) => `${p.name} was dealt a tile: ${p.tile}`,
    dealtHidden: (p: { name: string }) => `${p.name} was dealt a tile`,
    youDealtTile: (p: { tile: string }) => `You were dealt a tile: ${p.tile}`,
    youDealtHidden: 'You were dealt a tile',
    drewTile: (p: { name: string; tile: string }) => `${p.name} drew a tile: ${p.tile}`,
    drewHidden: (p: { name: string }) => `${p.name} drew a tile`,
    youDrewTile: (p: { tile: string }) => `You drew a tile: ${p.tile}`,
    youDrewHidden: 'You drew a tile',
    first: (p: { name: string }) => `${p.name} goes first`,
    youFirst: 'You go first',
    placed: (p: { name: string; tile: string }) => `${p.name} placed ${p.tile}`,
    youPlaced: (p: { tile: string }) => `You placed ${p.tile}`,
    placedExtra: (p: { name: string; tile: string }) => `${p.name} placed the Zoomies extra tile: ${p.tile}`,
    youPlacedExtra: (p: { tile: string }) => `You placed the Zoomies extra tile: ${p.tile}`,
    extraStuck: (p: { name: string }) => `${p.name} cannot place the extra tile anywhere: it stays in hand`,
    youExtraStuck: 'You cannot place the extra tile anywhere: it stays in hand',
    noFit: (p: { name: string; count: number }) => `None of ${p.name}'s tiles fit anywhere: ${counted(p.count, 'tile')} discarded`,
    youNoFit: (p: { count: number }) => `None of your tiles fit anywhere: ${counted(p.count, 'tile')} discarded`,
    noFitDrew: (p: { name: string; count: number; names: readonly string[] }) =>
      `None of ${p.name}'s tiles fit anywhere: ${counted(p.count, 'tile')} discarded, drew ${list('en', p.names)}`,
    youNoFitDrew: (p: { count: number; names: readonly string[] }) =>
      `None of your tiles fit anywhere: ${counted(p.count, 'tile')} discarded, drew ${list('en', p.names)}`,
    noFitEmpty: (p: { name: string }) => `None of ${p.name}'s tiles fit and the pile is empty: no tile this turn`,
    youNoFitEmpty: 'None of your tiles fit and the pile is empty: no tile this turn',
    token: (p: { name: string; side: string; breed: string }) => `${p.name} put a ${p.side} token on a ${p.breed}`,
    youToken: (p: { side: string; breed: string }) => `You put a ${p.side} token on a ${p.breed}`,
    tokenFrens: (p: { name: string; breed: string; arrow: string; fren: string }) =>
      `${p.name} put a Frens token on a ${p.breed}, arrow ${p.arrow} to a ${p.fren}`,
    youTokenFrens: (p: { breed: string; arrow: string; fren: string }) => `You put a Frens token on a ${p.breed}, arrow ${p.arrow} to a ${p.fren}`,
    tokenZoomies: (p: { name: string; breed: string }) => `${p.name} put a Zoomies token on a ${p.breed} — zoom! Another tile goes down`,
    youTokenZoomies: (p: { breed: string }) => `You put a Zoomies token on a ${p.breed} — zoom! Another tile goes down`,
    tokenDiscarded: (p: { name: string; kind: string }) => `${p.name} could not place a token and discarded a ${p.kind} token (0 points)`,
    youTokenDiscarded: (p: { kind: string }) => `You could not place a token and discarded a ${p.kind} token (0 points)`,
    discardedLeft: (p: { name: string }) => `${p.name} discarded the tile left in hand`,
    youDiscardedLeft: 'You discarded the tile left in hand',
    discardedLeftDrew: (p: { name: string; names: readonly string[] }) => `${p.name} discarded the tile left in hand and drew ${list('en', p.names)}`,
    youDiscardedLeftDrew: (p: { names: readonly string[] }) => `You discarded the tile left in hand and drew ${list('en', p.names)}`,
    kept: (p: { name: string }) => `${p.name} kept the tile in hand`,
    youKept: 'You kept the tile in hand',
    keptDrew: (p: { name: string; names: readonly string[] }) => `${p.name} kept the tile in hand and drew ${list('en', p.names)}`,
    youKeptDrew: (p: { names: readonly string[] }) => `You kept the tile in hand and drew ${list('en', p.names)}`,
  },

  table: {
    label: 'Zoomies table',
    waiting: 'Waiting for the table…',
    setup: 'Setting up the table…',
    placeYou: 'Your turn: place a tile',
    place: (p: { name: string }) => `${p.name} is placing a tile`,
    drawingYou: 'Drawing your tiles…',
    drawing: (p: { name: string }) => `${p.name} is drawing tiles`,
    discardTokenYou: 'Your turn: discard a token',
    tokenYou: 'Your turn: place a token',
    token: (p: { name: string }) => `${p.name} is choosing a token`,
    extraYou: 'Zoomies! Place your other tile',
    extra: (p: { name: string }) => `${p.name} zoomed: placing the extra tile`,
    endYou: 'Keep or discard your last tile',
    end: (p: { name: string }) => `${p.name} is finishing the turn`,
    finished: 'The final table',
    pileTitle: 'Tiles left in the draw pile',
    pile: 'Pile:',
    discardedTitle: 'Tiles discarded face down, out of the game',
    discarded: 'Discarded:',
    onTable: 'On the table:',
    legend: 'Legend',
    bone: 'bone',
    paw: 'Zoomies paw',
    badge: 'points if it ended now',
    endTitle: 'End your turn',
    endHelp: 'Keep the tile left in your hand, or discard it face down. Then you draw up to 2.',
    keep: 'Keep it',
    discard: 'Discard it',
    away: (p: { name: string }) => `(${p.name} is away right now.)`,
    sending: 'Sending…',
    yourTiles: 'Your tiles',
    hiddenFromOthers: 'hidden from the others',
    noTiles: 'No tiles in hand.',
    howTokensScore: 'How tokens score',
    howTokensScoreNote:
      'A Pack is a group of touching dogs of one breed. One Leader and one Bones per Pack; Zoomies only on a dog with the paw, one per Zoomies group; Frens points at another breed. Tokens that end up sharing a Pack or group split its points, rounded down.',
    you: '(you)',
    pointsTitle: 'Points if the game ended now',
    /** After a score, small. */
    pts: (p: { count: number }): string => (p.count === 1 ? 'pt' : 'pts'),
    final: 'final',
    ifEndedNow: 'if it ended now',
    inHand: (p: { count: number }) => `${counted(p.count, 'tile')} in hand`,
    leftTitle: 'Tokens left: round (Leader | Zoomies) and square (Bones | Frens)',
    left: 'left',
    tokensDiscarded: (p: { count: number }) => `· ${n(p.count)} discarded`,
    tokensPlaced: 'Tokens placed',
    tokenTitle: (p: { side: string; breed: string; count: number }) =>
      `${p.side} on a ${p.breed}: ${counted(p.count, 'point')} if the game ended now (tap to show on the table)`,
    log: 'What happened',
  },

  board: {
    hintFine: 'drag to move · ctrl + scroll or +/− to zoom',
    hintCoarse: 'drag to move · pinch to zoom',
    zoom: 'Zoom',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fitTitle: 'Show the whole table',
    fit: 'Fit',
    label: (p: { tiles: number; tokens: number }) => `The table: ${counted(p.tiles, 'tile')}, ${counted(p.tokens, 'token')}`,
    labelPlaces: (p: { tiles: number; tokens: number; places: number }) =>
      `The table: ${counted(p.tiles, 'tile')}, ${counted(p.tokens, 'token')}, ${counted(p.places, 'place')} for the tile`,
    tokenNow: (p: { name: string; side: string; points: number }) => `${p.name}: ${p.side} · ${n(p.points)} now`,
    tokenOf: (p: { name: string; side: string }) => `${p.name}'s ${p.side} token`,
    token: (p: { side: string }) => `${p.side} token`,
  },

  place: {
    labelExtra: 'Place the extra tile',
    label: 'Place a tile',
    titleExtra: 'Zoomies! Place your other tile',
    title: 'Place a tile',
    helpExtra: 'No token goes on it. A dog of the new tile must touch a dog of its own breed, side to side.',
    help: 'A dog of the new tile must touch a dog of its own breed, side to side.',
    extraNowhere: 'Your other tile fits nowhere.',
    extraStays: 'It stays in your hand.',
    noneFit: 'None of your tiles fit anywhere.',
    discardOne: (p: { count: number }) => `Discard it and draw ${counted(p.count, 'new tile')}.`,
    discardBoth: (p: { count: number }) => `Discard both and draw ${counted(p.count, 'new tile')}.`,
    noneFitEmpty: 'None of your tiles fit, and the pile is empty.',
    keepThem: 'You keep them and play no tile this turn; then you discard a token.',
    keep: 'Keep it',
    discardDraw: 'Discard and draw',
    playNone: 'Play no tile',
    yourTiles: 'Your tiles',
    fitsNowhere: 'fits nowhere',
    places: (p: { code: string; count: number }) => `${p.code} · ${counted(p.count, 'place')}`,
    howItLies: 'How it lies',
    orientation: 'Orientation',
    /** An orientation button, for screen readers: where dog B lies from dog A, and how many places. */
    orient: {
      east: (p: { a: string; b: string; count: number }) => `${p.b} right of ${p.a}: ${counted(p.count, 'place')}`,
      south: (p: { a: string; b: string; count: number }) => `${p.b} below ${p.a}: ${counted(p.count, 'place')}`,
      west: (p: { a: string; b: string; count: number }) => `${p.b} left of ${p.a}: ${counted(p.count, 'place')}`,
      north: (p: { a: string; b: string; count: number }) => `${p.b} above ${p.a}: ${counted(p.count, 'place')}`,
    },
    rotate: 'Rotate',
    noPlace: 'No place for it lying this way — try another way round.',
    ready: 'Ready: the tile is shown on the table.',
    /** How to place it: dog A on the yellow square, dog B towards its side. */
    tap: {
      east: (p: { a: string; b: string }) => `Tap a yellow square on the table: the ${p.a} goes there, the ${p.b} right of it.`,
      south: (p: { a: string; b: string }) => `Tap a yellow square on the table: the ${p.a} goes there, the ${p.b} below it.`,
      west: (p: { a: string; b: string }) => `Tap a yellow square on the table: the ${p.a} goes there, the ${p.b} left of it.`,
      north: (p: { a: string; b: string }) => `Tap a yellow square on the table: the ${p.a} goes there, the ${p.b} above it.`,
    },
    confirm: 'Place the tile here',
    chooseSquare: 'Choose a square first',
    cancel: 'Cancel',
  },

  token: {
    label: 'Place a token',
    noTileTitle: 'No tile this turn: discard a token',
    noFitTitle: 'No token fits: discard one',
    noTileHelp: 'You could not play a tile, so you must discard a token instead (it scores 0).',
    noFitHelp: 'Every token you have left is refused on this tile, so you must discard one (it scores 0):',
    discard: {
      round: 'Discard a round (Leader | Zoomies) token',
      square: 'Discard a square (Bones | Frens) token',
    },
    title: 'Put a token on the tile you just played',
    help: 'Tokens score at the end of the game. Choose its side, then its dog.',
    stepToken: '1 · Token',
    sideGroup: 'Token side',
    /** Its shape and how many are left. */
    left: {
      round: (p: { count: number }) => `round · ${n(p.count)} left`,
      square: (p: { count: number }) => `square · ${n(p.count)} left`,
    },
    stepDog: '2 · Dog',
    orTap: '(or tap it on the table)',
    dogGroup: 'Dog',
    stepArrow: '3 · Arrow to a neighbour',
    frensBreed: '(Frens breed)',
    arrowGroup: 'Arrow',
    previewLeader: (p: { count: number; breed: string; breeds: string }) => `Its Pack has ${dogs(p.count, p.breed, p.breeds)} now.`,
    previewBones: (p: { count: number; breed: string; breeds: string; bones: number }) =>
      `Its Pack of ${dogs(p.count, p.breed, p.breeds)} has ${counted(p.bones, 'bone icon')} now.`,
    previewFrens: (p: { breed: string; frens: string; count: number }) => `Its ${p.breed} Pack touches ${p.frens} on ${counted(p.count, 'side')} now.`,
    previewZoomies: (p: { count: number }) => `Its Zoomies group has ${counted(p.count, 'dog')} now. Then you place your other tile.`,
    place: (p: { side: string }) => `Place ${p.side}`,
    placeArrow: (p: { side: string; arrow: string }) => `Place ${p.side} ${p.arrow}`,
    chooseToken: 'Choose a token',
    chooseDog: 'Choose a dog',
    chooseArrow: 'Choose the arrow',
    clear: 'Clear',
    /** On a dog: "Put it on the Poodle". */
    pick: (p: { breed: string }) => `Put it on the ${p.breed}`,
    pickDog: 'This dog',
    /** A Frens arrow on the board: "Arrow → to the Beagle". */
    arrow: (p: { arrow: string; breed: string }) => `Arrow ${p.arrow} to the ${p.breed}`,
  },

  final: {
    whatLeader: (p: { count: number; breed: string; breeds: string }) => `Pack of ${dogs(p.count, p.breed, p.breeds)}`,
    whatLeaderDogs: (p: { count: number }) => `Pack of ${counted(p.count, 'dog')}`,
    whatBones: (p: { bones: number; count: number; breed: string; breeds: string }) =>
      `${counted(p.bones, 'bone icon')} in its Pack of ${dogs(p.count, p.breed, p.breeds)}`,
    whatBonesDogs: (p: { bones: number; count: number }) => `${counted(p.bones, 'bone icon')} in its Pack of ${counted(p.count, 'dog')}`,
    whatFrens: (p: { count: number; breed: string; frens: string }) => `${counted(p.count, 'side')} between its ${p.breed} Pack and ${p.frens}`,
    whatFrensPack: (p: { count: number; frens: string }) => `${counted(p.count, 'side')} between its Pack and ${p.frens}`,
    itsFrens: 'its Frens',
    whatZoomies: (p: { count: number }) => `Zoomies group of ${counted(p.count, 'dog')}`,
    ladder: (p: { size: string; ladder: string; raw: number }) => `${p.size} on the ladder ${p.ladder} = ${n(p.raw)}`,
    shared: (p: { count: number; raw: number; points: number }) =>
      `; shared by ${counted(p.count, 'token')}: ${n(p.raw)} ÷ ${n(p.count)} = ${n(p.points)} (rounded down)`,
    whose: (p: { name: string; side: string }) => `${p.name}'s ${p.side}:`,
    points: (p: { count: number }) => counted(p.count, 'point'),
    keyFrens: 'Yellow: its Pack; numbered bars: the sides counted; dashed: the Frens dogs.',
    keyZoomies: 'Yellow: the Zoomies group.',
    keyPack: 'Yellow: its Pack.',
    sketch: 'The cells this token counted',
    sharedShort: (p: { count: number }) => ` · shared ÷${n(p.count)}`,
    noTokens: 'No tokens placed.',
    discarded: (p: { count: number }) => `${counted(p.count, 'token')} discarded (0) ·`,
    best: (p: { count: number }) => `best token ${n(p.count)}`,
    note: 'Tap a token to see what it counted. Highest total wins; a tie goes to the best single token, then the win is shared.',
  },

  options: {
    legend: 'Options',
    first: 'First player',
    firstHelp: 'The rulebook says whoever owns the most dogs (in real life) goes first.',
    random: 'Random',
    seatNamed: (p: { name: string; seat: number }) => `${p.name} (seat ${n(p.seat)})`,
    seat: (p: { seat: number }) => `Seat ${n(p.seat)}`,
    seatHost: (p: { seat: number }) => `Seat ${n(p.seat)} (you, the host)`,
    nobody: (p: { seat: number }) => `Nobody sits in seat ${n(p.seat)} yet.`,
  },

  rules: {
    summary:
      'Each turn, lay a dog domino next to a dog of the same breed to grow the park, then put one of your tokens on a dog of that tile. Tokens score for Packs, Bones, Frens and Zoomies at the end. After eight turns each, the highest total wins.',
    sections: [
      {
        title: 'What you play with',
        paragraphs: [
          '50 dog tiles. Each has two dogs from five breeds: Chihuahua, Poodle, Beagle, Husky, Greyhound. Every tile has one dog with a Bone; some have a dog with the Zoomies paw.',
          'Each player has 4 round tokens (Leader or Zoomies side) and 4 square tokens (Bones or Frens side).',
          'A Pack is a group of touching dogs of one breed (side by side, never diagonally). A single dog is a Pack too.',
        ],
      },
      {
        title: 'Setup',
        paragraphs: [
          'Three tiles start the park in a row. Everyone gets 2 tiles in hand (secret). The host may pick who starts; otherwise it is drawn at random. Turns go clockwise.',
        ],
      },
      {
        title: 'Your turn',
        paragraphs: [
          '1. Place a tile from your hand on empty spaces so that at least one of its dogs touches a dog of the same breed already in the park. If any tile can be placed, you must place one.',
          'If none of your tiles fits: discard your hand and draw 2 new tiles, and try again (as often as needed). If the draw pile is empty, keep your hand and play no tile this turn.',
          '2. Put one token on one of the two dogs of the tile you just placed. If no token can go there (or you played no tile), you must discard a token instead; it scores nothing.',
          '3. If you played a Zoomies token and still hold a tile, you must place that tile too (no token goes on it). If it fits nowhere, keep it.',
          '4. If a tile is left in your hand, you may keep it or discard it. Then draw back up to 2 tiles.',
        ],
      },
      {
        title: 'The tokens',
        paragraphs: [
          'Leader (round): the dog’s Pack must not have a Leader yet. Scores 1 point per dog in the Pack.',
          'Bones (square): the dog’s Pack must not have a Bones token yet. Scores 2 points per Bone in the Pack. The dog itself need not have a Bone.',
          'Frens (square): its arrow points at a touching dog of another breed — even the other dog on the same tile. Scores 2 points for every side where your Pack touches a dog of that breed. The same Pack and breed can only have one Frens token.',
          'Zoomies (round): only on a dog with the Zoomies paw, and only one per group of touching Zoomies dogs (of any breeds). Scores 1, 3, 6, 10 or 15 for a group of 1, 2, 3, 4 or 5+ dogs.',
        ],
      },
      {
        title: 'Scoring and the end',
        paragraphs: [
          'Every turn uses one token, so the game ends as soon as the last player uses their last token.',
          'Tokens are scored on the final park. When groups merge, tokens that count the same Pack (or the same Frens pair, or Zoomies group) share: each gets the points divided by how many there are, rounded down — even two tokens of the same player.',
          'Highest total wins. A tie goes to the player with the best single token; still tied, the win is shared.',
        ],
      },
      {
        title: 'Our rulings',
        paragraphs: [
          'The two dogs of the tile you place do not count as a match for each other.',
          'Token rules are checked when you place the token. If Packs merge later, tokens are not removed; they share points instead.',
          'If nothing fits and the pile is already empty, your hand is kept rather than thrown away: it may fit later.',
          'You may discard your last tile at the end of a turn even with an empty pile (it only hurts you).',
          'The game’s last turn has no discard or draw. Hands are never shown.',
        ],
      },
    ],
  },
};

export type ZoomiesMessages = typeof en;
