// Names that stay as published in every language (the games' own names,
// their cards' and pieces' names, and Parlor's), unless a localized edition
// exists. A translated message may equal the English one only when it is
// one of these (checked by unit/catalogs.test.mjs).
export const PROPER_NAMES: readonly string[] = ['Parlor', 'Doozy Dice', 'Mix-the-Mutts', 'Zoomies', 'Zingamino', 'Zop Zoo'];
