// Mix-the-Mutts بالعربية. تبقى أسماء السلالات كما طُبعت في اللعبة المنشورة
// (Poodle وBeagle …)؛ وكل ما يُقال عنها مترجم. Names (players', breeds',
// tiles' codes) are isolated (FSI … PDI) in sentences, as in the app's ar.ts.
import { count, list, pluralOf } from '../../../i18n/format';
import type { MtmMessages } from './en';

const n = (v: number) => count('ar', v);
/** A name (a player's, a breed's, a tile's code: often Latin) set apart from the right-to-left sentence around it. */
const iso = (name: string) => `\u2068${name}\u2069`;
/** Names joined as Arabic joins them, each isolated. */
const and = (names: readonly string[]) => list('ar', names.map(iso));

/** The six CLDR forms of an Arabic counted noun; `#` is the number. */
type Forms = { zero: string; one: string; two: string; few: string; many: string; other: string };
const counted = (v: number, f: Forms) => f[pluralOf('ar', v) as keyof Forms].replace('#', n(v));
const CARDS: Forms = { zero: '# بطاقة', one: 'بطاقة واحدة', two: 'بطاقتان', few: '# بطاقات', many: '# بطاقة', other: '# بطاقة' };
const POINTS: Forms = { zero: '# نقطة', one: 'نقطة واحدة', two: 'نقطتان', few: '# نقاط', many: '# نقطة', other: '# نقطة' };
const TILES: Forms = { zero: '# بلاطة', one: 'بلاطة واحدة', two: 'بلاطتان', few: '# بلاطات', many: '# بلاطة', other: '# بلاطة' };
const COMBOS: Forms = {
  zero: '# تركيبة جديدة',
  one: 'تركيبة جديدة واحدة',
  two: 'تركيبتين جديدتين',
  few: '# تركيبات جديدة',
  many: '# تركيبة جديدة',
  other: '# تركيبة جديدة',
};
const cards = (v: number) => counted(v, CARDS);
const points = (v: number) => counted(v, POINTS);
const tiles = (v: number) => counted(v, TILES);
const combos = (v: number) => counted(v, COMBOS);
/** The noun alone after a number shown big. */
const word = (v: number, f: Forms) => counted(v, f).replace(n(v), '').trim();

