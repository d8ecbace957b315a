// Refuses import circles among the client's modules, and `src/lib` (the
// bottom layer) reaching up into components, pages or games. Run by
// `npm run check`; no dependencies.
//
// Reads every .ts and .svelte file under src/ (a .svelte file's <script>
// blocks only), takes the relative specifiers of its static imports and
// re-exports (`import … from`, `export … from`, `import '…'`; type-only ones
// count too: a circle of types still ties the modules together), and walks
// the graph. Prints each circle or layer breach and exits 1.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

/** Every .ts / .svelte file under `dir`. */
function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.(ts|svelte)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The code that can import: a Svelte file's scripts, or the whole file. */
function code(path) {
  const text = readFileSync(path, 'utf8');
  const body = path.endsWith('.svelte')
    ? [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
    : text;
  // Drop comments, so a commented-out import is no edge. (Naive about
  // comment markers inside strings, which import lines do not have.)
  return body.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** Relative specifiers this file imports or re-exports from. */
function specifiers(path) {
  const c = code(path);
  const out = [];
  // An import clause has no quotes or semicolons, so this never runs past one statement.
  for (const m of c.matchAll(/\b(?:import|export)\b[^'";]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g)) out.push(m[1]);
  for (const m of c.matchAll(/\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g)) out.push(m[1]);
  return out;
}

/** The file a specifier names, as Vite and TypeScript would find it. */
function resolveSpec(from, spec) {
  const base = resolve(dirname(from), spec);
  // `./x.js` names `./x.ts` in TypeScript's ESM style.
  const ts = base.endsWith('.js') ? `${base.slice(0, -3)}.ts` : base;
  for (const p of [base, ts, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(p) && statSync(p).isFile()) return p;
  }
  return null;
}

const rel = (p) => relative(root, p).split(sep).join('/');

const files = sources(src);
/** @type {Map<string, string[]>} */
const graph = new Map();
const problems = [];
for (const f of files) {
  const deps = [];
  for (const spec of specifiers(f)) {
    const to = resolveSpec(f, spec);
    if (!to) {
      problems.push(`${rel(f)}: cannot find '${spec}'`);
      continue;
    }
    if (/\.(ts|svelte)$/.test(to)) deps.push(to);
  }
  graph.set(f, [...new Set(deps)]);
}

// The layers: lib is at the bottom and imports none of these.
const lib = join(src, 'lib') + sep;
const above = ['components', 'pages', 'games'].map((d) => join(src, d) + sep);
for (const [f, deps] of graph) {
  if (!f.startsWith(lib)) continue;
  for (const d of deps) {
    if (above.some((a) => d.startsWith(a))) problems.push(`layer: ${rel(f)} imports ${rel(d)} (src/lib must not import components, pages or games)`);
  }
}

// Circles: a depth-first walk; an edge back into the current path closes one.
const state = new Map(); // file → 'open' (on the path) | 'done'
const path = [];
const seen = new Set();
function walk(f) {
  state.set(f, 'open');
  path.push(f);
  for (const d of graph.get(f) ?? []) {
    const s = state.get(d);
    if (s === 'open') {
      const circle = path.slice(path.indexOf(d)).concat(d).map(rel);
      // The same circle found from another starting point is reported once.
      const key = [...circle.slice(0, -1)].sort().join('|');
      if (!seen.has(key)) {
        seen.add(key);
        problems.push(`circle: ${circle.join(' → ')}`);
      }
    } else if (s === undefined) {
      walk(d);
    }
  }
  path.pop();
  state.set(f, 'done');
}
for (const f of [...graph.keys()].sort()) if (!state.has(f)) walk(f);

if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`import-cycles: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files.length} modules`);
  process.exit(1);
}
console.log(`import-cycles: ${files.length} modules, no circles, src/lib imports nothing above it`);
