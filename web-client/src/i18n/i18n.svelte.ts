// The chosen language: its catalogs, and `<html lang dir>`. Messages come in
// parts, each with a catalog per language: the app's own (`en.ts` beside
// this file) and one per game (`games/<game>/i18n/`), each made with
// `catalog()`. Only the chosen language's catalogs are in the page (each is
// its own chunk, loaded when chosen); switching loads every part first and
// then changes every message where it is shown at once, with no reload and
// no reconnect. The choice is remembered in this browser; until one is made,
// the browser's own languages decide.

import { en, type Messages } from './en';
import { ALL_LOCALES, LOCALES, PSEUDO, direction, pick, type Locale, type Shown } from './locales';

/** How a part loads each language other than English (a dynamic import each, so each is its own chunk). */
export type Loaders<M> = Record<Exclude<Locale, 'en'>, () => Promise<M>>;

/** One part's messages in the language shown. */
class Part<M extends object> {
  #messages: M;
  constructor(
    readonly english: M,
    readonly loaders: Loaders<M>,
  ) {
    this.#messages = $state.raw(english);
  }
  get messages(): M {
    return this.#messages;
  }
  set messages(next: M) {
    this.#messages = next;
  }
  async load(locale: Shown): Promise<M> {
    if (locale === 'en') return this.english;
    if (locale === PSEUDO) return (await import('./pseudo')).pseudoCatalog(this.english);
    return this.loaders[locale]();
  }
}

const parts: Part<object>[] = [];

const STORED = 'parlor.locale';

class I18n {
  /** The language shown. */
  locale = $state<Shown>('en');
  /** The languages offered in the picker: the complete ones, and one named by `?lang=`. */
  offered = $state<readonly Shown[]>(LOCALES);
  /** Bumped on each switch, so a slower earlier load never wins over a later choice. */
  #switches = 0;

  /** Shows `locale` from now on, and remembers it in this browser. */
  async choose(locale: Shown): Promise<void> {
    await this.show(locale);
    try {
      localStorage.setItem(STORED, locale);
    } catch {
      // Private mode: for this page only.
    }
  }

  /**
   * The remembered language, else the browser's closest; `?lang=` names
   * one being filled in, or the pseudo-locale (development and tests).
   */
  async start(): Promise<void> {
    const asked = new URLSearchParams(location.search).get('lang');
    if (asked && ([...ALL_LOCALES, PSEUDO] as readonly string[]).includes(asked)) {
      const locale = asked as Shown;
      if (!this.offered.includes(locale)) this.offered = [...this.offered, locale];
      await this.show(locale);
      return;
    }
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(STORED);
    } catch {
      stored = null;
    }
    // A language chosen here before stays, even one not yet offered to
    // everyone (it was opened with `?lang=`).
    if (stored && ([...ALL_LOCALES, PSEUDO] as readonly string[]).includes(stored) && !(LOCALES as readonly string[]).includes(stored)) {
      this.offered = [...this.offered, stored as Shown];
      await this.show(stored as Shown);
      return;
    }
    const wanted = pick(stored ? [stored] : (navigator.languages ?? [navigator.language]), LOCALES);
    await this.show(wanted as Locale);
  }

  /** Loads every part in `locale`, then shows them all at once. */
  async show(locale: Shown): Promise<void> {
    const mine = ++this.#switches;
    const loaded = await Promise.all(parts.map((part) => part.load(locale)));
    if (mine !== this.#switches) return;
    parts.forEach((part, i) => (part.messages = loaded[i]));
    this.locale = locale;
    document.documentElement.lang = locale;
    document.documentElement.dir = direction(locale);
  }

  /** Brings a part made after the language was chosen into that language. */
  async join(part: Part<object>): Promise<void> {
    const mine = this.#switches;
    if (this.locale === 'en') return;
    const loaded = await part.load(this.locale);
    if (mine === this.#switches) part.messages = loaded;
  }
}

export const i18n = new I18n();

/**
 * A part's messages in the language shown, read through a proxy:
 * `t.title`, `t.rolled({ name })`. A template that reads one is shown again
 * when the language changes. `english` is the base catalog (in the main
 * bundle, the fallback); every other language is a loader.
 */
export function catalog<M extends object>(english: M, loaders: Loaders<M>): M {
  const part = new Part(english, loaders);
  parts.push(part as Part<object>);
  void i18n.join(part as Part<object>);
  return new Proxy({} as M, {
    get: (_, key) => part.messages[key as keyof M],
    ownKeys: () => Reflect.ownKeys(part.messages),
    getOwnPropertyDescriptor: (_, key) => ({ ...Reflect.getOwnPropertyDescriptor(part.messages, key), configurable: true }),
  });
}

/**
 * The app's own messages: `m.nav.history`, `m.nav.myTablesWaiting({ count })`.
 * A template that reads one is shown again when the language changes.
 */
export const m: Messages = catalog(en, {
  de: async () => (await import('./de')).de,
  es: async () => (await import('./es')).es,
  ar: async () => (await import('./ar')).ar,
});
