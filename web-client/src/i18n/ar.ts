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
  home: {
    title: 'العب ألعاب الطاولة مع أصدقائك',
    lead: 'اختر لعبة، وأنشئ غرفة، وأرسل الرابط. بلا حسابات ولا تثبيت.',
    pickGame: '١. اختر لعبة',
    couldNotLoad: (p) => `تعذّر تحميل الألعاب: ${p.why}`,
    retry: 'إعادة المحاولة',
    loading: 'جارٍ تحميل الألعاب…',
    games: 'الألعاب',
    players: (p) => `${count('ar', p.min)}–${count('ar', p.max)} لاعبين`,
    comingSoon: 'قريبًا',
    rulesOf: (p) => `قواعد ${p.game}`,
    thisGame: 'هذه اللعبة',
    yourName: '٢. اسمك',
    namePlaceholder: 'مثلًا: آنا',
    nameLabel: 'اسمك',
    creating: 'جارٍ الإنشاء…',
    create: (p) => `إنشاء غرفة ${p.game}`,
    gotCode: 'هل لديك رمز؟',
    codePlaceholder: 'رمز من ٨ خانات أو رابط',
    codeLabel: 'رمز الغرفة أو رابطها',
    goToRoom: 'الذهاب إلى الغرفة',
    codeProblem: (p) =>
      `رموز الغرف ${count('ar', p.length)} أحرف وأرقام (بلا 0 و1 وI وL وO)، مثل ${p.example}.`,
    finished: 'عرض المباريات المنتهية ←',
  },
  notFound: {
    title: 'الصفحة غير موجودة',
    nothingAt: 'لا يوجد شيء في',
    goHome: 'العودة إلى الصفحة الرئيسية',
  },
  names: (p) => list('ar', p.names),
};
