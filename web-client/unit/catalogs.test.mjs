// The language catalogs against English (`npm run test:unit`): the same
// messages, each taking the same parameters, and every one translated
// (equal to English only for the proper names that stay as published).
// The type check already refuses a missing message or a wrong parameter;
// this reads the built catalogs, as a translator's tool would.
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

register('./extensionless.mjs', import.meta.url);
const { PROPER_NAMES } = await import('../node_modules/.cache/unit/i18n/proper-names.js');
const LOCALES = ['de', 'es', 'ar'];

/** A part's name: `app` for the app's own catalogs, else the folder holding its i18n/ (the game). */
const partName = (dir) => (relative(built, dir) === 'i18n' ? 'app' : basename(dirname(dir)));

/** Every part's folder of catalogs (the app's own, each game's), as built by tsc. */
const built = fileURLToPath(new URL('../node_modules/.cache/unit/', import.meta.url));
function parts(dir = built) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) continue;
    if (name === 'i18n' && existsSync(join(path, 'en.js'))) out.push(path);
    else out.push(...parts(path));
  }
  return out;
}

const found = parts();
test('the app and every game have catalogs', () => {
  const names = found.map(partName);
  for (const part of ['app', 'doozy-dice', 'mix-the-mutts', 'zingamino', 'zoomies', 'zop-zoo']) {
    assert.ok(names.includes(part), `no catalogs for ${part} (found ${names.join(', ')})`);
  }
});

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

for (const dir of found) {
  const part = partName(dir);
  const load = async (locale) => (await import(pathToFileURL(join(dir, `${locale}.js`)).href))[locale];
  const english = texts(await load('en'));
  for (const locale of LOCALES) {
    test(`${part} in ${locale}: every message, translated`, async () => {
      assert.ok(existsSync(join(dir, `${locale}.js`)), `${part} has no ${locale} catalog`);
      const theirs = texts(await load(locale));
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
}
