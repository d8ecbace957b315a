// Numbers on the Zop Zoo table, written as the language shown writes them
// (through Intl: i18n/numbers.ts).
import { i18n } from '../../i18n/i18n.svelte';
import { num as numIn, signedNum as signedIn } from './i18n/numbers';

/** A count or a score: "800", "1000", … */
export function num(n: number): string {
  return numIn(i18n.locale, n);
}

/** Points with their sign: "+20", "−75", "0". */
export function signedNum(n: number): string {
  return signedIn(i18n.locale, n);
}

/**
 * A message with one name in bold: `message(marker)` split where the name
 * lands, as [before, after] (the table puts the bold name between them).
 */
export const MARK = '\uE000';
export function around(text: string): [string, string] {
  const i = text.indexOf(MARK);
  return i < 0 ? [text, ''] : [text.slice(0, i), text.slice(i + MARK.length)];
}
