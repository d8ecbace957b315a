// The first page's JavaScript, gzipped: the module script `dist/index.html`
// loads and every chunk it preloads (what a browser fetches before the first
// page shows). Each language other than English is its own chunk, loaded
// only when chosen, so it is not counted. Fails when the total grows more
// than 15 % over the client before it had catalogs (issue 28's budget).
//
//   npm run build && node scripts/bundle-size.mjs [dist]
import { readFileSync } from 'node:fs';
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
const growth = total / BEFORE_CATALOGS - 1;
console.log(`first page: ${total} B gzipped, ${(growth * 100).toFixed(1)} % over ${BEFORE_CATALOGS} B before the catalogs (budget +${((BUDGET - 1) * 100).toFixed(0)} %)`);
if (total > BEFORE_CATALOGS * BUDGET) {
  console.error('over budget: move text out of the first page (a catalog other than English is its own chunk)');
  process.exit(1);
}
