// العربية (right to left: the page mirrors). Same shape as `en.ts` (its
// type is checked against it).
import type { Messages } from './en';
import { count, list } from './format';

export const ar: Messages = {
  nav: {
    newGame: 'لعبة جديدة',
    myTables: 'طاولاتي',
    myTablesWaiting: (p) => `طاولاتي، ${count('ar', p.count)} بانتظارك`,
    language: 'اللغة',
    history: 'السجل',
  },
  notFound: {
    title: 'الصفحة غير موجودة',
    nothingAt: 'لا يوجد شيء في',
    goHome: 'العودة إلى الصفحة الرئيسية',
  },
  names: (p) => list('ar', p.names),
};
