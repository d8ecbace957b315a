// Zoomies for players; the rulings are in docs/games/zoomies.md.
import type { GameRules } from '../../lib/types';

export const rules: GameRules = {
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
};
