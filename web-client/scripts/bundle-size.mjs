// The first page's JavaScript, gzipped: the module script `dist/index.html`
// loads and every chunk it preloads (what a browser fetches before the home
// page shows). Each language other than English is its own chunk, loaded
// only when chosen, and so is every page but the home page. Fails when the
// total grows more than 15 % over the client before it had catalogs (issue
// 28's budget). Also prints what a room link adds (the room page's chunk
// and the chunks it imports), for the doc.
//
//   npm run build && node scripts/bundle-size.mjs [dist]
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The same script on the build of d0011f2 (the last commit before the catalogs). */
const BEFORE_CATALOGS = 155_506;
const BUDGET = 1.15;

const dist = resolve(process.argv[2] ?? 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => m[1]);
let total = 0;
for (const src of scripts) {
  const bytes = gzipSync(readFileSync(join(dist, src.replace(/^\//, ''))), { level: 9 }).length;
  console.log(`${src}: ${bytes} B gzipped`);
  total += bytes;
}

/** A chunk's static imports (`import … from "./x.js"`, `import "./x.js"`), by file name. */
const importsOf = (file) => [...readFileSync(join(dist, 'assets', file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]);
const first = new Set(scripts.map((s) => s.split('/').pop()));
const room = readdirSync(join(dist, 'assets')).find((f) => /^Room-.*\.js$/.test(f));
if (room) {
  const added = new Set();
  const visit = (file) => {
    if (first.has(file) || added.has(file)) return;
    added.add(file);
    importsOf(file).forEach(visit);
  };
  visit(room);
  const bytes = [...added].reduce((n, f) => n + gzipSync(readFileSync(join(dist, 'assets', f)), { level: 9 }).length, 0);
  console.log(`a room link adds ${bytes} B gzipped (${[...added].join(', ')}): ${total + bytes} B in all`);
}
const growth = total / BEFORE_CATALOGS - 1;
console.log(`first page: ${total} B gzipped, ${(growth * 100).toFixed(1)} % over ${BEFORE_CATALOGS} B before the catalogs (budget +${((BUDGET - 1) * 100).toFixed(0)} %)`);
if (total > BEFORE_CATALOGS * BUDGET) {
  console.error('over budget: move text out of the first page (a catalog other than English is its own chunk)');
  process.exit(1);
}
