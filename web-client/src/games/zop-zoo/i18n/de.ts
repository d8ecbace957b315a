// Zop Zoo auf Deutsch. Die Tiernamen und die benannten schwarzen Karten
// (BEAST, BEST BEAST, MOLE, HYENA, RACCOON, EARTHWORM) bleiben, wie sie
// gedruckt sind; Kategorien und Kartenarten sind übersetzt: PUNKTE-Karte,
// Minuskarte, Anti-Minus-Karte, Seitenbonus, obere und untere Hälfte.
import { list } from '../../../i18n/format';
import { en, type ZopZooMessages } from './en';
import { num, signedNum } from './numbers';

const n = (v: number) => num('de', v);
const sp = (v: number) => signedNum('de', v);
/** "1 Karte", "3 Karten". */
const counted = (v: number, one: string, many: string) => `${n(v)} ${v === 1 ? one : many}`;
const units = (names: readonly string[]) => new Intl.ListFormat('de', { type: 'unit', style: 'short' }).format(names);

export const de: ZopZooMessages = {
  blurb:
    'Das Zoo-Kartenspiel von Doc Colour: Deck jedes Tier deiner Reihe mit seiner PUNKTE-Karte ab, verbinde Hälften, weich Minuskarten aus und grab, gib, nimm oder tausch mit MOLE, HYENA, RACCOON und EARTHWORM. Wer zuerst 800 hat, gewinnt.',

  animals: en.animals,

  categories: {
    mammal: 'SÄUGETIER',
    ocean: 'OZEAN',
    bird: 'VOGEL',
    insect: 'INSEKT',
    semi_aquatic: 'HALB IM WASSER',
    horns: 'HÖRNER',
    reptile: 'REPTIL',
    marsupial: 'BEUTELTIER',
    arachnid: 'SPINNENTIER',
    mythical: 'FABELWESEN',
  },
  categoryCodes: {
    mammal: 'SÄUG',
    ocean: 'OZEAN',
    bird: 'VOGEL',
    insect: 'INSEKT',
    semi_aquatic: 'WASSER',
    horns: 'HÖRNER',
    reptile: 'REPTIL',
    marsupial: 'BEUTEL',
    arachnid: 'SPINNE',
    mythical: 'FABEL',
  },

  cards: {
    category: (p) => `${p.animal} (${p.category}, Wert ${n(p.value)})`,
    lowerHalf: (p) => `${p.animal}, untere Hälfte`,
    minus: (p) => `${p.animal}, Minuskarte ${sp(p.value)}`,
    points: (p) => `${p.animal}, PUNKTE (${p.category} ${n(p.value)})`,
    upperHalf: (p) => `${p.animal}, obere Hälfte (${p.category})`,
    antiMinus: (p) => `${p.animal}, Anti-Minus ${sp(p.value)}`,
    sideBonus: (p) => `Seitenbonus ${p.category} (${p.animal} ${sp(p.value)})`,
    beast: `BEAST (${n(0)} PUNKTE)`,
    bestBeast: `BEST BEAST (${n(50)} PUNKTE)`,
    mole: 'MOLE',
    hyena: 'HYENA',
    raccoon: 'RACCOON',
    earthworm: 'EARTHWORM',
    wildName: { beast: 'BEAST', best_beast: 'BEST BEAST' },
    sideBonusItem: (p) => `Seitenbonus ${p.category}`,
  },

  tasks: {
    hyena: 'gib eine deiner PUNKTE-Karten an jemand anderen ab',
    raccoon: 'nimm jemand anderem eine PUNKTE-Karte weg',
    earthworm: 'tausch eine deiner PUNKTE-Karten gegen eine von jemand anderem',
  },

  stack: {
    minus: 'MINUSKARTE',
    minusShort: 'ABZUG',
    connect: 'VERBINDEN ½',
    connectShort: 'HÄLFTE',
    noAnti: 'noch kein Anti',
    noAntiShort: 'Minus',
    lowerHalf: 'untere Hälfte',
    lowerHalfShort: 'Hälfte',
    open: 'nicht abgedeckt',
    openShort: 'offen',
    points: (p) => `✓ PUNKTE ${n(p.value)}`,
    pointsShort: '✓ PKT',
    connected: '⇅ verbunden',
    connectedShort: '⇅ verbunden',
    anti: (p) => `✓ Anti-Minus ${sp(p.value)}`,
    antiShort: '✓ Anti',
    bestBeastShort: 'BEST BEAST',
    label: (p) => `${p.name}: ${p.band}, ${p.cover}, zeigt PUNKTE, ${n(p.points)} wert`,
    labelNoPoints: (p) => `${p.name}: ${p.band}, ${p.cover}, noch keine PUNKTE`,
    worth: (p) => `Für den Rundensieger ${n(p.points)} wert`,
    noPoints: 'Zeigt noch keine PUNKTE',
  },

  row: {
    label: (p) => `Reihe von ${p.name}`,
    you: '(du)',
    toPlay: 'am Zug',
    first: '1.',
    firstTitle: 'Diese Runde zuerst ausgeteilt',
    showingTitle: 'Karten, die PUNKTE zeigen',
    scoreTitle: 'Punktestand',
    pts: () => ' Pkt.',
    cards: 'Reihe',
    empty: 'Keine Karten.',
    sideLabel: 'Seitenbonus-Karten',
    side: 'Seite',
    bonus: (p) => `${p.shown}: Seitenbonus ${p.category} (${p.animal})`,
  },

  turn: {
    waiting: 'Warten auf den Tisch…',
    firstPlayer: 'Es wird gelost, wer zuerst bekommt…',
    dealing: { you: 'Es wird ausgeteilt, du zuerst…', other: (p) => `Es wird ausgeteilt, ${p.name} zuerst…` },
    finished: 'Der Endstand',
    takeFromDiscard: 'Du bist dran: nimm vom Ablagestapel',
    discardTask: (p) => `Du bist dran: setz ${p.card} ein`,
    digOrDraw: 'Du bist dran: graben oder ziehen',
    draw: 'Du bist dran: zieh eine Karte',
    drawing: 'Du bist dran: ziehe…',
    placeWild: (p) => `Leg dein ${p.card} ab`,
    useTask: (p) => `Setz ${p.card} ein`,
    theirDraw: (p) => `${p.name} ist dran: zieht`,
    theirWild: (p) => `${p.name} legt ein ${p.card} ab`,
    theirTask: (p) => `${p.name} setzt ${p.card} ein`,
    theirTurn: (p) => `${p.name} ist dran`,
    round: 'Runde',
    target: 'Ziel:',
  },

  table: {
    label: 'Zop-Zoo-Tisch',
    choice: 'Deine Wahl',
    takeTop: (p) =>
      `Die oberste Karte des Ablagestapels, ${p.card}, passt zu deiner Reihe: Du musst sie nehmen (und alle passenden Karten darunter). Damit endet dein Zug.`,
    takePreview: (p) => `Du nimmst ${list('de', p.names)}.`,
    take: (p) => `${p.card} nehmen`,
    draw: 'Ziehen',
    whyMatched: (p) => `Dein ${p.card} passt: Dein Zug geht weiter. Zieh die nächste Karte.`,
    whyDug: 'Dein MOLE hat gegraben: Dein Zug geht weiter. Zieh die nächste Karte.',
    whyWild: 'Dein Joker liegt: Dein Zug geht weiter. Zieh die nächste Karte.',
    whyTask: (p) => `Dein ${p.card} ist eingesetzt: Dein Zug geht weiter. Zieh die nächste Karte.`,
    whyNoMatch: 'Nichts Passendes auf dem Ablagestapel: Zieh eine Karte.',
    whyEmpty: 'Der Ablagestapel ist leer: Zieh eine Karte.',
    moleOnTop: (p) =>
      `Ein ${p.mole} liegt oben auf dem Ablagestapel. Grab (nimm jede Karte, die er holen kann; dein Zug endet) oder lass ihn liegen und zieh.`,
    digPreview: (p) => `Graben bringt ${list('de', p.names)}.`,
    digNothing: 'Graben bringt nichts.',
    dig: 'Mit dem MOLE graben',
    drawInstead: 'Lieber ziehen',
    drewWild: (p) =>
      `Du hast ein ${p.card} gezogen. Tipp eine deiner markierten Karten an, um sie abzudecken (${counted(p.choices, 'Möglichkeit', 'Möglichkeiten')}).`,
    drewBestBeast: (p) =>
      `Du hast das ${p.card} gezogen. Tipp eine deiner markierten Karten an, um sie abzudecken (${counted(p.choices, 'Möglichkeit', 'Möglichkeiten')}).`,
    drewTask: (p) => `Du hast ${p.card} gezogen: ${p.task}.`,
    liveTask: (p) => `${p.card} liegt aktiv auf dem Ablagestapel, du musst ihn einsetzen: ${p.task}.`,
    tapToGive: 'Tipp eine deiner markierten Karten an, um sie abzugeben.',
    giveTo: (p) => `Gib dein ${p.item} an:`,
    back: 'Zurück',
    tapTheirs: 'Tipp eine markierte Karte in der Reihe eines anderen an.',
    takeTheirs: (p) => `${p.item} von ${p.name} nehmen`,
    yours: (p) => `Deins: ${p.item}.`,
    tapYours: 'Tipp eine deiner markierten Karten an.',
    theirs: (p) => `Von ${p.name}: ${p.item}.`,
    tapAnotherRow: 'Tipp eine markierte Karte in einer anderen Reihe an.',
    switch: (p) => `Dein ${p.mine} gegen ${p.theirs} von ${p.name} tauschen`,
    sending: 'Wird gesendet…',
    piles: 'Stapel',
    drawPileTitle: 'Karten im Nachziehstapel',
    drawPile: 'Nachziehstapel',
    drawPileCards: (p) => (p.count === 1 ? 'Karte' : 'Karten'),
    discardPile: (p) => `Ablagestapel · ${counted(p.count, 'Karte', 'Karten')}`,
    empty: 'Leer',
    marks: { live: 'aktiv', spent: 'verbraucht', void: 'ungültig' },
    wholePile: 'Der ganze Stapel, oben zuerst',
    legendOpen: 'gestrichelt: noch nichts darauf',
    legendMatched: 'gefüllt: mit ihrer PUNKTE-Karte abgedeckt / verbunden',
    legendWild: 'unter einem BEAST oder BEST BEAST',
    legendMinus: 'Minuskarte',
    legendFoot: 'Zahl unten: was sie dem Rundensieger wert ist; — noch keine PUNKTE.',
    logTitle: 'Was passiert ist',
    nothingYet: 'Noch nichts.',
    scores: 'Punkte',
    scoresAfter: (p) => `Punkte nach ${counted(p.rounds, 'Runde', 'Runden')}`,
    pastRound: (p) => `Runde ${n(p.round)}: Reihen und Punkte`,
  },

  round: {
    noteWon: 'Der Sieger wertet jede Karte; alle anderen werten nur offene Minuskarten und Seitenbonus-Karten.',
    noteOut: 'Alle werten ihre ganze Reihe; Karten ohne etwas darauf zählen 0.',
    you: '(du)',
    won: '★ gewonnen',
    total: 'gesamt',
    matched: '✓ abgedeckt',
    nothing: 'nichts darauf',
    side: 'Seite',
    sideList: (p) => units(p.names),
    noRounds: 'Noch keine Runde beendet.',
    deckOutTitle: 'Der Nachziehstapel ist leer',
    deckOut: ' (Stapel leer)',
    wonCell: 'hat die Runde gewonnen: ',
  },

  final: {
    unit: () => 'Pkt.',
    roundPoints: (p) => `Rd. ${n(p.round)}: ${sp(p.points)}`,
    noRounds: 'keine Runden',
    wins: (p) => `${counted(p.wins, 'Runde', 'Runden')} gewonnen`,
    note: (p) =>
      `Wer zuerst ${n(p.target)} erreicht, beendet das Spiel (geprüft nach jeder Runde); die höchste Summe gewinnt, Gleichstand teilt sich den Sieg. ${counted(p.rounds, 'Runde', 'Runden')} gespielt.`,
  },

  options: {
    legend: 'Optionen',
    targetLabel: 'Zielpunktzahl',
    playTo: 'Spielen bis',
    targets: {
      standard: `Standard: ${n(800)} Punkte`,
      long: `Lang: ${n(1000)} Punkte`,
      short: `Kurz: ${n(600)} Punkte`,
    },
    when: {
      standard: 'beliebig viele Spieler',
      long: 'nur zu zweit',
      short: 'nur zu fünft oder sechst',
    },
    misfit: (p) => `${p.target} ist für ${p.when}; es sitzen ${n(p.seated)}. Die Partie startet erst, wenn der Tisch passt.`,
    first: 'Zuerst ausgeteilt',
    firstHow: 'Teilt in Runde 1 zuerst aus und spielt zuerst; spätere Runden beginnt der Sieger der letzten Runde.',
    random: 'Zufällig',
    seatOf: (p) => `${p.name} (Platz ${n(p.seat)})`,
    seat: (p) => `Platz ${n(p.seat)}`,
    seatHost: (p) => `Platz ${n(p.seat)} (du, Gastgeber)`,
    nobody: (p) => `Auf Platz ${n(p.seat)} sitzt noch niemand.`,
  },

  log: {
    join: (p) => list('de', p.names),
    you: 'Du',
    taken: (p) => `${p.card} → ${p.animal}`,
    takenSide: (p) => `${p.card} → Seitenbereich`,
    movedFromYou: (p) => `dein ${p.item} → ${p.to}`,
    movedToYou: (p) => `${p.item} von ${p.from} → dir`,
    moved: (p) => `${p.item} von ${p.from} → ${p.to}`,
    roundWon: {
      you: (p) => `Runde ${n(p.round)}: Alle deine Karten zeigen PUNKTE, du gewinnst die Runde (${sp(p.points)})`,
      other: (p) => `Runde ${n(p.round)}: Alle Karten von ${p.name} zeigen PUNKTE, ${p.name} gewinnt die Runde (${sp(p.points)})`,
    },
    roundOut: (p) => `Runde ${n(p.round)}: Der Nachziehstapel ist leer; alle werten ihre Reihe`,
    roundOutBest: (p) =>
      `Runde ${n(p.round)}: Der Nachziehstapel ist leer; alle werten ihre Reihe (am besten: ${list('de', p.names)} ${sp(p.points)})`,
    firstPlayer: {
      you: 'Du bekommst zuerst (ausgelost)',
      other: (p) => `${p.name} bekommt zuerst (ausgelost)`,
    },
    dealtCard: {
      you: (p) => `Runde ${n(p.round)}, Austeilen: Du bekommst eine Karte: ${p.card}`,
      other: (p) => `Runde ${n(p.round)}, Austeilen: ${p.name} bekommt eine Karte: ${p.card}`,
    },
    dealt: {
      you: (p) => `Runde ${n(p.round)}: ${counted(p.cards, 'Karte', 'Karten')} an alle ausgeteilt, du zuerst`,
      other: (p) => `Runde ${n(p.round)}: ${counted(p.cards, 'Karte', 'Karten')} an alle ausgeteilt, ${p.name} zuerst`,
    },
    drewCovers: {
      you: (p) => `Du ziehst ${p.card}: deckt ${p.animal} ab`,
      other: (p) => `${p.name} zieht ${p.card}: deckt ${p.animal} ab`,
    },
    drewConnects: {
      you: (p) => `Du ziehst ${p.card}: verbindet ${p.animal}`,
      other: (p) => `${p.name} zieht ${p.card}: verbindet ${p.animal}`,
    },
    drewSide: {
      you: (p) => `Du ziehst ${p.card}: kommt in den Seitenbereich`,
      other: (p) => `${p.name} zieht ${p.card}: kommt in den Seitenbereich`,
    },
    drewWild: {
      you: (p) => `Du ziehst den Joker ${p.card}: wählst eine Karte zum Abdecken`,
      other: (p) => `${p.name} zieht den Joker ${p.card}: wählt eine Karte zum Abdecken`,
    },
    drewMoleDug: {
      you: (p) => `Du ziehst einen MOLE und gräbst aus: ${p.taken}`,
      other: (p) => `${p.name} zieht einen MOLE und gräbt aus: ${p.taken}`,
    },
    drewMole: {
      you: 'Du ziehst einen MOLE',
      other: (p) => `${p.name} zieht einen MOLE`,
    },
    drewTask: {
      you: (p) => `Du ziehst ${p.card}: wählst, wen es trifft`,
      other: (p) => `${p.name} zieht ${p.card}: wählt, wen es trifft`,
    },
    drewDiscarded: {
      you: (p) => `Du ziehst ${p.card}: passt nicht, abgelegt; Zug vorbei`,
      other: (p) => `${p.name} zieht ${p.card}: passt nicht, abgelegt; Zug vorbei`,
    },
    tookFromDiscard: {
      you: (p) => `Du nimmst vom Ablagestapel: ${p.taken}`,
      other: (p) => `${p.name} nimmt vom Ablagestapel: ${p.taken}`,
    },
    dug: {
      you: (p) => `Du gräbst mit dem MOLE im Ablagestapel: ${p.taken}`,
      other: (p) => `${p.name} gräbt mit dem MOLE im Ablagestapel: ${p.taken}`,
    },
    dugNothing: {
      you: 'Du gräbst mit dem MOLE im Ablagestapel: nichts',
      other: (p) => `${p.name} gräbt mit dem MOLE im Ablagestapel: nichts`,
    },
    leftMole: {
      you: 'Du lässt den MOLE liegen und ziehst',
      other: (p) => `${p.name} lässt den MOLE liegen und zieht`,
    },
    reaches: {
      you: 'Du greifst zum Nachziehstapel',
      other: (p) => `${p.name} greift zum Nachziehstapel`,
    },
    covered: {
      you: (p) => `Du legst ${p.wild} auf ${p.base}`,
      other: (p) => `${p.name} legt ${p.wild} auf ${p.base}`,
    },
    taskUsed: {
      you: (p) => `Du setzt ${p.task} ein: ${p.moved}`,
      other: (p) => `${p.name} setzt ${p.task} ein: ${p.moved}`,
    },
    taskUsedFromDiscard: {
      you: (p) => `Du setzt ${p.task} vom Ablagestapel ein: ${p.moved}`,
      other: (p) => `${p.name} setzt ${p.task} vom Ablagestapel ein: ${p.moved}`,
    },
  },

  confirm: {
    move: 'Diesen Zug machen? Er lässt sich nicht zurücknehmen.',
    dig: 'Mit dem MOLE im Ablagestapel graben? Damit endet dein Zug.',
    cover: (p) => `Den Joker auf deinen Stapel ${p.animal} legen? Das lässt sich nicht zurücknehmen.`,
    give: (p) => `Diese Karte an ${p.name} geben? Das lässt sich nicht zurücknehmen.`,
    take: (p) => `Diese Karte von ${p.name} nehmen? Das lässt sich nicht zurücknehmen.`,
    switch: (p) => `Karten mit ${p.name} tauschen? Das lässt sich nicht zurücknehmen.`,
  },

  rules: {
    summary:
      'Du bekommst eine Reihe aus sechs weißen Tierkarten. In deinem Zug nimmst du eine passende Karte vom Ablagestapel oder ziehst schwarze Karten und deckst jedes Tier mit seiner PUNKTE-Karte ab, bis eine Karte nicht passt. Wer zuerst alle Tiere abgedeckt hat, gewinnt die Runde; wer zuerst 800 Punkte hat, gewinnt das Spiel.',
    sections: [
      {
        title: 'Spielmaterial',
        paragraphs: [
          'Weiße Karten (deine Reihe): Kategorie-Tiere mit dem Wert ihrer Kategorie (Säugetier 10 bis Fabelwesen 60), untere Hälften, die verbunden 80 wert sind, und Minuskarten (−75 bis −100).',
          'Schwarze Karten (der Nachziehstapel): eine PUNKTE-Karte für jedes Kategorie-Tier, obere Hälften, die sich mit unteren Hälften verbinden, Anti-Minus-Karten, Seitenbonus-Karten, die Joker BEAST und ein BEST BEAST sowie MOLE, HYENA, RACCOON und EARTHWORM.',
          'Eine weiße Karte „zeigt PUNKTE“, sobald etwas auf ihr liegt. Eine Minuskarte zeigt immer PUNKTE.',
        ],
      },
      {
        title: 'Vorbereitung',
        paragraphs: [
          'Alle bekommen sechs weiße Karten offen als ihre Reihe. Alles ist offen außer der Reihenfolge des Nachziehstapels.',
          'Der Gastgeber kann bestimmen, wer zuerst bekommt; sonst wird es ausgelost. Gespielt wird im Uhrzeigersinn.',
        ],
      },
      {
        title: 'Dein Zug',
        paragraphs: [
          'Schau zuerst auf die oberste Karte des Ablagestapels. Passt sie zu einem deiner Tiere, nimm sie – und alle passenden Karten darunter, bis eine nicht passt. Das ist dein Zug.',
          'Liegt oben eine aktive HYENA, ein RACCOON oder ein EARTHWORM und du kannst ihn einsetzen, musst du es tun. Liegt oben ein MOLE, der etwas für dich holen kann, darfst du graben oder stattdessen ziehen.',
          'Nehmen, Graben oder eine Aufgabenkarte vom Ablagestapel einsetzen beendet deinen Zug.',
          'Sonst ziehst du vom schwarzen Stapel: Drück für jede Karte auf Ziehen. Eine Karte, die zu deiner Reihe passt, wird angelegt, und du ziehst noch einmal. Auch nach einem Joker, nachdem ein MOLE gegraben hat, und nach einer Aufgabenkarte ziehst du weiter. Eine Karte, die nicht passt – auch ein MOLE, der nichts holen kann, oder eine Aufgabenkarte, die du nicht einsetzen kannst –, kommt offen auf den Ablagestapel, und dein Zug endet.',
        ],
      },
      {
        title: 'Was passt',
        paragraphs: [
          'Eine PUNKTE-Karte deckt ihr eigenes Tier ab. Eine Anti-Minus-Karte deckt ihre Minuskarte ab (und macht sie zu Pluspunkten). Eine obere Hälfte verbindet sich mit einer unteren Hälfte zu einem Tier, das 80 wert ist, in der Kategorie der oberen Hälfte.',
          'Eine Seitenbonus-Karte kommt neben deine Reihe, wenn deine Reihe ihre Kategorie zeigt: ein Kategorie-Tier davon (offen oder mit seiner PUNKTE-Karte abgedeckt) oder ein verbundenes Tier davon. Eine einzelne untere Hälfte, eine Minuskarte und alles unter einem Joker zeigen keine Kategorie.',
          'BEAST und BEST BEAST sind Joker: Du wählst eine deiner nicht abgedeckten Karten, die sie abdecken. Ein BEAST ist 0 wert, ein BEST BEAST 50. Eine vom Joker abgedeckte Karte kann nicht mehr bedient werden.',
        ],
      },
      {
        title: 'MOLE, HYENA, RACCOON und EARTHWORM',
        paragraphs: [
          'Der MOLE gräbt sich durch den Ablagestapel und nimmt jede Karte, die zu dir passt. Ein gezogener MOLE gräbt von selbst, wenn er kann; danach liegt er oben auf dem Ablagestapel, wo Spätere ihn wieder nutzen können.',
          'HYENA: Gib einen deiner PUNKTE-Gegenstände an jemand anderen. RACCOON: Nimm jemandem einen weg. EARTHWORM: Tausch einen deiner gegen einen von jemand anderem. Ein PUNKTE-Gegenstand ist ein abgedeckter Stapel (er wandert ganz) oder eine Seitenbonus-Karte.',
          'Kannst du eine dieser Karten einsetzen, musst du es. Kannst du es nicht, kommt sie aktiv auf den Ablagestapel, und der Nächste muss sie einsetzen, wenn er kann. Eine Karte, die auf eine aktive gelegt wird, macht sie für den Rest der Runde ungültig.',
        ],
      },
      {
        title: 'Rundensieg und Wertung',
        paragraphs: [
          'Sobald jede Karte deiner Reihe PUNKTE zeigt, gewinnst du die Runde. Du wertest deine ganze Reihe plus deine Seitenbonus-Karten (das kann negativ sein). Alle anderen werten nur ihre offenen Minuskarten und ihre Seitenbonus-Karten.',
          'Muss gezogen werden und der Stapel ist leer, endet die Runde, und alle werten ihre ganze Reihe; nicht abgedeckte Tiere zählen 0. Wer am meisten hat, bekommt in der nächsten Runde zuerst.',
          'Der Rundensieger bekommt in der nächsten Runde zuerst.',
        ],
      },
      {
        title: 'Spielende',
        paragraphs: [
          'Hat nach einer Runde jemand das Ziel (800) erreicht, endet das Spiel. Die höchste Summe gewinnt; bei Gleichstand teilt man sich den Sieg. Wer die letzte Runde nicht gewonnen hat, kann trotzdem das Spiel gewinnen.',
          'Spielen bis (eine Option): 1000 Punkte (nur zu zweit) oder 600 Punkte (nur zu fünft oder sechst) statt 800.',
        ],
      },
      {
        title: 'Unsere Regelentscheidungen',
        paragraphs: [
          'Geben, Nehmen oder Tauschen gewinnt nie eine Runde, denn es bewegt nur Karten, die schon PUNKTE zeigen.',
          'Eine Reihe aus sechs Minuskarten gewinnt die Runde sofort.',
          'Hat ein Joker nur einen möglichen Platz oder eine Aufgabenkarte nur einen Einsatz, triffst du die Wahl trotzdem selbst.',
          'Eine Minuskarte, die du bekommst, kann mit ihrer Anti-Minus-Karte oder einem Joker abgedeckt werden.',
          'Eine mit Anti-Minus abgedeckte Minuskarte ist für alle, die die Runde nicht gewonnen haben, 0 wert.',
          'Ist der Stapel leer und steht es beim höchsten Ergebnis unentschieden, geht der Vorrang an den Gleichstehenden, der im Uhrzeigersinn am nächsten nach dem ersten Spieler dieser Runde sitzt (dieser zählt selbst zuerst).',
          'Es wird nicht neu gemischt: Ist der Nachziehstapel leer, ist die Runde vorbei.',
        ],
      },
    ],
  },
};
