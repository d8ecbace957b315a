// Zop Zoo en español. Los nombres de los animales y de las cartas negras
// con nombre (BEAST, BEST BEAST, MOLE, HYENA, RACCOON, EARTHWORM) quedan
// como están impresos; las categorías y los tipos de carta se traducen:
// carta de PUNTOS, carta Menos, ANTI-Menos, Bonus lateral, mitad superior e
// inferior. Los comodines son BEAST y BEST BEAST.
import { list } from '../../../i18n/format';
import { en, type ZopZooMessages } from './en';
import { num, signedNum } from './numbers';

const n = (v: number) => num('es', v);
const sp = (v: number) => signedNum('es', v);
/** "1 carta", "3 cartas". */
const counted = (v: number, one: string, many: string) => `${n(v)} ${v === 1 ? one : many}`;

export const es: ZopZooMessages = {
  blurb:
    'El juego de cartas del zoo de Doc Colour: cubre cada animal de tu fila con su carta de PUNTOS, une mitades, esquiva las cartas Menos y excava, da, quita o cambia con MOLE, HYENA, RACCOON y EARTHWORM. Gana quien llegue primero a 800.',

  animals: en.animals,

  categories: {
    mammal: 'MAMÍFEROS',
    ocean: 'OCÉANO',
    bird: 'AVES',
    insect: 'INSECTOS',
    semi_aquatic: 'SEMIACUÁTICOS',
    horns: 'CUERNOS',
    reptile: 'REPTILES',
    marsupial: 'MARSUPIALES',
    arachnid: 'ARÁCNIDOS',
    mythical: 'MÍTICOS',
  },
  categoryCodes: {
    mammal: 'MAMÍF',
    ocean: 'OCÉANO',
    bird: 'AVES',
    insect: 'INSECT',
    semi_aquatic: 'SEMIAC',
    horns: 'CUERNO',
    reptile: 'REPTIL',
    marsupial: 'MARSUP',
    arachnid: 'ARÁCN',
    mythical: 'MÍTICO',
  },

  cards: {
    category: (p) => `${p.animal} (${p.category}, valor ${n(p.value)})`,
    lowerHalf: (p) => `${p.animal}, mitad inferior`,
    minus: (p) => `${p.animal}, Menos ${sp(p.value)}`,
    points: (p) => `${p.animal}, PUNTOS (${p.category} ${n(p.value)})`,
    upperHalf: (p) => `${p.animal}, mitad superior (${p.category})`,
    antiMinus: (p) => `${p.animal}, ANTI-Menos ${sp(p.value)}`,
    sideBonus: (p) => `Bonus lateral ${p.category} (${p.animal} ${sp(p.value)})`,
    beast: `BEAST (${n(0)} PUNTOS)`,
    bestBeast: `BEST BEAST (${n(50)} PUNTOS)`,
    mole: 'MOLE',
    hyena: 'HYENA',
    raccoon: 'RACCOON',
    earthworm: 'EARTHWORM',
    wildName: { beast: 'BEAST', best_beast: 'BEST BEAST' },
    sideBonusItem: (p) => `Bonus lateral ${p.category}`,
  },

  tasks: {
    hyena: 'da una de tus cartas de PUNTOS a otro jugador',
    raccoon: 'quítale una carta de PUNTOS a otro jugador',
    earthworm: 'cambia una de tus cartas de PUNTOS por una de otro jugador',
  },

  stack: {
    minus: 'MENOS',
    minusShort: 'MENOS',
    connect: 'UNIR ½',
    connectShort: 'MITAD',
    noAnti: 'aún sin ANTI',
    noAntiShort: 'menos',
    lowerHalf: 'mitad inferior',
    lowerHalfShort: 'mitad',
    open: 'sin cubrir',
    openShort: 'libre',
    points: (p) => `✓ PUNTOS ${n(p.value)}`,
    pointsShort: '✓ PTS.',
    connected: '⇅ unida',
    connectedShort: '⇅ unida',
    anti: (p) => `✓ ANTI-Menos ${sp(p.value)}`,
    antiShort: '✓ ANTI-M.',
    bestBeastShort: 'BEST BEAST',
    label: (p) => `${p.name}: ${p.band}, ${p.cover}, muestra PUNTOS, vale ${n(p.points)}`,
    labelNoPoints: (p) => `${p.name}: ${p.band}, ${p.cover}, aún sin PUNTOS`,
    worth: (p) => `Vale ${n(p.points)} para quien gane la ronda`,
    noPoints: 'Aún no muestra PUNTOS',
  },

  row: {
    label: (p) => `Fila de ${p.name}`,
    you: '(tú)',
    toPlay: 'juega',
    first: '1.º',
    firstTitle: 'Recibió primero en esta ronda',
    showingTitle: 'Cartas que muestran PUNTOS',
    scoreTitle: 'Puntuación',
    pts: (p) => (Math.abs(p.score) === 1 ? ' pto.' : ' ptos.'),
    cards: 'Fila',
    empty: 'Sin cartas.',
    sideLabel: 'Cartas de Bonus lateral',
    side: 'Lateral',
    bonus: (p) => `${p.shown}: Bonus lateral ${p.category} (${p.animal})`,
  },

  turn: {
    waiting: 'Esperando a la mesa…',
    firstPlayer: 'Sorteando quién recibe primero…',
    dealing: { you: 'Repartiendo, tú primero…', other: (p) => `Repartiendo, ${p.name} primero…` },
    finished: 'La mesa final',
    takeFromDiscard: 'Tu turno: toma del descarte',
    discardTask: (p) => `Tu turno: usa ${p.card}`,
    digOrDraw: 'Tu turno: excava o roba',
    draw: 'Tu turno: roba una carta',
    drawing: 'Tu turno: robando…',
    placeWild: (p) => `Coloca tu ${p.card}`,
    useTask: (p) => `Usa ${p.card}`,
    theirDraw: (p) => `Turno de ${p.name}: roba`,
    theirWild: (p) => `${p.name} coloca un ${p.card}`,
    theirTask: (p) => `${p.name} usa ${p.card}`,
    theirTurn: (p) => `Turno de ${p.name}`,
    round: 'Ronda',
    target: 'Meta:',
  },

  table: {
    label: 'Mesa de Zop Zoo',
    choice: 'Tu elección',
    takeTop: (p) =>
      `La carta de arriba del descarte, ${p.card}, encaja en tu fila: debes tomarla (y las cartas que encajen debajo). Con eso termina tu turno.`,
    takePreview: (p) => `Tomarás ${list('es', p.names)}.`,
    take: (p) => `Tomar ${p.card}`,
    draw: 'Robar',
    whyMatched: (p) => `Tu ${p.card} encajó: tu turno sigue. Roba la siguiente carta.`,
    whyDug: 'Tu MOLE excavó: tu turno sigue. Roba la siguiente carta.',
    whyWild: 'Tu comodín está colocado: tu turno sigue. Roba la siguiente carta.',
    whyTask: (p) => `Usaste tu ${p.card}: tu turno sigue. Roba la siguiente carta.`,
    whyNoMatch: 'Nada encaja en el descarte: roba una carta.',
    whyEmpty: 'El descarte está vacío: roba una carta.',
    moleOnTop: (p) =>
      `Hay un ${p.mole} encima del descarte. Excava (toma todas las cartas que pueda recuperar; tu turno termina) o déjalo y roba.`,
    digPreview: (p) => `Al excavar obtienes ${list('es', p.names)}.`,
    digNothing: 'Al excavar no obtienes nada.',
    dig: 'Excavar con el MOLE',
    drawInstead: 'Robar en su lugar',
    drewWild: (p) =>
      `Robaste un ${p.card}. Toca una de tus cartas resaltadas para cubrirla (${counted(p.choices, 'opción', 'opciones')}).`,
    drewBestBeast: (p) =>
      `Robaste el ${p.card}. Toca una de tus cartas resaltadas para cubrirla (${counted(p.choices, 'opción', 'opciones')}).`,
    drewTask: (p) => `Robaste ${p.card}: ${p.task}.`,
    liveTask: (p) => `${p.card} está activo en el descarte y debes usarlo: ${p.task}.`,
    tapToGive: 'Toca una de tus cartas resaltadas para darla.',
    giveTo: (p) => `Da tu ${p.item} a:`,
    back: 'Atrás',
    tapTheirs: 'Toca una carta resaltada en la fila de otro jugador.',
    takeTheirs: (p) => `Quitar ${p.item} a ${p.name}`,
    yours: (p) => `Tuya: ${p.item}.`,
    tapYours: 'Toca una de tus cartas resaltadas.',
    theirs: (p) => `De ${p.name}: ${p.item}.`,
    tapAnotherRow: 'Toca una carta resaltada en otra fila.',
    switch: (p) => `Cambiar tu ${p.mine} por ${p.theirs} de ${p.name}`,
    sending: 'Enviando…',
    piles: 'Mazos',
    drawPileTitle: 'Cartas que quedan en el mazo de robo',
    drawPile: 'Mazo de robo',
    drawPileCards: (p) => (p.count === 1 ? 'carta' : 'cartas'),
    discardPile: (p) => `Descarte · ${counted(p.count, 'carta', 'cartas')}`,
    empty: 'Vacío',
    marks: { live: 'activa', spent: 'usada', void: 'anulada' },
    wholePile: 'Todo el mazo, de arriba abajo',
    legendOpen: 'discontinua: aún nada encima',
    legendMatched: 'rellena: cubierta por su carta de PUNTOS / unida',
    legendWild: 'bajo un BEAST o un BEST BEAST',
    legendMinus: 'carta Menos',
    legendFoot: 'Número al pie: lo que vale para quien gane la ronda; — aún sin PUNTOS.',
    logTitle: 'Qué ha pasado',
    nothingYet: 'Nada todavía.',
    scores: 'Puntuaciones',
    scoresAfter: (p) => `Puntuaciones tras ${counted(p.rounds, 'ronda', 'rondas')}`,
    pastRound: (p) => `Ronda ${n(p.round)}: filas y puntos`,
  },

  round: {
    noteWon: 'Quien gana suma todas sus cartas; los demás solo suman las cartas Menos sin cubrir y las de Bonus lateral.',
    noteOut: 'Todos suman su fila entera; las cartas sin nada encima cuentan 0.',
    you: '(tú)',
    won: '★ ganó',
    total: 'total acumulado',
    matched: '✓ cubierta',
    nothing: 'nada encima',
    side: 'Lateral',
    sideList: (p) => list('es', p.names),
    noRounds: 'Aún no ha terminado ninguna ronda.',
    deckOutTitle: 'Se acabó el mazo de robo',
    deckOut: ' (sin mazo)',
    wonCell: 'ganó la ronda: ',
  },

  final: {
    unit: (p) => (Math.abs(p.score) === 1 ? 'pto.' : 'ptos.'),
    roundPoints: (p) => `${n(p.round)}.ª ronda: ${sp(p.points)}`,
    noRounds: 'sin rondas',
    wins: (p) => `${counted(p.wins, 'ronda ganada', 'rondas ganadas')}`,
    note: (p) =>
      `Llegar primero a ${n(p.target)} termina la partida (se comprueba tras cada ronda); gana el total más alto y los empates comparten la victoria. ${counted(p.rounds, 'ronda jugada', 'rondas jugadas')}.`,
  },

  options: {
    legend: 'Opciones',
    targetLabel: 'Puntuación objetivo',
    playTo: 'Jugar hasta',
    targets: {
      standard: `Estándar: ${n(800)} puntos`,
      long: `Larga: ${n(1000)} puntos`,
      short: `Corta: ${n(600)} puntos`,
    },
    when: {
      standard: 'cualquier número de jugadores',
      long: 'solo dos jugadores',
      short: 'solo cinco o seis jugadores',
    },
    misfit: (p) => `${p.target} es para ${p.when}; hay ${n(p.seated)} sentados. La partida no empezará hasta que la mesa encaje.`,
    first: 'Recibe primero',
    firstHow: 'Reparte y juega primero en la ronda 1; las rondas siguientes empiezan con quien ganó la anterior.',
    random: 'Al azar',
    seatOf: (p) => `${p.name} (asiento ${n(p.seat)})`,
    seat: (p) => `Asiento ${n(p.seat)}`,
    seatHost: (p) => `Asiento ${n(p.seat)} (tú, el anfitrión)`,
    nobody: (p) => `Nadie ocupa el asiento ${n(p.seat)} todavía.`,
  },

  log: {
    join: (p) => list('es', p.names),
    you: 'Tú',
    taken: (p) => `${p.card} → ${p.animal}`,
    takenSide: (p) => `${p.card} → zona lateral`,
    movedFromYou: (p) => `tu ${p.item} → ${p.to}`,
    movedToYou: (p) => `${p.item} de ${p.from} → ti`,
    moved: (p) => `${p.item} de ${p.from} → ${p.to}`,
    roundWon: {
      you: (p) => `Ronda ${n(p.round)}: todas tus cartas muestran PUNTOS y ganas la ronda (${sp(p.points)})`,
      other: (p) => `Ronda ${n(p.round)}: todas las cartas de ${p.name} muestran PUNTOS y gana la ronda (${sp(p.points)})`,
    },
    roundOut: (p) => `Ronda ${n(p.round)}: se acabó el mazo de robo; todos suman su fila`,
    roundOutBest: (p) =>
      `Ronda ${n(p.round)}: se acabó el mazo de robo; todos suman su fila (mejor: ${list('es', p.names)} ${sp(p.points)})`,
    firstPlayer: {
      you: 'Recibes primero (por sorteo)',
      other: (p) => `${p.name} recibe primero (por sorteo)`,
    },
    dealtCard: {
      you: (p) => `Reparto de la ronda ${n(p.round)}: recibes una carta: ${p.card}`,
      other: (p) => `Reparto de la ronda ${n(p.round)}: ${p.name} recibe una carta: ${p.card}`,
    },
    dealt: {
      you: (p) => `Ronda ${n(p.round)}: ${counted(p.cards, 'carta', 'cartas')} para cada jugador, tú primero`,
      other: (p) => `Ronda ${n(p.round)}: ${counted(p.cards, 'carta', 'cartas')} para cada jugador, ${p.name} primero`,
    },
    drewCovers: {
      you: (p) => `Robas ${p.card}: cubre ${p.animal}`,
      other: (p) => `${p.name} roba ${p.card}: cubre ${p.animal}`,
    },
    drewConnects: {
      you: (p) => `Robas ${p.card}: une ${p.animal}`,
      other: (p) => `${p.name} roba ${p.card}: une ${p.animal}`,
    },
    drewSide: {
      you: (p) => `Robas ${p.card}: va a la zona lateral`,
      other: (p) => `${p.name} roba ${p.card}: va a la zona lateral`,
    },
    drewWild: {
      you: (p) => `Robas el comodín ${p.card}: eliges qué carta cubrir`,
      other: (p) => `${p.name} roba el comodín ${p.card}: elige qué carta cubrir`,
    },
    drewMoleDug: {
      you: (p) => `Robas un MOLE y desentierras ${p.taken}`,
      other: (p) => `${p.name} roba un MOLE y desentierra ${p.taken}`,
    },
    drewMole: {
      you: 'Robas un MOLE',
      other: (p) => `${p.name} roba un MOLE`,
    },
    drewTask: {
      you: (p) => `Robas ${p.card}: eliges a quién afecta`,
      other: (p) => `${p.name} roba ${p.card}: elige a quién afecta`,
    },
    drewDiscarded: {
      you: (p) => `Robas ${p.card}: no encaja, al descarte; fin del turno`,
      other: (p) => `${p.name} roba ${p.card}: no encaja, al descarte; fin del turno`,
    },
    tookFromDiscard: {
      you: (p) => `Tomas del descarte: ${p.taken}`,
      other: (p) => `${p.name} toma del descarte: ${p.taken}`,
    },
    dug: {
      you: (p) => `Excavas con el MOLE en el descarte: ${p.taken}`,
      other: (p) => `${p.name} excava con el MOLE en el descarte: ${p.taken}`,
    },
    dugNothing: {
      you: 'Excavas con el MOLE en el descarte: nada',
      other: (p) => `${p.name} excava con el MOLE en el descarte: nada`,
    },
    leftMole: {
      you: 'Dejas el MOLE y robas',
      other: (p) => `${p.name} deja el MOLE y roba`,
    },
    reaches: {
      you: 'Vas a por el mazo de robo',
      other: (p) => `${p.name} va a por el mazo de robo`,
    },
    covered: {
      you: (p) => `Pones ${p.wild} sobre ${p.base}`,
      other: (p) => `${p.name} pone ${p.wild} sobre ${p.base}`,
    },
    taskUsed: {
      you: (p) => `Usas ${p.task}: ${p.moved}`,
      other: (p) => `${p.name} usa ${p.task}: ${p.moved}`,
    },
    taskUsedFromDiscard: {
      you: (p) => `Usas ${p.task} del descarte: ${p.moved}`,
      other: (p) => `${p.name} usa ${p.task} del descarte: ${p.moved}`,
    },
  },

  confirm: {
    move: '¿Hacer esta jugada? No se puede deshacer.',
    dig: '¿Usar el MOLE en el descarte? Con eso termina tu turno.',
    cover: (p) => `¿Poner el comodín sobre tu ${p.animal}? No se puede deshacer.`,
    give: (p) => `¿Dar esta carta a ${p.name}? No se puede deshacer.`,
    take: (p) => `¿Quitarle esta carta a ${p.name}? No se puede deshacer.`,
    switch: (p) => `¿Cambiar cartas con ${p.name}? No se puede deshacer.`,
  },

  rules: {
    summary:
      'Recibes una fila de seis cartas blancas de animales. En tu turno toma una carta que encaje del descarte o roba cartas negras, cubriendo cada animal con su carta de PUNTOS, hasta que una carta no encaje. Quien cubra primero todos sus animales gana la ronda; quien llegue primero a 800 puntos gana la partida.',
    sections: [
      {
        title: 'Con qué se juega',
        paragraphs: [
          'Cartas blancas (tu fila): animales de categoría que valen lo que su categoría (de Mamíferos 10 a Míticos 60), mitades inferiores que valen 80 una vez unidas y cartas Menos (de −75 a −100).',
          'Cartas negras (el mazo de robo): una carta de PUNTOS por cada animal de categoría, mitades superiores que se unen a las inferiores, cartas ANTI-Menos, cartas de Bonus lateral, los comodines BEAST y un BEST BEAST, y MOLE, HYENA, RACCOON y EARTHWORM.',
          'Una carta blanca «muestra PUNTOS» en cuanto algo la cubre. Una carta Menos siempre muestra PUNTOS.',
        ],
      },
      {
        title: 'Preparación',
        paragraphs: [
          'Cada jugador recibe seis cartas blancas boca arriba como su fila. Todo es público salvo el orden del mazo de robo.',
          'El anfitrión puede elegir quién recibe primero; si no, se sortea. Se juega en el sentido de las agujas del reloj.',
        ],
      },
      {
        title: 'Tu turno',
        paragraphs: [
          'Mira primero la carta de arriba del descarte. Si encaja con uno de tus animales, tómala, y también las cartas que encajen debajo, hasta que una no encaje. Ese es tu turno.',
          'Si arriba hay una HYENA, un RACCOON o un EARTHWORM activo y puedes usarlo, debes hacerlo. Si arriba hay un MOLE que puede traerte algo, puedes excavar o robar en su lugar.',
          'Tomar, excavar o usar una carta de tarea del descarte termina tu turno.',
          'Si no, roba del mazo negro: pulsa Robar para cada carta. Una carta que encaja en tu fila se coloca y vuelves a robar. También vuelves a robar tras colocar un comodín, tras excavar un MOLE y tras usar una carta de tarea. Una carta que no encaja (incluido un MOLE sin nada que traer o una carta de tarea que no puedes usar) va boca arriba al descarte y tu turno termina.',
        ],
      },
      {
        title: 'Qué encaja',
        paragraphs: [
          'Una carta de PUNTOS cubre su propio animal. Una carta ANTI-Menos cubre su carta Menos (y la convierte en puntos a favor). Una mitad superior se une a una inferior y forma un animal que vale 80 en la categoría de la mitad superior.',
          'Una carta de Bonus lateral va junto a tu fila si tu fila muestra su categoría: un animal de esa categoría (sin cubrir o cubierto por su carta de PUNTOS) o un animal unido de ella. Una mitad inferior sola, una carta Menos y todo lo que esté bajo un comodín no muestran categoría.',
          'BEAST y BEST BEAST son comodines: eliges una de tus cartas sin cubrir para cubrirla. Un BEAST vale 0 y un BEST BEAST, 50. Una carta cubierta por un comodín ya no puede recibir su pareja.',
        ],
      },
      {
        title: 'MOLE, HYENA, RACCOON y EARTHWORM',
        paragraphs: [
          'El MOLE excava en el descarte y toma todas las cartas que te encajen. Un MOLE robado excava solo cuando puede; después queda encima del descarte, donde los siguientes jugadores pueden volver a usarlo.',
          'HYENA: da uno de tus elementos con PUNTOS a otro jugador. RACCOON: quítale uno a otro jugador. EARTHWORM: cambia uno tuyo por uno suyo. Un elemento con PUNTOS es una pila cubierta (se mueve entera) o una carta de Bonus lateral.',
          'Si puedes usar una de estas cartas, debes hacerlo. Si no puedes, va al descarte todavía activa y el siguiente jugador debe usarla si puede. Una carta que se pone encima de una activa la anula durante el resto de la ronda.',
        ],
      },
      {
        title: 'Ganar una ronda y puntuar',
        paragraphs: [
          'En cuanto todas las cartas de tu fila muestran PUNTOS, ganas la ronda. Sumas toda tu fila más tus cartas de Bonus lateral (puede ser negativo). Los demás solo suman sus cartas Menos sin cubrir y sus cartas de Bonus lateral.',
          'Si hay que robar y el mazo está vacío, la ronda termina y todos suman su fila entera; los animales sin cubrir valen 0. Quien tenga la puntuación más alta recibe primero en la ronda siguiente.',
          'Quien gana la ronda recibe primero en la ronda siguiente.',
        ],
      },
      {
        title: 'El final',
        paragraphs: [
          'Tras una ronda, si alguien ha alcanzado la meta (800), la partida termina. Gana el total más alto; los empates comparten la victoria. Quien no ganó la última ronda aún puede ganar la partida.',
          'Jugar hasta (una opción): 1000 puntos (solo dos jugadores) o 600 puntos (solo cinco o seis jugadores) en lugar de 800.',
        ],
      },
      {
        title: 'Nuestras decisiones',
        paragraphs: [
          'Dar, quitar o cambiar nunca gana una ronda, porque solo mueve cartas que ya muestran PUNTOS.',
          'Una fila repartida con seis cartas Menos gana la ronda de inmediato.',
          'Cuando un comodín solo tiene un sitio posible, o una carta de tarea un solo uso, la elección la haces tú igualmente.',
          'Una carta Menos que recibas puede cubrirse con su carta ANTI-Menos o con un comodín.',
          'Una carta Menos cubierta por ANTI vale 0 para quien no ganó la ronda.',
          'Cuando se acaba el mazo, un empate en la puntuación más alta es para el jugador empatado más cercano, en el sentido de las agujas del reloj, al primer jugador de esta ronda (ese jugador cuenta primero).',
          'No se vuelve a barajar: cuando el mazo de robo se acaba, la ronda termina.',
        ],
      },
    ],
  },
};
