// Zop Zoo بالعربية. أسماء الحيوانات والبطاقات السوداء المسمّاة (BEAST و
// BEST BEAST و MOLE و HYENA و RACCOON و EARTHWORM) تبقى كما طُبعت؛ أما
// الفئات وأنواع البطاقات فمترجمة: بطاقة النقاط، البطاقة السالبة، مضادّ
// السالب، المكافأة الجانبية، النصف العلوي والسفلي، والجوكر.
// Players', animals' and cards' names (Latin) are isolated (FSI … PDI), so a
// number after one stays in the sentence's order instead of joining the
// name's run.
import { list, pluralOf } from '../../../i18n/format';
import { en, type ZopZooMessages } from './en';
import { num, signedNum } from './numbers';

const n = (v: number) => num('ar', v);
const sp = (v: number) => `\u2068${signedNum('ar', v)}\u2069`;
/** A name set apart from the right-to-left sentence around it. */
const iso = (name: string) => `\u2068${name}\u2069`;
/** A counted noun in each of Arabic's six plural forms; `#` is the number. */
type Forms = Record<Intl.LDMLPluralRule, string>;
const counted = (v: number, forms: Forms) => forms[pluralOf('ar', v)].replace('#', n(v));
const CARDS: Forms = { zero: '# بطاقة', one: 'بطاقة واحدة', two: 'بطاقتان', few: '# بطاقات', many: '# بطاقة', other: '# بطاقة' };
const ROUNDS: Forms = { zero: '# جولة', one: 'جولة واحدة', two: 'جولتان', few: '# جولات', many: '# جولة', other: '# جولة' };
/** Rounds after a preposition ("بعد جولتين"). */
const ROUNDS_AFTER: Forms = { ...ROUNDS, two: 'جولتين' };
const CHOICES: Forms = { zero: '# خيار', one: 'خيار واحد', two: 'خياران', few: '# خيارات', many: '# خيارًا', other: '# خيار' };
const units = (names: readonly string[]) => new Intl.ListFormat('ar', { type: 'unit', style: 'short' }).format(names);

