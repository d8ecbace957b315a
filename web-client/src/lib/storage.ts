// What the browser remembers: the display name, one seat token per room
// (so a reload, or a new tab, reclaims the same seat), and the player's
// "confirm moves" preference.

const NAME_KEY = 'parlor.name';
const CONFIRM_KEY = 'parlor.confirmMoves';
const tokenKey = (code: string) => `parlor.token.${code.toUpperCase()}`;

function get(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function set(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the seat lasts for this page only.
  }
}

/** Every room this browser holds a seat in, with the seat's token. */
function heldSeats(): { room: string; token: string }[] {
  const out: { room: string; token: string }[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith('parlor.token.')) continue;
      const token = localStorage.getItem(key);
      if (token) out.push({ room: key.slice('parlor.token.'.length), token });
    }
  } catch {
    // Storage unavailable: no seats held beyond this page.
  }
  return out;
}

export const storage = {
  /** Every seat this browser holds (for "My tables"). */
  heldSeats,
  name: (): string => get(NAME_KEY) ?? '',
  setName: (name: string) => set(NAME_KEY, name.trim() || null),
  token: (code: string): string | null => get(tokenKey(code)),
  setToken: (code: string, token: string | null) => set(tokenKey(code), token),
  /** Ask before a move that can't be taken back (on unless turned off). */
  confirmMoves: (): boolean => get(CONFIRM_KEY) !== 'off',
  setConfirmMoves: (on: boolean) => set(CONFIRM_KEY, on ? null : 'off'),
  /** A player's on/off preference `name` (off unless turned on). */
  pref: (name: string): boolean => get(`parlor.pref.${name}`) === 'on',
  setPref: (name: string, on: boolean) => set(`parlor.pref.${name}`, on ? 'on' : null),
};
