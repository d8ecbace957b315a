// Numbers on the Zoomies table, written as the language shown writes them
// (through Intl, src/i18n/format.ts).
import { count } from '../../i18n/format';
import { i18n } from '../../i18n/i18n.svelte';

/** A count: "3", "٣" (Arabic), … */
export function num(n: number): string {
  return count(i18n.locale, n);
}