export const ar: ZopZooMessages = {
  blurb:
    'لعبة بطاقات حديقة الحيوان من Doc Colour: غطِّ كل حيوان في صفّك ببطاقة نقاطه، وصِل الأنصاف، وتجنّب البطاقات السالبة، واحفر أو أعطِ أو خذ أو بدّل مع MOLE وHYENA وRACCOON وEARTHWORM. الفائز أول من يبلغ 800.',

  animals: en.animals,

  categories: {
    mammal: 'ثدييات',
    ocean: 'محيط',
    bird: 'طيور',
    insect: 'حشرات',
    semi_aquatic: 'شبه مائي',
    horns: 'قرون',
    reptile: 'زواحف',
    marsupial: 'جرابيات',
    arachnid: 'عنكبيات',
    mythical: 'أسطوري',
  },
  categoryCodes: {
    mammal: 'ثدييات',
    ocean: 'محيط',
    bird: 'طيور',
    insect: 'حشرات',
    semi_aquatic: 'مائي',
    horns: 'قرون',
    reptile: 'زواحف',
    marsupial: 'جراب',
    arachnid: 'عنكب',
    mythical: 'أسطوري',
  },

  cards: {
    category: (p) => `${iso(p.animal)} (${p.category} ${n(p.value)})`,
    lowerHalf: (p) => `النصف السفلي من ${iso(p.animal)}`,
    minus: (p) => `${iso(p.animal)} سالبة ${sp(p.value)}`,
    points: (p) => `نقاط ${iso(p.animal)} (${p.category} ${n(p.value)})`,
    upperHalf: (p) => `النصف العلوي من ${iso(p.animal)} (${p.category})`,
    antiMinus: (p) => `مضادّ السالب ${iso(p.animal)} ${sp(p.value)}`,
    sideBonus: (p) => `مكافأة ${p.category} الجانبية (${iso(p.animal)} ${sp(p.value)})`,
    beast: `BEAST (${n(0)} نقطة)`,
    bestBeast: `BEST BEAST (${n(50)} نقطة)`,
    mole: 'MOLE',
    hyena: 'HYENA',
    raccoon: 'RACCOON',
    earthworm: 'EARTHWORM',
    wildName: { beast: 'BEAST', best_beast: 'BEST BEAST' },
    sideBonusItem: (p) => `مكافأة ${p.category} الجانبية`,
  },

  tasks: {
    hyena: 'أعطِ إحدى بطاقات نقاطك للاعب آخر',
    raccoon: 'خذ بطاقة نقاط من لاعب آخر',
    earthworm: 'بدّل إحدى بطاقات نقاطك ببطاقة للاعب آخر',
  },

  stack: {
    minus: 'سالبة',
    minusShort: 'سالبة',
    connect: 'وصل ½',
    connectShort: 'نصف',
    noAnti: 'بلا مضادّ بعد',
    noAntiShort: 'سالبة',
    lowerHalf: 'نصف سفلي',
    lowerHalfShort: 'نصف',
    open: 'غير مغطاة',
    openShort: 'مكشوفة',
    points: (p) => `✓ نقاط ${n(p.value)}`,
    pointsShort: '✓ نقاط',
    connected: '⇅ موصولة',
    connectedShort: '⇅ موصولة',
    anti: (p) => `✓ مضادّ ${sp(p.value)}`,
    antiShort: '✓ مضادّ',
    bestBeastShort: 'BEST BEAST',
    label: (p) => `${iso(p.name)}: ${p.band}، ${p.cover}، تُظهر نقاطًا، قيمتها ${n(p.points)}`,
    labelNoPoints: (p) => `${iso(p.name)}: ${p.band}، ${p.cover}، لا نقاط بعد`,
    worth: (p) => `قيمتها ${n(p.points)} للفائز بالجولة`,
    noPoints: 'لا تُظهر نقاطًا بعد',
  },

  row: {
    label: (p) => `صف ${iso(p.name)}`,
    you: '(أنت)',
    toPlay: 'يلعب الآن',
    first: 'الأول',
    firstTitle: 'وُزّع عليه أولًا في هذه الجولة',
    showingTitle: 'بطاقات تُظهر نقاطًا',
    scoreTitle: 'النتيجة',
    pts: (p) => (pluralOf('ar', Math.abs(p.score)) === 'few' ? ' نقاط' : ' نقطة'),
    cards: 'الصف',
    empty: 'لا بطاقات.',
    sideLabel: 'بطاقات المكافأة الجانبية',
    side: 'جانبية',
    bonus: (p) => `${p.shown}: مكافأة ${p.category} الجانبية (${iso(p.animal)})`,
  },

  turn: {
    waiting: 'بانتظار الطاولة…',
    firstPlayer: 'قرعة لتحديد من يبدأ التوزيع…',
    dealing: { you: 'جارٍ التوزيع، أنت أولًا…', other: (p) => `جارٍ التوزيع، ${iso(p.name)} أولًا…` },
    finished: 'الطاولة النهائية',
    takeFromDiscard: 'دورك: خذ من كومة الرمي',
    discardTask: (p) => `دورك: استخدم ${iso(p.card)}`,
    digOrDraw: 'دورك: احفر أو اسحب',
    draw: 'دورك: اسحب بطاقة',
    drawing: 'دورك: جارٍ السحب…',
    placeWild: (p) => `ضع ${iso(p.card)}`,
    useTask: (p) => `استخدم ${iso(p.card)}`,
    theirDraw: (p) => `دور ${iso(p.name)}: يسحب`,
    theirWild: (p) => `${iso(p.name)} يضع ${iso(p.card)}`,
    theirTask: (p) => `${iso(p.name)} يستخدم ${iso(p.card)}`,
    theirTurn: (p) => `دور ${iso(p.name)}`,
    round: 'الجولة',
    target: 'الهدف',
  },

  table: {
    label: 'طاولة Zop Zoo',
    choice: 'اختيارك',
    takeTop: (p) =>
      `البطاقة العليا في كومة الرمي، ${p.card}، تناسب صفّك: عليك أن تأخذها (ومعها كل بطاقة مناسبة تحتها). وبهذا ينتهي دورك.`,
    takePreview: (p) => `ستأخذ ${list('ar', p.names)}.`,
    take: (p) => `خذ ${iso(p.card)}`,
    draw: 'اسحب',
    whyMatched: (p) => `${iso(p.card)} ناسبت صفّك: يستمر دورك. اسحب البطاقة التالية.`,
    whyDug: 'حفر MOLE الخاص بك: يستمر دورك. اسحب البطاقة التالية.',
    whyWild: 'وُضع الجوكر: يستمر دورك. اسحب البطاقة التالية.',
    whyTask: (p) => `استُخدمت ${iso(p.card)}: يستمر دورك. اسحب البطاقة التالية.`,
    whyNoMatch: 'لا شيء مناسب في كومة الرمي: اسحب بطاقة.',
    whyEmpty: 'كومة الرمي فارغة: اسحب بطاقة.',
    moleOnTop: (p) =>
      `يوجد ${p.mole} فوق كومة الرمي. احفر (خذ كل بطاقة يمكنه استخراجها، وينتهي دورك)، أو اتركه واسحب.`,
    digPreview: (p) => `الحفر يجلب ${list('ar', p.names)}.`,
    digNothing: 'الحفر لا يجلب شيئًا.',
    dig: 'احفر بـ MOLE',
    drawInstead: 'اسحب بدلًا من ذلك',
    drewWild: (p) => `سحبت ${p.card}. المس إحدى بطاقاتك المميّزة لتغطيتها (${counted(p.choices, CHOICES)}).`,
    drewBestBeast: (p) => `سحبت ${p.card}. المس إحدى بطاقاتك المميّزة لتغطيتها (${counted(p.choices, CHOICES)}).`,
    drewTask: (p) => `سحبت ${p.card}: ${p.task}.`,
    liveTask: (p) => `${p.card} فعّالة فوق كومة الرمي وعليك استخدامها: ${p.task}.`,
    tapToGive: 'المس إحدى بطاقاتك المميّزة لتعطيها.',
    giveTo: (p) => `أعطِ ${p.item} إلى:`,
    back: 'رجوع',
    tapTheirs: 'المس بطاقة مميّزة في صف لاعب آخر.',
    takeTheirs: (p) => `خذ ${iso(p.item)} من ${iso(p.name)}`,
    yours: (p) => `بطاقتك: ${iso(p.item)}.`,
    tapYours: 'المس إحدى بطاقاتك المميّزة.',
    theirs: (p) => `من ${iso(p.name)}: ${iso(p.item)}.`,
    tapAnotherRow: 'المس بطاقة مميّزة في صف آخر.',
    switch: (p) => `بدّل ${iso(p.mine)} بـ ${iso(p.theirs)} من ${iso(p.name)}`,
    sending: 'جارٍ الإرسال…',
    piles: 'الكومتان',
    drawPileTitle: 'البطاقات الباقية في كومة السحب',
    drawPile: 'كومة السحب',
    drawPileCards: () => 'بطاقة',
    discardPile: (p) => `كومة الرمي · ${counted(p.count, CARDS)}`,
    empty: 'فارغة',
    marks: { live: 'فعّالة', spent: 'مستهلكة', void: 'ملغاة' },
    wholePile: 'الكومة كلها، من الأعلى',
    legendOpen: 'متقطّع: لا شيء عليها بعد',
    legendMatched: 'ممتلئ: مغطاة ببطاقة نقاطها / موصولة',
    legendWild: 'تحت BEAST أو BEST BEAST',
    legendMinus: 'بطاقة سالبة',
    legendFoot: 'الرقم في الأسفل: قيمتها للفائز بالجولة؛ — لا نقاط بعد.',
    logTitle: 'ما جرى',
    nothingYet: 'لا شيء بعد.',
    scores: 'النتائج',
    scoresAfter: (p) => `النتائج بعد ${counted(p.rounds, ROUNDS_AFTER)}`,
    pastRound: (p) => `الجولة ${n(p.round)}: الصفوف والنقاط`,
  },

  round: {
    noteWon: 'يحسب الفائز كل بطاقاته؛ ولا يحسب الآخرون إلا البطاقات السالبة المكشوفة وبطاقات المكافأة الجانبية.',
    noteOut: 'يحسب الجميع صفوفهم كاملة؛ البطاقات التي لا شيء عليها تُحسب 0.',
    you: '(أنت)',
    won: '★ فاز',
    total: 'المجموع',
    matched: '✓ مغطاة',
    nothing: 'لا شيء عليها',
    side: 'جانبية',
    sideList: (p) => units(p.names),
    noRounds: 'لم تنتهِ أي جولة بعد.',
    deckOutTitle: 'نفدت كومة السحب',
    deckOut: ' (نفدت الكومة)',
    wonCell: 'فاز بالجولة: ',
  },

  final: {
    unit: (p) => (pluralOf('ar', Math.abs(p.score)) === 'few' ? 'نقاط' : 'نقطة'),
    roundPoints: (p) => `ج${n(p.round)}: ${sp(p.points)}`,
    noRounds: 'لا جولات',
    wins: (p) => `الجولات المكسوبة: ${n(p.wins)}`,
    note: (p) =>
      `أول من يبلغ ${n(p.target)} ينهي اللعبة (يُفحص ذلك بعد كل جولة)؛ يفوز صاحب أعلى مجموع، والمتعادلون يتقاسمون الفوز. الجولات الملعوبة: ${n(p.rounds)}.`,
  },

  options: {
    legend: 'الخيارات',
    targetLabel: 'النقاط المستهدفة',
    playTo: 'العب حتى',
    targets: {
      standard: `عادية: ${n(800)} نقطة`,
      long: `طويلة: ${n(1000)} نقطة`,
      short: `قصيرة: ${n(600)} نقطة`,
    },
    when: {
      standard: 'لأي عدد من اللاعبين',
      long: 'للاعبَين فقط',
      short: 'لخمسة أو ستة لاعبين فقط',
    },
    misfit: (p) => `${p.target} مخصّصة ${p.when}؛ والجالسون الآن ${n(p.seated)}. لن تبدأ المباراة حتى يناسب عددُ اللاعبين.`,
    first: 'من يُوزَّع عليه أولًا',
    firstHow: 'يوزّع ويلعب أولًا في الجولة 1؛ وتبدأ الجولات التالية بالفائز في الجولة السابقة.',
    random: 'عشوائي',
    seatOf: (p) => `${iso(p.name)} (المقعد ${n(p.seat)})`,
    seat: (p) => `المقعد ${n(p.seat)}`,
    seatHost: (p) => `المقعد ${n(p.seat)} (أنت، المضيف)`,
    nobody: (p) => `لا أحد في المقعد ${n(p.seat)} بعد.`,
  },

  log: {
    join: (p) => list('ar', p.names.map(iso)),
    you: 'أنت',
    taken: (p) => `${p.card} ← ${iso(p.animal)}`,
    takenSide: (p) => `${p.card} ← المنطقة الجانبية`,
    movedFromYou: (p) => `${p.item} الخاصة بك ← ${iso(p.to)}`,
    movedToYou: (p) => `${p.item} من ${iso(p.from)} ← إليك`,
    moved: (p) => `${p.item} من ${iso(p.from)} ← ${iso(p.to)}`,
    roundWon: {
      you: (p) => `الجولة ${n(p.round)}: كل بطاقاتك تُظهر نقاطًا، وفزت بالجولة (${sp(p.points)})`,
      other: (p) => `الجولة ${n(p.round)}: كل بطاقات ${iso(p.name)} تُظهر نقاطًا، وفاز بالجولة (${sp(p.points)})`,
    },
    roundOut: (p) => `الجولة ${n(p.round)}: نفدت كومة السحب؛ يحسب الجميع صفوفهم`,
    roundOutBest: (p) =>
      `الجولة ${n(p.round)}: نفدت كومة السحب؛ يحسب الجميع صفوفهم (الأفضل: ${list('ar', p.names.map(iso))} ${sp(p.points)})`,
    firstPlayer: {
      you: 'يُوزَّع عليك أولًا (بالقرعة)',
      other: (p) => `يُوزَّع على ${iso(p.name)} أولًا (بالقرعة)`,
    },
    dealtCard: {
      you: (p) => `توزيع الجولة ${n(p.round)}: حصلت على بطاقة: ${p.card}`,
      other: (p) => `توزيع الجولة ${n(p.round)}: حصل ${iso(p.name)} على بطاقة: ${p.card}`,
    },
    dealt: {
      you: (p) => `الجولة ${n(p.round)}: وُزّعت ${counted(p.cards, CARDS)} على كل لاعب، أنت أولًا`,
      other: (p) => `الجولة ${n(p.round)}: وُزّعت ${counted(p.cards, CARDS)} على كل لاعب، ${iso(p.name)} أولًا`,
    },
    drewCovers: {
      you: (p) => `سحبت ${p.card}: تغطي ${iso(p.animal)}`,
      other: (p) => `سحب ${iso(p.name)} ${p.card}: تغطي ${iso(p.animal)}`,
    },
    drewConnects: {
      you: (p) => `سحبت ${p.card}: تصل ${iso(p.animal)}`,
      other: (p) => `سحب ${iso(p.name)} ${p.card}: تصل ${iso(p.animal)}`,
    },
    drewSide: {
      you: (p) => `سحبت ${p.card}: تذهب إلى المنطقة الجانبية`,
      other: (p) => `سحب ${iso(p.name)} ${p.card}: تذهب إلى المنطقة الجانبية`,
    },
    drewWild: {
      you: (p) => `سحبت الجوكر ${p.card}: تختار بطاقة لتغطيتها`,
      other: (p) => `سحب ${iso(p.name)} الجوكر ${p.card}: يختار بطاقة لتغطيتها`,
    },
    drewMoleDug: {
      you: (p) => `سحبت MOLE واستخرج ${p.taken}`,
      other: (p) => `سحب ${iso(p.name)} MOLE واستخرج ${p.taken}`,
    },
    drewMole: {
      you: 'سحبت MOLE',
      other: (p) => `سحب ${iso(p.name)} MOLE`,
    },
    drewTask: {
      you: (p) => `سحبت ${p.card}: تختار من تصيب`,
      other: (p) => `سحب ${iso(p.name)} ${p.card}: يختار من تصيب`,
    },
    drewDiscarded: {
      you: (p) => `سحبت ${p.card}: لا تناسب، رُميت؛ انتهى الدور`,
      other: (p) => `سحب ${iso(p.name)} ${p.card}: لا تناسب، رُميت؛ انتهى الدور`,
    },
    tookFromDiscard: {
      you: (p) => `أخذت من كومة الرمي: ${p.taken}`,
      other: (p) => `أخذ ${iso(p.name)} من كومة الرمي: ${p.taken}`,
    },
    dug: {
      you: (p) => `حفرت بـ MOLE في كومة الرمي: ${p.taken}`,
      other: (p) => `حفر ${iso(p.name)} بـ MOLE في كومة الرمي: ${p.taken}`,
    },
    dugNothing: {
      you: 'حفرت بـ MOLE في كومة الرمي: لا شيء',
      other: (p) => `حفر ${iso(p.name)} بـ MOLE في كومة الرمي: لا شيء`,
    },
    leftMole: {
      you: 'تركت MOLE وتسحب بدلًا منه',
      other: (p) => `ترك ${iso(p.name)} MOLE ويسحب بدلًا منه`,
    },
    reaches: {
      you: 'تمدّ يدك إلى كومة السحب',
      other: (p) => `يمدّ ${iso(p.name)} يده إلى كومة السحب`,
    },
    covered: {
      you: (p) => `وضعت ${iso(p.wild)} على ${iso(p.base)}`,
      other: (p) => `وضع ${iso(p.name)} ${iso(p.wild)} على ${iso(p.base)}`,
    },
    taskUsed: {
      you: (p) => `استخدمت ${p.task}: ${p.moved}`,
      other: (p) => `استخدم ${iso(p.name)} ${p.task}: ${p.moved}`,
    },
    taskUsedFromDiscard: {
      you: (p) => `استخدمت ${p.task} من كومة الرمي: ${p.moved}`,
      other: (p) => `استخدم ${iso(p.name)} ${p.task} من كومة الرمي: ${p.moved}`,
    },
  },

  confirm: {
    move: 'أتريد تنفيذ هذه الحركة؟ لا يمكن التراجع عنها.',
    dig: 'أتحفر بـ MOLE في كومة الرمي؟ سينتهي دورك بذلك.',
    cover: (p) => `أتضع الجوكر على ${iso(p.animal)} في صفّك؟ لا يمكن التراجع عن ذلك.`,
    give: (p) => `أتعطي هذه البطاقة إلى ${iso(p.name)}؟ لا يمكن التراجع عن ذلك.`,
    take: (p) => `أتأخذ هذه البطاقة من ${iso(p.name)}؟ لا يمكن التراجع عن ذلك.`,
    switch: (p) => `أتبدّل البطاقات مع ${iso(p.name)}؟ لا يمكن التراجع عن ذلك.`,
  },

  rules: {
    summary:
      'تحصل على صف من ست بطاقات حيوانات بيضاء. في دورك خذ بطاقة مناسبة من كومة الرمي أو اسحب بطاقات سوداء، وغطِّ كل حيوان ببطاقة نقاطه، حتى تأتي بطاقة لا تناسب. أول من يغطي كل حيواناته يفوز بالجولة، وأول من يبلغ 800 نقطة يفوز باللعبة.',
    sections: [
      {
        title: 'أدوات اللعب',
        paragraphs: [
          'البطاقات البيضاء (صفّك): حيوانات فئات قيمتها قيمة فئتها (من الثدييات 10 حتى الأسطوري 60)، وأنصاف سفلية قيمتها 80 متى وُصلت، وبطاقات سالبة (من −75 إلى −100).',
          'البطاقات السوداء (كومة السحب): بطاقة نقاط لكل حيوان فئة، وأنصاف علوية تتصل بالأنصاف السفلية، وبطاقات مضادّ السالب، وبطاقات مكافأة جانبية، وجوكرات BEAST وبطاقة BEST BEAST واحدة، إضافة إلى MOLE وHYENA وRACCOON وEARTHWORM.',
          'تُظهر البطاقة البيضاء «نقاطًا» متى غطّاها شيء. والبطاقة السالبة تُظهر النقاط دائمًا.',
        ],
      },
      {
        title: 'التحضير',
        paragraphs: [
          'يحصل كل لاعب على ست بطاقات بيضاء مكشوفة تكون صفّه. كل شيء مكشوف ما عدا ترتيب كومة السحب.',
          'يمكن للمضيف أن يختار من يُوزَّع عليه أولًا، وإلا فبالقرعة. يدور اللعب باتجاه عقارب الساعة.',
        ],
      },
      {
        title: 'دورك',
        paragraphs: [
          'انظر أولًا إلى البطاقة العليا في كومة الرمي. إن ناسبت أحد حيواناتك فخذها، ومعها كل بطاقة مناسبة تحتها حتى تأتي بطاقة لا تناسب. هذا هو دورك.',
          'إن كانت في الأعلى HYENA أو RACCOON أو EARTHWORM فعّالة وأمكنك استخدامها فعليك ذلك. وإن كان في الأعلى MOLE يستطيع أن يجلب لك شيئًا، فلك أن تحفر أو أن تسحب بدلًا من ذلك.',
          'الأخذ أو الحفر أو استخدام بطاقة مهمّة من كومة الرمي ينهي دورك.',
          'وإلا فاسحب من الكومة السوداء: اضغط «اسحب» لكل بطاقة. البطاقة التي تناسب صفّك توضع وتسحب مرة أخرى. وتسحب مرة أخرى أيضًا بعد وضع جوكر، وبعد أن يحفر MOLE، وبعد استخدام بطاقة مهمّة. أما البطاقة التي لا تناسب، ومنها MOLE لا يجد ما يجلبه أو بطاقة مهمّة لا يمكنك استخدامها، فتوضع مكشوفة على كومة الرمي وينتهي دورك.',
        ],
      },
      {
        title: 'ما الذي يناسب',
        paragraphs: [
          'بطاقة النقاط تغطي حيوانها. وبطاقة مضادّ السالب تغطي بطاقتها السالبة (فتحوّلها إلى نقاط موجبة). والنصف العلوي يتصل بنصف سفلي فيصنع حيوانًا قيمته 80 من فئة النصف العلوي.',
          'توضع بطاقة المكافأة الجانبية بجانب صفّك إن كان صفّك يُظهر فئتها: حيوان من تلك الفئة (مكشوف أو مغطّى ببطاقة نقاطه) أو حيوان موصول منها. أما النصف السفلي المنفرد والبطاقة السالبة وأي بطاقة تحت جوكر فلا تُظهر فئة.',
          'BEAST وBEST BEAST جوكران: تختار إحدى بطاقاتك غير المغطاة لتغطيها. قيمة BEAST صفر، وقيمة BEST BEAST خمسون. والبطاقة المغطاة بجوكر لا تقبل بطاقتها المناسبة بعد ذلك.',
        ],
      },
      {
        title: 'MOLE وHYENA وRACCOON وEARTHWORM',
        paragraphs: [
          'يحفر MOLE في كومة الرمي ويأخذ كل بطاقة فيها تناسبك. والـ MOLE المسحوب يحفر تلقائيًا متى استطاع، ثم يبقى فوق كومة الرمي حيث يمكن للاعبين التالين استخدامه من جديد.',
          'HYENA: أعطِ إحدى قطع نقاطك للاعب آخر. RACCOON: خذ قطعة من لاعب آخر. EARTHWORM: بدّل قطعة لك بقطعة له. قطعة النقاط هي كومة مغطاة (تنتقل كاملة) أو بطاقة مكافأة جانبية.',
          'إن أمكنك استخدام إحدى هذه البطاقات فعليك ذلك. وإن لم يمكنك، توضع على كومة الرمي وهي ما زالت فعّالة، وعلى اللاعب التالي استخدامها إن استطاع. والبطاقة التي توضع فوق بطاقة فعّالة تلغيها حتى نهاية الجولة.',
        ],
      },
      {
        title: 'الفوز بالجولة والحساب',
        paragraphs: [
          'في اللحظة التي تُظهر فيها كل بطاقات صفّك نقاطًا تفوز بالجولة. تحسب صفّك كاملًا ومعه بطاقات المكافأة الجانبية (وقد يكون المجموع سالبًا). ولا يحسب الآخرون إلا بطاقاتهم السالبة المكشوفة وبطاقات مكافأتهم الجانبية.',
          'إن لزم السحب والكومة فارغة، تنتهي الجولة ويحسب الجميع صفوفهم كاملة؛ والحيوانات غير المغطاة تُحسب صفرًا. وصاحب أعلى نتيجة يُوزَّع عليه أولًا في الجولة التالية.',
          'الفائز بالجولة يُوزَّع عليه أولًا في الجولة التالية.',
        ],
      },
      {
        title: 'النهاية',
        paragraphs: [
          'بعد كل جولة، إن بلغ أحدٌ الهدف (800) تنتهي اللعبة. يفوز صاحب أعلى مجموع، والمتعادلون يتقاسمون الفوز. ويمكن لمن لم يفز بالجولة الأخيرة أن يفوز باللعبة.',
          'العب حتى (خيار): 1000 نقطة (للاعبَين فقط) أو 600 نقطة (لخمسة أو ستة لاعبين فقط) بدلًا من 800.',
        ],
      },
      {
        title: 'قراراتنا في القواعد',
        paragraphs: [
          'الإعطاء أو الأخذ أو التبديل لا يُكسب جولة أبدًا، لأنه لا ينقل إلا بطاقات تُظهر النقاط أصلًا.',
          'الصف الموزَّع من ست بطاقات سالبة يفوز بالجولة فورًا.',
          'حين لا يكون للجوكر إلا مكان واحد، أو لبطاقة المهمّة إلا استخدام واحد، تختار أنت بنفسك مع ذلك.',
          'البطاقة السالبة التي تصلك يمكن تغطيتها ببطاقة مضادّ السالب الخاصة بها أو بجوكر.',
          'البطاقة السالبة المغطاة بمضادّها قيمتها صفر لمن لم يفز بالجولة.',
          'إذا نفدت الكومة وتعادل لاعبون في أعلى نتيجة، فالأولوية لأقرب المتعادلين باتجاه عقارب الساعة من أول لاعب في هذه الجولة (وهذا اللاعب يُعدّ أولًا).',
          'لا يُعاد الخلط: متى فرغت كومة السحب انتهت الجولة.',
        ],
      },
    ],
  },
};
