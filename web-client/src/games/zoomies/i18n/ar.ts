// Zoomies بالعربية. بلاطات (tiles)، علامات (tokens)، قطعان (Packs); the
// tokens' names stay as published (Leader, Zoomies, Bones, Frens). Players'
// names and tiles' codes (often Latin) are isolated (FSI … PDI), so a number
// after one stays in the sentence's order. Arrows (→) name directions on
// the table, which does not mirror: → is east in every language.
import { count, list, pluralOf } from '../../../i18n/format';
import { en, type ZoomiesMessages } from './en';

const n = (v: number) => count('ar', v);
/** A name set apart from the right-to-left sentence around it. */
const iso = (name: string) => `\u2068${name}\u2069`;
/** A counted noun in each of Arabic's six plural forms; `#` is the number. */
type Forms = Record<Intl.LDMLPluralRule, string>;
const counted = (v: number, forms: Forms) => forms[pluralOf('ar', v)].replace('#', n(v));
const TILES: Forms = { zero: '# بلاطة', one: 'بلاطة واحدة', two: 'بلاطتين', few: '# بلاطات', many: '# بلاطة', other: '# بلاطة' };
const NEW_TILES: Forms = {
  zero: '# بلاطة جديدة',
  one: 'بلاطة جديدة واحدة',
  two: 'بلاطتين جديدتين',
  few: '# بلاطات جديدة',
  many: '# بلاطة جديدة',
  other: '# بلاطة جديدة',
};
const PLACES: Forms = { zero: '# مكان', one: 'مكان واحد', two: 'مكانين', few: '# أماكن', many: '# مكانًا', other: '# مكان' };
const TOKENS: Forms = { zero: '# علامة', one: 'علامة واحدة', two: 'علامتين', few: '# علامات', many: '# علامة', other: '# علامة' };
const POINTS: Forms = { zero: '# نقطة', one: 'نقطة واحدة', two: 'نقطتين', few: '# نقاط', many: '# نقطة', other: '# نقطة' };
const SIDES: Forms = { zero: '# جانب', one: 'جانب واحد', two: 'جانبين', few: '# جوانب', many: '# جانبًا', other: '# جانب' };
const BONES: Forms = { zero: '# عظمة', one: 'عظمة واحدة', two: 'عظمتين', few: '# عظمات', many: '# عظمة', other: '# عظمة' };
const DOGS: Forms = { zero: '# كلب', one: 'كلب واحد', two: 'كلبين', few: '# كلاب', many: '# كلبًا', other: '# كلب' };
/** Dogs of one breed (`@`): "3 كلاب بودل". */
const DOGS_OF: Forms = { zero: '# كلب @', one: 'كلب @ واحد', two: 'كلبين من @', few: '# كلاب @', many: '# كلبًا من @', other: '# كلب @' };
const dogsOf = (v: number, breed: string) => counted(v, DOGS_OF).replace('@', breed);
/** The word after a score: "نقطة", "نقاط". */
const UNIT: Forms = { zero: 'نقطة', one: 'نقطة', two: 'نقطتان', few: 'نقاط', many: 'نقطة', other: 'نقطة' };