export const ar: MtmMessages = {
  blurb: 'صِل بلاطات سداسية من الرؤوس والذيول، ثم سجّل الكلاب الهجينة التي تتكوّن ببطاقات مطابقة من يدك.',

  you: 'أنت',
  youObject: 'أنت',

  dirs: { 0: 'الشرق', 1: 'الشمال الشرقي', 2: 'الشمال الغربي', 3: 'الغرب', 4: 'الجنوب الغربي', 5: 'الجنوب الشرقي' },

  units: {
    cards: (p) => cards(p.n),
    points: (p) => points(p.n),
    pts: (p) => points(p.n),
    cardWord: (p) => word(p.n, CARDS),
    ptWord: (p) => word(p.n, POINTS),
  },

  part: {
    head: (p) => `رأس ${iso(p.breed)}`,
    tail: (p) => `ذيل ${iso(p.breed)}`,
  },

  combo: {
    purebred: (p) => `${iso(p.breed)} أصيل`,
    mixed: (p) => `رأس ${iso(p.head)} + ذيل ${iso(p.tail)}`,
    ref: (p) => `التركيبة ${n(p.n)}`,
    refWith: (p) => `التركيبة ${n(p.n)} (${p.text})`,
    newCombos: (p) => combos(p.n),
  },

  chip: {
    title: (p) => `${iso(p.name)} · ${points(p.n)} للبطاقة`,
    junior: 'بطاقة واحدة',
  },

  table: {
    label: 'طاولة Mix-the-Mutts',
    waiting: 'بانتظار الطاولة…',
    settingUp: 'جارٍ تجهيز الطاولة…',
    yourTurn: 'دورك',
    theirTurn: (p) => `دور ${iso(p.name)}`,
    windowYours: 'التسجيل: أجب الآن',
    window: 'التسجيل',
    finished: 'الطاولة في النهاية',
    pileTitle: 'البطاقات الباقية في رزمة السحب',
    pile: 'الرزمة:',
    tilesTitle: 'البلاطات المقلوبة تحت البلاطة المكشوفة',
    tilesLeft: 'البلاطات الباقية:',
    onTable: 'على الطاولة:',
    junior: 'تسجيل الصغار',
    legendHead: 'الوجه المستدير = رأس',
    legendTail: 'الذيل الملتف = ذيل',
    legendCombo: 'تركيبات جديدة مرقّمة',
    shuffling: 'جارٍ خلط البلاطات وتوزيع البطاقات…',
    sending: 'جارٍ الإرسال…',
  },

  next: {
    label: 'البلاطة التالية',
    tile: (p) => `البلاطة التالية ${iso(p.tile)}`,
    under: (p) => `تحتها ${tiles(p.n)} أخرى مقلوبة.`,
    theyChoose: (p) => `سيصلها ${iso(p.name)} أو يسحب بطاقتين.`,
    away: (p) => `(${iso(p.name)} غائب الآن.)`,
  },

  place: {
    makes: (p) => `هنا تكوّن ${combos(p.n)}:`,
    youHold: 'معك هذه البطاقات',
    hint: 'المس خانة مضيئة على اللوحة لتجرّب البلاطة فيها (يجب أن تلمس بلاطتين).',
    bar: 'ضع البلاطة',
    youCanScore: 'يمكنك التسجيل',
    rotation: 'التدوير',
    rotateLabel: 'تدوير 120 درجة',
    rotate: 'تدوير',
    confirm: 'صِل البلاطة هنا',
    chooseFirst: 'اختر خانة أولًا',
    cancel: 'إلغاء',
    or: 'أو',
    drawTwo: 'اسحب بطاقتين',
    pileEmpty: 'الرزمة فارغة: عليك أن تصل البلاطة.',
    inPile: (p) => `${cards(p.n)} في الرزمة`,
  },

  players: {
    active: 'اللاعب الحالي:',
    you: '(أنت)',
    cardsScored: 'البطاقات المسجّلة',
    points: 'النقاط',
    inHand: (p) => `${cards(p.n)} في اليد`,
    scored: (p) => `${cards(p.n)} مسجّلة`,
    answered: 'أجاب',
    deciding: 'يفكّر…',
    stack: 'كومة النقاط',
  },

  board: {
    label: (p) => `اللوحة: ${tiles(p.n)}`,
    labelOpen: (p) => `اللوحة: ${tiles(p.n)}، و${n(p.open)} أماكن للوصل`,
    zoomIn: 'تكبير',
    fit: 'اللوحة كاملة',
    here: 'صِل هنا',
    nextTo: (p) => `صِل بجانب ${iso(p.tile)}، تلمس ${tiles(p.n)}`,
    between: (p) => `صِل بين ${and(p.names)}، تلمس ${tiles(p.n)}`,
  },

  claim: {
    title: 'التسجيل',
    made: (p) => `كوّن ${iso(p.name)} ${combos(p.n)}. يمكن للجميع التسجيل معًا وسرًّا.`,
    youMade: (p) => `كوّنت ${combos(p.n)}. يمكن للجميع التسجيل معًا وسرًّا.`,
    answered: 'أجاب',
    deciding: 'يفكّر',
    countdown: 'بعدها يُحسب عدم الإجابة تمريرًا',
    newCombos: 'التركيبات الجديدة',
    autoPass: 'مرّر عني حين لا أستطيع التسجيل',
    autoPassNote: '(سيرى الآخرون فورًا أنه لم يكن لديك شيء)',
    waitingFor: (p) =>
      `بانتظار قرار ${counted(p.n, { zero: '# لاعب', one: 'لاعب واحد', two: 'لاعبَين', few: '# لاعبين', many: '# لاعبًا', other: '# لاعب' })}…`,
    answeredWaiting: 'تمت الإجابة، بانتظار الآخرين.',
    passedForYou: 'مُرِّر عنك: لا شيء للتسجيل.',
    youPassed: 'لقد مرّرت.',
    youClaimed: (p) => `طالبت بـ${and(p.names)}. تُكشف المطالبات حين يجيب الجميع.`,
    hintActive: {
      before: 'بلاطتك: طالب ب',
      strong: 'أي عدد',
      after: ' من هذه التركيبات، ببطاقتين لكل منها، دون تكرار أي بطاقة.',
    },
    hintOther: {
      before: 'طالب ب',
      strong: 'تركيبة واحدة',
      after: ' ببطاقتين من يدك، أو مرّر.',
    },
    twoOf: (p) => `بطاقتا ${iso(p.breed)}`,
    aAndA: (p) => `${iso(p.head)} و${iso(p.tail)}`,
    selected: (p) => `مختارة: ${p.pair} من يدك`,
    cannot: (p) => `لا يمكنك: ${p.why}`,
    needsTwo: (p) => `تحتاج إلى بطاقتَي ${iso(p.breed)}`,
    needsSecond: (p) => `تحتاج إلى بطاقة ${iso(p.breed)} ثانية`,
    aBreed: (p) => `بطاقة ${iso(p.breed)}`,
    needs: (p) => `تحتاج إلى ${and(p.names)}`,
    used: 'هذه البطاقات مستخدمة في اختيار آخر',
    youHave: (p) => `معك ${p.what}`,
    submit: 'أرسل المطالبات',
    claimN: (p) =>
      `طالب بـ${counted(p.n, { zero: '# تركيبة', one: 'تركيبة واحدة', two: 'تركيبتين', few: '# تركيبات', many: '# تركيبة', other: '# تركيبة' })} (+${p.gain})`,
    pass: 'مرّر',
    passNothing: 'مرّر: لا شيء للتسجيل',
  },

  hand: {
    label: 'يدك',
    title: 'يدك',
    over: 'البطاقات الباقية في اليد لا تُحسب',
    worth: (p) => `قيمتها ${p.gain} إن سُجّلت`,
    noneLeft: 'لم تبقَ بطاقات.',
    none: 'لا بطاقات. اسحب اثنتين في دورك لتحصل على بعضها.',
  },

  final: {
    none: 'لم تُسجَّل أي بطاقة.',
    juniorNote: 'تسجيل الصغار: يفوز صاحب أكثر البطاقات في كومة النقاط، والمتعادلون يتقاسمون الفوز.',
    note: 'كل بطاقة تُحسب بنقاط سلالتها (Poodle 1 … Chihuahua 8)؛ يفوز صاحب أكثر النقاط، والمتعادلون يتقاسمون الفوز. البطاقات الباقية في اليد لا تُحسب.',
  },

  options: {
    legend: 'الخيارات',
    junior: 'تسجيل الصغار',
    juniorNote: 'احسب عدد البطاقات في كومة نقاطك بدل نقاطها، فتصبح السلالات الشائعة هي النجوم.',
    first: 'اللاعب الأول',
    firstNote: 'تقول القواعد إن الأصغر سنًّا يبدأ.',
    random: 'عشوائي',
    seatOf: (p) => `${iso(p.name)} (المقعد ${n(p.seat)})`,
    seat: (p) => `المقعد ${n(p.seat)}`,
    seatHost: (p) => `المقعد ${n(p.seat)} (أنت، المضيف)`,
    nobody: (p) => `لا أحد في المقعد ${n(p.seat)} بعد.`,
    timer: 'مهلة الإجابة',
    timerNote:
      'المدة المتاحة للجميع للمطالبة بعد وصل بلاطة؛ وعدم الإجابة يُحسب تمريرًا. ما لم تُحدَّد هنا، تقرّرها مهلة الدور في الغرفة.',
    timerOff: 'حسب مهلة الدور (متوقفة: انتظار الجميع)',
    seconds: (p) =>
      counted(p.n, { zero: '# ثانية', one: 'ثانية واحدة', two: 'ثانيتان', few: '# ثوانٍ', many: '# ثانية', other: '# ثانية' }),
  },

  log: {
    cardList: (p) => and(p.names),
    scored: (p) => `سجّل ${iso(p.name)} ${p.what} بـ${p.cards}: +${p.gain}`,
    youScored: (p) => `سجّلت ${p.what} بـ${p.cards}: +${p.gain}`,
    passed: (p) => `مرّر: ${and(p.names)}`,
    timeRanOut: (p) => `انتهى الوقت (${and(p.names)}): لا مطالبة`,
    setupTile: (p) => `التجهيز: وُضعت البلاطة ${iso(p.tile)} على الطاولة`,
    tileRevealed: (p) => `كُشفت البلاطة التالية: ${iso(p.tile)}`,
    first: (p) => `يبدأ ${iso(p.name)}`,
    youFirst: 'أنت تبدأ',
    drewCard: (p) => `سحب ${iso(p.name)} بطاقة`,
    youDrewCard: 'سحبت بطاقة',
    dealtCard: (p) => `حصل ${iso(p.name)} على بطاقة`,
    youDealtCard: 'حصلت على بطاقة',
    drewCardShown: (p) => `سحب ${iso(p.name)} بطاقة: ${p.card}`,
    youDrewCardShown: (p) => `سحبت بطاقة: ${p.card}`,
    dealtCardShown: (p) => `حصل ${iso(p.name)} على بطاقة: ${p.card}`,
    youDealtCardShown: (p) => `حصلت على بطاقة: ${p.card}`,
    drew: (p) => `سحب ${iso(p.name)}: ${p.what}`,
    youDrew: (p) => `سحبت: ${p.what}`,
    dealt: (p) => `حصل ${iso(p.name)} على: ${p.what}`,
    youDealt: (p) => `حصلت على: ${p.what}`,
    choseDrawTwo: (p) => `اختار ${iso(p.name)} سحب بطاقتين`,
    youChoseDrawTwo: 'اخترت سحب بطاقتين',
    drewTwo: (p) => `سحب ${iso(p.name)} بطاقتين`,
    youDrewTwo: 'سحبت بطاقتين',
    connected: (p) => `وصل ${iso(p.name)} البلاطة ${iso(p.tile)} فكوّن ${combos(p.n)}: ${p.combos}`,
    youConnected: (p) => `وصلت البلاطة ${iso(p.tile)} فكوّنت ${combos(p.n)}: ${p.combos}`,
    answered: (p) => `أجاب ${iso(p.name)}`,
    youAnswered: 'أجبت',
    closed: 'انتهى التسجيل، وكُشفت المطالبات:',
    lastClosed: 'آخر تسجيل، المطالبات المكشوفة:',
  },

  confirm: {
    move: 'هل تقوم بهذه الحركة؟ لا يمكن التراجع عنها.',
  },

  rules: {
    summary:
      'يتناوب اللاعبون على وصل بلاطات سداسية بحيث تلتقي رؤوس الكلاب بذيولها. كل لقاء جديد يكوّن كلبًا هجينًا، ومن يملك بطاقتَي السلالتين المطابقتين يمكنه تسجيله. السلالات النادرة أعلى قيمة، ويفوز صاحب أعلى نتيجة بعد آخر بلاطة.',
    sections: [
      {
        title: 'أدوات اللعب',
        paragraphs: [
          '72 بطاقة سلالة من ثماني سلالات. السلالات الأندر لها بطاقات أقل وقيمة أعلى: Poodle 1، Beagle 2، Pug 3، Dachshund 4، Schnauzer 5، Pomeranian 6، Dalmatian 7، Chihuahua 8.',
          '12 بلاطة سداسية. لكل منها ست حواف تتناوب فيها رؤوس الكلاب وذيولها. تلتقي البلاطات دائمًا رأسًا بذيل.',
        ],
      },
      {
        title: 'التجهيز',
        paragraphs: [
          'تبدأ بلاطتان على الطاولة متجاورتين (لقاؤهما لا يُسجَّل أبدًا). تُكشف البلاطة التالية ويراها الجميع.',
          'يحصل كل لاعب على 4 بطاقات، والباقي رزمة السحب. يدك سرّية.',
          'يمكن للمضيف أن يختار من يبدأ، وإلا فبالقرعة. يسير اللعب باتجاه عقارب الساعة.',
        ],
      },
      {
        title: 'دورك',
        paragraphs: [
          'افعل أحد أمرين:',
          'الوصل: ضع البلاطة المكشوفة في مكان فارغ يلمس بلاطتين على الأقل على الطاولة. يمكنك تدويرها، لكن بحيث تبقى الرؤوس ملاقية للذيول. كل حافة تلمس فيها بلاطة هي تركيبة جديدة: سلالة رأس وسلالة ذيل.',
          'سحب اثنتين: خذ بطاقتين من الرزمة. تبقى البلاطة المكشوفة للاعب التالي. إذا فرغت الرزمة فعليك الوصل.',
        ],
      },
      {
        title: 'تسجيل التركيبات',
        paragraphs: [
          'بعد كل وصل، يجيب كل لاعب (ومنهم من وصل) مرة واحدة وسرًّا: يطالب بتركيبات أو يمرّر.',
          'للمطالبة بتركيبة، العب بطاقتين من يدك: واحدة من سلالة الرأس وواحدة من سلالة الذيل. وللتركيبة الأصيلة (السلالة نفسها على الجانبين) العب بطاقتين من تلك السلالة.',
          'يمكن لمن وصل أن يطالب بأي عدد من التركيبات الجديدة، كلًّا مرة واحدة، ببطاقات مختلفة. أما الباقون فيطالب كل منهم بتركيبة واحدة على الأكثر.',
          'يمكن لعدة لاعبين المطالبة بالتركيبة نفسها، كلٌّ ببطاقاته.',
          'حين يجيب الجميع، تُعرض المطالبات كلها معًا، وتذهب البطاقات المطالب بها مكشوفةً إلى كومة نقاط أصحابها. ثم تُكشف البلاطة التالية ويستمر اللعب.',
          'هناك مهلة للإجابة (60 ثانية ما لم يغيّرها المضيف). من لم يُجب حين تنتهي يُعدّ ممرِّرًا.',
        ],
      },
      {
        title: 'النهاية',
        paragraphs: [
          'تنتهي اللعبة بعد وصل البلاطة العاشرة وتسوية مطالباتها.',
          'نتيجتك هي مجموع قيم البطاقات في كومة نقاطك. البطاقات الباقية في يدك لا تُحسب. تفوز أعلى نتيجة، والمتعادلون يتقاسمون المركز.',
          'تسجيل الصغار (خيار): كل بطاقة مسجّلة تساوي 1، أيًّا كانت سلالتها.',
        ],
      },
      {
        title: 'أحكامنا',
        paragraphs: [
          'الحواف التي تكوّنها البلاطة الموضوعة للتو فقط هي التركيبات الجديدة. والتركيبة التي تشبه سلالاتها تركيبةً سابقة تُحسب أيضًا.',
          'تضع دائمًا البلاطة المكشوفة، ولا يمكنك اختيار غيرها.',
          'لا حدّ لعدد البطاقات في اليد، والبطاقات المسجّلة لا تعود إلى الرزمة أبدًا.',
          'إجابتك نهائية حين تقدّمها. يرى الآخرون أنك أجبت فقط، لا بماذا، حتى يجيب الجميع.',
          'لا تُكشف الأيدي أبدًا، ولا حتى في النهاية.',
          'تبقى مطالبات آخر تسجيل ظاهرة حتى التسجيل التالي.',
        ],
      },
    ],
  },
};
