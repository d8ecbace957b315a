#!/usr/bin/env node
// `npm run check`: svelte-check (Svelte + TypeScript) over src/, then tsc over
// the Node-side files (vite config, e2e test).
//
// src/generated/ is written by ts-rs from the Rust protocol crate and must not
// be edited here. Diagnostics inside it are printed as notices for the
// protocol's owner but do not fail this check; every other diagnostic does.
import { spawnSync } from 'node:child_process';

/** @param {string} name */
const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

const sc = spawnSync(bin('svelte-check'), ['--tsconfig', './tsconfig.json', '--output', 'machine', '--fail-on-warnings'], {
  encoding: 'utf8',
});
const lines = (sc.stdout || '').split('\n').filter((l) => /^\d+ (ERROR|WARNING) /.test(l));
const generated = lines.filter((l) => /^\d+ \w+ "src\/generated\//.test(l));
const ours = lines.filter((l) => !generated.includes(l));
for (const l of generated) console.log(`notice (generated, fix in protocol/): ${l.replace(/^\d+ /, '')}`);
for (const l of ours) console.log(l.replace(/^\d+ /, ''));
if (sc.status !== 0 && lines.length === 0) {
  process.stdout.write(sc.stdout || '');
  process.stderr.write(sc.stderr || '');
  console.error('svelte-check failed to run');
  process.exit(1);
}
console.log(`svelte-check: ${ours.length} problem(s) in our code, ${generated.length} notice(s) in src/generated`);
if (ours.length > 0) process.exit(1);

const tsc = spawnSync(bin('tsc'), ['-p', 'tsconfig.node.json'], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
console.log('tsc (node files): ok');
