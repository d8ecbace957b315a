// Unit tests for src/lib/patch.ts (the view patches in `update`), run with
// node's test runner against the compiled module: `npm run test:unit`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PatchError, applyPatch, parsePointer } from '../node_modules/.cache/unit/lib/patch.js';

/** @param {unknown} doc @param {any[]} ops */
function apply(doc, ops) {
  return applyPatch(doc, ops);
}

test('JSON pointers unescape ~1 and ~0 (in that order)', () => {
  assert.deepEqual(parsePointer(''), []);
  assert.deepEqual(parsePointer('/'), ['']);
  assert.deepEqual(parsePointer('/a~1b/c~0d/~01'), ['a/b', 'c~d', '~1']);
  assert.throws(() => parsePointer('a'), PatchError);
  assert.throws(() => parsePointer('/a~2'), PatchError);
  assert.throws(() => parsePointer('/a~'), PatchError);
});

test('objects: add sets or overwrites, remove and replace need the member', () => {
  const doc = { a: 1, b: { c: [1] } };
  assert.deepEqual(apply(doc, [{ op: 'add', path: '/x', value: { y: null } }]), { a: 1, b: { c: [1] }, x: { y: null } });
  assert.deepEqual(apply(doc, [{ op: 'add', path: '/a', value: 2 }]), { a: 2, b: { c: [1] } });
  assert.deepEqual(apply(doc, [{ op: 'remove', path: '/b' }]), { a: 1 });
  assert.deepEqual(apply(doc, [{ op: 'replace', path: '/b/c', value: 'z' }]), { a: 1, b: { c: 'z' } });
  assert.throws(() => apply(doc, [{ op: 'remove', path: '/nope' }]), PatchError);
  assert.throws(() => apply(doc, [{ op: 'replace', path: '/nope', value: 1 }]), PatchError);
  assert.throws(() => apply(doc, [{ op: 'add', path: '/nope/deeper', value: 1 }]), PatchError);
  assert.throws(() => apply(doc, [{ op: 'add', path: '/a/b', value: 1 }]), PatchError, 'through a number');
});

test('escaped member names', () => {
  const doc = { 'a/b': 1, 'c~d': [null], '': 0 };
  assert.deepEqual(apply(doc, [{ op: 'remove', path: '/a~1b' }, { op: 'add', path: '/c~0d/-', value: null }]), {
    'c~d': [null, null],
    '': 0,
  });
  assert.deepEqual(apply(doc, [{ op: 'replace', path: '/', value: 5 }]), { 'a/b': 1, 'c~d': [null], '': 5 });
});

test('arrays: insert, append with -, remove, replace', () => {
  const doc = { xs: [1, 2, 3] };
  assert.deepEqual(apply(doc, [{ op: 'add', path: '/xs/0', value: 0 }]).xs, [0, 1, 2, 3]);
  assert.deepEqual(apply(doc, [{ op: 'add', path: '/xs/1', value: 9 }]).xs, [1, 9, 2, 3]);
  assert.deepEqual(apply(doc, [{ op: 'add', path: '/xs/3', value: 4 }]).xs, [1, 2, 3, 4]);
  assert.deepEqual(apply(doc, [{ op: 'add', path: '/xs/-', value: [5] }]).xs, [1, 2, 3, [5]]);
  assert.deepEqual(apply(doc, [{ op: 'remove', path: '/xs/1' }]).xs, [1, 3]);
  assert.deepEqual(apply(doc, [{ op: 'replace', path: '/xs/2', value: { k: 1 } }]).xs, [1, 2, { k: 1 }]);
  // What a diff of [1,2,3] → [1] looks like: removes from the end.
  assert.deepEqual(apply(doc, [{ op: 'remove', path: '/xs/2' }, { op: 'remove', path: '/xs/1' }]).xs, [1]);
  for (const bad of [
    { op: 'add', path: '/xs/4', value: 0 },
    { op: 'add', path: '/xs/01', value: 0 },
    { op: 'add', path: '/xs/-1', value: 0 },
    { op: 'remove', path: '/xs/3' },
    { op: 'remove', path: '/xs/-' },
    { op: 'replace', path: '/xs/3', value: 0 },
    { op: 'replace', path: '/xs/a', value: 0 },
    { op: 'add', path: '/xs/5/x', value: 0 },
  ]) {
    assert.throws(() => apply(doc, [bad]), PatchError, JSON.stringify(bad));
  }
});

test('nested paths through arrays and objects', () => {
  const doc = { players: [{ seat: 0, combos: [] }, { seat: 1, combos: [{ card: 2, rolls: 4 }] }], phase: { phase: 'turn', dice: [{ v: 1 }, { v: 2 }] } };
  const out = apply(doc, [
    { op: 'add', path: '/players/0/combos/0', value: { card: 1, rolls: 3 } },
    { op: 'replace', path: '/players/1/combos/0/rolls', value: 5 },
    { op: 'replace', path: '/phase/dice/1/v', value: 6 },
    { op: 'remove', path: '/phase/dice/0' },
  ]);
  assert.deepEqual(out, {
    players: [{ seat: 0, combos: [{ card: 1, rolls: 3 }] }, { seat: 1, combos: [{ card: 2, rolls: 5 }] }],
    phase: { phase: 'turn', dice: [{ v: 6 }] },
  });
});

