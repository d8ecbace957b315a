// The messages of History, the match page, the replay and the server
// admin's page in the language shown (`t.history.title`); only the chosen
// language's catalog is loaded.
import { catalog } from '../../i18n/i18n.svelte';
import { en } from './en';

export const t = catalog(en, {
  de: async () => (await import('./de')).de,
  es: async () => (await import('./es')).es,
  ar: async () => (await import('./ar')).ar,
});
