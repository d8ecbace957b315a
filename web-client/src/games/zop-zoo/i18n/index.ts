// Zop Zoo's messages in the language shown (`t.blurb`); only the chosen
// language's catalog is loaded.
import { catalog } from '../../../i18n/i18n.svelte';
import { en } from './en';

export const t = catalog(en, {
  de: async () => (await import('./de')).de,
  es: async () => (await import('./es')).es,
  ar: async () => (await import('./ar')).ar,
});
