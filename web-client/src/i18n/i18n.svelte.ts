// The chosen language: its catalog, and `<html lang dir>`. Only that
// language's catalog is in the page (each one is its own chunk, loaded when
// chosen); switching changes every message where it is shown, with no
// reload and no reconnect. The choice is remembered in this browser; until
// one is made, the browser's own languages decide.

import { en, type Messages } from './en';
import { ALL_LOCALES, LOCALES, direction, pick, type Locale } from './locales';

/** Each language's catalog, loaded when first chosen (its own chunk). */
const catalogs: Record<Locale, () => Promise<Messages>> = {
  en: async () => en,
  de: async () => (await import('./de')).de,
  es: async () => (await import('./es')).es,
  ar: async () => (await import('./ar')).ar,
};

const STORED = 'parlor.locale';

class I18n {
  /** The language shown. */
  locale = $state<Locale>('en');
  /** The languages offered in the picker: the complete ones, and one named by `?lang=`. */
  offered = $state<readonly Locale[]>(LOCALES);
  #messages = $state.raw<Messages>(en);

  /** The shown language's messages (reading them ties a template to the language). */
  get messages(): Messages {
    return this.#messages;
  }

  /** Shows `locale` from now on, and remembers it in this browser. */
  async choose(locale: Locale): Promise<void> {
    await this.#show(locale);
    try {
      localStorage.setItem(STORED, locale);
    } catch {
      // Private mode: for this page only.
    }
  }

  /**
   * The remembered language, else the browser's closest; `?lang=` names
   * one being filled in (development and tests).
   */
  async start(): Promise<void> {
    const asked = new URLSearchParams(location.search).get('lang');
    if (asked && (ALL_LOCALES as readonly string[]).includes(asked)) {
      const locale = asked as Locale;
      if (!this.offered.includes(locale)) this.offered = [...this.offered, locale];
      await this.#show(locale);
      return;
    }
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(STORED);
    } catch {
      stored = null;
    }
    const wanted = pick(stored ? [stored] : (navigator.languages ?? [navigator.language]), LOCALES);
    await this.#show(wanted as Locale);
  }

  async #show(locale: Locale): Promise<void> {
    const load = catalogs[locale] ?? catalogs.en;
    this.#messages = await load();
    this.locale = locale;
    document.documentElement.lang = locale;
    document.documentElement.dir = direction(locale);
  }
}

export const i18n = new I18n();

/**
 * The shown language's messages: `m.nav.history`, `m.nav.myTablesWaiting({ count })`.
 * A template that reads one is shown again when the language changes.
 */
export const m: Messages = new Proxy({} as Messages, {
  get: (_, key) => i18n.messages[key as keyof Messages],
});
