// What the tab shows when it is this player's move: the title and a badge
// on the icon, so a background tab says "your turn" (DOM-free, so the unit
// tests can check it; components/TurnAlert.svelte applies it).

import type { Messages } from '../i18n/en';

/** Why this player is wanted now, or null. */
export type Owed = 'turn' | 'answer' | null;

/**
 * `turn` when only this seat is to act, `answer` in a simultaneous window
 * (several seats owe an answer), null otherwise.
 */
export function owed(seat: number | null, toAct: number[]): Owed {
  if (seat === null || !toAct.includes(seat)) return null;
  return toAct.length > 1 ? 'answer' : 'turn';
}

/** The tab title: "● Your turn · <game> ABCD · Parlor", or the quiet one. */
export function tabTitle(game: string | null, code: string, why: Owed, m: Messages): string {
  const place = game ? `${game} ${code}` : code;
  if (why === 'turn') return m.tab.turn({ place });
  if (why === 'answer') return m.tab.answer({ place });
  return `${place} · Parlor`;
}

/** The favicon: the die, with a red dot when the player is wanted. */
export function faviconHref(wanted: boolean): string {
  const dot = wanted ? "<circle cx='76' cy='24' r='22' fill='%23dc2626' stroke='white' stroke-width='6'/>" : '';
  return (
    "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>" +
    "<rect x='8' y='8' width='84' height='84' rx='18' fill='%236d28d9'/>" +
    "<circle cx='30' cy='30' r='8' fill='white'/><circle cx='50' cy='50' r='8' fill='white'/><circle cx='70' cy='70' r='8' fill='white'/>" +
    dot +
    '</svg>'
  );
}
