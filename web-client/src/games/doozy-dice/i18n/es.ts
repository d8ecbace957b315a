// Doozy Dice en español.
import { count, pluralOf } from '../../../i18n/format';
import { en, type DoozyMessages } from './en';

const n = (v: number) => count('es', v);
/** «1 tirada», «3 tiradas». */
const counted = (v: number, one: string, many: string) => `${n(v)} ${pluralOf('es', v) === 'one' ? one : many}`;
const dots = (v: number) => counted(v, 'punto', 'puntos');
const rolls = (v: number) => counted(v, 'tirada', 'tiradas');
const dice = (v: number) => counted(v, 'dado', 'dados');

export const es: DoozyMessages = {
  blurb: 'Tira cinco dados para completar cinco combinaciones en el menor número de tiradas. Las caras Doozy dan puntos; los puntos cambian los dados.',

  cardNames: en.cardNames,
  cardRules: {
    1: 'Trío, de cualquier valor.',
    2: 'Una cara Doozy encima de dos 1.',
    3: 'Dos parejas de valores distintos.',
    4: 'Póker: cuatro iguales.',
    5: 'Cuatro dados que sean cuadrados perfectos: 1 y 4, en cualquier combinación.',
    6: 'Cuatro dados que sean primos: 2, 3 y 5, en cualquier combinación.',
    7: 'Las dos caras Doozy más una pareja.',
    8: 'Cinco valores distintos.',
    9: 'Exactamente 5, 4, 3, 2, 1.',
    10: 'Una cara Doozy (la cabeza) más cuatro iguales (las patas).',
    11: 'Las dos caras Doozy más un trío.',
    12: 'Cinco iguales.',
    13: 'Un trío más una pareja de otro valor.',
    14: 'Exactamente 2, 3, 4, 5, 6.',
    15: 'Los cinco dados impares (1, 3 o 5).',
    16: 'Los cinco dados pares (2, 4 o 6).',
    17: 'Los cinco dados en 4 o más.',
    18: 'Los cinco dados en 3 o menos.',
    19: 'Los cinco dados suman 26 o más.',
    20: 'Los cinco dados suman 9 o menos.',
    21: 'Los cinco dados suman exactamente 13.',
    22: 'Una cara Doozy más cuatro valores distintos.',
    23: 'Una cara Doozy más dos parejas de valores distintos.',
    24: 'Una cara Doozy más cuatro valores seguidos (1-4, 2-5 o 3-6).',
    25: 'Una pareja de 6 (el pan) más un trío de otro valor.',
    26: 'Tres 3 más una pareja de otro valor.',
  },
  cardFallback: (p) => `Carta ${n(p.id)}`,

  table: {
    label: 'Mesa de Doozy Dice',
    waiting: 'Esperando a la mesa…',
    dealing: 'Repartiendo las cartas Doozy…',
    rollOff: 'Tirando para ver quién empieza…',
    finished: 'La mesa final',
    yourTurn: 'Te toca',
    theirTurn: (p) => `Le toca a ${p.name}`,
    round: (p) => `Ronda ${n(p.round)} de ${n(p.rounds)}`,
    rollOf: (p) => `Tirada ${n(p.roll)} de ${n(p.max)}`,
    yourDots: 'Tus puntos:',
    whoFirst: '¿Quién empieza?',
    rollOffHow: 'Cada cual tira un dado; el más alto empieza (una cara Doozy vale 1). Los empates vuelven a tirar.',
    you: 'Tú',
    rollOffRolling: 'tirando…',
    rollOffOut: 'fuera',
    diceTag: (p) => dice(p.dice),
    facesTag: (p) => `necesita ${counted(p.faces, 'cara Doozy', 'caras Doozy')}`,
    youRecorded: (p) => `Anotaste ${n(p.rolls)}`,
    recorded: (p) => `${p.name} anotó ${n(p.rolls)}`,
    claimIn: (p) => `Anotar en ${rolls(p.rolls)}`,
    claimLabel: (p) => `Anotar en ${rolls(p.rolls)}: ${p.card}`,
    bonusHint: 'Bonificación: +1 punto, los demás −1',
    diceMakeThis: '✓ Los dados la cumplen',
    dice: 'Dados',
    blueDie: {
      unrolled: (p) => `Dado azul ${n(p.die)}, aún sin tirar`,
      shows: (p) => `Dado azul ${n(p.die)}, muestra ${n(p.value)}`,
    },
    doozyDie: {
      unrolled: (p) => `Dado blanco Doozy ${n(p.die)}, aún sin tirar`,
      shows: (p) => `Dado blanco Doozy ${n(p.die)}, muestra ${n(p.value)}`,
      face: (p) => `Dado blanco Doozy ${n(p.die)}, muestra la cara Doozy`,
    },
    setAsideSuffix: ', apartado',
    reRollSuffix: ', se volverá a tirar',
    setAside: 'apartado',
    reRoll: 'de nuevo',
    adjustOpen: '± puntos',
    adjustOpenLabel: (p) => `Gastar puntos para cambiar el dado ${n(p.die)}`,
    hintTitle: 'Los puntos pueden completar una carta:',
    hint: (p) => `Gasta ${dots(p.cost)} para hacer ${p.card} (${p.changes})`,
    hintChange: (p) => `dado ${n(p.die)} ${n(p.from)} → ${n(p.to)}`,
    adjust: 'Gastar puntos',
    adjustChange: (p) => `Cambiar el dado ${n(p.die)} de ${p.from} a ${p.to}`,
    lower: 'Bajar uno',
    raise: 'Subir uno',
    adjustCost: (p) => `Cuesta ${dots(p.cost)} · te quedarán ${p.left}`,
    spend: (p) => `Gastar ${dots(p.cost)}`,
    cancel: 'Cancelar',
    isRolling: (p) => `${p.name} está tirando…`,
    waitingAway: (p) => `Esperando a ${p.name}, que ahora no está.`,
    waitingFor: (p) => `Esperando a ${p.name}…`,
    rollAll: 'Tirar los 5 dados',
    rollDice: 'Tirar dados',
    rollSome: (p) => `Tirar ${dice(p.dice)}`,
    rollSmall: (p) => `tirada ${n(p.roll)} de ${n(p.max)}`,
    selectAll: 'Todos',
    clear: 'Ninguno',
    reconnecting: 'Reconectando…',
    rolling: 'Tirando…',
    waitingServer: 'Esperando al servidor…',
    cutoffDue: 'Esa fue la tirada 13. Anota una carta que cumplan los dados o acepta el límite de abajo.',
    mustClaim: 'Anotar automáticamente está activado: anota una de las cartas que se cumplen.',
    start: 'Empieza tu turno tirando los cinco dados.',
    tapDice: 'Toca los dados que quieres volver a tirar.',
    tapDiceLocked: 'Toca los dados que quieres volver a tirar (los demás quedan apartados para siempre).',
    keepRolling: 'Sigue tirando, gasta puntos para cambiar un dado o anota una carta que se cumpla.',
    cutoffTitle: 'Límite de 13 tiradas',
    cutoffHow: 'Anota 13 en una de tus cartas pendientes y pierde 1 punto:',
    cutoffOn: (p) => `13 en ${p.card}`,
    rollingNow: 'tirando ahora:',
    youMark: '(tú)',
    dotsTitle: 'Puntos Doozy',
    totalRolls: 'Tiradas en total',
    legend: '★ hecha en 3 tiradas o menos (+1 punto, los demás −1) · ✂ límite de 13 tiradas (−1 punto)',
  },

  final: {
    totalRolls: 'Tiradas en total',
    minusDots: '− Puntos',
    score: 'Resultado',
    note: 'Resultado = tiradas en total − puntos; gana el más bajo. En caso de empate gana quien tenga menos tiradas. ★ hecha en 3 tiradas o menos · ✂ límite de 13 tiradas.',
  },

  options: {
    legend: 'Opciones',
    lock: 'Bloquear los dados apartados',
    lockHow: 'Los dados que no vuelves a tirar se quedan fijos el resto del turno.',
    autoClaim: 'Anotar automáticamente',
    autoClaimHow: 'En cuanto los dados cumplan una de tus combinaciones, debes anotar una.',
  },

  log: {
    firstPlayer: (p) => `${p.name} ganó el sorteo y empieza`,
    dealt: (p) => `Repartida ${p.card}: ${p.rule}`,
    rollOff: (p) => `${p.name} sacó ${n(p.value)} para ver quién empieza`,
    rolled: (p) => `${p.name} tiró ${dice(p.dice)} (tirada ${n(p.roll)})`,
    face: '¡Cara Doozy! Todos +1 punto',
    adjusted: (p) => `${p.name} gastó ${dots(p.cost)}: dado ${n(p.die)} ${n(p.from)} → ${n(p.to)}`,
    claimed: (p) => `${p.name} anotó ${p.card} en ${rolls(p.rolls)}`,
    claimedBonus: (p) => `${p.name} anotó ${p.card} en ${rolls(p.rolls)}: +1 punto, los demás −1`,
    cutOff: (p) => `${p.name} llegó al límite de 13 tiradas: 13 en ${p.card}, −1 punto`,
  },

  confirm: {
    move: '¿Hacer esta jugada? No se puede deshacer.',
    claim: (p) => `¿Anotar ${p.card} en ${rolls(p.rolls)}? Con esto termina tu turno.`,
    cutoff: (p) => `¿Anotar 13 en ${p.card} y perder un punto? Con esto termina tu turno.`,
  },

  rules: {
    summary:
      'Todos compiten por hacer las mismas cinco combinaciones de dados, mostradas como cartas en la mesa, en el menor número de tiradas. En tu turno tiras los cinco dados, vuelves a tirar los que quieras y anotas una carta cuando los dados la cumplen. Tras cinco rondas gana el resultado más bajo.',
    sections: [
      {
        title: 'Con qué se juega',
        paragraphs: [
          'Cinco dados: tres dados azules del 1 al 6 y dos dados blancos Doozy en los que el 1 se sustituye por una cara Doozy.',
          'Al empezar se reparten cinco cartas Doozy boca arriba. Son comunes: cada jugador debe completar las cinco.',
          'Puntos Doozy: todos empiezan con 2. Los puntos sirven para cambiar dados y al final se restan de tu resultado.',
        ],
      },
      {
        title: 'Quién empieza',
        paragraphs: [
          'Cada cual tira un dado; el más alto empieza. Si varios empatan en el más alto, solo ellos vuelven a tirar. Luego el juego sigue hacia la izquierda.',
          'Hay cinco rondas. En cada una, cada jugador juega un turno y anota una carta.',
        ],
      },
      {
        title: 'Tu turno',
        paragraphs: [
          'Tirar: tu primera tirada es siempre con los cinco dados. Después vuelves a tirar los dados que elijas (al menos uno). Tienes hasta 13 tiradas.',
          'Ajustar: entre tiradas puedes gastar puntos para cambiar un dado, un punto por paso (de 2 a 5 cuesta 3). Solo puedes gastar los puntos que tienes. Un dado blanco puede ponerse de 2 a 6, pero nunca en cara, y un dado que muestra una cara no se puede cambiar.',
          'Anotar: cuando los dados cumplen una de tus cartas pendientes, puedes anotarla. La carta recibe el número de tiradas que usaste y tu turno termina. Nunca estás obligado a anotar; sigue tirando si prefieres guardar la carta para más tarde.',
        ],
      },
      {
        title: 'Caras Doozy y puntos',
        paragraphs: [
          'Cada dado blanco que cae en cara da +1 punto a todos. Dos caras en una tirada son +2 para todos. Una cara que conservas (sin volver a tirarla) no cuenta otra vez.',
          'En las cartas, una cara es comodín: puede valer cualquier número. Algunas cartas necesitan una o dos caras.',
          'Anotación rápida: si anotas una carta en 3 tiradas o menos, ganas 1 punto y cada uno de los demás pierde 1. Los puntos pueden bajar de cero.',
        ],
      },
      {
        title: 'La tirada 13',
        paragraphs: [
          'Tras tu tirada 13 debes terminar el turno. Anota una carta que cumplan los dados (vale 13, sin bonificación ni penalización) o acepta el límite: pon 13 en cualquiera de tus cartas pendientes y pierde 1 punto.',
        ],
      },
      {
        title: 'Puntuación y final',
        paragraphs: [
          'La partida termina cuando todos han anotado sus cinco cartas.',
          'Tu resultado es el total de tus tiradas menos tus puntos (un saldo negativo de puntos se suma). Gana el resultado más bajo. En caso de empate gana quien tenga menos tiradas; si sigue el empate, se comparte el puesto.',
          'Todo es público: las cartas, los dados y los puntos y anotaciones de todos.',
        ],
      },
      {
        title: 'Opciones de la mesa',
        paragraphs: [
          'Bloquear los dados apartados: desde la segunda tirada, todo dado que no vuelvas a tirar queda apartado el resto del turno y no se puede volver a tirar. Aún puedes ajustarlo con puntos.',
          'Anotar automáticamente: cuando tus dados cumplen una de tus cartas pendientes, debes anotar (ya no puedes tirar ni aceptar el límite). Aún puedes gastar puntos para ajustar antes.',
        ],
      },
      {
        title: 'Nuestras decisiones',
        paragraphs: [
          'La tirada para ver quién empieza no da puntos, aunque un dado blanco muestre una cara.',
          'Puedes aceptar el límite en la tirada 13 aunque los dados cumplan una carta: quizá prefieras poner el 13 en una carta difícil y guardar una fácil.',
          'La bonificación por anotación rápida se aplica aunque hayas gastado puntos para hacer la combinación.',
          'Un ajuste debe cambiar el dado; poner un dado en el valor que ya muestra se rechaza.',
          'Una cara que la carta no exige es comodín, pero no deshace los dados que ya están: 1 1 3 cara cara no hace Showmah (cinco valores distintos), porque los dos 1 siguen siendo pareja.',
        ],
      },
    ],
  },
};
