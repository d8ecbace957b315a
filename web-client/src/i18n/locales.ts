// The languages Parlor speaks, and which one a browser gets: its own
// languages in order of preference, each matched exactly, then by its
// language alone ("de-AT" → German), then English. Never an error.

/** Every language with a catalog: BCP 47 tags, as `<html lang>` takes them. */
export const ALL_LOCALES = ['en', 'de', 'es', 'ar'] as const;
export type Locale = (typeof ALL_LOCALES)[number];

/**
 * The pseudo-locale: English with every letter accented and about 35 %
 * longer (`[Ƥíçķ á ğáɱé ~~~]`), made from the English catalogs. Opened with
 * `?lang=en-XA` to find text that does not come from a catalog, and to see
 * where longer words break the layout.
 */
export const PSEUDO = 'en-XA';
/** A language the page can show: one with catalogs, or the pseudo-locale. */
export type Shown = Locale | typeof PSEUDO;

/**
 * The languages offered to players: those whose catalogs cover every page
 * (all of them; a language being filled in would be reachable with
 * `?lang=` only, until it is complete: docs/translating.md).
 */
export const LOCALES: readonly Locale[] = ALL_LOCALES;

/** Each language's name in itself, for the picker. */
export const AUTONYMS: Record<Shown, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  ar: 'العربية',
  [PSEUDO]: '[Ƥšéûðö]',
};

/** Languages written right to left (the page mirrors for them). */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

/** The page's direction in `locale`. */
export function direction(locale: string): 'ltr' | 'rtl' {
  return RTL.has(locale.split('-')[0].toLowerCase()) ? 'rtl' : 'ltr';
}

/** The closest supported language to the tags a browser prefers, in order. */
export function pick(preferred: readonly string[], supported: readonly string[] = LOCALES): string {
  const lower = supported.map((s) => s.toLowerCase());
  for (const tag of preferred) {
    let canonical: string;
    try {
      canonical = Intl.getCanonicalLocales(tag)[0] ?? '';
    } catch {
      continue; // not a language tag at all
    }
    const exact = lower.indexOf(canonical.toLowerCase());
    if (exact >= 0) return supported[exact];
    const language = canonical.split('-')[0].toLowerCase();
    const near = lower.findIndex((s) => s === language || s.split('-')[0] === language);
    if (near >= 0) return supported[near];
  }
  return 'en';
}