test('the whole document: "" replaces (or adds) it; removing it is refused', () => {
  assert.deepEqual(apply({ a: 1 }, [{ op: 'replace', path: '', value: [1, 2] }]), [1, 2]);
  assert.deepEqual(apply([1], [{ op: 'add', path: '', value: { b: 2 } }, { op: 'add', path: '/c', value: 3 }]), { b: 2, c: 3 });
  assert.equal(apply({ a: 1 }, [{ op: 'replace', path: '', value: null }]), null);
  assert.throws(() => apply({ a: 1 }, [{ op: 'remove', path: '' }]), PatchError);
});

test('never mutates its input; an empty patch returns the same object', () => {
  const doc = { a: [1, { b: 2 }], c: { d: 'e' } };
  const before = structuredClone(doc);
  const value = { shared: [1] };
  const out = apply(doc, [
    { op: 'add', path: '/a/1/z', value },
    { op: 'remove', path: '/c/d' },
    { op: 'add', path: '/a/-', value: 3 },
  ]);
  assert.deepEqual(doc, before, 'input untouched');
  assert.notEqual(out, doc);
  // The patch's values are copied, so later edits to the output do not reach the message.
  out.a[1].z.shared.push(2);
  assert.deepEqual(value, { shared: [1] });
  assert.equal(apply(doc, []), doc);
  // A failing patch leaves the input untouched too.
  assert.throws(() => apply(doc, [{ op: 'remove', path: '/a/0' }, { op: 'remove', path: '/nope' }]), PatchError);
  assert.deepEqual(doc, before);
});

test('a member named __proto__ is just a member', () => {
  const doc = JSON.parse('{"a":1}');
  const out = apply(doc, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]);
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.deepEqual(Object.keys(out), ['a', '__proto__']);
  assert.equal(/** @type {any} */ ({}).polluted, undefined);
  assert.equal(JSON.stringify(out), '{"a":1,"__proto__":{"polluted":true}}');
});

test('unknown or malformed ops are refused', () => {
  assert.throws(() => apply({ a: 1 }, [{ op: 'move', from: '/a', path: '/b' }]), PatchError);
  assert.throws(() => apply({ a: 1 }, [{ op: 'add', value: 1 }]), PatchError);
});

test('RFC 6902 appendix A examples (the ops we support)', () => {
  assert.deepEqual(apply({ foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }]), { foo: 'bar', baz: 'qux' });
  assert.deepEqual(apply({ foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }]), { foo: ['bar', 'qux', 'baz'] });
  assert.deepEqual(apply({ baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }]), { foo: 'bar' });
  assert.deepEqual(apply({ foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }]), { foo: ['bar', 'baz'] });
  assert.deepEqual(apply({ baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }]), { baz: 'boo', foo: 'bar' });
  assert.deepEqual(apply({ foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }]), { foo: 'bar', child: { grandchild: {} } });
  assert.throws(() => apply({ foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }]), PatchError);
  assert.deepEqual(apply({ foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }]), { foo: ['bar', ['abc', 'def']] });
  assert.deepEqual(apply({ foo: null }, [{ op: 'replace', path: '/foo', value: 'x' }]), { foo: 'x' });
});

