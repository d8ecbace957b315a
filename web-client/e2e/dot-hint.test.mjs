// The Doozy Dice dot hint's arithmetic (src/games/doozy-dice/dotHint.ts), checked
// under node without a browser or server: the module is DOM-free, so it is
// transpiled here with TypeScript and imported. The browser side (the hint
// shown, followed and agreed by the server) is in doozy-dice.test.mjs.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src/games/doozy-dice/dotHint.ts');
const dir = mkdtempSync(join(tmpdir(), 'parlor-dothint-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const out = join(dir, 'dotHint.mjs');
writeFileSync(out, ts.transpileModule(readFileSync(src, 'utf8'), { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText);
/** @type {typeof import('../src/games/doozy-dice/dotHint')} */
const { dotHints, makes } = await import(pathToFileURL(out).href);

/**
 * Five dice: numbers are blue (first three) or Doozy (last two); 'F' a Face.
 * @param {...(number|'F')} v
 * @returns {import('../src/games/doozy-dice/dotHint').HintDie[]}
 */
const dice = (...v) =>
  v.map((x, i) => ({ value: x === 'F' ? 1 : x, face: x === 'F', kind: i < 3 ? 'blue' : 'doozy' }));

test('the card check follows the worked examples of the rules', () => {
  assert.ok(makes(2, [1, 1, 4, 0, 3]), 'Snowman 1 1 4 F 3');
  assert.ok(makes(2, [1, 5, 6, 0, 0]), 'Snowman with a wild Face');
  assert.ok(!makes(2, [1, 1, 1, 2, 3]), 'Snowman needs a Face');
  assert.ok(makes(9, [2, 3, 4, 5, 0]), 'Countdown with the wild as 1');
  assert.ok(!makes(9, [2, 3, 4, 5, 6]));
  assert.ok(!makes(7, [2, 2, 2, 0, 2]), 'Twinzy needs both Faces');
  assert.ok(!makes(8, [1, 1, 3, 0, 0]), 'Showmah: wilds cannot undo a pair');
  assert.ok(!makes(25, [6, 6, 6, 2, 2]), 'Hot Dog: the 6s are the pair');
  assert.ok(makes(25, [2, 2, 2, 6, 6]));
});

test('one dot that makes Fab Five is found, with the die to change', () => {
  const hints = dotHints(dice(5, 5, 5, 5, 4), 15, [12, 8]);
  const fab = hints.find((h) => h.card === 12);
  assert.ok(fab, JSON.stringify(hints));
  assert.equal(fab.cost, 1);
  assert.deepEqual(fab.changes, [{ die: 4, from: 4, to: 5 }]);
});

test('no hint beyond the dots held, for cards already made, or before the roll', () => {
  assert.deepEqual(dotHints(dice(5, 5, 5, 5, 3), 1, [12]), [], 'two dots needed, one held');
  assert.equal(dotHints(dice(5, 5, 5, 5, 3), 2, [12])[0]?.cost, 2);
  assert.deepEqual(dotHints(dice(5, 5, 5, 5, 5), 3, [12]), [], 'already made');
  assert.deepEqual(dotHints(dice(5, 5, 5, 5, 4), 0, [12]), [], 'no dots');
  const unrolled = dice(5, 5, 5, 5, 4);
  unrolled[0].value = null;
  assert.deepEqual(dotHints(unrolled, 5, [12]), []);
});

test('a Doozy die is never set to 1 and a Face never changes', () => {
  // Countdown from 2 3 4 5 + Doozy 6: the Doozy die can't become the 1.
  const h = dotHints(dice(2, 3, 4, 5, 6), 9, [9]);
  assert.ok(h.length === 1 && h[0].changes.every((c) => !(c.die >= 3 && c.to === 1)), JSON.stringify(h));
  assert.deepEqual(dotHints(dice(6, 6, 6, 6, 'F'), 9, [12]).map((x) => x.card), [], 'the Face stays a Face');
});
