// Doozy Dice auf Deutsch.
import { count, pluralOf } from '../../../i18n/format';
import { en, type DoozyMessages } from './en';

const n = (v: number) => count('de', v);
/** „1 Wurf“, „3 Würfe“. */
const counted = (v: number, one: string, many: string) => `${n(v)} ${pluralOf('de', v) === 'one' ? one : many}`;
const dots = (v: number) => counted(v, 'Punkt', 'Punkte');
const rolls = (v: number) => counted(v, 'Wurf', 'Würfen');

export const de: DoozyMessages = {
  blurb: 'Würfle mit fünf Würfeln fünf Kombinationen in so wenigen Würfen wie möglich. Doozy-Gesichter bringen Punkte; Punkte biegen die Würfel.',

  cardNames: en.cardNames,
  cardRules: {
    1: 'Drei gleiche, beliebiger Wert.',
    2: 'Ein Doozy-Gesicht auf zwei 1en.',
    3: 'Zwei Paare mit verschiedenen Werten.',
    4: 'Vier gleiche.',
    5: 'Vier Würfel, alle Quadratzahlen: 1en und 4en, beliebig gemischt.',
    6: 'Vier Würfel, alle Primzahlen: 2en, 3en und 5en, beliebig gemischt.',
    7: 'Beide Doozy-Gesichter und ein Paar.',
    8: 'Fünf verschiedene Werte.',
    9: 'Genau 5, 4, 3, 2, 1.',
    10: 'Ein Doozy-Gesicht (der Kopf) und vier gleiche (die Beine).',
    11: 'Beide Doozy-Gesichter und drei gleiche.',
    12: 'Fünf gleiche.',
    13: 'Drei gleiche und ein Paar mit anderem Wert.',
    14: 'Genau 2, 3, 4, 5, 6.',
    15: 'Alle fünf Würfel ungerade (1, 3 oder 5).',
    16: 'Alle fünf Würfel gerade (2, 4 oder 6).',
    17: 'Alle fünf Würfel 4 oder mehr.',
    18: 'Alle fünf Würfel 3 oder weniger.',
    19: 'Die fünf Würfel ergeben zusammen 26 oder mehr.',
    20: 'Die fünf Würfel ergeben zusammen 9 oder weniger.',
    21: 'Die fünf Würfel ergeben zusammen genau 13.',
    22: 'Ein Doozy-Gesicht und vier verschiedene Werte.',
    23: 'Ein Doozy-Gesicht und zwei Paare mit verschiedenen Werten.',
    24: 'Ein Doozy-Gesicht und vier Werte in Folge (1–4, 2–5 oder 3–6).',
    25: 'Ein Paar 6en (das Brötchen) und drei gleiche eines anderen Werts.',
    26: 'Drei 3en und ein Paar eines anderen Werts.',
  },
  cardFallback: (p) => `Karte ${n(p.id)}`,

  table: {
    label: 'Doozy-Dice-Tisch',
    waiting: 'Warten auf den Tisch…',
    dealing: 'Die Doozy-Karten werden ausgeteilt…',
    rollOff: 'Es wird ausgewürfelt, wer beginnt…',
    finished: 'Der Endstand',
    yourTurn: 'Du bist dran',
    theirTurn: (p) => `${p.name} ist dran`,
    round: (p) => `Runde ${n(p.round)} von ${n(p.rounds)}`,
    rollOf: (p) => `Wurf ${n(p.roll)} von ${n(p.max)}`,
    yourDots: 'Deine Punkte:',
    whoFirst: 'Wer beginnt?',
    rollOffHow: 'Alle würfeln mit einem Würfel; die höchste Zahl beginnt (ein Doozy-Gesicht zählt 1). Bei Gleichstand wird neu gewürfelt.',
    you: 'Du',
    rollOffRolling: 'würfelt…',
    rollOffOut: 'raus',
    diceTag: (p) => counted(p.dice, 'Würfel', 'Würfel'),
    facesTag: (p) => `braucht ${counted(p.faces, 'Doozy-Gesicht', 'Doozy-Gesichter')}`,
    youRecorded: (p) => `Du hast ${n(p.rolls)} eingetragen`,
    recorded: (p) => `${p.name} hat ${n(p.rolls)} eingetragen`,
    claimIn: (p) => `Mit ${rolls(p.rolls)} eintragen`,
    claimLabel: (p) => `${p.card} mit ${rolls(p.rolls)} eintragen`,
    bonusHint: 'Bonus: +1 Punkt, alle anderen −1',
    diceMakeThis: '✓ Die Würfel passen',
    dice: 'Würfel',
    blueDie: {
      unrolled: (p) => `Blauer Würfel ${n(p.die)}, noch nicht geworfen`,
      shows: (p) => `Blauer Würfel ${n(p.die)}, zeigt ${n(p.value)}`,
    },
    doozyDie: {
      unrolled: (p) => `Weißer Doozy-Würfel ${n(p.die)}, noch nicht geworfen`,
      shows: (p) => `Weißer Doozy-Würfel ${n(p.die)}, zeigt ${n(p.value)}`,
      face: (p) => `Weißer Doozy-Würfel ${n(p.die)}, zeigt das Doozy-Gesicht`,
    },
    setAsideSuffix: ', beiseitegelegt',
    reRollSuffix: ', wird neu geworfen',
    setAside: 'beiseite',
    reRoll: 'neu',
    adjustOpen: '± Punkte',
    adjustOpenLabel: (p) => `Punkte ausgeben, um Würfel ${n(p.die)} zu ändern`,
    hintTitle: 'Punkte können eine Karte fertig machen:',
    hint: (p) => `Gib ${dots(p.cost)} für ${p.card} aus (${p.changes})`,
    hintChange: (p) => `Würfel ${n(p.die)} ${n(p.from)} → ${n(p.to)}`,
    adjust: 'Punkte ausgeben',
    adjustChange: (p) => `Würfel ${n(p.die)} von ${p.from} auf ${p.to} ändern`,
    lower: 'Um eins senken',
    raise: 'Um eins erhöhen',
    adjustCost: (p) => `Kostet ${dots(p.cost)} · danach hast du ${p.left}`,
    spend: (p) => `${dots(p.cost)} ausgeben`,
    cancel: 'Abbrechen',
    isRolling: (p) => `${p.name} würfelt…`,
    waitingAway: (p) => `Warten auf ${p.name}, gerade nicht da.`,
    waitingFor: (p) => `Warten auf ${p.name}…`,
    rollAll: 'Alle 5 Würfel werfen',
    rollDice: 'Würfeln',
    rollSome: (p) => `${counted(p.dice, 'Würfel', 'Würfel')} werfen`,
    rollSmall: (p) => `Wurf ${n(p.roll)} von ${n(p.max)}`,
    selectAll: 'Alle wählen',
    clear: 'Keine',
    reconnecting: 'Verbindung wird wiederhergestellt…',
    rolling: 'Die Würfel rollen…',
    waitingServer: 'Warten auf den Server…',
    cutoffDue: 'Das war Wurf 13. Trag eine Karte ein, die die Würfel ergeben, oder nimm unten die 13.',
    mustClaim: 'Automatisch eintragen ist an: Trag eine der passenden Karten ein.',
    start: 'Beginne deinen Zug mit allen fünf Würfeln.',
    tapDice: 'Tippe die Würfel an, die du neu werfen willst.',
    tapDiceLocked: 'Tippe die Würfel an, die du neu werfen willst (die anderen bleiben endgültig liegen).',
    keepRolling: 'Würfle weiter, ändere einen Würfel mit Punkten oder trag eine passende Karte ein.',
    cutoffTitle: 'Schluss nach 13 Würfen',
    cutoffHow: 'Trag 13 auf einer deiner offenen Karten ein und verlier 1 Punkt:',
    cutoffOn: (p) => `13 auf ${p.card}`,
    rollingNow: 'würfelt gerade:',
    youMark: '(du)',
    dotsTitle: 'Doozy-Punkte',
    totalRolls: 'Würfe gesamt',
    legend: '★ in höchstens 3 Würfen (+1 Punkt, alle anderen −1) · ✂ Schluss nach 13 Würfen (−1 Punkt)',
  },

  final: {
    totalRolls: 'Würfe gesamt',
    minusDots: '− Punkte',
    score: 'Ergebnis',
    note: 'Ergebnis = Würfe gesamt − Punkte; das niedrigste gewinnt. Bei Gleichstand gewinnen weniger Würfe. ★ in höchstens 3 Würfen · ✂ Schluss nach 13 Würfen.',
  },

  options: {
    legend: 'Optionen',
    lock: 'Beiseitegelegte Würfel sperren',
    lockHow: 'Würfel, die du nicht neu wirfst, bleiben für den Rest des Zugs liegen.',
    autoClaim: 'Automatisch eintragen',
    autoClaimHow: 'Sobald die Würfel eine deiner Kombinationen ergeben, musst du eine eintragen.',
  },

  log: {
    firstPlayer: (p) => `${p.name} gewinnt das Auswürfeln und beginnt`,
    dealt: (p) => `Ausgeteilt: ${p.card} — ${p.rule}`,
    rollOff: (p) => `${p.name} würfelt ${n(p.value)} um den Beginn`,
    rolled: (p) => `${p.name} wirft ${counted(p.dice, 'Würfel', 'Würfel')} (Wurf ${n(p.roll)})`,
    face: 'Doozy-Gesicht! Alle +1 Punkt',
    adjusted: (p) => `${p.name} gibt ${dots(p.cost)} aus: Würfel ${n(p.die)} ${n(p.from)} → ${n(p.to)}`,
    claimed: (p) => `${p.name} trägt ${p.card} mit ${rolls(p.rolls)} ein`,
    claimedBonus: (p) => `${p.name} trägt ${p.card} mit ${rolls(p.rolls)} ein: +1 Punkt, alle anderen −1`,
    cutOff: (p) => `${p.name} erreicht die 13-Wurf-Grenze: 13 auf ${p.card}, −1 Punkt`,
  },

  confirm: {
    move: 'Diesen Zug machen? Er lässt sich nicht zurücknehmen.',
    claim: (p) => `${p.card} mit ${rolls(p.rolls)} eintragen? Damit endet dein Zug.`,
    cutoff: (p) => `13 auf ${p.card} eintragen und einen Punkt verlieren? Damit endet dein Zug.`,
  },

  rules: {
    summary:
      'Alle versuchen, dieselben fünf Würfelkombinationen – als Karten auf dem Tisch – in möglichst wenigen Würfen zu schaffen. In deinem Zug wirfst du alle fünf Würfel, würfelst beliebige neu und trägst eine Karte ein, sobald die Würfel sie ergeben. Nach fünf Runden gewinnt das niedrigste Ergebnis.',
    sections: [
      {
        title: 'Spielmaterial',
        paragraphs: [
          'Fünf Würfel: drei blaue mit 1–6 und zwei weiße Doozy-Würfel, bei denen die 1 durch ein Doozy-Gesicht ersetzt ist.',
          'Zu Beginn werden fünf Doozy-Karten offen ausgelegt. Sie gehören allen: Jede Person muss alle fünf schaffen.',
          'Doozy-Punkte: Alle beginnen mit 2. Mit Punkten änderst du Würfel, und am Ende werden sie von deinem Ergebnis abgezogen.',
        ],
      },
      {
        title: 'Wer beginnt',
        paragraphs: [
          'Alle würfeln mit einem Würfel; die höchste Zahl beginnt. Haben mehrere die höchste Zahl, würfeln nur sie noch einmal. Danach geht es nach links weiter.',
          'Es gibt fünf Runden. In jeder macht jede Person einen Zug und trägt eine Karte ein.',
        ],
      },
      {
        title: 'Dein Zug',
        paragraphs: [
          'Würfeln: Beim ersten Wurf wirfst du immer alle fünf Würfel. Danach würfelst du beliebige Würfel neu (mindestens einen). Du hast bis zu 13 Würfe.',
          'Ändern: Zwischen den Würfen kannst du Punkte ausgeben, um einen Würfel zu ändern, einen Punkt pro Schritt (von 2 auf 5 kostet 3). Du kannst nur Punkte ausgeben, die du hast. Ein weißer Würfel kann auf 2–6 gesetzt werden, aber nie auf ein Gesicht, und ein Würfel mit Gesicht lässt sich nicht ändern.',
          'Eintragen: Ergeben die Würfel eine deiner offenen Karten, darfst du sie eintragen. Die Karte bekommt die Zahl deiner Würfe, und dein Zug endet. Du musst nie eintragen; würfle weiter, wenn du die Karte lieber für später aufhebst.',
        ],
      },
      {
        title: 'Doozy-Gesichter und Punkte',
        paragraphs: [
          'Jeder weiße Würfel, der auf einem Gesicht landet, gibt allen +1 Punkt. Zwei Gesichter in einem Wurf sind +2 für alle. Ein Gesicht, das du liegen lässt (nicht neu wirfst), zählt nicht noch einmal.',
          'Auf den Karten ist ein Gesicht ein Joker: Es kann für jede Zahl stehen. Manche Karten brauchen ein oder zwei Gesichter.',
          'Schnell eingetragen: Trägst du eine Karte in höchstens 3 Würfen ein, bekommst du 1 Punkt und alle anderen verlieren 1. Punkte können unter null fallen.',
        ],
      },
      {
        title: 'Der 13. Wurf',
        paragraphs: [
          'Nach deinem 13. Wurf musst du den Zug beenden. Trag eine Karte ein, die die Würfel ergeben (sie zählt 13, ohne Bonus und ohne Strafe), oder nimm den Schluss: Schreib 13 auf eine deiner offenen Karten und verlier 1 Punkt.',
        ],
      },
      {
        title: 'Wertung und Ende',
        paragraphs: [
          'Das Spiel endet, wenn alle ihre fünf Karten eingetragen haben.',
          'Dein Ergebnis sind deine Würfe insgesamt minus deine Punkte (ein negativer Punktestand kommt dazu). Das niedrigste Ergebnis gewinnt. Bei Gleichstand gewinnen weniger Würfe; bleibt es gleich, wird der Platz geteilt.',
          'Alles ist offen: die Karten, die Würfel, die Punkte und Einträge aller.',
        ],
      },
      {
        title: 'Tisch-Optionen',
        paragraphs: [
          'Beiseitegelegte Würfel sperren: Ab dem zweiten Wurf bleibt jeder Würfel, den du nicht neu wirfst, für den Rest des Zugs beiseite und kann nicht mehr geworfen werden. Mit Punkten ändern kannst du ihn weiterhin.',
          'Automatisch eintragen: Sobald deine Würfel eine deiner offenen Karten ergeben, musst du eintragen (Würfeln oder Schluss geht dann nicht mehr). Punkte ausgeben, um vorher zu ändern, darfst du weiterhin.',
        ],
      },
      {
        title: 'Unsere Entscheidungen',
        paragraphs: [
          'Das Auswürfeln um den Beginn bringt keine Punkte, auch wenn ein weißer Würfel ein Gesicht zeigt.',
          'Du darfst beim 13. Wurf den Schluss nehmen, auch wenn die Würfel eine Karte ergeben: Vielleicht schreibst du die 13 lieber auf eine schwere Karte und behältst eine leichte.',
          'Der Bonus für schnelles Eintragen gilt auch, wenn du Punkte für die Kombination ausgegeben hast.',
          'Eine Änderung muss den Würfel ändern; ihn auf den Wert zu setzen, den er schon zeigt, wird abgelehnt.',
          'Ein Gesicht, das eine Karte nicht verlangt, ist ein Joker, kann aber Würfel, die schon liegen, nicht aufheben: 1 1 3 Gesicht Gesicht ergibt kein Showmah (fünf verschiedene Werte), denn die zwei 1en bleiben ein Paar.',
        ],
      },
    ],
  },
};