/** A tiny seeded generator, so failures reproduce. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

test('random edits: applying op by op equals applying the whole patch, and the input stays put', () => {
  for (let seed = 1; seed <= 200; seed++) {
    const r = rng(seed);
    const pick = (n) => Math.floor(r() * n);
    const leaf = () => [0, 1, 'x', null, true, [], {}][pick(7)];
    let doc = { a: [1, 2, { b: [3] }], c: { d: 'e', 'f/g': [null] } };
    const original = structuredClone(doc);
    const ops = [];
    let cur = structuredClone(doc);
    for (let i = 0; i < 12; i++) {
      // Walk to a random container in `cur` and make an op that fits it.
      const path = [];
      let node = cur;
      while (typeof node === 'object' && node !== null && r() < 0.6) {
        const keys = Array.isArray(node) ? node.map((_, k) => String(k)) : Object.keys(node);
        if (!keys.length) break;
        const k = keys[pick(keys.length)];
        const next = Array.isArray(node) ? node[Number(k)] : node[k];
        if (typeof next !== 'object' || next === null) break;
        path.push(k);
        node = next;
      }
      if (typeof node !== 'object' || node === null) continue;
      const esc = (t) => t.replace(/~/g, '~0').replace(/\//g, '~1');
      const base = path.map((t) => '/' + esc(t)).join('');
      let op;
      if (Array.isArray(node)) {
        const kind = pick(4);
        if (kind === 0 || node.length === 0) op = { op: 'add', path: `${base}/${r() < 0.5 ? '-' : pick(node.length + 1)}`, value: leaf() };
        else if (kind === 1) op = { op: 'remove', path: `${base}/${pick(node.length)}` };
        else op = { op: 'replace', path: `${base}/${pick(node.length)}`, value: leaf() };
      } else {
        const keys = Object.keys(node);
        const kind = pick(3);
        if (kind === 0 || keys.length === 0) op = { op: 'add', path: `${base}/${esc(['k', 'a/b', 'm~n'][pick(3)])}`, value: leaf() };
        else if (kind === 1) op = { op: 'remove', path: `${base}/${esc(keys[pick(keys.length)])}` };
        else op = { op: 'replace', path: `${base}/${esc(keys[pick(keys.length)])}`, value: leaf() };
      }
      cur = apply(cur, [op]);
      ops.push(op);
    }
    assert.deepEqual(apply(doc, ops), cur, `seed ${seed}: ${JSON.stringify(ops)}`);
    assert.deepEqual(doc, original, `seed ${seed}: input changed`);
  }
});

test('copy on write: only what a patch goes through is new', () => {
  const doc = { a: { x: [1, 2] }, b: { y: 1 }, c: [{ z: 1 }, { z: 2 }] };
  const out = apply(doc, [{ op: 'replace', path: '/c/1/z', value: 3 }, { op: 'add', path: '/c/1/w', value: 4 }]);
  assert.deepEqual(out.c, [{ z: 1 }, { z: 3, w: 4 }]);
  assert.equal(out.a, doc.a, 'untouched members are the same objects');
  assert.equal(out.c[0], doc.c[0]);
  assert.notEqual(out.c[1], doc.c[1]);
  assert.deepEqual(doc.c[1], { z: 2 }, 'input untouched');
  const merged = applyPatch(doc, { b: { y: 2 } });
  assert.equal(merged.a, doc.a);
  assert.deepEqual(merged.b, { y: 2 });
  assert.deepEqual(doc.b, { y: 1 });
});

test('merge patches (RFC 7386): objects merge, null removes, the rest replaces', () => {
  // The RFC's appendix A cases whose target is an object.
  const cases = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  for (const [doc, patch, want] of cases) {
    const before = structuredClone(doc);
    assert.deepEqual(applyPatch(doc, patch), want, JSON.stringify([doc, patch]));
    assert.deepEqual(doc, before, 'input untouched');
  }
  // Arrays inside are taken as they are, nulls and all, and copied.
  const value = [{ k: null }];
  const out = applyPatch({ a: 1 }, { a: value });
  assert.deepEqual(out, { a: [{ k: null }] });
  out.a.push(2);
  assert.deepEqual(value, [{ k: null }]);
  // An empty merge patch is no change; a view that is not an object cannot take one.
  const doc = { a: 1 };
  assert.equal(applyPatch(doc, {}), doc);
  assert.throws(() => applyPatch([1], { a: 1 }), PatchError);
  assert.throws(() => applyPatch(null, { a: 1 }), PatchError);
  assert.throws(() => applyPatch({ a: 1 }, /** @type {any} */ (5)), PatchError);
});

test('an object merged into an array edits its items by index', () => {
  const doc = { dice: [{ kind: 'blue', value: 1 }, { kind: 'blue', value: 2 }], players: [[1, 2], [3]], n: [1, 2, 3] };
  const before = structuredClone(doc);
  const out = applyPatch(doc, { dice: { 1: { value: 5, face: true } }, players: { 0: { 1: 9 } }, n: { 2: [4] } });
  assert.deepEqual(out, {
    dice: [{ kind: 'blue', value: 1 }, { kind: 'blue', value: 5, face: true }],
    players: [[1, 9], [3]],
    n: [1, 2, [4]],
  });
  assert.deepEqual(doc, before, 'input untouched');
  assert.equal(out.dice[0], doc.dice[0], 'items not edited are shared');
  // Nulls inside an item's edit remove its members; the item itself stays.
  assert.deepEqual(applyPatch(doc, { dice: { 0: { value: null } } }).dice[0], { kind: 'blue' });
  // An edit for an item that is not there, or that removes one, does not fit.
  assert.throws(() => applyPatch(doc, { n: { 3: 1 } }), PatchError);
  assert.throws(() => applyPatch(doc, { n: { '01': 1 } }), PatchError);
  assert.throws(() => applyPatch(doc, { n: { x: 1 } }), PatchError);
  assert.throws(() => applyPatch(doc, { n: { 0: null } }), PatchError);
});

test('a merged member named __proto__ is just a member', () => {
  const out = applyPatch({ a: 1 }, JSON.parse('{"__proto__":{"polluted":true},"b":{"__proto__":{"x":1}}}'));
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.equal(/** @type {any} */ ({}).polluted, undefined);
  assert.equal(JSON.stringify(out), '{"a":1,"__proto__":{"polluted":true},"b":{"__proto__":{"x":1}}}');
});
