// Names that stay as published in every language (the games' own names,
// their cards' and pieces' names, and Parlor's), unless a localized edition
// exists. A translated message may equal the English one only when it is
// one of these (checked by unit/catalogs.test.mjs); the browser tests leave
// them out when they look for English on a page. One name per line.
export const PROPER_NAMES: readonly string[] = [
  'Parlor',
  // Chat services a room's turn notices post to.
  'Discord',
  'Slack',
  // The games.
  'Doozy Dice',
  'Mix-the-Mutts',
  'Zoomies',
  'Zingamino',
  'Zop Zoo',
  // Doozy Dice: its cards and dice.
  'Triple Scoop',
  'Triple Scoop Snowman',
  'Double Up',
  'Quartet',
  'Four Square',
  'Prime Time',
  'Twinzy',
  'Showmah',
  'Countdown',
  'Doozy Dog',
  'Twozy Tower',
  'Fab Five',
  'Full Scoop',
  'High Five',
  'Odd Squad',
  'Even Steven',
  'Sky High',
  'Low Down',
  'Big Shot',
  'Itty Bitty',
  'Lucky Thirteen',
  'Doozy Smile',
  'Split Scoop',
  'Doozy Ladder',
  'Hot Dog',
  "Three's Company",
  // The code printed on each card (DZ01–DZ26).
  'DZ',
  // Mix-the-Mutts: its breeds and cards.
  // Zoomies: its tokens and tiles.
  // Zingamino: its tiles and calls.
  // Zop Zoo: its animals and cards.
];
