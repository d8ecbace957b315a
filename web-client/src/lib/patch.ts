// Applies the server's view patches (`ViewPatch`), in either form it sends:
// - a merge patch (a JSON object): RFC 7386, members merge into the view's
//   (objects member by member), `null` removes one, anything else replaces;
//   and one addition: an object merged into an array edits its items by
//   index (`{"dice": {"2": {"value": 5}}}`);
// - RFC 6902 operations (a JSON array), the subset of `PatchOp` (add /
//   remove / replace) with RFC 6901 JSON Pointer paths (`~1` is `/`, `~0` is
//   `~`; `""` is the whole document, `-` appends to an array).
// The server's `games::patch::diff` makes them and its conformance harness
// checks that each form turns each old view into the new one.
//
// Copy on write: only the objects and arrays a patch goes through are
// copied (shallowly), so a small change to a large view costs little, and
// the view passed in is never modified.
//
// No Svelte or DOM here, so `npm run test:unit` can run it under node.

import type { PatchOp } from '../generated/PatchOp';
import type { ViewPatch } from '../generated/ViewPatch';

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

/** A shallow copy of a container. */
function copyOf(c: Container): Container {
  return Array.isArray(c) ? c.slice() : { ...c };
}

/**
 * Follows every token but the last and returns the container it names,
 * copying each container on the way that this patch has not copied yet
 * (`own`) and linking the copy into its (copied) parent.
 */
function parentOf(doc: Container, tokens: string[], path: string, own: WeakSet<object>): Container {
  let cur: Container = doc;
  for (let i = 0; i < tokens.length - 1; i++) {
    const t = tokens[i];
    let next: unknown;
    let n = 0;
    if (Array.isArray(cur)) {
      n = index(t, path);
      if (n >= cur.length) throw new PatchError(`no item ${n} on the way to ${path}`);
      next = cur[n];
    } else {
      if (!has(cur, t)) throw new PatchError(`no member ${JSON.stringify(t)} on the way to ${path}`);
      next = cur[t];
    }
    if (!isContainer(next)) {
      if (i === tokens.length - 2) throw new PatchError(`the parent of ${path} is not an object or array`);
      throw new PatchError(`${path} goes through a ${next === null ? 'null' : typeof next}`);
    }
    let child: Container = next;
    if (!own.has(child)) {
      child = copyOf(child);
      own.add(child);
      if (Array.isArray(cur)) cur[n] = child;
      else setMember(cur, t, child);
    }
    cur = child;
  }
  return cur;
}

function applyOp(doc: unknown, op: PatchOp, own: WeakSet<object>): unknown {
  const tokens = parsePointer(op.path);
  if (tokens.length === 0) {
    if (op.op === 'remove') throw new PatchError('cannot remove the whole document');
    const whole = structuredClone(op.value);
    if (isContainer(whole)) own.add(whole);
    return whole;
  }
  if (!isContainer(doc)) throw new PatchError(`the parent of ${op.path} is not an object or array`);
  const parent = parentOf(doc, tokens, op.path, own);
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

const isObject = (x: unknown): x is Record<string, unknown> => isContainer(x) && !Array.isArray(x);

/** RFC 7386 into `target`, a copy this patch owns: copies what it merges into. */
function mergeInto(target: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const key of Object.keys(patch)) {
    const value = patch[key];
    if (value === null) delete target[key];
    else setMember(target, key, merged(has(target, key) ? target[key] : undefined, value));
  }
}

/** `was` with `value` merged in, as a new value (`was` is not modified). */
function merged(was: unknown, value: unknown): unknown {
  if (!isObject(value)) return structuredClone(value);
  if (Array.isArray(was)) {
    // Item edits by index: an item cannot be removed, only changed.
    const items = was.slice();
    for (const key of Object.keys(value)) {
      const n = /^(0|[1-9][0-9]*)$/.test(key) ? Number(key) : -1;
      if (n < 0 || n >= items.length) throw new PatchError(`no item ${JSON.stringify(key)} to edit`);
      if (value[key] === null) throw new PatchError(`item ${key} set to nothing`);
      items[n] = merged(items[n], value[key]);
    }
    return items;
  }
  const inner: Record<string, unknown> = isObject(was) ? { ...was } : {};
  mergeInto(inner, value);
  return inner;
}

/**
 * Returns `doc` with `patch` applied, as a new document: `doc` itself is
 * never modified (an empty patch returns `doc` unchanged, same object).
 * Throws `PatchError` if it does not fit; nothing is half-applied from the
 * caller's point of view.
 */
export function applyPatch<T>(doc: T, patch: ViewPatch | readonly PatchOp[]): T {
  if (Array.isArray(patch)) return applyOps(doc, patch as readonly PatchOp[]);
  if (!isObject(patch)) throw new PatchError('a patch is an object or an array');
  if (Object.keys(patch).length === 0) return doc;
  if (!isObject(doc)) throw new PatchError('a merge patch needs an object to merge into');
  const out = { ...doc };
  mergeInto(out, patch as Record<string, unknown>);
  return out as T;
}

function applyOps<T>(doc: T, ops: readonly PatchOp[]): T {
  if (ops.length === 0) return doc;
  const own = new WeakSet<object>();
  let out: unknown = isContainer(doc) ? copyOf(doc) : doc;
  if (isContainer(out)) own.add(out);
  for (const op of ops) {
    if (!op || typeof op.path !== 'string') throw new PatchError('malformed patch operation');
    if (op.op !== 'add' && op.op !== 'remove' && op.op !== 'replace') {
      throw new PatchError(`unsupported patch op ${JSON.stringify((op as { op: unknown }).op)}`);
    }
    out = applyOp(out, op, own);
  }
  return out as T;
}
