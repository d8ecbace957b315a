// Applies the server's view patches: the RFC 6902 JSON Patch subset of
// `PatchOp` (add / remove / replace), with RFC 6901 JSON Pointer paths
// (`~1` is `/`, `~0` is `~`; `""` is the whole document, `-` appends to an
// array). The server's `games::patch::diff` makes them and its conformance
// harness checks that they turn each old view into the new one.
//
// No Svelte or DOM here, so `npm run test:unit` can run it under node.

import type { PatchOp } from '../generated/PatchOp';

/** A patch that does not fit the document it was applied to. */
export class PatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatchError';
  }
}

type Container = unknown[] | Record<string, unknown>;

/** Splits a JSON Pointer into unescaped reference tokens (`""` → `[]`). */
export function parsePointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new PatchError(`bad JSON pointer ${JSON.stringify(path)}`);
  return path
    .slice(1)
    .split('/')
    .map((t) => {
      if (/~[^01]|~$/.test(t)) throw new PatchError(`bad escape in JSON pointer ${JSON.stringify(path)}`);
      return t.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

function isContainer(x: unknown): x is Container {
  return typeof x === 'object' && x !== null;
}

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** An array index token: `0`, or digits without a leading zero. */
function index(token: string, path: string): number {
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`${JSON.stringify(token)} is not an array index in ${path}`);
  return Number(token);
}

/** Sets an own member (also one named `__proto__`, without touching the prototype). */
function setMember(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Follows every token but the last and returns the container it names. */
function parentOf(doc: unknown, tokens: string[], path: string): Container {
  let cur: unknown = doc;
  for (let i = 0; i < tokens.length - 1; i++) {
    const t = tokens[i];
    if (Array.isArray(cur)) {
      const n = index(t, path);
      if (n >= cur.length) throw new PatchError(`no item ${n} on the way to ${path}`);
      cur = cur[n];
    } else if (isContainer(cur)) {
      if (!has(cur, t)) throw new PatchError(`no member ${JSON.stringify(t)} on the way to ${path}`);
      cur = (cur as Record<string, unknown>)[t];
    } else {
      throw new PatchError(`${path} goes through a ${cur === null ? 'null' : typeof cur}`);
    }
  }
  if (!isContainer(cur)) throw new PatchError(`the parent of ${path} is not an object or array`);
  return cur;
}

function applyOp(doc: unknown, op: PatchOp): unknown {
  const tokens = parsePointer(op.path);
  if (tokens.length === 0) {
    if (op.op === 'remove') throw new PatchError('cannot remove the whole document');
    return structuredClone(op.value);
  }
  const parent = parentOf(doc, tokens, op.path);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) {
    switch (op.op) {
      case 'add': {
        const n = last === '-' ? parent.length : index(last, op.path);
        if (n > parent.length) throw new PatchError(`cannot add at ${op.path}: the array has ${parent.length} items`);
        parent.splice(n, 0, structuredClone(op.value));
        break;
      }
      case 'remove': {
        const n = index(last, op.path);
        if (n >= parent.length) throw new PatchError(`nothing to remove at ${op.path}`);
        parent.splice(n, 1);
        break;
      }
      case 'replace': {
        const n = index(last, op.path);
        if (n >= parent.length) throw new PatchError(`nothing to replace at ${op.path}`);
        parent[n] = structuredClone(op.value);
        break;
      }
    }
  } else {
    switch (op.op) {
      case 'add':
        setMember(parent, last, structuredClone(op.value));
        break;
      case 'remove':
        if (!has(parent, last)) throw new PatchError(`nothing to remove at ${op.path}`);
        delete parent[last];
        break;
      case 'replace':
        if (!has(parent, last)) throw new PatchError(`nothing to replace at ${op.path}`);
        setMember(parent, last, structuredClone(op.value));
        break;
    }
  }
  return doc;
}

/**
 * Returns `doc` with `ops` applied in order, as a new document: `doc` itself
 * is never modified (an empty patch returns `doc` unchanged, same object).
 * Throws `PatchError` if an operation does not fit; nothing is half-applied
 * from the caller's point of view.
 */
export function applyPatch<T>(doc: T, ops: readonly PatchOp[]): T {
  if (ops.length === 0) return doc;
  let out: unknown = structuredClone(doc);
  for (const op of ops) {
    if (!op || typeof op.path !== 'string') throw new PatchError('malformed patch operation');
    if (op.op !== 'add' && op.op !== 'remove' && op.op !== 'replace') {
      throw new PatchError(`unsupported patch op ${JSON.stringify((op as { op: unknown }).op)}`);
    }
    out = applyOp(out, op);
  }
  return out as T;
}
