// Español. Same shape as `en.ts` (its type is checked against it).
import type { Messages } from './en';
import { count, list } from './format';

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
  notFound: {
    title: 'Página no encontrada',
    nothingAt: 'No hay nada en',
    goHome: 'Ir al inicio',
  },
  names: (p) => list('es', p.names),
};
