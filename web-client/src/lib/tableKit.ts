// Small helpers every game's table and scorecard had a copy of: counted
// words, signed numbers, the seat colours of the games that colour seats,
// and the final ranking's order and names.

/** "1 roll", "3 rolls", "2 dice" (with `many`). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A number with a real minus sign: "−2", "0", "3". */
export function signed(n: number): string {
  return n < 0 ? `−${-n}` : String(n);
}

/** Points won or lost, always with their sign: "+20", "−75", "0". */
export function signedPoints(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

export interface SeatColour {
  /** Swatches, borders, the turn dot. */
  color: string;
  /** A light wash of it (the active player's card). */
  soft: string;
}

/** The seat colours of the games that colour seats, by seat (dark enough for text on white). */
export const SEAT_COLOURS: readonly SeatColour[] = [
  { color: '#1d4ed8', soft: '#dbeafe' },
  { color: '#be185d', soft: '#fce7f3' },
  { color: '#0f766e', soft: '#ccfbf1' },
  { color: '#854d0e', soft: '#fef3c7' },
  { color: '#b91c1c', soft: '#fee2e2' },
  { color: '#475569', soft: '#e2e8f0' },
  { color: '#0e7490', soft: '#cffafe' },
  { color: '#4d7c0f', soft: '#ecfccb' },
];

export function seatColour(seat: number): SeatColour {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/** A final scorecard's lines, best rank first (seat order within a rank). */
export function byRank<L extends { rank: number; seat: number }>(lines: readonly L[]): L[] {
  return [...lines].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
}

/** A seat's name from a list by seat, or "Seat N" where the list has none. */
export function seatName(names: readonly string[], seat: number): string {
  return names[seat] ?? `Seat ${seat + 1}`;
}
