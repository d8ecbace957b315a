// العربية (right to left: the page mirrors). Same shape as `en.ts` (its
// type is checked against it).
import type { Messages } from './en';
import { count, list } from './format';
import type { TurnTimer } from '../generated/TurnTimer';

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
  tables: {
    lead: 'كل الطاولات التي يحجز فيها هذا المتصفح مقعدًا. الطاولات التي تُلعب على مهل تنتظرك هنا بين النقلات.',
    waitingOnYou: 'بانتظارك',
    waitingOnOthers: 'بانتظار الآخرين',
    inLobby: 'في الردهة',
    finished: 'منتهية',
    noneBefore: 'لا تحجز أي مقعد بعد.',
    startGame: 'ابدأ لعبة',
    noneAfter: 'أو افتح رابطًا من صديق.',
    seat: (p) => `المقعد ${count('ar', p.number)}`,
    with: (p) => `مع ${list('ar', p.names)}`,
    aloneSoFar: 'وحدك حتى الآن',
    youWon: 'لقد فزت',
    youAmongWinners: 'أنت',
    wonBy: (p) => `فاز بها ${list('ar', p.names)}`,
    notStarted: 'لم تبدأ بعد',
    yourTurn: 'دورك',
    yourTurnAnd: (p) => `دورك (ودور ${list('ar', p.names)})`,
    nobodyToAct: 'لا أحد عليه الدور',
    toPlay: (p) => `الدور على ${list('ar', p.names)}`,
    timeLeftTitle: 'الوقت المتبقي لهذا القرار',
    timeLeft: (p) => `بقي ${p.time}`,
    matchRecord: 'سجل المباراة',
  },
  lobby: {
    players: 'اللاعبون',
    playersCount: (p) => `${count('ar', p.count)} من ${count('ar', p.max)}`,
    host: 'المضيف',
    you: 'أنت',
    moveConfirm: (p) => `نقل ${p.name} إلى المتفرجين؟`,
    move: 'نقل',
    cancel: 'إلغاء',
    moveLabel: (p) => `نقل إلى المتفرجين: ${p.name}`,
    moveToSpectators: 'نقل إلى المتفرجين',
    removeLabel: (p) => `إزالة ${p.name}`,
    remove: 'إزالة',
    closedSeat: 'مقعد مغلق',
    reopenLabel: 'إعادة فتح مقعد مغلق',
    reopen: 'إعادة الفتح',
    emptyLocked: 'مقعد شاغر — مقفل',
    openSeat: 'مقعد شاغر',
    lockedByYou: 'لقد أقفلت هذه الغرفة: من لديه الرابط يمكنه المشاهدة فقط.',
    lockedByHost: 'أقفل المضيف هذه الغرفة: من لديه الرابط يمكنه المشاهدة فقط.',
    closedByYou: (p) =>
      p.count === 1 ? 'مقعد واحد مغلق حتى تعيد فتحه.' : `عدد المقاعد المغلقة حتى تعيد فتحها: ${count('ar', p.count)}.`,
    closedByHost: (p) =>
      p.count === 1 ? 'أغلق المضيف مقعدًا واحدًا.' : `عدد المقاعد التي أغلقها المضيف: ${count('ar', p.count)}.`,
    addBot: 'إضافة روبوت',
    easy: 'سهل',
    normal: 'عادي',
    lock: 'إقفال الغرفة أمام اللاعبين الجدد',
    lockHint: 'من يفتح الرابط يمكنه المشاهدة فقط؛ ولا يزال بالإمكان إضافة روبوتات.',
    watching: (p) => `عدد المتفرجين: ${count('ar', p.count)}`,
    readRules: (p) => `قراءة قواعد ${p.game}`,
    roomMatches: 'المباريات التي لُعبت في هذه الغرفة',
    start: (p) => `بدء ${p.game}`,
    theGame: 'اللعبة',
    waitLocked: (p) =>
      `بانتظار اللاعبين (${count('ar', p.min)} على الأقل) — افتح قفل الغرفة ليتمكن الآخرون من الانضمام، أو أضف روبوتًا.`,
    waitShare: (p) => `بانتظار اللاعبين (${count('ar', p.min)} على الأقل) — شارك الرابط أعلاه، أو أضف روبوتًا.`,
    ready: (p) => `هل حضر الجميع؟ ابدأ متى كنتم مستعدين (${count('ar', p.min)}–${count('ar', p.max)} لاعبين).`,
    waitingHost: 'بانتظار أن يبدأ المضيف اللعبة…',
  },
  share: {
    label: 'ادعُ أصدقاءك بهذا الرابط',
    copy: 'نسخ',
    copied: 'تم النسخ!',
    copiedToast: 'تم نسخ الرابط — أرسله إلى أصدقائك!',
    copyByHand: 'اضغط Ctrl+C (أو اضغط مطولًا) لنسخ الرابط المحدد.',
  },
  seat: {
    save: 'حفظ',
    giveUp: 'التخلي عن مقعدك والمشاهدة؟',
    leave: 'مغادرة مقعدي',
    stay: 'البقاء',
    rename: 'تغيير اسمي',
  },
  webhook: {
    title: 'تنبيهات الأدوار في محادثة',
    on: (p) => `مفعّل (${p.kind})`,
    shown: (p) =>
      `تنشر هذه الغرفة «دور آنا» إلى webhook في ${p.kind} عندما يحين دور لاعب غائب، والفائز في النهاية.`,
    offer: 'انشر «دور آنا» في محادثة مجموعتك عندما يحين دور لاعب غائب، والفائز في النهاية.',
    address: 'عنوان الـwebhook',
    kind: 'النوع',
    plainJson: 'JSON عادي',
    plainJsonOption: 'JSON عادي',
    replace: 'استبدال',
    stop: 'إيقاف النشر',
  },
  notices: {
    title: 'تنبيهات الأدوار',
    onDevice: 'على هذا الجهاز',
    byEmail: 'بالبريد الإلكتروني',
    note: 'تُرسل فقط عندما يحين دورك وهذه الطاولة غير مفتوحة. تُحفظ حتى تنتهي المباراة أو تغادر مقعدك؛ ولا تُعرض لأحد.',
    device: 'التنبيهات على هذا الجهاز',
    deviceOn: 'يعرض هذا المتصفح تنبيهًا عندما يحين دورك.',
    stopDevice: 'إيقاف التنبيهات على هذا الجهاز',
    asking: 'جارٍ سؤال المتصفح…',
    notifyMe: 'نبّهني على هذا الجهاز',
    notOn: (p) => `غير مفعّل: ${p.why}.`,
    unsupported: 'لا يستطيع هذا المتصفح تلقي التنبيهات هنا',
    blocked: 'الإشعارات محظورة لهذا الموقع في إعدادات المتصفح',
    failed: (p) => `تعذّر على المتصفح الاشتراك (${p.detail})`,
    emails: 'رسائل الأدوار',
    emailOn: 'تصلك رسالة بريد إلكتروني عندما يحين دورك.',
    stopEmails: 'إيقاف الرسائل',
    emailMe: 'راسلني عندما يحين دوري وأنا غائب',
  },
  pace: {
    legend: 'الإيقاع ومؤقت الدور',
    live: 'مباشر',
    ownPace: 'على مهلك',
    ownPaceShown: (p) => `على مهلك: ${p.timer}`,
    timer: (p) => {
      if (p.secs === null) return 'متوقف: الطاولة تنتظر';
      const names: Partial<Record<TurnTimer, string>> = { relaxed: 'هادئ', normal: 'عادي', fast: 'سريع' };
      const d = p.secs / 86400;
      const h = p.secs / 3600;
      const span =
        p.secs >= 86400 ? (d === 1 ? 'يوم واحد' : `${count('ar', d)} أيام`)
        : p.secs >= 3600 ? (h === 1 ? 'ساعة واحدة' : `${count('ar', h)} ساعة`)
        : p.secs >= 60 ? `${count('ar', p.secs / 60)} دقيقة`
        : `${count('ar', p.secs)} ثانية`;
      const name = names[p.timer];
      return name && p.secs < 3600 ? `${name}: ${span} لكل قرار` : `${span} لكل قرار`;
    },
    ownPaceNote: 'العب نقلتك متى وجدت دقيقة: تنتظر الطاولة كل لاعب حتى الوقت المعروض، حتى لو أُغلقت كل الصفحات.',
    expiryNote: 'عندما ينفد وقت لاعب يقرر الخادم عنه؛ وبعد قرارين متتاليين كهذين يلعب روبوت عنه حتى يعود.',
  },
  notFound: {
    title: 'الصفحة غير موجودة',
    nothingAt: 'لا يوجد شيء في',
    goHome: 'العودة إلى الصفحة الرئيسية',
  },
  names: (p) => list('ar', p.names),
};
