// Numbers on Zop Zoo's cards and scores, through Intl: counts and points as
// the language writes them, grouped only from five digits on ("1000" and
// "12,500": CLDR's `min2`), as a score sheet writes them.

const formats = new Map<string, Intl.NumberFormat>();
const signed = new Map<string, Intl.NumberFormat>();

/** `v` as `locale` writes a score: "800", "1000", "٨٠٠". */
export function num(locale: string, v: number): string {
  let f = formats.get(locale);
  if (!f) formats.set(locale, (f = new Intl.NumberFormat(locale, { useGrouping: 'min2' } as unknown as Intl.NumberFormatOptions)));
  return f.format(v);
}

/**
 * Points with their sign: "+20", "−75", "0" (a real minus, as the table
 * always wrote them). Arabic places the sign by its own convention, with
 * the marks that keep it beside its digits in a right-to-left line (Intl's
 * `signDisplay`).
 */
export function signedNum(locale: string, v: number): string {
  if (locale === 'ar' || locale.startsWith('ar-')) {
    let f = signed.get(locale);
    if (!f) {
      const options = { useGrouping: 'min2', signDisplay: 'exceptZero' } as unknown as Intl.NumberFormatOptions;
      signed.set(locale, (f = new Intl.NumberFormat(locale, options)));
    }
    return f.format(v);
  }
  return v > 0 ? `+${num(locale, v)}` : v < 0 ? `−${num(locale, -v)}` : num(locale, 0);
}
