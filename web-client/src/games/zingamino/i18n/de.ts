// Zingamino auf Deutsch. "Zinga" (der wilde Stein und der Ausruf) bleibt wie
// veröffentlicht; Farben, Felder und Regeln sind übersetzt. Die Felder heißen
// nach den ersten zwei Buchstaben ihrer Farbe (Gr, Ge, Or, Li), weil Grün und
// Gelb denselben Anfangsbuchstaben haben.
import { count, list, pluralOf } from '../../../i18n/format';
import type { ZingaminoMessages } from './en';

const n = (v: number) => count('de', v);
/** "1 Stein", "3 Steine". */
const counted = (v: number, one: string, many: string) => `${n(v)} ${pluralOf('de', v) === 'one' ? one : many}`;
/** Aufzählung ("Ana Grün 2|3 und Ben Lila 4|4"). */
const items = (names: readonly string[]) => list('de', names);

export const de: ZingaminoMessages = {
  blurb:
    'Lege farbige Dominosteine um vier verbundene Kreise, jedes Ende passend. Wilde Zingas nehmen den Wert an, auf den sie treffen; ein geschlossener Kreis bringt +16. Wer zuerst 64 hat, gewinnt.',

  colours: { 0: 'Grün', 1: 'Gelb', 2: 'Orange', 3: 'Lila' },
  letters: { 0: 'Gr', 1: 'Ge', 2: 'Or', 3: 'Li' },
  circles: { 0: 'Kreis Grün', 1: 'Kreis Gelb', 2: 'Kreis Orange', 3: 'Kreis Lila' },
  zinga: (p) => `Zinga ${p.colour}`,
  zingaMark: '★ Z',

  table: {
    label: 'Zingamino-Tisch',
    waiting: 'Warten auf den Tisch …',
    drawing: 'Startspieler wird gezogen …',
    dealing: (p) => `Austeilen: ${p.name} beginnt`,
    dealingYou: 'Austeilen: Du beginnst',
    digging: 'Nichts passt: ziehe nach …',
    mustDig: 'Du bist dran: nichts passt, zieh nach',
    mustPass: 'Du bist dran: nichts passt, passe',
    yourOpening: 'Dein Eröffnungszug',
    yourTurn: 'Du bist dran: leg einen Stein',
    theirOpening: (p) => `Eröffnungszug von ${p.name}`,
    theirTurn: (p) => `${p.name} ist dran`,
    finished: 'Der Endstand',
    round: 'Runde',
    bag: 'Beutel:',
    bagTitle: 'Steine im Beutel',
    firstTo: 'Ziel:',
    openingYou: 'Eröffnungszug: Leg einen Pasch oder eine Zinga auf ein leeres Quadrat ihrer Farbe.',
    opening: (p) => `Eröffnungszug von ${p.name}: einen Pasch oder eine Zinga auf ein leeres Quadrat ihrer Farbe legen.`,
    keySquare: 'Zinga-/Pasch-Quadrat',
    keyBridge: 'Brücke',
    keyZinga: 'Zinga (? = noch offen)',
    zoom: 'Ansicht',
    zoomAll: 'Alles',
    zoomAllLabel: 'Alles: das ganze Spielbrett',
    zoomTo: (p) => `${p.circle} vergrößern`,
    yourTiles: 'Deine Steine',
    handNote: (p) => `${counted(p.tiles, 'Stein', 'Steine')} · für die anderen verdeckt`,
    diggingNow: 'Nichts auf deiner Hand passt: du ziehst aus dem Beutel …',
    digWhy: 'Nichts auf deiner Hand passt: zieh aus dem Beutel, bis ein Stein passt.',
    digWhyOpening: 'Nichts auf deiner Hand passt auf ein Eröffnungsquadrat: zieh aus dem Beutel, bis ein Stein passt.',
    dig: 'Nachziehen',
    passWhy: 'Nichts passt und der Beutel ist leer.',
    pass: 'Passen',
    hintPick: 'Tippe einen Stein an, dann ein blaues Feld auf dem Brett.',
    hintPlaces: (p) => `${p.tile}: Tippe ein blaues Feld an (${counted(p.places, 'Feld', 'Felder')}).`,
    unfit: (p) => `${p.tile} (passt gerade nicht)`,
    noTiles: 'Keine Steine auf der Hand.',
    flip: '⇄ Enden tauschen',
    declareLabel: 'Wert der Zinga festlegen',
    declareHow: (p) => `Deine Zinga trifft auf ${p.space} eine offene Zinga: Nenne den Wert, den beide annehmen.`,
    cancel: 'Abbrechen',
    sending: 'Wird gesendet …',
    players: 'Spieler',
    toOpen: 'eröffnet noch',
    toOpenTitle: 'Hatte in dieser Runde noch keinen Eröffnungszug',
    handSizeTitle: 'Steine auf der Hand',
    tilesUnit: (p) => (pluralOf('de', p.tiles) === 'one' ? 'Stein' : 'Steine'),
    scoreTitle: 'Punkte',
    pointsUnit: (p) => (pluralOf('de', p.points) === 'one' ? 'Pkt.' : 'Pkte.'),
    scores: 'Punktestand',
    scoresAfter: (p) => `Punktestand nach ${counted(p.rounds, 'Runde', 'Runden')}`,
    roundHands: (p) => `Runde ${n(p.round)}: Hände`,
    logTitle: 'Was passiert ist',
  },

  board: {
    label: 'Das Zingamino-Brett',
    closed: 'geschlossen ✓',
    bridge: (p) => `Brücke ${p.from}–${p.to}`,
    square: (p) => `${p.space} (Zinga-/Pasch-Quadrat)`,
    squareMark: 'Z/P',
    target: (p) => `Auf ${p.space} in ${p.circle} legen, zeigt ${p.shows}, neben ${list('de', p.names)}`,
    targetSquare: (p) => `Auf ${p.space}, ein Zinga-/Pasch-Quadrat, in ${p.circle} legen, zeigt ${p.shows}, neben ${list('de', p.names)}`,
    targetAlone: (p) => `Auf ${p.space} in ${p.circle} legen, zeigt ${p.shows}, neben keinem Stein`,
    targetSquareAlone: (p) => `Auf ${p.space}, ein Zinga-/Pasch-Quadrat, in ${p.circle} legen, zeigt ${p.shows}, neben keinem Stein`,
  },

  round: {
    wentOut: 'ausgespielt',
    lowest: 'niedrigste Hand',
    noTiles: 'keine Steine übrig',
    hand: 'Hand',
    collected: 'kassiert',
    bonus: 'Kreisbonus',
    total: 'gesamt',
    inPlayTitle: 'Kreisboni in der laufenden Runde',
  },

  final: {
    roundPoints: (p) => `Runde ${n(p.round)}: ${n(p.points)}`,
    noRounds: 'keine Runden',
    bonuses: (p) => `Kreisboni ${n(p.points)}`,
    note: (p) =>
      `Wer ${n(p.target)} erreicht, beendet das Spiel; die höchste Summe gewinnt. Die Punkte einer Runde sind die kassierten Hände plus Kreisboni (+16 für den 16. Stein eines Kreises). ${counted(p.rounds, 'Runde', 'Runden')} gespielt.`,
    roundDetails: (p) => `Runde ${n(p.round)}: Hände und Punkte`,
  },

  options: {
    legend: 'Optionen',
    before: 'Keine Optionen: gespielt wird bis',
    points: (p) => `${n(p.points)} Punkte`,
    after: (p) => `, ${n(p.min)}–${n(p.max)} Spieler. Jede Runde beginnt mit leerem Brett; wer eine Runde gewinnt, beginnt die nächste.`,
  },

  log: {
    you: 'Du',
    gameOver: (p) => `Runde ${n(p.round)}: Ein Kreisbonus bringt ${p.name} auf ${n(p.total)}: Das Spiel endet sofort`,
    gameOverYou: (p) => `Runde ${n(p.round)}: Ein Kreisbonus bringt dich auf ${n(p.total)}: Das Spiel endet sofort`,
    zinga: (p) => `ZINGA! ${p.name} legt den letzten Stein und kassiert ${counted(p.points, 'Punkt', 'Punkte')} (Runde ${n(p.round)})`,
    zingaYou: (p) => `ZINGA! Du legst deinen letzten Stein und kassierst ${counted(p.points, 'Punkt', 'Punkte')} (Runde ${n(p.round)})`,
    blocked: (p) =>
      `Runde ${n(p.round)} blockiert: ${p.name} hat die niedrigste Hand (${n(p.value)}) und kassiert ${counted(p.points, 'Punkt', 'Punkte')}`,
    blockedYou: (p) =>
      `Runde ${n(p.round)} blockiert: Du hast die niedrigste Hand (${n(p.value)}) und kassierst ${counted(p.points, 'Punkt', 'Punkte')}`,
    blockedTie: (p) =>
      `Runde ${n(p.round)} blockiert: ${list('de', p.names)} teilen sich die niedrigste Hand und kassieren je ${counted(p.points, 'Punkt', 'Punkte')}`,
    startDraw: (p) => `Ziehen um den Start: ${items(p.names)}`,
    startTie: (p) => `Gleichstand beim höchsten Stein, neu ziehen: ${items(p.names)}`,
    reach: (p) => `${p.name} kann nichts legen und greift in den Beutel`,
    reachYou: 'Du kannst nichts legen und greifst in den Beutel',
    dealtOne: (p) => `Runde ${n(p.round)}, Austeilen: ${p.name} bekommt einen Stein${p.tile}`,
    dealtOneYou: (p) => `Runde ${n(p.round)}, Austeilen: Du bekommst einen Stein${p.tile}`,
    deal: (p) => `Runde ${n(p.round)}: ${p.name} beginnt; je ${counted(p.tiles, 'Stein', 'Steine')} ausgeteilt`,
    dealYou: (p) => `Runde ${n(p.round)}: Du beginnst; je ${counted(p.tiles, 'Stein', 'Steine')} ausgeteilt`,
    dugOne: (p) => `${p.name} zieht einen Stein aus dem Beutel${p.tile}`,
    dugOneYou: (p) => `Du ziehst einen Stein aus dem Beutel${p.tile}`,
    dug: (p) => `${p.name} zieht ${counted(p.tiles, 'Stein', 'Steine')} aus dem Beutel`,
    dugYou: (p) => `Du ziehst ${counted(p.tiles, 'Stein', 'Steine')} aus dem Beutel`,
    dugShown: (p) => `${p.name} zieht ${counted(p.tiles, 'Stein', 'Steine')} aus dem Beutel: ${items(p.names)}`,
    dugShownYou: (p) => `Du ziehst ${counted(p.tiles, 'Stein', 'Steine')} aus dem Beutel: ${items(p.names)}`,
    placed: (p) => `${p.name} legt ${p.tile} auf ${p.space}`,
    placedYou: (p) => `Du legst ${p.tile} auf ${p.space}`,
    placedZinga: (p) => `${p.name} legt ${p.tile} auf ${p.space}, als ${p.values}`,
    placedZingaYou: (p) => `Du legst ${p.tile} auf ${p.space}, als ${p.values}`,
    closed: (p) => `${p.name} schließt ${p.circle}: +16!`,
    closedYou: (p) => `Du schließt ${p.circle}: +16!`,
    passed: (p) => `${p.name} passt: nichts passt und der Beutel ist leer`,
    passedYou: 'Du passt: nichts passt und der Beutel ist leer',
  },

  confirm: {
    place: 'Diesen Stein hierhin legen? Das lässt sich nicht zurücknehmen.',
  },

  rules: {
    summary:
      'Lege farbige Dominosteine um vier verbundene Kreise, sodass jedes berührte Ende passt. Leere deine Hand, um die Punkte in den Händen aller anderen zu kassieren; wer einen Kreis schließt, bekommt +16. Wer zuerst 64 Punkte erreicht, gewinnt.',
    sections: [
      {
        title: 'Das Material',
        paragraphs: [
          '64 Dominosteine in vier Farben (Grün, Gelb, Orange, Lila). Jede Farbe hat die 15 Steine von 0|0 bis 4|4 und eine wilde Zinga.',
          'Das Brett hat vier Kreise mit je 16 Feldern, einen pro Farbe, verbunden durch vier Brücken. Jedes vierte Feld ist ein Quadrat nur für Pasche und Zingas; die Quadrate an den Brücken liegen einander gegenüber.',
          'Wert der Hand: die Augen deiner Steine; eine Zinga zählt 16.',
        ],
      },
      {
        title: 'Vorbereitung',
        paragraphs: [
          'Alle ziehen einen Stein; der höchste Wert beginnt. Bei Gleichstand um den höchsten Wert ziehen alle noch einmal. Die Steine kommen zurück in den Beutel.',
          'Alle bekommen 8 Steine, ausgeteilt in zwei Vierern, beginnend beim Startspieler. Deine Hand ist geheim. Gespielt wird im Uhrzeigersinn.',
        ],
      },
      {
        title: 'Dein Zug',
        paragraphs: [
          'Eröffnung: In deinem ersten Zug jeder Runde legst du einen Pasch oder eine Zinga auf ein leeres Quadrat ihrer Farbe. Der Stein muss nichts berühren, aber alles, was er berührt, muss passen.',
          'Danach legst du jeden Zug einen Stein. Er muss in seine eigene Farbe, einen schon liegenden Stein berühren (entlang des Kreises oder über eine Brücke), und jedes Ende, das er berührt, muss passen. Pasche dürfen auf Quadrate oder normale Felder; Quadrate nehmen nur Pasche und Zingas.',
          'Kannst du nichts legen, ziehst du nach: Tippe auf Nachziehen, und es kommen Steine aus dem Beutel, bis einer passt, den du dann legen musst. Ist der Beutel leer, passt du. Kannst du legen, darfst du weder passen noch nachziehen.',
        ],
      },
      {
        title: 'Zingas',
        paragraphs: [
          'Eine Zinga nimmt den Wert dessen an, was sie berührt. Auf einem Quadrat muss alles, was sie berührt, denselben Wert zeigen, sonst darf sie dort nicht hin (ein Blockadezug). Auf einem normalen Feld dürfen ihre beiden Enden verschieden sein, etwa 1|3.',
          'Ein Ende an einem leeren Feld bleibt offen; der nächste Stein, der daran gelegt wird, legt seinen Wert fest. Einmal festgelegt, behält die Zinga diesen Wert.',
          'Wird eine Zinga an das offene Ende einer anderen Zinga gelegt, nennt der Spieler den Wert (0–4).',
        ],
      },
      {
        title: 'Wertung',
        paragraphs: [
          'Wer einen Kreis schließt (sein 16. Feld füllt), bekommt sofort +16, egal wer die anderen Steine gelegt hat.',
          '„Zinga!“: Legst du deinen letzten Stein, endet die Runde und du kassierst den Gesamtwert aller anderen Hände. Du beginnst die nächste Runde.',
          'Blockiert: Ist der Beutel leer und passen alle nacheinander, endet die Runde. Die niedrigste Hand kassiert die anderen Hände. Teilen sich mehrere die niedrigste Hand, teilen sie die anderen Hände, abgerundet.',
          'Jede neue Runde beginnt mit leerem Brett und allen 64 Steinen im Beutel.',
        ],
      },
      {
        title: 'Das Ende',
        paragraphs: [
          'Sobald jemand 64 Punkte erreicht, endet das Spiel – auch mitten in einer Runde, durch einen Kreisbonus. Die höchste Summe gewinnt; bei gleicher Summe teilt man sich den Platz.',
        ],
      },
      {
        title: 'Unsere Auslegungen',
        paragraphs: [
          'Die Eröffnung gilt in jeder Runde, nicht nur in der ersten. Musst du während deiner Eröffnung passen (leerer Beutel), entfällt sie und du spielst ab dann normale Züge.',
          'Ziehst du nach, legst du den Stein, den du gerade gezogen hast.',
          'Nach einer blockierten Runde mit Gleichstand beginnt der Gleichstehende, der vom Startspieler dieser Runde aus im Uhrzeigersinn am nächsten sitzt (der Startspieler zählt zuerst).',
          'Schließt ein Zug einen Kreis und leert deine Hand, zählen zuerst die +16; erreichst du damit 64, endet das Spiel dort und die Hände werden nicht kassiert.',
          'Alle sehen, wenn jemand nachzieht, aber nicht welchen Stein.',
        ],
      },
    ],
  },
};
