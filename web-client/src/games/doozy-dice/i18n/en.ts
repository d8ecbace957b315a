// Doozy Dice in English: the base of this game's catalogs (every other
// language's file has its type). Rules, table, log and confirm questions.
export const en = {
  blurb: 'Roll five dice to complete five combos in as few rolls as you can. Doozy Faces earn dots; dots bend the dice.',
};

export type DoozyMessages = typeof en;
