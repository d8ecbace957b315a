// The pseudo-locale (`?lang=en-XA`), made from the English catalogs: every
// letter accented, each message in brackets and about 35 % longer. Text on a
// page without the brackets and accents did not come from a catalog; longer
// words show where the layout breaks. Its own chunk, loaded only when chosen.

const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ğ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ř', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ğ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Ƥ', Q: 'Ǫ', R: 'Ř', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** Every accented letter the pseudo-locale writes (the walk's test of "came from a catalog"). */
export const PSEUDO_LETTERS = Object.values(ACCENTED).join('');

/** `text` accented, bracketed and padded to about 135 % of its length. */
export function pseudo(text: string): string {
  if (!/[A-Za-z]/.test(text)) return text;
  const accented = [...text].map((c) => ACCENTED[c] ?? c).join('');
  const pad = '~'.repeat(Math.max(1, Math.round(text.length * 0.35) - 2));
  return `[${accented} ${pad}]`;
}

/** A whole catalog in the pseudo-locale: strings, lists and what each message function returns. */
export function pseudoCatalog<M>(english: M): M {
  return convert(english) as M;
}

function convert(value: unknown): unknown {
  if (typeof value === 'string') return pseudo(value);
  if (typeof value === 'function') return (...args: unknown[]) => convert((value as (...a: unknown[]) => unknown)(...args));
  if (Array.isArray(value)) return value.map(convert);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
  }
  return value;
}
