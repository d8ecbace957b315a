// Numbers on the Doozy Dice table, written as the language shown writes
// them (through Intl, src/i18n/format.ts).
import { count } from '../../i18n/format';
import { i18n } from '../../i18n/i18n.svelte';

/** A count: "3", "1.234" (German), … */
export function num(n: number): string {
  return count(i18n.locale, n);
}

/** A number with a real minus sign: "−2", "0", "3". */
export function signedNum(n: number): string {
  return n < 0 ? `−${num(-n)}` : num(n);
}

/** Short items joined as the language lists units: "a, b, c". */
export function units(items: readonly string[]): string {
  return new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'short' }).format(items);
}
