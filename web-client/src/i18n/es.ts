// Español. Same shape as `en.ts` (its type is checked against it).
import type { Messages } from './en';
import { count, list } from './format';
import type { TurnTimer } from '../generated/TurnTimer';

export const es: Messages = {
  nav: {
    newGame: 'Nueva partida',
    myTables: 'Mis mesas',
    myTablesWaiting: (p) => `Mis mesas, ${count('es', p.count)} te esperan`,
    language: 'Idioma',
    history: 'Historial',
  },
  home: {
    title: 'Juega a juegos de mesa con tus amigos',
    lead: 'Elige un juego, crea una sala y envía el enlace. Sin cuentas ni instalaciones.',
    pickGame: '1. Elige un juego',
    couldNotLoad: (p) => `No se pudieron cargar los juegos: ${p.why}`,
    retry: 'Reintentar',
    loading: 'Cargando juegos…',
    games: 'Juegos',
    players: (p) => `${count('es', p.min)}–${count('es', p.max)} jugadores`,
    comingSoon: 'Próximamente',
    rulesOf: (p) => `Reglas de ${p.game}`,
    thisGame: 'este juego',
    yourName: '2. Tu nombre',
    namePlaceholder: 'p. ej., Ana',
    nameLabel: 'Tu nombre',
    creating: 'Creando…',
    create: (p) => `Crear sala de ${p.game}`,
    gotCode: '¿Tienes un código?',
    codePlaceholder: 'Código de 8 caracteres o enlace',
    codeLabel: 'Código o enlace de la sala',
    goToRoom: 'Ir a la sala',
    codeProblem: (p) =>
      `Los códigos de sala tienen ${count('es', p.length)} letras y cifras (sin 0, 1, I, L ni O), como ${p.example}.`,
    finished: 'Ver partidas terminadas →',
  },
  tables: {
    lead: 'Todas las mesas en las que este navegador tiene un asiento. Las mesas a tu ritmo esperan aquí entre jugadas.',
    waitingOnYou: 'Te esperan a ti',
    waitingOnOthers: 'Esperan a otros',
    inLobby: 'En la sala de espera',
    finished: 'Terminadas',
    noneBefore: 'Aún no tienes ningún asiento.',
    startGame: 'Empieza una partida',
    noneAfter: 'o abre el enlace de un amigo.',
    seat: (p) => `Asiento ${count('es', p.number)}`,
    with: (p) => `con ${list('es', p.names)}`,
    aloneSoFar: 'solo por ahora',
    youWon: 'Has ganado',
    youAmongWinners: 'ti',
    wonBy: (p) => `Ganada por ${list('es', p.names)}`,
    notStarted: 'Aún no ha empezado',
    yourTurn: 'Es tu turno',
    yourTurnAnd: (p) => `Es tu turno (y el de ${list('es', p.names)})`,
    nobodyToAct: 'Nadie tiene que jugar',
    toPlay: (p) => `Le toca a ${list('es', p.names)}`,
    timeLeftTitle: 'Tiempo restante para esta decisión',
    timeLeft: (p) => `quedan ${p.time}`,
    matchRecord: 'El registro de la partida',
  },
  lobby: {
    players: 'Jugadores',
    playersCount: (p) => `${count('es', p.count)} de ${count('es', p.max)}`,
    host: 'anfitrión',
    you: 'tú',
    moveConfirm: (p) => `¿Mover a ${p.name} con los espectadores?`,
    move: 'Mover',
    cancel: 'Cancelar',
    moveLabel: (p) => `Mover con los espectadores: ${p.name}`,
    moveToSpectators: 'Mover con los espectadores',
    removeLabel: (p) => `Quitar a ${p.name}`,
    remove: 'Quitar',
    closedSeat: 'Asiento cerrado',
    reopenLabel: 'Reabrir un asiento cerrado',
    reopen: 'Reabrir',
    emptyLocked: 'Asiento libre: bloqueado',
    openSeat: 'Asiento libre',
    lockedByYou: 'Has bloqueado esta sala: quien tenga el enlace solo puede mirar.',
    lockedByHost: 'El anfitrión ha bloqueado esta sala: quien tenga el enlace solo puede mirar.',
    closedByYou: (p) =>
      p.count === 1 ? 'Un asiento está cerrado hasta que lo reabras.' : `${count('es', p.count)} asientos están cerrados hasta que los reabras.`,
    closedByHost: (p) =>
      p.count === 1 ? 'El anfitrión ha cerrado un asiento.' : `El anfitrión ha cerrado ${count('es', p.count)} asientos.`,
    addBot: 'Añadir un bot',
    easy: 'Fácil',
    normal: 'Intermedio',
    lock: 'Cerrar la sala a nuevos jugadores',
    lockHint: 'Quien abra el enlace solo podrá mirar; aún se pueden añadir bots.',
    watching: (p) => `${count('es', p.count)} mirando`,
    readRules: (p) => `Leer las reglas de ${p.game}`,
    roomMatches: 'Partidas jugadas en esta sala',
    start: (p) => `Empezar ${p.game}`,
    theGame: 'la partida',
    waitLocked: (p) =>
      `Faltan jugadores (al menos ${count('es', p.min)}): desbloquea la sala para que puedan unirse o añade un bot.`,
    waitShare: (p) => `Faltan jugadores (al menos ${count('es', p.min)}): comparte el enlace de arriba o añade un bot.`,
    ready: (p) => `¿Estáis todos? Empezad cuando queráis (${count('es', p.min)}–${count('es', p.max)} jugadores).`,
    waitingHost: 'Esperando a que el anfitrión empiece la partida…',
  },
  share: {
    label: 'Invita a tus amigos con este enlace',
    copy: 'Copiar',
    copied: '¡Copiado!',
    copiedToast: 'Enlace copiado: ¡envíaselo a tus amigos!',
    copyByHand: 'Pulsa Ctrl+C (o mantén pulsado) para copiar el enlace seleccionado.',
  },
  seat: {
    save: 'Guardar',
    giveUp: '¿Dejar tu asiento y mirar?',
    leave: 'Dejar mi asiento',
    stay: 'Quedarme',
    rename: 'Cambiar mi nombre',
  },
  webhook: {
    title: 'Avisos de turno en un chat',
    on: (p) => `activado (${p.kind})`,
    shown: (p) =>
      `Esta sala publica «Le toca a Ana» en un webhook de ${p.kind} cuando le toca a alguien que no está, y quién gana al final.`,
    offer: 'Publica «Le toca a Ana» en el chat de tu grupo cuando le toca a alguien que no está, y quién gana al final.',
    address: 'Dirección del webhook',
    kind: 'Tipo',
    plainJson: 'JSON simple',
    plainJsonOption: 'JSON simple',
    replace: 'Reemplazar',
    stop: 'Dejar de publicar',
  },
  notices: {
    title: 'Avisos de turno',
    onDevice: 'en este dispositivo',
    byEmail: 'por correo',
    note: 'Solo cuando es tu turno y esta mesa no está abierta. Se guarda hasta que acabe la partida o dejes tu asiento; nadie más lo ve.',
    device: 'Avisos en este dispositivo',
    deviceOn: 'Este navegador muestra un aviso cuando es tu turno.',
    stopDevice: 'Desactivar avisos en este dispositivo',
    asking: 'Preguntando al navegador…',
    notifyMe: 'Avisarme en este dispositivo',
    notOn: (p) => `No activado: ${p.why}.`,
    unsupported: 'este navegador no puede recibir avisos push aquí',
    blocked: 'las notificaciones de este sitio están bloqueadas en la configuración del navegador',
    failed: (p) => `el navegador no pudo suscribirse (${p.detail})`,
    emails: 'Correos de turno',
    emailOn: 'Recibes un correo cuando es tu turno.',
    stopEmails: 'Dejar de recibir correos',
    emailMe: 'Envíame un correo cuando sea mi turno y no esté',
  },
  pace: {
    legend: 'Ritmo y tiempo por turno',
    live: 'En directo',
    ownPace: 'A tu ritmo',
    ownPaceShown: (p) => `A tu ritmo: ${p.timer}`,
    timer: (p) => {
      if (p.secs === null) return 'Sin límite: la mesa espera';
      const names: Partial<Record<TurnTimer, string>> = { relaxed: 'Tranquilo', normal: 'Normal', fast: 'Rápido' };
      const d = p.secs / 86400;
      const h = p.secs / 3600;
      const span =
        p.secs >= 86400 ? (d === 1 ? '1 día' : `${count('es', d)} días`)
        : p.secs >= 3600 ? (h === 1 ? '1 hora' : `${count('es', h)} horas`)
        : p.secs >= 60 ? `${count('es', p.secs / 60)} min`
        : `${count('es', p.secs)} s`;
      const name = names[p.timer];
      return name && p.secs < 3600 ? `${name}: ${span} por decisión` : `${span} por decisión`;
    },
    ownPaceNote:
      'Juega cuando tengas un minuto: la mesa espera a cada jugador hasta el tiempo indicado, aunque todas las páginas estén cerradas.',
    expiryNote:
      'Cuando a alguien se le acaba el tiempo, el servidor decide por él; tras dos decisiones así seguidas, un bot juega por él hasta que vuelva.',
  },
  notFound: {
    title: 'Página no encontrada',
    nothingAt: 'No hay nada en',
    goHome: 'Ir al inicio',
  },
  names: (p) => list('es', p.names),
};
