import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { idFromName, idProblem, namespaceKey, newUniqueId } from './ids.js';
import { DurableObjectNamespace } from './namespace.js';

const refuse = () => Promise.reject(new Error('no calls in this test'));

test('idFromName follows the original construction: HMAC(key, name)[0..16] then HMAC(key, that)[0..16], key = SHA-256(unique key)', () => {
  const key = createHash('sha256').update('acct/app/Counter').digest();
  const head = createHmac('sha256', key).update('global').digest().subarray(0, 16);
  const tail = createHmac('sha256', key).update(head).digest().subarray(0, 16);
  assert.equal(idFromName(namespaceKey('acct/app/Counter'), 'global'), Buffer.concat([head, tail]).toString('hex'));
});

test('ids are 64 lowercase hex digits, deterministic per namespace and name, different across namespaces', () => {
  const a = namespaceKey('acct/app/Counter');
  const b = namespaceKey('acct/app/Room');
  assert.match(idFromName(a, 'x'), /^[0-9a-f]{64}$/);
  assert.equal(idFromName(a, 'x'), idFromName(a, 'x'));
  assert.notEqual(idFromName(a, 'x'), idFromName(a, 'y'));
  assert.notEqual(idFromName(a, 'x'), idFromName(b, 'x'));
  const unique = newUniqueId(a);
  assert.notEqual(unique, newUniqueId(a));
  assert.equal(idProblem(a, unique), null);
});

test('idFromString refuses malformed ids and ids of another namespace with the original messages', () => {
  const counters = new DurableObjectNamespace(refuse, 'acct/app/Counter');
  const rooms = new DurableObjectNamespace(refuse, 'acct/app/Room');
  for (const bad of ['', 'abc', 'g'.repeat(64), 'a'.repeat(63), 'a'.repeat(65)]) {
    assert.throws(() => counters.idFromString(bad), { name: 'TypeError', message: 'Invalid Durable Object ID: must be 64 hex digits' });
  }
  const roomId = rooms.idFromName('lobby').toString();
  assert.throws(() => counters.idFromString(roomId), { name: 'TypeError', message: 'Durable Object ID is not valid for this namespace.' });
  // A flipped bit in the MAC half is refused too.
  const id = counters.idFromName('n').toString();
  const flipped = id.slice(0, 63) + (id[63] === '0' ? '1' : '0');
  assert.throws(() => counters.idFromString(flipped), { message: 'Durable Object ID is not valid for this namespace.' });
  // Upper case is the same id.
  assert.ok(counters.idFromString(id.toUpperCase()).equals(counters.idFromName('n')));
});

test('ids: name, equals, toString; get refuses ids of another namespace', () => {
  const counters = new DurableObjectNamespace(refuse, 'acct/app/Counter');
  const rooms = new DurableObjectNamespace(refuse, 'acct/app/Room');
  const named = counters.idFromName('alice');
  assert.equal(named.name, 'alice');
  assert.equal(counters.idFromString(named.toString()).name, undefined);
  assert.ok(named.equals(counters.idFromString(named.toString())));
  assert.ok(!named.equals(counters.idFromName('bob')));
  assert.equal(counters.newUniqueId().name, undefined);
  assert.throws(() => counters.get(rooms.idFromName('alice')), { name: 'TypeError', message: 'Durable Object ID is not valid for this namespace.' });
  assert.throws(() => counters.get('alice' as never), TypeError);
  const stub = counters.getByName('alice') as { id: { toString(): string }; name: string; then?: unknown };
  assert.equal(stub.id.toString(), named.toString());
  assert.equal(stub.name, 'alice');
  // A stub is not a promise (await stub must not call an RPC method named then).
  assert.equal(stub.then, undefined);
});
