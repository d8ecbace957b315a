// The language catalogs against English (`npm run test:unit`): the same
// messages, each taking the same parameters, and every one translated
// (equal to English only for the proper names that stay as published).
// The type check already refuses a missing message or a wrong parameter;
// this reads the built catalogs, as a translator's tool would.
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';

register('./extensionless.mjs', import.meta.url);
const { en } = await import('../node_modules/.cache/unit/i18n/en.js');
const { PROPER_NAMES } = await import('../node_modules/.cache/unit/i18n/proper-names.js');
const catalogs = {
  de: (await import('../node_modules/.cache/unit/i18n/de.js')).de,
  es: (await import('../node_modules/.cache/unit/i18n/es.js')).es,
  ar: (await import('../node_modules/.cache/unit/i18n/ar.js')).ar,
};

/** Sample parameters: a list for `names`, else a number no sentence says by itself. */
const sample = new Proxy({}, { get: (_, key) => (key === 'names' ? ['Xavi', 'Yuki', 'Zola'] : 37) });
/** How each sample shows in a sentence, in any of the catalogs' digits. */
const shown = [['37', '٣٧'], ['Xavi'], ['Zola']];

/** Every message of a catalog by its path: the text it gives, and whether it takes parameters. */
function texts(catalog, path = []) {
  const out = new Map();
  for (const [key, value] of Object.entries(catalog)) {
    const at = [...path, key].join('.');
    if (typeof value === 'string') out.set(at, { text: value, params: false });
    else if (typeof value === 'function') out.set(at, { text: value(sample), params: true });
    else for (const [k, v] of texts(value, [...path, key])) out.set(k, v);
  }
  return out;
}

const english = texts(en);

for (const [locale, catalog] of Object.entries(catalogs)) {
  test(`${locale}: every message, translated`, () => {
    const theirs = texts(catalog);
    assert.deepEqual([...theirs.keys()].sort(), [...english.keys()].sort(), 'the same messages');
    for (const [key, { text, params }] of theirs) {
      const base = english.get(key);
      assert.ok(text.trim().length > 0, `${locale} ${key} is empty`);
      if (text === base?.text) assert.ok(PROPER_NAMES.includes(text), `${locale} ${key} is still English: ${text}`);
      // A parameter the English message shows, this one shows too.
      if (params) {
        for (const forms of shown) {
          if (forms.some((f) => base?.text.includes(f))) {
            assert.ok(forms.some((f) => text.includes(f)), `${locale} ${key} leaves out a parameter: ${text}`);
          }
        }
      }
    }
  });
}
