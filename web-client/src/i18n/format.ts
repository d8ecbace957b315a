// Numbers and lists for message catalogs, through the browser's `Intl`
// (CLDR's rules for each language: digits, separators, "and"), never
// formatted by hand. Memoized: an `Intl` formatter is costly to make.

const numbers = new Map<string, Intl.NumberFormat>();
const lists = new Map<string, Intl.ListFormat>();

/** `n` written as `locale` writes counts ("1,234", "1.234", "١٬٢٣٤"). */
export function count(locale: string, n: number): string {
  let f = numbers.get(locale);
  if (!f) numbers.set(locale, (f = new Intl.NumberFormat(locale)));
  return f.format(n);
}

/** Names joined as `locale` joins them in a sentence ("Ana, Ben and Cy"). */
export function list(locale: string, items: readonly string[]): string {
  let f = lists.get(locale);
  if (!f) lists.set(locale, (f = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' })));
  return f.format(items);
}

const plurals = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of `n` in `locale` ("one", "few", "many", …). */
export function pluralOf(locale: string, n: number): Intl.LDMLPluralRule {
  let f = plurals.get(locale);
  if (!f) plurals.set(locale, (f = new Intl.PluralRules(locale)));
  return f.select(n);
}
