// Mix-the-Mutts en español. Los nombres de las razas quedan como en el juego
// publicado (Poodle, Beagle, …); todo lo que se dice de ellas está traducido.
import { count, list, pluralOf } from '../../../i18n/format';
import type { MtmMessages } from './en';

const n = (v: number) => count('es', v);
/** «1 carta», «3 cartas». */
const counted = (v: number, one: string, many: string) => `${n(v)} ${pluralOf('es', v) === 'one' ? one : many}`;
const and = (names: readonly string[]) => list('es', names);
const cards = (v: number) => counted(v, 'carta', 'cartas');
const combos = (v: number) => counted(v, 'combo nuevo', 'combos nuevos');
const tiles = (v: number) => counted(v, 'loseta', 'losetas');

export const es: MtmMessages = {
  blurb: 'Une losetas hexagonales de cabezas y colas y puntúa los chuchos que forman con cartas de tu mano que encajen.',

  you: 'Tú',
  youObject: 'ti',

  dirs: { 0: 'este', 1: 'noreste', 2: 'noroeste', 3: 'oeste', 4: 'suroeste', 5: 'sureste' },

  units: {
    cards: (p) => cards(p.n),
    points: (p) => counted(p.n, 'punto', 'puntos'),
    pts: (p) => counted(p.n, 'pto.', 'ptos.'),
    cardWord: (p) => (pluralOf('es', p.n) === 'one' ? 'carta' : 'cartas'),
    ptWord: (p) => (pluralOf('es', p.n) === 'one' ? 'pto.' : 'ptos.'),
  },

  part: {
    head: (p) => `cabeza de ${p.breed}`,
    tail: (p) => `cola de ${p.breed}`,
  },

  combo: {
    purebred: (p) => `${p.breed} de pura raza`,
    mixed: (p) => `cabeza de ${p.head} + cola de ${p.tail}`,
    ref: (p) => `el combo ${n(p.n)}`,
    refWith: (p) => `el combo ${n(p.n)} (${p.text})`,
    newCombos: (p) => combos(p.n),
  },

  chip: {
    title: (p) => `${p.name} · ${counted(p.n, 'punto', 'puntos')} por carta`,
    junior: '1 carta',
  },

  table: {
    label: 'Mesa de Mix-the-Mutts',
    waiting: 'Esperando a la mesa…',
    settingUp: 'Preparando la mesa…',
    yourTurn: 'Es tu turno',
    theirTurn: (p) => `Turno de ${p.name}`,
    windowYours: 'Puntuación: te toca responder',
    window: 'Puntuación',
    finished: 'La mesa final',
    pileTitle: 'Cartas que quedan en el mazo',
    pile: 'Mazo:',
    tilesTitle: 'Losetas boca abajo bajo la descubierta',
    tilesLeft: 'Losetas restantes:',
    onTable: 'En la mesa:',
    junior: 'Puntuación infantil',
    legendHead: 'cara redonda = cabeza',
    legendTail: 'cola rizada = cola',
    legendCombo: 'combos nuevos, numerados',
    shuffling: 'Barajando las losetas y repartiendo las cartas…',
    sending: 'Enviando…',
  },

  next: {
    label: 'Siguiente loseta',
    tile: (p) => `Siguiente loseta ${p.tile}`,
    under: (p) => `Debajo quedan ${tiles(p.n)} boca abajo.`,
    theyChoose: (p) => `${p.name} la colocará o robará dos cartas.`,
    away: (p) => `(${p.name} no está ahora mismo).`,
  },

  place: {
    makes: (p) => `Aquí forma ${combos(p.n)}:`,
    youHold: 'tienes estas cartas',
    hint: 'Toca una casilla iluminada del tablero para probar la loseta ahí (debe tocar dos losetas).',
    bar: 'Colocar la loseta',
    youCanScore: 'puedes puntuar',
    rotation: 'Giro',
    rotateLabel: 'Girar 120 grados',
    rotate: 'Girar',
    confirm: 'Colocar la loseta aquí',
    chooseFirst: 'Elige antes una casilla',
    cancel: 'Cancelar',
    or: 'o',
    drawTwo: 'Robar dos cartas',
    pileEmpty: 'El mazo está vacío: tienes que colocar.',
    inPile: (p) => `${cards(p.n)} en el mazo`,
  },

  players: {
    active: 'jugador activo:',
    you: '(tú)',
    cardsScored: 'Cartas puntuadas',
    points: 'Puntos',
    inHand: (p) => `${cards(p.n)} en la mano`,
    scored: (p) => `${cards(p.n)} puntuadas`,
    answered: 'ha respondido',
    deciding: 'decidiendo…',
    stack: 'Pila de puntos',
  },

  board: {
    label: (p) => `El tablero: ${tiles(p.n)}`,
    labelOpen: (p) => `El tablero: ${tiles(p.n)}, ${n(p.open)} huecos para colocar`,
    zoomIn: 'Ampliar',
    fit: 'Ver todo',
    here: 'Colocar aquí',
    nextTo: (p) => `Colocar junto a ${p.tile}, toca ${tiles(p.n)}`,
    between: (p) => `Colocar entre ${and(p.names)}, toca ${tiles(p.n)}`,
  },

  claim: {
    title: 'Puntuación',
    made: (p) => `${p.name} ha formado ${combos(p.n)}. Todos pueden puntuar a la vez, en secreto.`,
    youMade: (p) => `Has formado ${combos(p.n)}. Todos pueden puntuar a la vez, en secreto.`,
    answered: 'ha respondido',
    deciding: 'decidiendo',
    countdown: 'después, quien no responda pasa',
    newCombos: 'Combos nuevos',
    autoPass: 'Pasar por mí cuando no pueda reclamar',
    autoPassNote: '(los demás verán al momento que no tenías nada)',
    waitingFor: (p) => `Esperando a que ${counted(p.n, 'jugador decida', 'jugadores decidan')}…`,
    answeredWaiting: 'Respondido: esperando a los demás.',
    passedForYou: 'Has pasado automáticamente: nada que reclamar.',
    youPassed: 'Has pasado.',
    youClaimed: (p) => `Has reclamado ${and(p.names)}. Las reclamaciones se muestran cuando todos hayan respondido.`,
    hintActive: {
      before: 'Tu loseta: reclama ',
      strong: 'cuantos quieras',
      after: ' de estos combos, dos cartas cada uno, sin repetir carta.',
    },
    hintOther: {
      before: 'Reclama ',
      strong: 'un',
      after: ' combo con dos cartas de tu mano, o pasa.',
    },
    twoOf: (p) => `dos ${p.breed}`,
    aAndA: (p) => `un ${p.head} y un ${p.tail}`,
    selected: (p) => `Elegido: ${p.pair} de tu mano`,
    cannot: (p) => `No puedes: ${p.why}`,
    needsTwo: (p) => `necesitas dos ${p.breed}`,
    needsSecond: (p) => `necesitas un segundo ${p.breed}`,
    aBreed: (p) => `un ${p.breed}`,
    needs: (p) => `necesitas ${and(p.names)}`,
    used: 'Esas cartas ya las usa otra elección',
    youHave: (p) => `Tienes ${p.what}`,
    submit: 'Enviar reclamaciones',
    claimN: (p) => `Reclamar ${counted(p.n, 'combo', 'combos')} (+${p.gain})`,
    pass: 'Pasar',
    passNothing: 'Pasar: nada que reclamar',
  },

  hand: {
    label: 'Tu mano',
    title: 'Tu mano',
    over: 'las cartas que quedan en la mano no puntúan',
    worth: (p) => `valen ${p.gain} si las puntúas`,
    noneLeft: 'No quedan cartas.',
    none: 'Sin cartas. Roba dos en tu turno para conseguir algunas.',
  },

  final: {
    none: 'Ninguna carta puntuada.',
    juniorNote: 'Puntuación infantil: gana quien tenga más cartas en su pila de puntos; los empates comparten la victoria.',
    note: 'Cada carta vale los puntos de su raza (Poodle 1 … Chihuahua 8); gana quien tenga más puntos y los empates comparten la victoria. Las cartas que quedan en la mano no puntúan.',
  },

  options: {
    legend: 'Opciones',
    junior: 'Puntuación infantil',
    juniorNote: 'Cuenta las cartas de tu pila de puntos en vez de sus puntos: las razas comunes se vuelven las estrellas.',
    first: 'Quién empieza',
    firstNote: 'El reglamento dice que empieza la persona más joven.',
    random: 'Al azar',
    seatOf: (p) => `${p.name} (asiento ${n(p.seat)})`,
    seat: (p) => `Asiento ${n(p.seat)}`,
    seatHost: (p) => `Asiento ${n(p.seat)} (tú, el anfitrión)`,
    nobody: (p) => `Todavía no hay nadie en el asiento ${n(p.seat)}.`,
    timer: 'Tiempo de respuesta',
    timerNote:
      'Cuánto tiempo tienen todos para reclamar tras colocarse una loseta; quien no responda pasa. Si no se fija aquí, decide el tiempo de turno de la sala.',
    timerOff: 'Como el tiempo de turno (apagado: esperar a todos)',
    seconds: (p) => counted(p.n, 'segundo', 'segundos'),
  },

  log: {
    cardList: (p) => and(p.names),
    scored: (p) => `${p.name} puntúa ${p.what} con ${p.cards}: +${p.gain}`,
    youScored: (p) => `Puntúas ${p.what} con ${p.cards}: +${p.gain}`,
    passed: (p) => `Pasan: ${and(p.names)}`,
    timeRanOut: (p) => `Se acabó el tiempo para ${and(p.names)}: sin reclamación`,
    setupTile: (p) => `Preparación: la loseta ${p.tile} se pone en la mesa`,
    tileRevealed: (p) => `Se descubre la siguiente loseta: ${p.tile}`,
    first: (p) => `Empieza ${p.name}`,
    youFirst: 'Empiezas tú',
    drewCard: (p) => `${p.name} roba una carta`,
    youDrewCard: 'Robas una carta',
    dealtCard: (p) => `${p.name} recibe una carta`,
    youDealtCard: 'Recibes una carta',
    drewCardShown: (p) => `${p.name} roba una carta: ${p.card}`,
    youDrewCardShown: (p) => `Robas una carta: ${p.card}`,
    dealtCardShown: (p) => `${p.name} recibe una carta: ${p.card}`,
    youDealtCardShown: (p) => `Recibes una carta: ${p.card}`,
    drew: (p) => `${p.name} roba ${p.what}`,
    youDrew: (p) => `Robas ${p.what}`,
    dealt: (p) => `${p.name} recibe ${p.what}`,
    youDealt: (p) => `Recibes ${p.what}`,
    choseDrawTwo: (p) => `${p.name} decide robar dos cartas`,
    youChoseDrawTwo: 'Decides robar dos cartas',
    drewTwo: (p) => `${p.name} roba dos cartas`,
    youDrewTwo: 'Robas dos cartas',
    connected: (p) => `${p.name} coloca la loseta ${p.tile} y forma ${combos(p.n)}: ${p.combos}`,
    youConnected: (p) => `Colocas la loseta ${p.tile} y formas ${combos(p.n)}: ${p.combos}`,
    answered: (p) => `${p.name} ha respondido`,
    youAnswered: 'Has respondido',
    closed: 'Puntuación cerrada; reclamaciones reveladas:',
    lastClosed: 'Última puntuación; reclamaciones reveladas:',
  },

  confirm: {
    move: '¿Hacer esta jugada? No se puede deshacer.',
  },

  rules: {
    summary:
      'Por turnos, coloca losetas hexagonales de modo que las cabezas de perro se junten con colas de perro. Cada nuevo encuentro forma un chucho, y quien tenga las dos cartas de raza que encajan puede puntuarlo. Las razas raras valen más; tras la última loseta gana la puntuación más alta.',
    sections: [
      {
        title: 'Con qué se juega',
        paragraphs: [
          '72 cartas de raza de ocho razas. Las razas más raras tienen menos cartas y valen más: Poodle 1, Beagle 2, Pug 3, Dachshund 4, Schnauzer 5, Pomeranian 6, Dalmatian 7, Chihuahua 8.',
          '12 losetas hexagonales. Cada una tiene seis lados que alternan cabezas y colas de perro. Las losetas siempre se juntan cabeza con cola.',
        ],
      },
      {
        title: 'Preparación',
        paragraphs: [
          'Dos losetas empiezan en la mesa, una junto a otra (su encuentro nunca puntúa). La siguiente loseta se pone boca arriba; todos la ven.',
          'Todos reciben 4 cartas; el resto forma el mazo. Tu mano es secreta.',
          'El anfitrión puede elegir quién empieza; si no, se sortea. Se juega en el sentido de las agujas del reloj.',
        ],
      },
      {
        title: 'Tu turno',
        paragraphs: [
          'Haz una de estas dos cosas:',
          'Colocar: pon la loseta descubierta en un hueco vacío que toque al menos dos losetas de la mesa. Puedes girarla, pero solo de forma que las cabezas sigan tocando colas. Cada lado donde toca una loseta es un combo nuevo: una raza de cabeza y una raza de cola.',
          'Robar dos: toma dos cartas del mazo. La loseta descubierta queda para el siguiente jugador. Si el mazo está vacío, tienes que colocar.',
        ],
      },
      {
        title: 'Puntuar combos',
        paragraphs: [
          'Tras cada colocación, cada jugador (también quien colocó) responde una vez, en secreto: reclamar combos o pasar.',
          'Para reclamar un combo, juega dos cartas de tu mano: una de la raza de la cabeza y otra de la raza de la cola. Para un combo de pura raza (la misma raza en ambos lados) juega dos cartas de esa raza.',
          'Quien colocó puede reclamar cuantos combos nuevos quiera, cada uno una vez, con cartas distintas. Los demás pueden reclamar como mucho uno.',
          'Varios jugadores pueden reclamar el mismo combo, cada uno con sus propias cartas.',
          'Cuando todos han respondido, todas las reclamaciones se muestran a la vez y las cartas reclamadas van boca arriba a la pila de puntos de su dueño. Luego se descubre la siguiente loseta y sigue el juego.',
          'Hay un tiempo de respuesta (60 segundos salvo que el anfitrión lo cambie). Quien no haya respondido cuando se acabe, pasa.',
        ],
      },
      {
        title: 'El final',
        paragraphs: [
          'La partida termina cuando se coloca la décima loseta y se resuelven sus reclamaciones.',
          'Tu puntuación es el valor total de las cartas de tu pila de puntos. Las cartas que quedan en tu mano no puntúan. Gana la puntuación más alta; los empates comparten el puesto.',
          'Puntuación infantil (una opción): cada carta puntuada vale 1, sea de la raza que sea.',
        ],
      },
      {
        title: 'Nuestras decisiones',
        paragraphs: [
          'Solo los lados que forma la loseta recién colocada son combos nuevos. Un combo con las mismas razas que otro anterior también cuenta.',
          'Siempre colocas la loseta descubierta; no puedes elegir otra.',
          'No hay límite de cartas en la mano, y las cartas puntuadas nunca vuelven al mazo.',
          'Tu respuesta es definitiva una vez dada. Los demás solo ven que has respondido, no qué, hasta que respondan todos.',
          'Las manos nunca se muestran, ni siquiera al final.',
          'Las reclamaciones de la última puntuación siguen a la vista hasta la siguiente.',
        ],
      },
    ],
  },
};
