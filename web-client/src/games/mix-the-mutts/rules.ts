// Mix-the-Mutts for players; the rulings are in docs/games/mix-the-mutts.md.
import type { GameRules } from '../../lib/types';

export const rules: GameRules = {
  summary:
    'Take turns connecting hex tiles so that dog heads meet dog tails. Each new meeting makes a mutt, and anyone holding the two matching breed cards may score it. Rare breeds are worth more; the highest score after the last tile wins.',
  sections: [
    {
      title: 'What you play with',
      paragraphs: [
        '72 breed cards in eight breeds. Rarer breeds have fewer cards and are worth more: Poodle 1, Beagle 2, Pug 3, Dachshund 4, Schnauzer 5, Pomeranian 6, Dalmatian 7, Chihuahua 8.',
        '12 hex tiles. Each has six edges, alternating dog heads and dog tails. Tiles always meet head against tail.',
      ],
    },
    {
      title: 'Setup',
      paragraphs: [
        'Two tiles start on the table side by side (their meeting is never scored). The next tile is turned face up; everyone sees it.',
        'Everyone is dealt 4 cards; the rest are the draw pile. Your hand is secret.',
        'The host may pick who starts; otherwise it is drawn at random. Turns go clockwise.',
      ],
    },
    {
      title: 'Your turn',
      paragraphs: [
        'Do one of two things:',
        'Connect: place the face-up tile in an empty space that touches at least two tiles already on the table. You may turn it, but only so that heads still meet tails. Every edge where it touches a tile is a new combo: one head breed and one tail breed.',
        'Draw two: take two cards from the pile. The face-up tile stays for the next player. When the pile is empty you must connect.',
      ],
    },
    {
      title: 'Scoring combos',
      paragraphs: [
        'After every connect, each player (the one who connected too) answers once, in secret: claim combos or pass.',
        'To claim a combo, play two cards from your hand: one of the head breed and one of the tail breed. For a purebreed combo (the same breed on both sides) play two cards of that breed.',
        'The player who connected may claim any number of the new combos, each once, with different cards. Everyone else may claim at most one.',
        'Several players may claim the same combo, each with their own cards.',
        'When everyone has answered, all claims are shown together and the claimed cards go face up to their owners’ scoring stacks. Then the next tile is turned up and play moves on.',
        'There is a response timer (60 seconds unless the host changes it). Anyone who has not answered when it runs out passes.',
      ],
    },
    {
      title: 'The end',
      paragraphs: [
        'The game ends after the tenth tile is connected and its claims are settled.',
        'Your score is the total value of the cards in your scoring stack. Cards left in your hand score nothing. Highest score wins; ties share the place.',
        'Junior scoring (an option): every scored card is worth 1, whatever its breed.',
      ],
    },
    {
      title: 'Our rulings',
      paragraphs: [
        'Only edges made by the tile just placed are new combos. A combo with the same breeds as an earlier one still counts.',
        'You always place the face-up tile; you cannot choose another.',
        'There is no hand limit, and scored cards never return to the pile.',
        'Your answer is final once given. Others only see that you answered, not what, until everyone has.',
        'Hands are never shown, not even at the end.',
        'The claims of the last scoring stay on view until the next scoring.',
      ],
    },
  ],
};
