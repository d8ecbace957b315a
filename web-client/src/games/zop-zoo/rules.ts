// Zop Zoo for players; the rulings are in docs/games/zop-zoo.md.
import type { GameRules } from '../../lib/types';

export const rules: GameRules = {
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
};
