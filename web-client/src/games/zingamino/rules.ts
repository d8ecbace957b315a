// Zingamino for players; the rulings are in docs/games/zingamino.md.
import type { GameRules } from '../../lib/types';

export const rules: GameRules = {
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
};
