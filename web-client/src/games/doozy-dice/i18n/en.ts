// Doozy Dice in English: the base of this game's catalogs (every other
// language's file has its type). Rules, table, log and confirm questions.
// The card names are the published game's and stay in every language (on
// the list in src/i18n/proper-names.ts); their rules are translated.
import { count, pluralOf } from '../../../i18n/format';

const n = (v: number) => count('en', v);
/** "1 roll", "3 rolls", "2 dice" (with `many`). */
const counted = (v: number, one: string, many = `${one}s`) => `${n(v)} ${pluralOf('en', v) === 'one' ? one : many}`;

export const en = {
  blurb: 'Roll five dice to complete five combos in as few rolls as you can. Doozy Faces earn dots; dots bend the dice.',

  /** The printed names of the 26 Doozy Cards, by id (proper names: the same in every language). */
  cardNames: {
    1: 'Triple Scoop',
    2: 'Triple Scoop Snowman',
    3: 'Double Up',
    4: 'Quartet',
    5: 'Four Square',
    6: 'Prime Time',
    7: 'Twinzy',
    8: 'Showmah',
    9: 'Countdown',
    10: 'Doozy Dog',
    11: 'Twozy Tower',
    12: 'Fab Five',
    13: 'Full Scoop',
    14: 'High Five',
    15: 'Odd Squad',
    16: 'Even Steven',
    17: 'Sky High',
    18: 'Low Down',
    19: 'Big Shot',
    20: 'Itty Bitty',
    21: 'Lucky Thirteen',
    22: 'Doozy Smile',
    23: 'Split Scoop',
    24: 'Doozy Ladder',
    25: 'Hot Dog',
    26: "Three's Company",
  },
  /** Each card's rule in words, by id (the server's `rule` is English; it is never shown). */
  cardRules: {
    1: 'Three of a kind, any value.',
    2: 'A Doozy Face on top of two 1s.',
    3: 'Two pairs of different values.',
    4: 'Four of a kind.',
    5: 'Four dice that are all perfect squares: 1s and 4s, any mix.',
    6: 'Four dice that are all primes: 2s, 3s and 5s, any mix.',
    7: 'Both Doozy Faces plus a pair.',
    8: 'Five different values.',
    9: 'Exactly 5, 4, 3, 2, 1.',
    10: 'A Doozy Face (the head) plus four of a kind (the legs).',
    11: 'Both Doozy Faces plus three of a kind.',
    12: 'Five of a kind.',
    13: 'Three of a kind plus a pair of a different value.',
    14: 'Exactly 2, 3, 4, 5, 6.',
    15: 'All five dice odd (1, 3 or 5).',
    16: 'All five dice even (2, 4 or 6).',
    17: 'All five dice 4 or more.',
    18: 'All five dice 3 or less.',
    19: 'The five dice total 26 or more.',
    20: 'The five dice total 9 or less.',
    21: 'The five dice total exactly 13.',
    22: 'A Doozy Face plus four different values.',
    23: 'A Doozy Face plus two pairs of different values.',
    24: 'A Doozy Face plus four values in a row (1-4, 2-5 or 3-6).',
    25: 'A pair of 6s (the bun) plus three of a kind of another value.',
    26: 'Three 3s plus a pair of another value.',
  },
  /** A card id the catalog does not know. */
  cardFallback: (p: { id: number }) => `Card ${n(p.id)}`,

  table: {
    label: 'Doozy Dice table',
    // The turn line and its facts.
    waiting: 'Waiting for the table…',
    dealing: 'Dealing the Doozy Cards…',
    rollOff: 'Rolling for first player…',
    finished: 'The final table',
    yourTurn: 'Your turn',
    theirTurn: (p: { name: string }) => `${p.name}'s turn`,
    round: (p: { round: number; rounds: number }) => `Round ${n(p.round)} of ${n(p.rounds)}`,
    rollOf: (p: { roll: number; max: number }) => `Roll ${n(p.roll)} of ${n(p.max)}`,
    yourDots: 'Your dots:',
    // The roll-off.
    whoFirst: 'Who goes first?',
    rollOffHow: 'Everyone rolls one die; the highest goes first (a Doozy Face counts 1). Ties roll again.',
    you: 'You',
    rollOffRolling: 'rolling…',
    rollOffOut: 'out',
    // The cards.
    diceTag: (p: { dice: number }) => counted(p.dice, 'die', 'dice'),
    facesTag: (p: { faces: number }) => `needs ${counted(p.faces, 'Doozy Face')}`,
    youRecorded: (p: { rolls: number }) => `You recorded ${n(p.rolls)}`,
    recorded: (p: { name: string; rolls: number }) => `${p.name} recorded ${n(p.rolls)}`,
    claimIn: (p: { rolls: number }) => `Claim in ${counted(p.rolls, 'roll')}`,
    claimLabel: (p: { rolls: number; card: string }) => `Claim in ${counted(p.rolls, 'roll')}: ${p.card}`,
    bonusHint: 'Bonus: +1 dot, others −1',
    diceMakeThis: '✓ The dice make this',
    // The dice.
    dice: 'Dice',
    blueDie: {
      unrolled: (p: { die: number }) => `Blue die ${n(p.die)}, not rolled yet`,
      shows: (p: { die: number; value: number }) => `Blue die ${n(p.die)}, showing ${n(p.value)}`,
    },
    doozyDie: {
      unrolled: (p: { die: number }) => `White Doozy die ${n(p.die)}, not rolled yet`,
      shows: (p: { die: number; value: number }) => `White Doozy die ${n(p.die)}, showing ${n(p.value)}`,
      face: (p: { die: number }) => `White Doozy die ${n(p.die)}, showing the Doozy Face`,
    },
    setAsideSuffix: ', set aside',
    reRollSuffix: ', will re-roll',
    setAside: 'set aside',
    reRoll: 're-roll',
    adjustOpen: '± dots',
    adjustOpenLabel: (p: { die: number }) => `Spend dots to change die ${n(p.die)}`,
    // The dot hint.
    hintTitle: 'Dots can finish a card:',
    hint: (p: { cost: number; card: string; changes: string }) => `Spend ${counted(p.cost, 'dot')} to make ${p.card} (${p.changes})`,
    hintChange: (p: { die: number; from: number; to: number }) => `die ${n(p.die)} ${n(p.from)} → ${n(p.to)}`,
    // Spending dots.
    adjust: 'Spend dots',
    /** `from` and `to` are where the table puts the two values (in bold). */
    adjustChange: (p: { die: number; from: string; to: string }) => `Change die ${n(p.die)} from ${p.from} to ${p.to}`,
    lower: 'Lower by one',
    raise: 'Raise by one',
    adjustCost: (p: { cost: number; left: string }) => `Cost ${counted(p.cost, 'dot')} · you'll have ${p.left}`,
    spend: (p: { cost: number }) => `Spend ${counted(p.cost, 'dot')}`,
    cancel: 'Cancel',
    // Watching someone else roll.
    isRolling: (p: { name: string }) => `${p.name} is rolling…`,
    waitingAway: (p: { name: string }) => `Waiting for ${p.name}, who is away right now.`,
    waitingFor: (p: { name: string }) => `Waiting for ${p.name}…`,
    // The roller's controls.
    rollAll: 'Roll all 5 dice',
    rollDice: 'Roll dice',
    rollSome: (p: { dice: number }) => `Roll ${counted(p.dice, 'die', 'dice')}`,
    rollSmall: (p: { roll: number; max: number }) => `roll ${n(p.roll)} of ${n(p.max)}`,
    selectAll: 'Select all',
    clear: 'Clear',
    reconnecting: 'Reconnecting…',
    rolling: 'Rolling…',
    waitingServer: 'Waiting for the server…',
    cutoffDue: 'That was roll 13. Claim a card the dice make, or take the cutoff below.',
    mustClaim: 'Auto-claim is on: claim one of the matching cards.',
    start: 'Start your turn by rolling all five dice.',
    tapDice: 'Tap the dice you want to re-roll.',
    tapDiceLocked: 'Tap the dice you want to re-roll (the others are set aside for good).',
    keepRolling: 'Keep rolling, spend dots to change a die, or claim a matching card.',
    // The cutoff.
    cutoffTitle: '13-roll cutoff',
    cutoffHow: 'Record 13 on one of your remaining cards and lose 1 dot:',
    cutoffOn: (p: { card: string }) => `13 on ${p.card}`,
    // The scorecards.
    rollingNow: 'rolling now:',
    youMark: '(you)',
    dotsTitle: 'Doozy Dots',
    totalRolls: 'Total rolls',
    legend: '★ made in 3 rolls or fewer (+1 dot, others −1) · ✂ 13-roll cutoff (−1 dot)',
  },

  final: {
    totalRolls: 'Total rolls',
    minusDots: '− Dots',
    score: 'Score',
    note: 'Score = total rolls − dots; lowest wins. A tie goes to fewer total rolls. ★ made in 3 rolls or fewer · ✂ 13-roll cutoff.',
  },

  options: {
    legend: 'Options',
    lock: 'Lock set-aside dice',
    lockHow: 'Dice you leave out of a re-roll stay put for the rest of the turn.',
    autoClaim: 'Auto-claim',
    autoClaimHow: 'As soon as the dice make one of your combos you must claim one.',
  },

  /** The log and the replay's narration (log.ts). */
  log: {
    firstPlayer: (p: { name: string }) => `${p.name} won the roll-off and goes first`,
    dealt: (p: { card: string; rule: string }) => `Dealt ${p.card} — ${p.rule}`,
    rollOff: (p: { name: string; value: number }) => `${p.name} rolled ${n(p.value)} for first player`,
    rolled: (p: { name: string; dice: number; roll: number }) => `${p.name} rolled ${counted(p.dice, 'die', 'dice')} (roll ${n(p.roll)})`,
    face: 'Doozy Face! Everyone +1 dot',
    adjusted: (p: { name: string; cost: number; die: number; from: number; to: number }) =>
      `${p.name} spent ${counted(p.cost, 'dot')}: die ${n(p.die)} ${n(p.from)} → ${n(p.to)}`,
    claimed: (p: { name: string; card: string; rolls: number }) => `${p.name} claimed ${p.card} in ${counted(p.rolls, 'roll')}`,
    claimedBonus: (p: { name: string; card: string; rolls: number }) =>
      `${p.name} claimed ${p.card} in ${counted(p.rolls, 'roll')}: +1 dot, others −1`,
    cutOff: (p: { name: string; card: string }) => `${p.name} hit the 13-roll cutoff: 13 on ${p.card}, −1 dot`,
  },

  /** The confirm bar's questions (moves.ts). */
  confirm: {
    move: 'Make this move? It can’t be taken back.',
    claim: (p: { card: string; rolls: number }) => `Claim ${p.card} in ${counted(p.rolls, 'roll')}? This ends your turn.`,
    cutoff: (p: { card: string }) => `Record 13 on ${p.card} and lose a dot? This ends your turn.`,
  },

  /** The rules for players (the Rules panel and the first-visit card); the rulings are in docs/games/doozy-dice.md. */
  rules: {
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
  },
};

export type DoozyMessages = typeof en;
