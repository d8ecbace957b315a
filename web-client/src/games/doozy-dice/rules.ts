// Doozy Dice for players; the rulings are in docs/games/doozy-dice.md.
import type { GameRules } from '../../lib/types';

export const rules: GameRules = {
  summary:
    'Everyone races to make the same five dice combos, shown as cards on the table, in as few rolls as possible. On your turn roll all five dice, re-roll any you like, and record one card when the dice make it. Lowest score after five rounds wins.',
  sections: [
    {
      title: 'What you play with',
      paragraphs: [
        'Five dice: three blue dice numbered 1–6, and two white Doozy dice where the 1 is replaced by a Doozy Face.',
        'Five Doozy Cards are dealt face up at the start. They are shared: every player must complete all five.',
        'Doozy Dots: everyone starts with 2. Dots let you change dice, and they come off your score at the end.',
      ],
    },
    {
      title: 'Who goes first',
      paragraphs: [
        'Everyone rolls one die; the highest goes first. If several tie for highest, only they roll again. Play then passes to the left.',
        'There are five rounds. In each, every player takes one turn and records one card.',
      ],
    },
    {
      title: 'Your turn',
      paragraphs: [
        'Roll: your first roll is always all five dice. After that, re-roll any dice you choose (at least one). You have up to 13 rolls.',
        'Adjust: between rolls you may spend dots to change a die, one dot per step (a 2 to a 5 costs 3). You can only spend dots you have. A white die can be set to 2–6 but never to a Face, and a die showing a Face cannot be changed.',
        'Claim: when the dice make one of your remaining cards, you may record it. The card gets the number of rolls you used, and your turn ends. You never have to claim; keep rolling if you would rather save the card for later.',
      ],
    },
    {
      title: 'Doozy Faces and dots',
      paragraphs: [
        'Every white die that lands on a Face gives every player +1 dot. Two Faces in one roll means +2 for everyone. A Face you keep (do not re-roll) does not count again.',
        'On the cards, a Face is wild: it can stand for any number. Some cards need one or two Faces.',
        'Fast claim: if you claim a card within 3 rolls, you gain 1 dot and every other player loses 1. Dots can go below zero.',
      ],
    },
    {
      title: 'The 13th roll',
      paragraphs: [
        'After your 13th roll you must finish the turn. Claim a card the dice make (it scores 13, with no bonus and no penalty), or cut off: put 13 on any of your remaining cards and lose 1 dot.',
      ],
    },
    {
      title: 'Scoring and the end',
      paragraphs: [
        'The game ends when every player has recorded all five cards.',
        'Your score is your total rolls minus your dots (a negative dot balance adds to it). Lowest score wins. A tie goes to fewer total rolls; still tied, the place is shared.',
        'Everything is public: the cards, the dice, everyone’s dots and records.',
      ],
    },
    {
      title: 'Table options',
      paragraphs: [
        'Lock set-aside dice: from the second roll on, any die you leave out of a re-roll is set aside for the rest of the turn and cannot be rolled again. You may still adjust it with dots.',
        'Auto-claim: whenever your dice make one of your remaining cards, you must claim (you can no longer roll or cut off). You may still spend dots to adjust first.',
      ],
    },
    {
      title: 'Our rulings',
      paragraphs: [
        'The first-player roll gives no dots, even when a white die shows a Face.',
        'You may cut off on roll 13 even when the dice make a card: you might rather put the 13 on a hard card and keep an easy one.',
        'The fast-claim bonus applies even if you spent dots to make the combo.',
        'An adjustment must change the die; setting a die to the value it already shows is refused.',
        'A Face a card does not require is wild, but it cannot undo dice that are already there: 1 1 3 Face Face does not make Showmah (five different values), because the two 1s stay a pair.',
      ],
    },
  ],
};
