// Zingamino بالعربية. "Zinga" (الحجر البديل والنداء) يبقى كما نُشر؛ الألوان
// والخانات والقواعد مترجمة. تُسمّى الخانات بحرف من لونها (خ، ص، ب، ن).
// Names of players and tiles are isolated (FSI … PDI), so a number after one
// stays in the sentence's order instead of joining the name's run.
import { count, list, pluralOf } from '../../../i18n/format';
import type { ZingaminoMessages } from './en';

const n = (v: number) => count('ar', v);
/** A name set apart from the right-to-left sentence around it. */
const iso = (name: string) => `\u2068${name}\u2069`;
/** A counted noun in each of Arabic's six plural forms; `#` is the number. */
type Forms = Record<Intl.LDMLPluralRule, string>;
const counted = (v: number, forms: Forms) => forms[pluralOf('ar', v)].replace('#', n(v));
/** Tiles, as an object ("سحب حجرين"). */
const TILES: Forms = { zero: '# حجر', one: 'حجرًا واحدًا', two: 'حجرين', few: '# أحجار', many: '# حجرًا', other: '# حجر' };
/** Tiles, as a subject ("حجران"). */
const TILES_SUBJECT: Forms = { ...TILES, one: 'حجر واحد', two: 'حجران' };
/** Points, as an object ("يجمع نقطتين"). */
const POINTS: Forms = { zero: '# نقطة', one: 'نقطة واحدة', two: 'نقطتين', few: '# نقاط', many: '# نقطة', other: '# نقطة' };
/** Rounds, after a preposition ("بعد جولتين"). */
const ROUNDS: Forms = { zero: '# جولة', one: 'جولة واحدة', two: 'جولتين', few: '# جولات', many: '# جولة', other: '# جولة' };
/** Rounds, as a subject ("لُعبت جولتان"). */
const ROUNDS_SUBJECT: Forms = { ...ROUNDS, two: 'جولتان' };
/** Places, as a subject ("٣ أماكن"). */
const PLACES: Forms = { zero: '# مكان', one: 'مكان واحد', two: 'مكانان', few: '# أماكن', many: '# مكانًا', other: '# مكان' };
/** Items, each set apart ("Ana أخضر ٢|٣ وBen بنفسجي ٤|٤"). */
const items = (names: readonly string[]) => list('ar', names.map(iso));

