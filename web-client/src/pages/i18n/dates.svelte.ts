// Dates, times and numbers on these pages, written by `Intl` in the
// language shown. In the pseudo-locale (`en-XA`) a date is English accented
// like every catalog message, so a walk of the page can tell it was formatted
// here (the pseudo module is loaded already whenever en-XA is shown).
import { i18n } from '../../i18n/i18n.svelte';
import { count } from '../../i18n/format';
import { PSEUDO } from '../../i18n/locales';

let accent = $state.raw<((text: string) => string) | null>(null);

/** The tag `Intl` gets for the language shown. */
export function intlLocale(): string {
  return i18n.locale === PSEUDO ? 'en' : i18n.locale;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** `date` as the language shown writes it, e.g. `{ dateStyle: 'medium', timeStyle: 'short' }`. */
export function dateText(date: Date | number, options: Intl.DateTimeFormatOptions): string {
  const locale = intlLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  const text = f.format(date);
  if (i18n.locale !== PSEUDO) return text;
  if (!accent) void import('../../i18n/pseudo').then((p) => (accent = p.pseudo));
  return accent ? accent(text) : text;
}

/** A count as the language shown writes it ("1.234", "١٬٢٣٤"). */
export function num(n: number): string {
  return count(intlLocale(), n);
}

const separators = new Map<string, string>();

/** What the language shown puts between the items of a list (", ", "، "). */
export function separator(): string {
  const locale = intlLocale();
  let sep = separators.get(locale);
  if (sep === undefined) {
    const parts = new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).formatToParts(['a', 'b', 'c']);
    // The comma alone: Arabic's list says "and" ("، و") between every two items.
    sep = (parts.find((p) => p.type === 'literal')?.value ?? ', ').replace(/\s*\p{L}+\s*$/u, ' ');
    separators.set(locale, sep);
  }
  return sep;
}
