// Unit tests for the push subscription helpers (`npm run test:unit`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PushRefused, fromBase64Url, sameKey, toWire } from '../node_modules/.cache/unit/lib/push.js';

test('base64url keys decode with or without padding, and - _ for + /', () => {
  assert.deepEqual([...fromBase64Url('AQID')], [1, 2, 3]);
  assert.deepEqual([...fromBase64Url('-_8')], [0xfb, 0xff]);
  assert.deepEqual([...fromBase64Url('-_8=')], [0xfb, 0xff]);
  const key = Buffer.alloc(65, 7).toString('base64url');
  assert.equal(fromBase64Url(key).length, 65);
});

test('a subscription made with another server key is not this one', () => {
  const key = Buffer.from([4, 1, 2, 3]).toString('base64url');
  assert.ok(sameKey(new Uint8Array([4, 1, 2, 3]).buffer, key));
  assert.ok(!sameKey(new Uint8Array([4, 1, 2, 4]).buffer, key));
  assert.ok(!sameKey(new Uint8Array([4, 1, 2]).buffer, key));
  assert.ok(!sameKey(null, key));
});

test('only the endpoint and keys go to the server', () => {
  const wire = toWire({ endpoint: 'https://push.example/x', expirationTime: null, keys: { p256dh: 'BB', auth: 'AA' } });
  assert.deepEqual(wire, { endpoint: 'https://push.example/x', keys: { p256dh: 'BB', auth: 'AA' } });
  assert.throws(() => toWire({ endpoint: 'https://push.example/x', keys: { auth: 'AA' } }), PushRefused);
  assert.throws(() => toWire({ keys: { p256dh: 'BB', auth: 'AA' } }), PushRefused);
});