export const ar: ZoomiesMessages = {
  blurb: 'ضع أحجار دومينو الكلاب لتنمية حديقة من القطعان، ثم راهن بعلاماتك على Leader وBones وFrens وZoomies.',

  breeds: {
    chihuahua: 'تشيواوا',
    poodle: 'بودل',
    beagle: 'بيغل',
    husky: 'هاسكي',
    greyhound: 'سلوقي',
  },
  breedsMany: {
    chihuahua: 'كلاب التشيواوا',
    poodle: 'كلاب البودل',
    beagle: 'كلاب البيغل',
    husky: 'كلاب الهاسكي',
    greyhound: 'الكلاب السلوقية',
  },
  dog: 'كلب',
  tileDouble: (p) => `${p.breed} مزدوج`,
  dogBone: (p) => `${p.breed} (عظمة)`,
  dogZoomies: (p) => `${p.breed} (بصمة Zoomies)`,
  dogBoth: (p) => `${p.breed} (عظمة، بصمة Zoomies)`,
  tilePic: (p) => `${p.a} و${p.b}`,
  boneIcon: 'رمز العظمة',
  zoomiesPaw: 'بصمة Zoomies',

  sides: en.sides,
  scores: {
    leader: 'نقطة لكل كلب في قطيعها',
    zoomies: '1·3·6·10·15 نقطة حسب حجم مجموعة Zoomies؛ وضع بلاطتك الأخرى أيضًا',
    bones: 'نقطتان لكل عظمة في قطيعها',
    frens: 'نقطتان لكل جانب يلامس فيه قطيعها سلالة السهم',
  },
  kinds: {
    round: 'دائرية',
    square: 'مربعة',
  },
  kindsFull: {
    round: 'دائرية (Leader | Zoomies)',
    square: 'مربعة (Bones | Frens)',
  },
  refusals: {
    no_round_left: 'لم تبقَ لديك علامة دائرية',
    no_square_left: 'لم تبقَ لديك علامة مربعة',
    pack_has_leader: 'لهذا القطيع علامة Leader بالفعل',
    pack_has_bones: 'لهذا القطيع علامة Bones بالفعل',
    not_zoomies_dog: 'لا يحمل هذا الكلب بصمة Zoomies',
    group_has_zoomies: 'لمجموعة Zoomies هذه علامة Zoomies بالفعل',
    arrow_to_same_breed: 'يجب أن يشير السهم إلى سلالة أخرى',
    frens_taken: 'هذا القطيع صديق (Frens) لتلك السلالة بالفعل',
  },
  dirs: {
    north: 'الشمال',
    east: 'الشرق',
    south: 'الجنوب',
    west: 'الغرب',
  },

  target: {
    nextToNone: (p) => `دون ${p.breed} بجواره`,
    nextToOne: (p) => `بجوار ${p.breed} واحد`,
    nextToMany: (p) => `بجوار ${dogsOf(p.count, p.breed)}`,
    dogB: (p) => `${p.dog} إلى ${p.dir} ${p.meets}`,
    label: (p) => `ضع البلاطة هنا: ${p.a}، ${p.b}؛ تلامس ${counted(p.count, TILES)}`,
    plain: (p) => `ضع البلاطة هنا (${n(p.x)}، ${n(p.y)})`,
  },

  confirm: {
    move: 'هل تقوم بهذه النقلة؟ لا يمكن التراجع عنها.',
    discardEnd: 'هل تتخلّص من البلاطة المتبقية في يدك وتنهي دورك؟ لا يمكن التراجع عن ذلك.',
    keepEnd: 'هل تحتفظ بالبلاطة المتبقية في يدك وتنهي دورك؟ لا يمكن التراجع عن ذلك.',
  },

  log: {
    startRow: (p) => `صف البداية: ${p.names.join('، ')}`,
    hidden: (p) => counted(p.count, TILES),
    hiddenNew: (p) => counted(p.count, NEW_TILES),
    dealt: (p) => `حصل ${iso(p.name)} على ${list('ar', p.names)}`,
    youDealt: (p) => `حصلتَ على ${list('ar', p.names)}`,
    drew: (p) => `سحب ${iso(p.name)} ${list('ar', p.names)}`,
    youDrew: (p) => `سحبتَ ${list('ar', p.names)}`,
    dealtTile: (p) => `حصل ${iso(p.name)} على بلاطة: ${p.tile}`,
    dealtHidden: (p) => `حصل ${iso(p.name)} على بلاطة`,
    youDealtTile: (p) => `حصلتَ على بلاطة: ${p.tile}`,
    youDealtHidden: 'حصلتَ على بلاطة',
    drewTile: (p) => `سحب ${iso(p.name)} بلاطة: ${p.tile}`,
    drewHidden: (p) => `سحب ${iso(p.name)} بلاطة`,
    youDrewTile: (p) => `سحبتَ بلاطة: ${p.tile}`,
    youDrewHidden: 'سحبتَ بلاطة',
    first: (p) => `يبدأ ${iso(p.name)}`,
    youFirst: 'تبدأ أنت',
    placed: (p) => `وضع ${iso(p.name)} ${p.tile}`,
    youPlaced: (p) => `وضعتَ ${p.tile}`,
    placedExtra: (p) => `وضع ${iso(p.name)} بلاطة Zoomies الإضافية: ${p.tile}`,
    youPlacedExtra: (p) => `وضعتَ بلاطة Zoomies الإضافية: ${p.tile}`,
    extraStuck: (p) => `لا يستطيع ${iso(p.name)} وضع البلاطة الإضافية في أي مكان: تبقى في يده`,
    youExtraStuck: 'لا تستطيع وضع البلاطة الإضافية في أي مكان: تبقى في يدك',
    noFit: (p) => `لا مكان لأي من بلاطات ${iso(p.name)}: تخلّص من ${counted(p.count, TILES)}`,
    youNoFit: (p) => `لا مكان لأي من بلاطاتك: تخلّصتَ من ${counted(p.count, TILES)}`,
    noFitDrew: (p) => `لا مكان لأي من بلاطات ${iso(p.name)}: تخلّص من ${counted(p.count, TILES)}، وسحب ${list('ar', p.names)}`,
    youNoFitDrew: (p) => `لا مكان لأي من بلاطاتك: تخلّصتَ من ${counted(p.count, TILES)}، وسحبتَ ${list('ar', p.names)}`,
    noFitEmpty: (p) => `لا مكان لأي من بلاطات ${iso(p.name)} والكومة فارغة: لا بلاطة في هذا الدور`,
    youNoFitEmpty: 'لا مكان لأي من بلاطاتك والكومة فارغة: لا بلاطة في هذا الدور',
    token: (p) => `وضع ${iso(p.name)} علامة ${p.side} على ${p.breed}`,
    youToken: (p) => `وضعتَ علامة ${p.side} على ${p.breed}`,
    tokenFrens: (p) => `وضع ${iso(p.name)} علامة Frens على ${p.breed}، والسهم ${p.arrow} نحو ${p.fren}`,
    youTokenFrens: (p) => `وضعتَ علامة Frens على ${p.breed}، والسهم ${p.arrow} نحو ${p.fren}`,
    tokenZoomies: (p) => `وضع ${iso(p.name)} علامة Zoomies على ${p.breed} — انطلق! بلاطة أخرى تنزل`,
    youTokenZoomies: (p) => `وضعتَ علامة Zoomies على ${p.breed} — انطلق! بلاطة أخرى تنزل`,
    tokenDiscarded: (p) => `لم يستطع ${iso(p.name)} وضع علامة فتخلّص من علامة ${p.kind} (${n(0)} نقطة)`,
    youTokenDiscarded: (p) => `لم تستطع وضع علامة فتخلّصتَ من علامة ${p.kind} (${n(0)} نقطة)`,
    discardedLeft: (p) => `تخلّص ${iso(p.name)} من البلاطة المتبقية في يده`,
    youDiscardedLeft: 'تخلّصتَ من البلاطة المتبقية في يدك',
    discardedLeftDrew: (p) => `تخلّص ${iso(p.name)} من البلاطة المتبقية في يده وسحب ${list('ar', p.names)}`,
    youDiscardedLeftDrew: (p) => `تخلّصتَ من البلاطة المتبقية في يدك وسحبتَ ${list('ar', p.names)}`,
    kept: (p) => `احتفظ ${iso(p.name)} بالبلاطة في يده`,
    youKept: 'احتفظتَ بالبلاطة في يدك',
    keptDrew: (p) => `احتفظ ${iso(p.name)} بالبلاطة في يده وسحب ${list('ar', p.names)}`,
    youKeptDrew: (p) => `احتفظتَ بالبلاطة في يدك وسحبتَ ${list('ar', p.names)}`,
  },

  table: {
    label: 'طاولة Zoomies',
    waiting: 'في انتظار الطاولة…',
    setup: 'جارٍ تجهيز الطاولة…',
    placeYou: 'دورك: ضع بلاطة',
    place: (p) => `${iso(p.name)} يضع بلاطة`,
    drawingYou: 'جارٍ سحب بلاطاتك…',
    drawing: (p) => `${iso(p.name)} يسحب بلاطات`,
    discardTokenYou: 'دورك: تخلّص من علامة',
    tokenYou: 'دورك: ضع علامة',
    token: (p) => `${iso(p.name)} يختار علامة`,
    extraYou: 'Zoomies! ضع بلاطتك الأخرى',
    extra: (p) => `${iso(p.name)} انطلق: يضع البلاطة الإضافية`,
    endYou: 'احتفظ ببلاطتك الأخيرة أو تخلّص منها',
    end: (p) => `${iso(p.name)} ينهي دوره`,
    finished: 'الطاولة النهائية',
    pileTitle: 'البلاطات المتبقية في كومة السحب',
    pile: 'الكومة:',
    discardedTitle: 'بلاطات مستبعدة مقلوبة، خارج اللعب',
    discarded: 'المستبعدة:',
    onTable: 'على الطاولة:',
    legend: 'مفتاح الرموز',
    bone: 'عظمة',
    paw: 'بصمة Zoomies',
    badge: 'النقاط لو انتهت الآن',
    endTitle: 'أنهِ دورك',
    endHelp: 'احتفظ بالبلاطة المتبقية في يدك أو تخلّص منها مقلوبة. ثم تسحب حتى يصبح لديك بلاطتان.',
    keep: 'احتفظ بها',
    discard: 'تخلّص منها',
    away: (p) => `(${iso(p.name)} غير موجود الآن.)`,
    sending: 'جارٍ الإرسال…',
    yourTiles: 'بلاطاتك',
    hiddenFromOthers: 'مخفية عن الآخرين',
    noTiles: 'لا بلاطات في يدك.',
    howTokensScore: 'كيف تُحسب نقاط العلامات',
    howTokensScoreNote:
      'القطيع مجموعة من الكلاب المتلامسة من سلالة واحدة. علامة Leader واحدة وعلامة Bones واحدة لكل قطيع؛ وZoomies فقط على كلب يحمل البصمة، واحدة لكل مجموعة Zoomies؛ وFrens تشير إلى سلالة أخرى. العلامات التي تتقاسم في النهاية قطيعًا أو مجموعة تقتسم نقاطها، مع التقريب إلى الأدنى.',
    you: '(أنت)',
    pointsTitle: 'النقاط لو انتهت اللعبة الآن',
    pts: (p) => UNIT[pluralOf('ar', p.count)],
    final: 'نهائي',
    ifEndedNow: 'لو انتهت الآن',
    inHand: (p) => `${counted(p.count, TILES)} في اليد`,
    leftTitle: 'العلامات المتبقية: دائرية (Leader | Zoomies) ومربعة (Bones | Frens)',
    left: 'متبقية',
    tokensDiscarded: (p) => `· ${n(p.count)} مستبعدة`,
    tokensPlaced: 'العلامات الموضوعة',
    tokenTitle: (p) => `${p.side} على ${p.breed}: ${counted(p.count, POINTS)} لو انتهت اللعبة الآن (اضغط لعرضها على الطاولة)`,
    log: 'ماذا حدث',
  },

  board: {
    hintFine: 'اسحب للتحريك · ctrl مع التمرير أو +/− للتكبير',
    hintCoarse: 'اسحب للتحريك · باعد إصبعيك للتكبير',
    zoom: 'التكبير',
    zoomIn: 'تكبير',
    zoomOut: 'تصغير',
    fitTitle: 'اعرض الطاولة كلها',
    fit: 'الكل',
    label: (p) => `الطاولة: ${counted(p.tiles, TILES)}، ${counted(p.tokens, TOKENS)}`,
    labelPlaces: (p) => `الطاولة: ${counted(p.tiles, TILES)}، ${counted(p.tokens, TOKENS)}، ${counted(p.places, PLACES)} للبلاطة`,
    tokenNow: (p) => `${iso(p.name)}: ${p.side} · ${n(p.points)} الآن`,
    tokenOf: (p) => `علامة ${p.side} الخاصة بـ${iso(p.name)}`,
    token: (p) => `علامة ${p.side}`,
  },

  place: {
    labelExtra: 'ضع البلاطة الإضافية',
    label: 'ضع بلاطة',
    titleExtra: 'Zoomies! ضع بلاطتك الأخرى',
    title: 'ضع بلاطة',
    helpExtra: 'لا توضع عليها علامة. يجب أن يلامس أحد كلبي البلاطة الجديدة كلبًا من سلالته، جنبًا إلى جنب.',
    help: 'يجب أن يلامس أحد كلبي البلاطة الجديدة كلبًا من سلالته، جنبًا إلى جنب.',
    extraNowhere: 'بلاطتك الأخرى لا تناسب أي مكان.',
    extraStays: 'تبقى في يدك.',
    noneFit: 'لا مكان لأي من بلاطاتك.',
    discardOne: (p) => `تخلّص منها واسحب ${counted(p.count, NEW_TILES)}.`,
    discardBoth: (p) => `تخلّص من الاثنتين واسحب ${counted(p.count, NEW_TILES)}.`,
    noneFitEmpty: 'لا مكان لأي من بلاطاتك، والكومة فارغة.',
    keepThem: 'تحتفظ بها ولا تضع بلاطة في هذا الدور؛ ثم تتخلّص من علامة.',
    keep: 'احتفظ بها',
    discardDraw: 'تخلّص واسحب',
    playNone: 'لا تضع بلاطة',
    yourTiles: 'بلاطاتك',
    fitsNowhere: 'لا مكان لها',
    places: (p) => `${iso(p.code)} · ${counted(p.count, PLACES)}`,
    howItLies: 'كيف توضع',
    orientation: 'الاتجاه',
    orient: {
      east: (p) => `${p.b} على يمين ${p.a}: ${counted(p.count, PLACES)}`,
      south: (p) => `${p.b} تحت ${p.a}: ${counted(p.count, PLACES)}`,
      west: (p) => `${p.b} على يسار ${p.a}: ${counted(p.count, PLACES)}`,
      north: (p) => `${p.b} فوق ${p.a}: ${counted(p.count, PLACES)}`,
    },
    rotate: 'تدوير',
    noPlace: 'لا مكان لها بهذا الوضع — جرّب اتجاهًا آخر.',
    ready: 'جاهز: البلاطة معروضة على الطاولة.',
    tap: {
      east: (p) => `اضغط مربعًا أصفر على الطاولة: يذهب ${p.a} إليه، و${p.b} على يمينه.`,
      south: (p) => `اضغط مربعًا أصفر على الطاولة: يذهب ${p.a} إليه، و${p.b} تحته.`,
      west: (p) => `اضغط مربعًا أصفر على الطاولة: يذهب ${p.a} إليه، و${p.b} على يساره.`,
      north: (p) => `اضغط مربعًا أصفر على الطاولة: يذهب ${p.a} إليه، و${p.b} فوقه.`,
    },
    confirm: 'ضع البلاطة هنا',
    chooseSquare: 'اختر مربعًا أولًا',
    cancel: 'إلغاء',
  },

  token: {
    label: 'ضع علامة',
    noTileTitle: 'لا بلاطة في هذا الدور: تخلّص من علامة',
    noFitTitle: 'لا تناسب أي علامة: تخلّص من واحدة',
    noTileHelp: 'لم تستطع وضع بلاطة، لذا يجب أن تتخلّص من علامة بدلًا من ذلك (لا تُحسب لها نقاط).',
    noFitHelp: 'كل العلامات المتبقية لديك مرفوضة على هذه البلاطة، لذا يجب أن تتخلّص من واحدة (لا تُحسب لها نقاط):',
    discard: {
      round: 'تخلّص من علامة دائرية (Leader | Zoomies)',
      square: 'تخلّص من علامة مربعة (Bones | Frens)',
    },
    title: 'ضع علامة على البلاطة التي وضعتها للتو',
    help: 'تُحسب نقاط العلامات في نهاية اللعبة. اختر وجهها ثم كلبها.',
    stepToken: '1 · العلامة',
    sideGroup: 'وجه العلامة',
    left: {
      round: (p) => `دائرية · ${n(p.count)} متبقية`,
      square: (p) => `مربعة · ${n(p.count)} متبقية`,
    },
    stepDog: '2 · الكلب',
    orTap: '(أو اضغط عليه على الطاولة)',
    dogGroup: 'الكلب',
    stepArrow: '3 · سهم نحو جار',
    frensBreed: '(سلالة Frens)',
    arrowGroup: 'السهم',
    previewLeader: (p) => `في قطيعها الآن ${dogsOf(p.count, p.breed)}.`,
    previewBones: (p) => `في قطيعها (${dogsOf(p.count, p.breed)}) الآن ${counted(p.bones, BONES)}.`,
    previewFrens: (p) => `قطيع ${p.breed} يلامس ${p.frens} الآن من ${counted(p.count, SIDES)}.`,
    previewZoomies: (p) => `في مجموعة Zoomies الآن ${counted(p.count, DOGS)}. ثم تضع بلاطتك الأخرى.`,
    place: (p) => `ضع ${p.side}`,
    placeArrow: (p) => `ضع ${p.side} ${p.arrow}`,
    chooseToken: 'اختر علامة',
    chooseDog: 'اختر كلبًا',
    chooseArrow: 'اختر السهم',
    clear: 'مسح',
    pick: (p) => `ضعها على ${p.breed}`,
    pickDog: 'هذا الكلب',
    arrow: (p) => `السهم ${p.arrow} نحو ${p.breed}`,
  },

  final: {
    whatLeader: (p) => `قطيع من ${dogsOf(p.count, p.breed)}`,
    whatLeaderDogs: (p) => `قطيع من ${counted(p.count, DOGS)}`,
    whatBones: (p) => `${counted(p.bones, BONES)} في قطيعها من ${dogsOf(p.count, p.breed)}`,
    whatBonesDogs: (p) => `${counted(p.bones, BONES)} في قطيعها من ${counted(p.count, DOGS)}`,
    whatFrens: (p) => `${counted(p.count, SIDES)} بين قطيع ${p.breed} و${p.frens}`,
    whatFrensPack: (p) => `${counted(p.count, SIDES)} بين قطيعها و${p.frens}`,
    itsFrens: 'أصدقائها (Frens)',
    whatZoomies: (p) => `مجموعة Zoomies من ${counted(p.count, DOGS)}`,
    ladder: (p) => `${p.size} على السلّم ${p.ladder} = ${n(p.raw)}`,
    shared: (p) => `؛ تتقاسمها ${counted(p.count, TOKENS)}: ${n(p.raw)} ÷ ${n(p.count)} = ${n(p.points)} (بالتقريب إلى الأدنى)`,
    whose: (p) => `علامة ${p.side} الخاصة بـ${iso(p.name)}:`,
    points: (p) => counted(p.count, POINTS),
    keyFrens: 'الأصفر: قطيعها؛ الأشرطة المرقّمة: الجوانب المحسوبة؛ المتقطّع: كلاب Frens.',
    keyZoomies: 'الأصفر: مجموعة Zoomies.',
    keyPack: 'الأصفر: قطيعها.',
    sketch: 'الخانات التي حسبتها هذه العلامة',
    sharedShort: (p) => ` · مقسومة ÷${n(p.count)}`,
    noTokens: 'لم توضع أي علامة.',
    discarded: (p) => `${counted(p.count, TOKENS)} مستبعدة (${n(0)}) ·`,
    best: (p) => `أفضل علامة ${n(p.count)}`,
    note: 'اضغط على علامة لترى ما حسبته. يفوز صاحب أعلى مجموع؛ وعند التعادل يفوز صاحب أفضل علامة منفردة، وإن بقي التعادل يُقتسم الفوز.',
  },

  options: {
    legend: 'الخيارات',
    first: 'اللاعب الأول',
    firstHelp: 'يقول كتيّب القواعد إن من يملك أكثر الكلاب (في الحياة الواقعية) يبدأ.',
    random: 'عشوائي',
    seatNamed: (p) => `${iso(p.name)} (المقعد ${n(p.seat)})`,
    seat: (p) => `المقعد ${n(p.seat)}`,
    seatHost: (p) => `المقعد ${n(p.seat)} (أنت، المضيف)`,
    nobody: (p) => `لا أحد في المقعد ${n(p.seat)} بعد.`,
  },

  rules: {
    summary:
      'في كل دور، ضع حجر دومينو كلاب بجوار كلب من السلالة نفسها لتنمو الحديقة، ثم ضع إحدى علاماتك على كلب من تلك البلاطة. في النهاية تُحسب نقاط العلامات للقطعان وBones وFrens وZoomies. بعد ثمانية أدوار لكل لاعب، يفوز صاحب أعلى مجموع.',
    sections: [
      {
        title: 'مكونات اللعبة',
        paragraphs: [
          '50 بلاطة كلاب. على كل منها كلبان من خمس سلالات: تشيواوا، بودل، بيغل، هاسكي، سلوقي. في كل بلاطة كلب يحمل عظمة؛ وفي بعضها كلب يحمل بصمة Zoomies.',
          'لكل لاعب 4 علامات دائرية (وجه Leader أو Zoomies) و4 علامات مربعة (وجه Bones أو Frens).',
          'القطيع مجموعة من الكلاب المتلامسة من سلالة واحدة (جنبًا إلى جنب، لا قطريًا أبدًا). والكلب الواحد قطيع أيضًا.',
        ],
      },
      {
        title: 'التحضير',
        paragraphs: [
          'تبدأ الحديقة بثلاث بلاطات في صف. يحصل كل لاعب على بلاطتين في يده (سرًّا). يمكن للمضيف أن يختار من يبدأ؛ وإلا فبالقرعة. يدور اللعب باتجاه عقارب الساعة.',
        ],
      },
      {
        title: 'دورك',
        paragraphs: [
          '1. ضع بلاطة من يدك على خانات فارغة بحيث يلامس واحد على الأقل من كلبيها كلبًا من السلالة نفسها موجودًا في الحديقة. إن أمكن وضع أي بلاطة، فعليك وضع واحدة.',
          'إن لم تناسب أي من بلاطاتك: تخلّص من يدك واسحب بلاطتين جديدتين وحاول مجددًا (كلما لزم الأمر). إن كانت كومة السحب فارغة، فاحتفظ بيدك ولا تضع بلاطة في هذا الدور.',
          '2. ضع علامة واحدة على أحد كلبي البلاطة التي وضعتها للتو. إن لم تناسب أي علامة هناك (أو لم تضع بلاطة)، فعليك أن تتخلّص من علامة بدلًا من ذلك؛ ولا تُحسب لها نقاط.',
          '3. إن وضعت علامة Zoomies وما زالت في يدك بلاطة، فعليك وضع تلك البلاطة أيضًا (دون علامة عليها). إن لم تناسب أي مكان، فاحتفظ بها.',
          '4. إن بقيت بلاطة في يدك، يمكنك الاحتفاظ بها أو التخلّص منها. ثم اسحب حتى يصبح لديك بلاطتان.',
        ],
      },
      {
        title: 'العلامات',
        paragraphs: [
          'Leader (دائرية): يجب ألا يكون في قطيع الكلب علامة Leader بعد. تمنح نقطة لكل كلب في القطيع.',
          'Bones (مربعة): يجب ألا يكون في قطيع الكلب علامة Bones بعد. تمنح نقطتين لكل عظمة في القطيع. ولا يلزم أن يحمل الكلب نفسه عظمة.',
          'Frens (مربعة): يشير سهمها إلى كلب ملامس من سلالة أخرى — حتى الكلب الآخر على البلاطة نفسها. تمنح نقطتين عن كل جانب يلامس فيه قطيعك كلبًا من تلك السلالة. ولا يكون للقطيع نفسه مع السلالة نفسها إلا علامة Frens واحدة.',
          'Zoomies (دائرية): فقط على كلب يحمل بصمة Zoomies، وواحدة فقط لكل مجموعة من كلاب Zoomies المتلامسة (من أي سلالة). تمنح 1 أو 3 أو 6 أو 10 أو 15 نقطة لمجموعة من 1 أو 2 أو 3 أو 4 أو 5 كلاب فأكثر.',
        ],
      },
      {
        title: 'حساب النقاط ونهاية اللعبة',
        paragraphs: [
          'كل دور يستهلك علامة واحدة، لذا تنتهي اللعبة حالما يستخدم آخر لاعب آخر علاماته.',
          'تُحسب نقاط العلامات على الحديقة النهائية. حين تندمج المجموعات، تتقاسم العلامات التي تحسب القطيع نفسه (أو زوج Frens نفسه، أو مجموعة Zoomies نفسها): تنال كل منها النقاط مقسومة على عددها، مع التقريب إلى الأدنى — حتى لو كانت علامتين للاعب نفسه.',
          'يفوز صاحب أعلى مجموع. عند التعادل يفوز صاحب أفضل علامة منفردة؛ وإن بقي التعادل يُقتسم الفوز.',
        ],
      },
      {
        title: 'أحكامنا',
        paragraphs: [
          'كلبا البلاطة التي تضعها لا يُعدّ أحدهما مطابقًا للآخر.',
          'تُفحص شروط العلامة عند وضعها. إن اندمجت القطعان لاحقًا، لا تُزال أي علامة؛ بل تتقاسم النقاط.',
          'إن لم يناسب شيء وكانت الكومة فارغة بالفعل، تحتفظ بيدك بدلًا من التخلّص منها: فقد تناسب لاحقًا.',
          'يمكنك التخلّص من بلاطتك الأخيرة في نهاية الدور حتى مع كومة فارغة (لا يضر ذلك إلا بك).',
          'لا تخلّص ولا سحب في الدور الأخير من اللعبة. ولا تُكشف الأيدي أبدًا.',
        ],
      },
    ],
  },
};
