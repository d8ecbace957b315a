// Zingamino en español. "Zinga" (la ficha comodín y el grito) se queda como
// se publicó; los colores, las casillas y las reglas van traducidos. Las
// casillas se nombran por la inicial de su color (V, A, N, M).
import { count, list, pluralOf } from '../../../i18n/format';
import type { ZingaminoMessages } from './en';

const n = (v: number) => count('es', v);
/** "1 ficha", "3 fichas". */
const counted = (v: number, one: string, many: string) => `${n(v)} ${pluralOf('es', v) === 'one' ? one : many}`;
/** Una enumeración sin "y" ("Ana Verde 2|3, Ben Morado 4|4"). */
const unitList = new Intl.ListFormat('es', { type: 'unit', style: 'short' });
const items = (names: readonly string[]) => unitList.format(names);

export const es: ZingaminoMessages = {
  blurb:
    'Coloca fichas de dominó de colores alrededor de cuatro círculos unidos, con cada extremo a juego. Las Zingas comodín toman el valor que encuentran; cierra un círculo y ganas +16. Gana quien llegue antes a 64.',

  colours: { 0: 'Verde', 1: 'Amarillo', 2: 'Naranja', 3: 'Morado' },
  letters: { 0: 'V', 1: 'A', 2: 'N', 3: 'M' },
  circles: { 0: 'el círculo verde', 1: 'el círculo amarillo', 2: 'el círculo naranja', 3: 'el círculo morado' },
  zinga: (p) => `Zinga ${p.colour}`,
  zingaMark: '★ Z',

  table: {
    label: 'Mesa de Zingamino',
    waiting: 'Esperando a la mesa…',
    drawing: 'Sorteando quién empieza…',
    dealing: (p) => `Repartiendo: empieza ${p.name}`,
    dealingYou: 'Repartiendo: empiezas tú',
    digging: 'No encaja nada: robando…',
    mustDig: 'Tu turno: no encaja nada, roba',
    mustPass: 'Tu turno: no encaja nada, pasa',
    yourOpening: 'Tu turno de apertura',
    yourTurn: 'Tu turno: coloca una ficha',
    theirOpening: (p) => `Turno de apertura de ${p.name}`,
    theirTurn: (p) => `Turno de ${p.name}`,
    finished: 'La mesa final',
    round: 'Ronda',
    bag: 'Bolsa:',
    bagTitle: 'Fichas que quedan en la bolsa',
    firstTo: 'Meta:',
    openingYou: 'Turno de apertura: coloca un doble o una Zinga en una casilla cuadrada vacía de su color.',
    opening: (p) => `Turno de apertura de ${p.name}: un doble o una Zinga en una casilla cuadrada vacía de su color.`,
    keySquare: 'Casilla Zinga/doble',
    keyBridge: 'puente',
    keyZinga: 'Zinga (? = aún sin fijar)',
    zoom: 'Zoom del tablero',
    zoomAll: 'Todo',
    zoomAllLabel: 'Todo: el tablero entero',
    zoomTo: (p) => `Acercar ${p.circle}`,
    yourTiles: 'Tus fichas',
    handNote: (p) => `${counted(p.tiles, 'ficha', 'fichas')} · ocultas a los demás`,
    diggingNow: 'No te encaja ninguna ficha: robando de la bolsa…',
    digWhy: 'No te encaja ninguna ficha: roba de la bolsa hasta que una encaje.',
    digWhyOpening: 'Ninguna ficha tuya encaja en una casilla de apertura: roba de la bolsa hasta que una encaje.',
    dig: 'Robar',
    passWhy: 'No encaja nada y la bolsa está vacía.',
    pass: 'Pasar',
    hintPick: 'Toca una ficha y luego una casilla azul del tablero.',
    hintPlaces: (p) => `${p.tile}: toca una casilla azul (${counted(p.places, 'sitio', 'sitios')}).`,
    unfit: (p) => `${p.tile} (ahora no encaja)`,
    noTiles: 'No tienes fichas en la mano.',
    flip: '⇄ Girar la ficha',
    declareLabel: 'Declarar el valor de la Zinga',
    declareHow: (p) => `Tu Zinga toca una Zinga sin fijar en ${p.space}: elige el valor que tomarán las dos.`,
    cancel: 'Cancelar',
    sending: 'Enviando…',
    players: 'Jugadores',
    toOpen: 'por abrir',
    toOpenTitle: 'Aún no ha tenido su turno de apertura esta ronda',
    handSizeTitle: 'Fichas en la mano',
    tilesUnit: (p) => (pluralOf('es', p.tiles) === 'one' ? 'ficha' : 'fichas'),
    scoreTitle: 'Puntos',
    pointsUnit: (p) => (pluralOf('es', p.points) === 'one' ? 'pto.' : 'ptos.'),
    scores: 'Puntuación',
    scoresAfter: (p) => `Puntuación tras ${counted(p.rounds, 'ronda', 'rondas')}`,
    roundHands: (p) => `Ronda ${n(p.round)}: manos`,
    logTitle: 'Qué ha pasado',
  },

  board: {
    label: 'El tablero de Zingamino',
    closed: 'cerrado ✓',
    bridge: (p) => `Puente ${p.from}–${p.to}`,
    square: (p) => `${p.space} (casilla Zinga o doble)`,
    squareMark: 'Z/Do',
    target: (p) => `Colocar en ${p.space}, en ${p.circle}, mostrando ${p.shows}, junto a ${list('es', p.names)}`,
    targetSquare: (p) => `Colocar en ${p.space}, una casilla Zinga o doble, en ${p.circle}, mostrando ${p.shows}, junto a ${list('es', p.names)}`,
    targetAlone: (p) => `Colocar en ${p.space}, en ${p.circle}, mostrando ${p.shows}, sin fichas al lado`,
    targetSquareAlone: (p) => `Colocar en ${p.space}, una casilla Zinga o doble, en ${p.circle}, mostrando ${p.shows}, sin fichas al lado`,
  },

  round: {
    wentOut: 'se quedó sin fichas',
    lowest: 'mano más baja',
    noTiles: 'sin fichas',
    hand: 'mano',
    collected: 'cobrado',
    bonus: 'bono de círculo',
    total: 'total acumulado',
    inPlayTitle: 'Bonos de círculo de la ronda en juego',
  },

  final: {
    roundPoints: (p) => `Ronda ${n(p.round)}: ${n(p.points)}`,
    noRounds: 'ninguna ronda',
    bonuses: (p) => `bonos de círculo ${n(p.points)}`,
    note: (p) =>
      `Llegar a ${n(p.target)} termina la partida; gana el total más alto. Los puntos de una ronda son las manos cobradas más los bonos de círculo (+16 por la 16.ª ficha de un círculo). ${counted(p.rounds, 'ronda jugada', 'rondas jugadas')}.`,
    roundDetails: (p) => `Ronda ${n(p.round)}: manos y puntos`,
  },

  options: {
    legend: 'Opciones',
    before: 'Sin opciones: se juega a',
    points: (p) => `${n(p.points)} puntos`,
    after: (p) => `, de ${n(p.min)} a ${n(p.max)} jugadores. Cada ronda empieza con el tablero vacío; quien gana una ronda empieza la siguiente.`,
  },

  log: {
    you: 'Tú',
    gameOver: (p) => `Ronda ${n(p.round)}: un bono de círculo lleva a ${p.name} a ${n(p.total)}: la partida termina al instante`,
    gameOverYou: (p) => `Ronda ${n(p.round)}: un bono de círculo te lleva a ${n(p.total)}: la partida termina al instante`,
    zinga: (p) => `¡ZINGA! ${p.name} coloca su última ficha y cobra ${counted(p.points, 'punto', 'puntos')} (ronda ${n(p.round)})`,
    zingaYou: (p) => `¡ZINGA! Colocas tu última ficha y cobras ${counted(p.points, 'punto', 'puntos')} (ronda ${n(p.round)})`,
    blocked: (p) =>
      `Ronda ${n(p.round)} bloqueada: ${p.name} tiene la mano más baja (${n(p.value)}) y cobra ${counted(p.points, 'punto', 'puntos')}`,
    blockedYou: (p) =>
      `Ronda ${n(p.round)} bloqueada: tienes la mano más baja (${n(p.value)}) y cobras ${counted(p.points, 'punto', 'puntos')}`,
    blockedTie: (p) =>
      `Ronda ${n(p.round)} bloqueada: ${list('es', p.names)} empatan con la mano más baja y cobran ${counted(p.points, 'punto', 'puntos')} cada uno`,
    startDraw: (p) => `Sorteo de quién empieza: ${items(p.names)}`,
    startTie: (p) => `Empate en la ficha más alta, se vuelve a sacar: ${items(p.names)}`,
    reach: (p) => `${p.name} no puede colocar nada y mete la mano en la bolsa`,
    reachYou: 'No puedes colocar nada y metes la mano en la bolsa',
    dealtOne: (p) => `Ronda ${n(p.round)}, reparto: ${p.name} recibe una ficha${p.tile}`,
    dealtOneYou: (p) => `Ronda ${n(p.round)}, reparto: recibes una ficha${p.tile}`,
    deal: (p) => `Ronda ${n(p.round)}: empieza ${p.name}; ${counted(p.tiles, 'ficha', 'fichas')} para cada jugador`,
    dealYou: (p) => `Ronda ${n(p.round)}: empiezas tú; ${counted(p.tiles, 'ficha', 'fichas')} para cada jugador`,
    dugOne: (p) => `${p.name} roba una ficha de la bolsa${p.tile}`,
    dugOneYou: (p) => `Robas una ficha de la bolsa${p.tile}`,
    dug: (p) => `${p.name} roba ${counted(p.tiles, 'ficha', 'fichas')} de la bolsa`,
    dugYou: (p) => `Robas ${counted(p.tiles, 'ficha', 'fichas')} de la bolsa`,
    dugShown: (p) => `${p.name} roba ${counted(p.tiles, 'ficha', 'fichas')} de la bolsa: ${items(p.names)}`,
    dugShownYou: (p) => `Robas ${counted(p.tiles, 'ficha', 'fichas')} de la bolsa: ${items(p.names)}`,
    placed: (p) => `${p.name} coloca ${p.tile} en ${p.space}`,
    placedYou: (p) => `Colocas ${p.tile} en ${p.space}`,
    placedZinga: (p) => `${p.name} coloca la ${p.tile} en ${p.space}, como ${p.values}`,
    placedZingaYou: (p) => `Colocas la ${p.tile} en ${p.space}, como ${p.values}`,
    closed: (p) => `${p.name} cierra ${p.circle}: ¡+16!`,
    closedYou: (p) => `Cierras ${p.circle}: ¡+16!`,
    passed: (p) => `${p.name} pasa: no encaja nada y la bolsa está vacía`,
    passedYou: 'Pasas: no encaja nada y la bolsa está vacía',
  },

  confirm: {
    place: '¿Colocar esta ficha aquí? No se puede deshacer.',
  },

  rules: {
    summary:
      'Coloca fichas de dominó de colores alrededor de cuatro círculos unidos, de modo que cada extremo que se toca coincida. Vacía tu mano para cobrar los puntos que quedan en las manos de los demás; cerrar un círculo da +16. Gana quien llegue antes a 64.',
    sections: [
      {
        title: 'Con qué se juega',
        paragraphs: [
          '64 fichas de dominó en cuatro colores (verde, amarillo, naranja y morado). Cada color tiene las 15 fichas del 0|0 al 4|4 y una Zinga comodín.',
          'El tablero tiene cuatro círculos de 16 casillas, uno por color, unidos por cuatro puentes. Una de cada cuatro casillas es cuadrada y solo admite dobles y Zingas; las casillas cuadradas de los puentes quedan frente a frente.',
          'Valor de la mano: los puntos de tus fichas; una Zinga vale 16.',
        ],
      },
      {
        title: 'Preparación',
        paragraphs: [
          'Cada jugador saca una ficha; empieza el valor más alto. Si hay empate en el valor más alto, todos vuelven a sacar. Las fichas vuelven a la bolsa.',
          'Cada jugador recibe 8 fichas, repartidas en dos tandas de cuatro empezando por quien empieza. Tu mano es secreta. Se juega en el sentido de las agujas del reloj.',
        ],
      },
      {
        title: 'Tu turno',
        paragraphs: [
          'Apertura: en tu primer turno de cada ronda, coloca un doble o una Zinga en una casilla cuadrada vacía de su color. No hace falta que toque nada, pero todo lo que toque debe coincidir.',
          'Después, coloca una ficha por turno. Debe ir en su propio color, tocar una ficha ya colocada (a lo largo del círculo o a través de un puente), y cada extremo que toque debe coincidir. Los dobles van en casillas cuadradas o normales; las cuadradas solo admiten dobles y Zingas.',
          'Si no puedes colocar nada, robas: pulsa Robar y salen fichas de la bolsa hasta que una encaje, y esa la tienes que colocar. Si la bolsa está vacía, pasas. Si puedes colocar, no puedes pasar ni robar.',
        ],
      },
      {
        title: 'Las Zingas',
        paragraphs: [
          'Una Zinga toma el valor de lo que toca. En una casilla cuadrada, todo lo que toca debe mostrar el mismo valor, o no puede ir allí (una jugada de bloqueo). En una casilla normal sus dos extremos pueden ser distintos, como 1|3.',
          'Un extremo que da a una casilla vacía queda abierto; la siguiente ficha que se coloque contra él fija su valor. Una vez fijado, la Zinga conserva ese valor.',
          'Cuando una Zinga se coloca contra el extremo abierto de otra Zinga, el jugador elige el valor (0–4).',
        ],
      },
      {
        title: 'Puntuación',
        paragraphs: [
          'Cerrar un círculo (llenar su casilla número 16) da +16 al momento a quien la llena, sin importar quién colocó las demás fichas.',
          '«¡Zinga!»: cuando colocas tu última ficha, la ronda termina y cobras el valor total de todas las demás manos. Empiezas tú la siguiente ronda.',
          'Bloqueo: cuando la bolsa está vacía y todos pasan seguidos, la ronda termina. La mano más baja cobra las demás manos. Si varios empatan con la más baja, se reparten las demás manos, redondeando hacia abajo.',
          'Cada ronda nueva empieza con el tablero vacío y las 64 fichas de vuelta en la bolsa.',
        ],
      },
      {
        title: 'El final',
        paragraphs: [
          'En cuanto alguien llega a 64 puntos, la partida termina, incluso a mitad de una ronda por un bono de círculo. Gana el total más alto; los totales iguales comparten el puesto.',
        ],
      },
      {
        title: 'Nuestras aclaraciones',
        paragraphs: [
          'La apertura se aplica en cada ronda, no solo en la primera. Si tienes que pasar durante tu apertura (bolsa vacía), te la saltas y desde entonces juegas turnos normales.',
          'Cuando robas, la ficha que colocas es la que acabas de robar.',
          'Tras una ronda bloqueada con empate, empieza la siguiente el jugador empatado más cercano en el sentido de las agujas del reloj desde quien empezó esta ronda (quien empezó cuenta primero).',
          'Si una misma jugada cierra un círculo y vacía tu mano, primero cuenta el +16; si con eso llegas a 64, la partida termina ahí y no se cobran las manos.',
          'Todos ven cuándo alguien roba, pero no qué ficha.',
        ],
      },
    ],
  },
};
