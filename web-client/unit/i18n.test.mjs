// Unit tests for choosing a language and formatting through Intl (`npm run test:unit`).
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';

// The catalogs import each other without an extension, as Vite wants.
register('./extensionless.mjs', import.meta.url);
const { direction, pick } = await import('../node_modules/.cache/unit/i18n/locales.js');
const { count, list, pluralOf } = await import('../node_modules/.cache/unit/i18n/format.js');
const { en } = await import('../node_modules/.cache/unit/i18n/en.js');

test('a browser gets its closest language, else English, never an error', () => {
  const supported = ['en', 'de', 'es', 'ar'];
  assert.equal(pick(['de-AT', 'en'], supported), 'de', 'by language alone');
  assert.equal(pick(['fr-CA', 'es-MX'], supported), 'es', 'the first one supported');
  assert.equal(pick(['ES'], supported), 'es', 'case does not matter');
  assert.equal(pick(['zz', 'not a tag!', ''], supported), 'en');
  assert.equal(pick([], supported), 'en');
  assert.equal(pick(['pt-BR'], ['en', 'pt-BR']), 'pt-BR', 'an exact region when one is offered');
  assert.equal(pick(['de'], ['en']), 'en', 'a language not offered yet');
});

test('right-to-left languages mirror the page', () => {
  assert.equal(direction('ar'), 'rtl');
  assert.equal(direction('he-IL'), 'rtl');
  assert.equal(direction('de'), 'ltr');
  assert.equal(direction('en'), 'ltr');
});

test('numbers, lists and plurals come from Intl', () => {
  assert.equal(count('en', 1234), '1,234');
  assert.equal(count('de', 1234), '1.234');
  assert.equal(list('en', ['Ana', 'Ben', 'Cy']), 'Ana, Ben, and Cy');
  assert.equal(list('de', ['Ana', 'Ben', 'Cy']), 'Ana, Ben und Cy');
  assert.equal(pluralOf('en', 1), 'one');
  assert.equal(pluralOf('ar', 3), 'few');
  assert.equal(en.nav.myTablesWaiting({ count: 2 }), 'My tables, 2 waiting on you');
  assert.equal(en.names({ names: ['Ana', 'Ben'] }), 'Ana and Ben');
});

test('the pseudo-locale accents, brackets and lengthens every message, keeping what is not a letter', async () => {
  const { pseudo, pseudoCatalog, PSEUDO_LETTERS } = await import('../node_modules/.cache/unit/i18n/pseudo.js');
  const text = 'Pick a game';
  const shown = pseudo(text);
  assert.match(shown, /^\[Ƥíçķ á ğáɱé ~+\]$/);
  assert.ok(shown.length >= Math.round(text.length * 1.35), `about 35 % longer: ${shown}`);
  assert.equal(pseudo('2–4'), '2–4', 'no letters, nothing to mark');
  for (const c of shown.replace(/[\s[\]~]/g, '')) assert.ok(PSEUDO_LETTERS.includes(c), `${c} is a pseudo letter`);
  const catalog = pseudoCatalog({ a: 'Roll', nested: { list: ['One', 'Two'] }, f: (p) => `${p.n} rolls` });
  assert.match(catalog.a, /^\[Řöļļ ~+\]$/);
  assert.match(catalog.nested.list[1], /^\[Ţŵö ~+\]$/);
  assert.match(catalog.f({ n: 3 }), /^\[3 řöļļš ~+\]$/, 'a message function’s result, with its numbers as they are');
});