export const ar: ZingaminoMessages = {
  blurb:
    'ضع أحجار دومينو ملوّنة حول أربع دوائر متصلة بحيث يتطابق كل طرف. أحجار Zinga البديلة تأخذ القيمة التي تلاقيها؛ وإغلاق دائرة يمنحك +16. الفائز أول من يبلغ 64.',

  colours: { 0: 'أخضر', 1: 'أصفر', 2: 'برتقالي', 3: 'بنفسجي' },
  letters: { 0: 'خ', 1: 'ص', 2: 'ب', 3: 'ن' },
  circles: { 0: 'الدائرة الخضراء', 1: 'الدائرة الصفراء', 2: 'الدائرة البرتقالية', 3: 'الدائرة البنفسجية' },
  zinga: (p) => `حجر Zinga ${p.colour}`,
  zingaMark: '★ Z',

  table: {
    label: 'طاولة Zingamino',
    waiting: 'بانتظار الطاولة…',
    drawing: 'سحب لتحديد من يبدأ…',
    dealing: (p) => `التوزيع: يبدأ ${iso(p.name)}`,
    dealingYou: 'التوزيع: أنت تبدأ',
    digging: 'لا شيء يناسب: جارٍ السحب…',
    mustDig: 'دورك: لا شيء يناسب، اسحب',
    mustPass: 'دورك: لا شيء يناسب، مرِّر',
    yourOpening: 'دور الافتتاح الخاص بك',
    yourTurn: 'دورك: ضع حجرًا',
    theirOpening: (p) => `دور افتتاح ${iso(p.name)}`,
    theirTurn: (p) => `دور ${iso(p.name)}`,
    finished: 'النتيجة النهائية',
    round: 'الجولة',
    bag: 'الكيس:',
    bagTitle: 'الأحجار المتبقية في الكيس',
    firstTo: 'الهدف:',
    openingYou: 'دور الافتتاح: ضع حجرًا مزدوجًا أو Zinga في مربع فارغ من لونه.',
    opening: (p) => `دور افتتاح ${iso(p.name)}: حجر مزدوج أو Zinga في مربع فارغ من لونه.`,
    keySquare: 'مربع Zinga/مزدوج',
    keyBridge: 'جسر',
    keyZinga: 'Zinga (? = لم تُحدَّد بعد)',
    zoom: 'التكبير',
    zoomAll: 'الكل',
    zoomAllLabel: 'الكل: اللوحة كاملة',
    zoomTo: (p) => `تكبير ${p.circle}`,
    yourTiles: 'أحجارك',
    handNote: (p) => `${counted(p.tiles, TILES_SUBJECT)} · مخفية عن الآخرين`,
    diggingNow: 'لا شيء في يدك يناسب: جارٍ السحب من الكيس…',
    digWhy: 'لا شيء في يدك يناسب: اسحب من الكيس حتى يناسب حجر.',
    digWhyOpening: 'لا شيء في يدك يناسب مربع افتتاح: اسحب من الكيس حتى يناسب حجر.',
    dig: 'اسحب',
    passWhy: 'لا شيء يناسب والكيس فارغ.',
    pass: 'مرِّر',
    hintPick: 'اضغط على حجر، ثم على خانة زرقاء في اللوحة.',
    hintPlaces: (p) => `${iso(p.tile)}: اضغط على خانة زرقاء (${counted(p.places, PLACES)}).`,
    unfit: (p) => `${iso(p.tile)} (لا يناسب الآن)`,
    noTiles: 'لا أحجار في يدك.',
    flip: '⇄ اقلب الطرفين',
    declareLabel: 'حدّد قيمة Zinga',
    declareHow: (p) => `حجر Zinga الخاص بك يلاقي حجر Zinga غير محدد في ${p.space}: اختر القيمة التي يأخذانها معًا.`,
    cancel: 'إلغاء',
    sending: 'جارٍ الإرسال…',
    players: 'اللاعبون',
    toOpen: 'لم يفتتح',
    toOpenTitle: 'لم يلعب دور الافتتاح في هذه الجولة بعد',
    handSizeTitle: 'الأحجار في اليد',
    tilesUnit: (p) => {
      const form = pluralOf('ar', p.tiles);
      return form === 'few' ? 'أحجار' : form === 'many' ? 'حجرًا' : form === 'two' ? 'حجران' : 'حجر';
    },
    scoreTitle: 'النقاط',
    pointsUnit: (p) => (pluralOf('ar', p.points) === 'few' ? 'نقاط' : 'نقطة'),
    scores: 'النقاط',
    scoresAfter: (p) => `النقاط بعد ${counted(p.rounds, ROUNDS)}`,
    roundHands: (p) => `الجولة ${n(p.round)}: الأيدي`,
    logTitle: 'ما الذي حدث',
  },

  board: {
    label: 'لوحة Zingamino',
    closed: 'مغلقة ✓',
    bridge: (p) => `جسر ${p.from}–${p.to}`,
    square: (p) => `${p.space} (مربع Zinga أو مزدوج)`,
    squareMark: 'ز/م',
    target: (p) => `ضع في ${p.space} في ${p.circle}، ويُظهر ${iso(p.shows)}، بجوار ${list('ar', p.names.map(iso))}`,
    targetSquare: (p) =>
      `ضع في ${p.space}، وهو مربع Zinga أو مزدوج، في ${p.circle}، ويُظهر ${iso(p.shows)}، بجوار ${list('ar', p.names.map(iso))}`,
    targetAlone: (p) => `ضع في ${p.space} في ${p.circle}، ويُظهر ${iso(p.shows)}، دون أحجار مجاورة`,
    targetSquareAlone: (p) => `ضع في ${p.space}، وهو مربع Zinga أو مزدوج، في ${p.circle}، ويُظهر ${iso(p.shows)}، دون أحجار مجاورة`,
  },

  round: {
    wentOut: 'أنهى أحجاره',
    lowest: 'أقل يد',
    noTiles: 'لم يبقَ أي حجر',
    hand: 'اليد',
    collected: 'جمع',
    bonus: 'مكافأة الدائرة',
    total: 'المجموع',
    inPlayTitle: 'مكافآت الدوائر في الجولة الجارية',
  },

  final: {
    roundPoints: (p) => `ج${n(p.round)}: ${n(p.points)}`,
    noRounds: 'لا جولات',
    bonuses: (p) => `مكافآت الدوائر ${n(p.points)}`,
    note: (p) =>
      `بلوغ ${n(p.target)} ينهي اللعبة؛ والأعلى مجموعًا يفوز. نقاط الجولة هي الأيدي المجموعة مع مكافآت الدوائر (+16 للحجر السادس عشر في الدائرة). لُعبت ${counted(p.rounds, ROUNDS_SUBJECT)}.`,
    roundDetails: (p) => `الجولة ${n(p.round)}: الأيدي والنقاط`,
  },

  options: {
    legend: 'الخيارات',
    before: 'لا خيارات: اللعب حتى',
    points: (p) => `${n(p.points)} نقطة`,
    after: (p) => `، من ${n(p.min)} إلى ${n(p.max)} لاعبين. تبدأ كل جولة بلوحة فارغة، ويبدأ الجولة التالية من فاز بالجولة.`,
  },

  log: {
    you: 'أنت',
    gameOver: (p) => `الجولة ${n(p.round)}: مكافأة دائرة أوصلت ${iso(p.name)} إلى ${n(p.total)}: تنتهي اللعبة فورًا`,
    gameOverYou: (p) => `الجولة ${n(p.round)}: مكافأة دائرة أوصلتك إلى ${n(p.total)}: تنتهي اللعبة فورًا`,
    zinga: (p) => `${iso('ZINGA!')} وضع ${iso(p.name)} آخر أحجاره ويجمع ${counted(p.points, POINTS)} (الجولة ${n(p.round)})`,
    zingaYou: (p) => `${iso('ZINGA!')} وضعت آخر أحجارك وتجمع ${counted(p.points, POINTS)} (الجولة ${n(p.round)})`,
    blocked: (p) => `الجولة ${n(p.round)} مسدودة: لدى ${iso(p.name)} أقل يد (${n(p.value)}) ويجمع ${counted(p.points, POINTS)}`,
    blockedYou: (p) => `الجولة ${n(p.round)} مسدودة: لديك أقل يد (${n(p.value)}) وتجمع ${counted(p.points, POINTS)}`,
    blockedTie: (p) =>
      `الجولة ${n(p.round)} مسدودة: ${list('ar', p.names.map(iso))} متعادلون في أقل يد ويجمع كلٌّ منهم ${counted(p.points, POINTS)}`,
    startDraw: (p) => `السحب لتحديد من يبدأ: ${items(p.names)}`,
    startTie: (p) => `تعادل في أعلى حجر، يُعاد السحب: ${items(p.names)}`,
    reach: (p) => `لم يجد ${iso(p.name)} ما يضعه فمدّ يده إلى الكيس`,
    reachYou: 'لم تجد ما تضعه فمددت يدك إلى الكيس',
    dealtOne: (p) => `توزيع الجولة ${n(p.round)}: حصل ${iso(p.name)} على حجر${p.tile}`,
    dealtOneYou: (p) => `توزيع الجولة ${n(p.round)}: حصلت على حجر${p.tile}`,
    deal: (p) => `الجولة ${n(p.round)}: يبدأ ${iso(p.name)}؛ وُزّع على كل لاعب ${counted(p.tiles, TILES_SUBJECT)}`,
    dealYou: (p) => `الجولة ${n(p.round)}: أنت تبدأ؛ وُزّع على كل لاعب ${counted(p.tiles, TILES_SUBJECT)}`,
    dugOne: (p) => `سحب ${iso(p.name)} حجرًا من الكيس${p.tile}`,
    dugOneYou: (p) => `سحبت حجرًا من الكيس${p.tile}`,
    dug: (p) => `سحب ${iso(p.name)} ${counted(p.tiles, TILES)} من الكيس`,
    dugYou: (p) => `سحبت ${counted(p.tiles, TILES)} من الكيس`,
    dugShown: (p) => `سحب ${iso(p.name)} ${counted(p.tiles, TILES)} من الكيس: ${items(p.names)}`,
    dugShownYou: (p) => `سحبت ${counted(p.tiles, TILES)} من الكيس: ${items(p.names)}`,
    placed: (p) => `وضع ${iso(p.name)} ${iso(p.tile)} في ${p.space}`,
    placedYou: (p) => `وضعت ${iso(p.tile)} في ${p.space}`,
    placedZinga: (p) => `وضع ${iso(p.name)} ${iso(p.tile)} في ${p.space}، بقيمة ${iso(p.values)}`,
    placedZingaYou: (p) => `وضعت ${iso(p.tile)} في ${p.space}، بقيمة ${iso(p.values)}`,
    closed: (p) => `أغلق ${iso(p.name)} ${p.circle}: +16!`,
    closedYou: (p) => `أغلقت ${p.circle}: +16!`,
    passed: (p) => `مرّر ${iso(p.name)}: لا شيء يناسب والكيس فارغ`,
    passedYou: 'مرّرت: لا شيء يناسب والكيس فارغ',
  },

  confirm: {
    place: 'أتضع هذا الحجر هنا؟ لا يمكن التراجع عن ذلك.',
  },

  rules: {
    summary:
      'ضع أحجار دومينو ملوّنة حول أربع دوائر متصلة بحيث يتطابق كل طرفين متلامسين. أفرغ يدك لتجمع النقاط الباقية في أيدي الآخرين؛ وإغلاق دائرة يمنح +16. يفوز أول لاعب يبلغ 64 نقطة.',
    sections: [
      {
        title: 'أدوات اللعب',
        paragraphs: [
          '64 حجر دومينو بأربعة ألوان (أخضر وأصفر وبرتقالي وبنفسجي). لكل لون الأحجار الخمسة عشر من 0|0 إلى 4|4 وحجر Zinga بديل واحد.',
          'في اللوحة أربع دوائر من 16 خانة، واحدة لكل لون، تصل بينها أربعة جسور. كل خانة رابعة مربع لا يقبل إلا الأحجار المزدوجة وأحجار Zinga؛ والمربعات عند الجسور متقابلة.',
          'قيمة اليد: مجموع النقاط على أحجارك؛ وحجر Zinga يُحسب 16.',
        ],
      },
      {
        title: 'التحضير',
        paragraphs: [
          'يسحب كل لاعب حجرًا واحدًا؛ ويبدأ صاحب أعلى قيمة. إذا تعادل أكثر من لاعب في أعلى قيمة، يسحب الجميع من جديد. تعود الأحجار إلى الكيس.',
          'يحصل كل لاعب على 8 أحجار، توزَّع على دفعتين من أربعة بدءًا بمن يبدأ. يدك سرية. ويدور اللعب باتجاه عقارب الساعة.',
        ],
      },
      {
        title: 'دورك',
        paragraphs: [
          'الافتتاح: في دورك الأول من كل جولة، ضع حجرًا مزدوجًا أو Zinga في مربع فارغ من لونه. لا يلزم أن يلامس شيئًا، لكن كل ما يلامسه يجب أن يطابقه.',
          'بعد ذلك، ضع حجرًا واحدًا في كل دور. يجب أن يوضع في لونه، وأن يلامس حجرًا موضوعًا (على طول الدائرة أو عبر جسر)، وأن يطابق كل طرف يلامسه. توضع الأحجار المزدوجة في المربعات أو في الخانات العادية؛ أما المربعات فلا تقبل إلا المزدوجة وأحجار Zinga.',
          'إذا لم تستطع وضع أي حجر، تسحب: اضغط «اسحب» فتخرج أحجار من الكيس حتى يناسب أحدها، وعليك عندها أن تضعه. إذا كان الكيس فارغًا، تمرِّر. وإذا استطعت الوضع، فلا يجوز لك التمرير ولا السحب.',
        ],
      },
      {
        title: 'أحجار Zinga',
        paragraphs: [
          'يأخذ حجر Zinga قيمة ما يلامسه. في المربع، يجب أن يُظهر كل ما يلامسه القيمة نفسها، وإلا فلا يمكن وضعه هناك (نقلة سدّ). وفي الخانة العادية يمكن أن يختلف طرفاه، مثل 1|3.',
          'الطرف المواجه لخانة فارغة يبقى مفتوحًا؛ والحجر التالي الذي يوضع عنده يحدد قيمته. وبعد تحديدها يحتفظ حجر Zinga بتلك القيمة.',
          'عندما يوضع حجر Zinga عند الطرف المفتوح لحجر Zinga آخر، يختار اللاعب القيمة (من 0 إلى 4).',
        ],
      },
      {
        title: 'احتساب النقاط',
        paragraphs: [
          'إغلاق دائرة (ملء خانتها السادسة عشرة) يمنح +16 فورًا للاعب الذي ملأها، أيًّا كان من وضع الأحجار الأخرى.',
          '«Zinga!»: عندما تضع آخر أحجارك، تنتهي الجولة وتجمع القيمة الكاملة لكل الأيدي الأخرى. وتبدأ أنت الجولة التالية.',
          'الانسداد: عندما يفرغ الكيس ويمرِّر الجميع على التوالي، تنتهي الجولة. صاحب أقل يد يجمع الأيدي الأخرى. وإذا تعادل عدة لاعبين في أقل يد، يتقاسمون الأيدي الأخرى مع التقريب إلى الأدنى.',
          'تبدأ كل جولة جديدة بلوحة فارغة وبعودة الأحجار الأربعة والستين كلها إلى الكيس.',
        ],
      },
      {
        title: 'النهاية',
        paragraphs: [
          'ما إن يبلغ أحد اللاعبين 64 نقطة حتى تنتهي اللعبة، ولو في منتصف جولة بسبب مكافأة دائرة. يفوز صاحب أعلى مجموع؛ والمجاميع المتساوية تتقاسم المركز.',
        ],
      },
      {
        title: 'أحكامنا',
        paragraphs: [
          'ينطبق الافتتاح على كل جولة، لا على الأولى فقط. إذا اضطررت إلى التمرير أثناء افتتاحك (الكيس فارغ)، تتخطاه وتلعب أدوارًا عادية من بعدها.',
          'عندما تسحب، فالحجر الذي تضعه هو الذي سحبته للتو.',
          'بعد جولة مسدودة بتعادل، يبدأ الجولة التالية أقرب المتعادلين باتجاه عقارب الساعة ممن بدأ هذه الجولة (ومن بدأ يُحسب أولًا).',
          'إذا أغلقت نقلة واحدة دائرة وأفرغت يدك، تُحسب +16 أولًا؛ وإذا أوصلتك إلى 64، تنتهي اللعبة عندها ولا تُجمع الأيدي.',
          'يرى الجميع متى يسحب لاعب، لكن لا يرون أي حجر سحب.',
        ],
      },
    ],
  },
};
