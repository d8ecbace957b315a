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
  notFound: {
    title: 'Página no encontrada',
    nothingAt: 'No hay nada en',
    goHome: 'Ir al inicio',
  },
  names: (p) => list('es', p.names),
};
