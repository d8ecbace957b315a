// Log lines for decisions the room's turn timer made: the player ran out of
// time and the server chose for them, which the log must say (it is not the
// player's choice). Each game's log keys a move's line by its version.

/**
 * `lines` with `note` (the catalogs' `m.table.timedOut`: "(time ran out: the
 * server chose)") added to every line of a step the timer decided.
 */
export function markTimedOut<L extends { key: string | number; text: string }>(
  lines: L[],
  entries: readonly { version: number; timedOut?: boolean }[],
  note: string,
): L[] {
  const late = new Set(entries.filter((e) => e.timedOut).map((e) => String(e.version)));
  if (late.size === 0) return lines;
  return lines.map((l) => (late.has(String(l.key)) ? { ...l, text: `${l.text} ${note}` } : l));
}
