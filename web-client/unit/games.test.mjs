// Every game the server knows is a whole game here: a line in
// src/games/registry.ts, a folder with each part the app plugs in, and a
// browser test (`npm run test:unit`). Reads the files on disk: the Svelte
// components do not load in node.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path) => readFileSync(join(root, path), 'utf8');

/** The parts every game's folder has (the optional Hands is not among them). */
const PARTS = ['index.ts', 'Table.svelte', 'Options.svelte', 'FinalScorecard.svelte', 'Icon.svelte', 'rules.ts', 'log.ts'];

/** The `GameKind`s the server's generated bindings list. */
function gameKinds() {
  const src = read('src/generated/GameKind.ts');
  const union = src.match(/export type GameKind\s*=([^;]+);/);
  assert.ok(union, 'GameKind.ts declares the GameKind union');
  return [...union[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

/** registry.ts: each kind's line (`'kind': name,`) and the folder its name is imported from. */
function registry() {
  const src = read('src/games/registry.ts');
  const folderOf = new Map([...src.matchAll(/^import (\w+) from '\.\/([\w-]+)';$/gm)].map((m) => [m[1], m[2]]));
  /** @type {Map<string, string>} kind → folder */
  const kinds = new Map();
  for (const m of src.matchAll(/^\s+(?:'([\w-]+)'|([\w]+)): (\w+),$/gm)) {
    const kind = m[1] ?? m[2];
    const folder = folderOf.get(m[3]);
    if (folder) kinds.set(kind, folder);
  }
  return kinds;
}

test('the generated GameKind lists games', () => {
  assert.ok(gameKinds().length >= 1);
});

for (const kind of gameKinds()) {
  test(`${kind}: a registry line, every part in its folder, a browser test`, () => {
    const folder = registry().get(kind);
    assert.ok(folder, `src/games/registry.ts has a line for '${kind}' naming a game imported from its folder`);
    const dir = join('src/games', folder);
    const missing = PARTS.filter((part) => !existsSync(join(root, dir, part)));
    assert.deepEqual(missing, [], `${dir} lacks ${missing.join(', ')}`);
    const e2e = [...new Set([folder, kind])].map((name) => `e2e/${name}.test.mjs`);
    assert.ok(
      e2e.some((path) => existsSync(join(root, path))),
      `a browser test for ${kind}: ${e2e.join(' or ')}`,
    );
  });
}
