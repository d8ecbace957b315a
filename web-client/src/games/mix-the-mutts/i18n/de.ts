// Mix-the-Mutts auf Deutsch. Die Rassennamen bleiben wie gedruckt (Poodle,
// Beagle, …); alles, was über sie gesagt wird, ist übersetzt.
import { count, list, pluralOf } from '../../../i18n/format';
import type { MtmMessages } from './en';

const n = (v: number) => count('de', v);
/** „1 Karte“, „3 Karten“. */
const counted = (v: number, one: string, many: string) => `${n(v)} ${pluralOf('de', v) === 'one' ? one : many}`;
const and = (names: readonly string[]) => list('de', names);
const cards = (v: number) => counted(v, 'Karte', 'Karten');
const combos = (v: number) => counted(v, 'neue Kombi', 'neue Kombis');
const tiles = (v: number) => counted(v, 'Plättchen', 'Plättchen');

export const de: MtmMessages = {
  blurb: 'Lege Sechseck-Plättchen mit Köpfen und Schwänzen aneinander und werte die Mischlinge, die dabei entstehen, mit passenden Karten aus deiner Hand.',

  you: 'Du',
  youObject: 'dich',

  dirs: { 0: 'Osten', 1: 'Nordosten', 2: 'Nordwesten', 3: 'Westen', 4: 'Südwesten', 5: 'Südosten' },

  units: {
    cards: (p) => cards(p.n),
    points: (p) => counted(p.n, 'Punkt', 'Punkte'),
    pts: (p) => `${n(p.n)} Pkt.`,
    cardWord: (p) => (pluralOf('de', p.n) === 'one' ? 'Karte' : 'Karten'),
    ptWord: () => 'Pkt.',
  },

  part: {
    head: (p) => `${p.breed}-Kopf`,
    tail: (p) => `${p.breed}-Schwanz`,
  },

  combo: {
    purebred: (p) => `reinrassiger ${p.breed}`,
    mixed: (p) => `${p.head}-Kopf + ${p.tail}-Schwanz`,
    ref: (p) => `Kombi ${n(p.n)}`,
    refWith: (p) => `Kombi ${n(p.n)} (${p.text})`,
    newCombos: (p) => combos(p.n),
  },

  chip: {
    title: (p) => `${p.name} · ${counted(p.n, 'Punkt', 'Punkte')} pro Karte`,
    junior: '1 Karte',
  },

  table: {
    label: 'Mix-the-Mutts-Tisch',
    waiting: 'Warte auf den Tisch …',
    settingUp: 'Der Tisch wird aufgebaut …',
    yourTurn: 'Du bist dran',
    theirTurn: (p) => `${p.name} ist dran`,
    windowYours: 'Wertung – deine Antwort',
    window: 'Wertung',
    finished: 'Der Tisch am Ende',
    pileTitle: 'Karten im Nachziehstapel',
    pile: 'Stapel:',
    tilesTitle: 'Verdeckte Plättchen unter dem offenen',
    tilesLeft: 'Plättchen übrig:',
    onTable: 'Ausgelegt:',
    junior: 'Junior-Wertung',
    legendHead: 'rundes Gesicht = Kopf',
    legendTail: 'Ringelschwanz = Schwanz',
    legendCombo: 'neue Kombis, nummeriert',
    shuffling: 'Plättchen werden gemischt und Karten verteilt …',
    sending: 'Wird gesendet …',
  },

  next: {
    label: 'Nächstes Plättchen',
    tile: (p) => `Nächstes Plättchen ${p.tile}`,
    under: (p) => `Darunter liegen noch ${tiles(p.n)} verdeckt.`,
    theyChoose: (p) => `${p.name} legt es an oder zieht zwei Karten.`,
    away: (p) => `(${p.name} ist gerade weg.)`,
  },

  place: {
    makes: (p) => `Hier ergibt es ${combos(p.n)}:`,
    youHold: 'du hast die Karten',
    hint: 'Tippe auf ein leuchtendes Feld, um das Plättchen dort auszuprobieren (es muss zwei Plättchen berühren).',
    bar: 'Plättchen legen',
    youCanScore: 'du kannst werten',
    rotation: 'Drehung',
    rotateLabel: 'Um 120 Grad drehen',
    rotate: 'Drehen',
    confirm: 'Hier anlegen',
    chooseFirst: 'Erst ein Feld wählen',
    cancel: 'Abbrechen',
    or: 'oder',
    drawTwo: 'Zwei Karten ziehen',
    pileEmpty: 'Der Stapel ist leer: du musst anlegen.',
    inPile: (p) => `${cards(p.n)} im Stapel`,
  },

  players: {
    active: 'am Zug:',
    you: '(du)',
    cardsScored: 'Gewertete Karten',
    points: 'Punkte',
    inHand: (p) => `${cards(p.n)} auf der Hand`,
    scored: (p) => `${cards(p.n)} gewertet`,
    answered: 'hat geantwortet',
    deciding: 'überlegt …',
    stack: 'Wertungsstapel',
  },

  board: {
    label: (p) => `Das Spielfeld: ${tiles(p.n)}`,
    labelOpen: (p) => `Das Spielfeld: ${tiles(p.n)}, ${n(p.open)} Felder zum Anlegen`,
    zoomIn: 'Vergrößern',
    fit: 'Ganzes Feld',
    here: 'Hier anlegen',
    nextTo: (p) => `Neben ${p.tile} anlegen, berührt ${tiles(p.n)}`,
    between: (p) => `Zwischen ${and(p.names)} anlegen, berührt ${tiles(p.n)}`,
  },

  claim: {
    title: 'Wertung',
    made: (p) => `${p.name} hat ${combos(p.n)} gebildet. Alle dürfen gleichzeitig und geheim werten.`,
    youMade: (p) => `Du hast ${combos(p.n)} gebildet. Alle dürfen gleichzeitig und geheim werten.`,
    answered: 'hat geantwortet',
    deciding: 'überlegt',
    countdown: 'danach zählen fehlende Antworten als Passen',
    newCombos: 'Neue Kombis',
    autoPass: 'Für mich passen, wenn ich nichts werten kann',
    autoPassNote: '(die anderen sehen dann sofort, dass du nichts hattest)',
    waitingFor: (p) => `Warte, bis ${counted(p.n, 'Person', 'Personen')} entschieden haben …`,
    answeredWaiting: 'Geantwortet – warte auf die anderen.',
    passedForYou: 'Für dich gepasst: nichts zu werten.',
    youPassed: 'Du hast gepasst.',
    youClaimed: (p) => `Du wertest ${and(p.names)}. Alle Wertungen werden gezeigt, wenn alle geantwortet haben.`,
    hintActive: {
      before: 'Dein Plättchen: werte ',
      strong: 'beliebig viele',
      after: ' dieser Kombis, je zwei Karten, keine Karte doppelt.',
    },
    hintOther: {
      before: 'Werte ',
      strong: 'eine',
      after: ' Kombi mit zwei Karten aus deiner Hand, oder passe.',
    },
    twoOf: (p) => `zwei ${p.breed}`,
    aAndA: (p) => `einen ${p.head} und einen ${p.tail}`,
    selected: (p) => `Gewählt – ${p.pair} aus deiner Hand`,
    cannot: (p) => `Geht nicht: ${p.why}`,
    needsTwo: (p) => `braucht zwei ${p.breed}`,
    needsSecond: (p) => `braucht einen zweiten ${p.breed}`,
    aBreed: (p) => `einen ${p.breed}`,
    needs: (p) => `braucht ${and(p.names)}`,
    used: 'Diese Karten sind schon für eine andere Wahl verplant',
    youHave: (p) => `Du hast ${p.what}`,
    submit: 'Wertung abgeben',
    claimN: (p) => `${counted(p.n, 'Kombi', 'Kombis')} werten (+${p.gain})`,
    pass: 'Passen',
    passNothing: 'Passen – nichts zu werten',
  },

  hand: {
    label: 'Deine Hand',
    title: 'Deine Hand',
    over: 'Karten auf der Hand zählen nichts',
    worth: (p) => `gewertet ${p.gain} wert`,
    noneLeft: 'Keine Karten mehr.',
    none: 'Keine Karten. Zieh in deinem Zug zwei, um welche zu bekommen.',
  },

  final: {
    none: 'Keine Karten gewertet.',
    juniorNote: 'Junior-Wertung: Die meisten Karten im Wertungsstapel gewinnen; bei Gleichstand teilt man sich den Sieg.',
    note: 'Jede Karte zählt die Punkte ihrer Rasse (Poodle 1 … Chihuahua 8); die meisten Punkte gewinnen, bei Gleichstand teilt man sich den Sieg. Karten auf der Hand zählen nichts.',
  },

  options: {
    legend: 'Optionen',
    junior: 'Junior-Wertung',
    juniorNote: 'Zähle die Karten in deinem Wertungsstapel statt ihrer Punkte – dann glänzen die häufigen Rassen.',
    first: 'Wer beginnt',
    firstNote: 'Laut Regel beginnt die jüngste Person.',
    random: 'Zufällig',
    seatOf: (p) => `${p.name} (Platz ${n(p.seat)})`,
    seat: (p) => `Platz ${n(p.seat)}`,
    seatHost: (p) => `Platz ${n(p.seat)} (du, der Gastgeber)`,
    nobody: (p) => `Auf Platz ${n(p.seat)} sitzt noch niemand.`,
    timer: 'Antwortzeit',
    timerNote:
      'Wie lange alle nach dem Anlegen eines Plättchens Zeit zum Werten haben; eine fehlende Antwort zählt als Passen. Ohne Einstellung hier entscheidet die Zugzeit des Raums.',
    timerOff: 'Wie die Zugzeit (aus: auf alle warten)',
    seconds: (p) => counted(p.n, 'Sekunde', 'Sekunden'),
  },

  log: {
    cardList: (p) => and(p.names),
    scored: (p) => `${p.name} wertet ${p.what} mit ${p.cards}: +${p.gain}`,
    youScored: (p) => `Du wertest ${p.what} mit ${p.cards}: +${p.gain}`,
    passed: (p) => `Gepasst: ${and(p.names)}`,
    timeRanOut: (p) => `Zeit abgelaufen für ${and(p.names)}: keine Wertung`,
    setupTile: (p) => `Aufbau: Plättchen ${p.tile} liegt auf dem Tisch`,
    tileRevealed: (p) => `Nächstes Plättchen aufgedeckt: ${p.tile}`,
    first: (p) => `${p.name} beginnt`,
    youFirst: 'Du beginnst',
    drewCard: (p) => `${p.name} zieht eine Karte`,
    youDrewCard: 'Du ziehst eine Karte',
    dealtCard: (p) => `${p.name} bekommt eine Karte`,
    youDealtCard: 'Du bekommst eine Karte',
    drewCardShown: (p) => `${p.name} zieht eine Karte: ${p.card}`,
    youDrewCardShown: (p) => `Du ziehst eine Karte: ${p.card}`,
    dealtCardShown: (p) => `${p.name} bekommt eine Karte: ${p.card}`,
    youDealtCardShown: (p) => `Du bekommst eine Karte: ${p.card}`,
    drew: (p) => `${p.name} zieht ${p.what}`,
    youDrew: (p) => `Du ziehst ${p.what}`,
    dealt: (p) => `${p.name} bekommt ${p.what}`,
    youDealt: (p) => `Du bekommst ${p.what}`,
    choseDrawTwo: (p) => `${p.name} zieht lieber zwei Karten`,
    youChoseDrawTwo: 'Du ziehst lieber zwei Karten',
    drewTwo: (p) => `${p.name} zieht zwei Karten`,
    youDrewTwo: 'Du ziehst zwei Karten',
    connected: (p) => `${p.name} legt Plättchen ${p.tile} an, ${combos(p.n)}: ${p.combos}`,
    youConnected: (p) => `Du legst Plättchen ${p.tile} an, ${combos(p.n)}: ${p.combos}`,
    answered: (p) => `${p.name} hat geantwortet`,
    youAnswered: 'Du hast geantwortet',
    closed: 'Wertung beendet – die Wertungen:',
    lastClosed: 'Letzte Wertung – die Wertungen:',
  },

  confirm: {
    move: 'Diesen Zug machen? Er lässt sich nicht zurücknehmen.',
  },

  rules: {
    summary:
      'Legt abwechselnd Sechseck-Plättchen so an, dass Hundeköpfe auf Hundeschwänze treffen. Jedes neue Aufeinandertreffen ergibt einen Mischling, und wer die zwei passenden Rassenkarten hat, darf ihn werten. Seltene Rassen sind mehr wert; nach dem letzten Plättchen gewinnt die höchste Punktzahl.',
    sections: [
      {
        title: 'Spielmaterial',
        paragraphs: [
          '72 Rassenkarten in acht Rassen. Seltenere Rassen haben weniger Karten und sind mehr wert: Poodle 1, Beagle 2, Pug 3, Dachshund 4, Schnauzer 5, Pomeranian 6, Dalmatian 7, Chihuahua 8.',
          '12 Sechseck-Plättchen. Jedes hat sechs Kanten, abwechselnd Hundeköpfe und Hundeschwänze. Plättchen treffen immer Kopf an Schwanz aufeinander.',
        ],
      },
      {
        title: 'Aufbau',
        paragraphs: [
          'Zwei Plättchen liegen zu Beginn nebeneinander auf dem Tisch (ihr Aufeinandertreffen wird nie gewertet). Das nächste Plättchen wird aufgedeckt; alle sehen es.',
          'Alle bekommen 4 Karten; der Rest ist der Nachziehstapel. Deine Hand ist geheim.',
          'Der Gastgeber kann bestimmen, wer beginnt; sonst wird es ausgelost. Gespielt wird im Uhrzeigersinn.',
        ],
      },
      {
        title: 'Dein Zug',
        paragraphs: [
          'Mach eines von zwei Dingen:',
          'Anlegen: Lege das offene Plättchen auf ein leeres Feld, das mindestens zwei Plättchen auf dem Tisch berührt. Du darfst es drehen, aber nur so, dass weiter Köpfe auf Schwänze treffen. Jede Kante, an der es ein Plättchen berührt, ist eine neue Kombi: eine Kopf-Rasse und eine Schwanz-Rasse.',
          'Zwei ziehen: Nimm zwei Karten vom Stapel. Das offene Plättchen bleibt für die nächste Person liegen. Ist der Stapel leer, musst du anlegen.',
        ],
      },
      {
        title: 'Kombis werten',
        paragraphs: [
          'Nach jedem Anlegen antworten alle (auch wer angelegt hat) einmal und geheim: Kombis werten oder passen.',
          'Um eine Kombi zu werten, spielst du zwei Karten aus deiner Hand: eine der Kopf-Rasse und eine der Schwanz-Rasse. Für eine reinrassige Kombi (auf beiden Seiten dieselbe Rasse) spielst du zwei Karten dieser Rasse.',
          'Wer angelegt hat, darf beliebig viele der neuen Kombis werten, jede einmal, mit verschiedenen Karten. Alle anderen dürfen höchstens eine werten.',
          'Mehrere Personen dürfen dieselbe Kombi werten, jede mit eigenen Karten.',
          'Wenn alle geantwortet haben, werden alle Wertungen gleichzeitig gezeigt, und die gewerteten Karten kommen offen auf den Wertungsstapel ihrer Besitzer. Dann wird das nächste Plättchen aufgedeckt und es geht weiter.',
          'Es gibt eine Antwortzeit (60 Sekunden, wenn der Gastgeber nichts anderes einstellt). Wer bis zum Ablauf nicht geantwortet hat, passt.',
        ],
      },
      {
        title: 'Das Ende',
        paragraphs: [
          'Das Spiel endet, wenn das zehnte Plättchen angelegt ist und seine Wertungen abgerechnet sind.',
          'Deine Punktzahl ist der Gesamtwert der Karten in deinem Wertungsstapel. Karten auf der Hand zählen nichts. Die höchste Punktzahl gewinnt; bei Gleichstand teilt man sich den Platz.',
          'Junior-Wertung (eine Option): Jede gewertete Karte ist 1 wert, egal welche Rasse.',
        ],
      },
      {
        title: 'Unsere Regelauslegung',
        paragraphs: [
          'Nur Kanten, die das gerade gelegte Plättchen bildet, sind neue Kombis. Eine Kombi mit denselben Rassen wie eine frühere zählt trotzdem.',
          'Du legst immer das offene Plättchen; ein anderes kannst du nicht wählen.',
          'Es gibt kein Handkartenlimit, und gewertete Karten kommen nie zurück in den Stapel.',
          'Deine Antwort gilt, sobald du sie gegeben hast. Die anderen sehen nur, dass du geantwortet hast, nicht was, bis alle geantwortet haben.',
          'Handkarten werden nie gezeigt, auch nicht am Ende.',
          'Die Wertungen der letzten Runde bleiben bis zur nächsten Wertung sichtbar.',
        ],
      },
    ],
  },
};
