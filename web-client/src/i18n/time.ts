// Durations for message catalogs, through `Intl` (never by hand): a count
// with its unit as `locale` writes it ("3 Std.", "٣ ساعات"), and several
// such amounts joined as that language joins units.

const units = new Map<string, Intl.NumberFormat>();
const unitLists = new Map<string, Intl.ListFormat>();

/** `n` of `unit` (`day`, `hour`, `minute`, `second`), short: "3 Std.", "3 h", "٣ ساعات". */
export function unit(locale: string, n: number, u: 'day' | 'hour' | 'minute' | 'second', display: 'short' | 'long' | 'narrow' = 'short'): string {
  const key = `${locale}|${u}|${display}`;
  let f = units.get(key);
  if (!f) units.set(key, (f = new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: display })));
  return f.format(n);
}

/** Amounts of several units as one duration ("5 Std., 20 Min.", "5 h y 20 min"). */
export function units2(locale: string, parts: readonly string[]): string {
  let f = unitLists.get(locale);
  if (!f) unitLists.set(locale, (f = new Intl.ListFormat(locale, { style: 'short', type: 'unit' })));
  return f.format(parts);
}
