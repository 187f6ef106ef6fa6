import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { openEmbeddedStorage } from '../../storage/embedded.js';
import { portInspector } from '../../storage/coordination-inspect.js';
import { COORDINATION_ADMIN, DISPLAY_BUDGET, displayValue, objectIdOf } from './admin.js';
import { idFromName, namespaceKey } from './ids.js';

test('displayValue spells out what JSON cannot hold', () => {
  assert.deepEqual(displayValue({ m: new Map([[1, 'a']]), s: new Set([2]), d: new Date(0), b: 5n, u: undefined, bytes: new Uint8Array([1, 2]), n: NaN }), {
    m: { $map: [[1, 'a']] }, s: { $set: [2] }, d: { $date: '1970-01-01T00:00:00.000Z' }, b: { $bigint: '5' }, u: { $undefined: true }, bytes: { $bytes: 'AQI=' }, n: { $number: 'NaN' },
  });
  const deep: unknown[] = [];
  let at = deep;
  for (let i = 0; i < 100; i++) { const next: unknown[] = []; at.push(next); at = next; }
  assert.match(JSON.stringify(displayValue(deep)), /nested too deep/, 'a deep value is cut, not a stack overflow');
});

test('displayValue spells out at most its budget of a value small as stored (shared references, holes, bytes named many times)', () => {
  let dag: unknown = 1;
  for (let i = 0; i < 40; i++) dag = [dag, dag];
  const holes: unknown[] = [];
  holes.length = 4e9;
  holes[2] = 'x';
  const views = new Array(1000).fill(new Uint8Array(100_000));
  for (const value of [dag, holes, views, new Map([[1, dag]]), new Set([views]), { a: dag, b: views }]) {
    const stored = serialize(value);
    assert.ok(stored.byteLength < 200_000, `${stored.byteLength} bytes stored`);
    const shown = JSON.stringify(displayValue(deserialize(stored)));
    assert.ok(shown.length < DISPLAY_BUDGET.chars + DISPLAY_BUDGET.parts * 50, `${shown.length} characters shown`);
    assert.match(shown, /cut/);
  }
  assert.match(JSON.stringify(displayValue(holes)), /^\[null,null,"x",null/);
  const budget = { ...DISPLAY_BUDGET };
  displayValue(views, budget);
  assert.equal(budget.chars, 0, 'a budget passed in is spent, for the next value');
});

test('objectIdOf: a name hashes as idFromName; an id must be 64 hex digits of this namespace', () => {
  const key = namespaceKey('acct/app/Room');
  assert.equal(objectIdOf('acct', 'app', 'Room', { name: 'lobby' }), idFromName(key, 'lobby'));
  const id = idFromName(key, 'x');
  assert.equal(objectIdOf('acct', 'app', 'Room', { id: id.toUpperCase() }), id, 'upper case is accepted and printed lower');
  assert.throws(() => objectIdOf('acct', 'app', 'Room', { id: 'zz' }), /Invalid Durable Object ID: must be 64 hex digits/);
  assert.throws(() => objectIdOf('acct', 'app', 'Other', { id }), /Durable Object ID is not valid for this namespace/);
  assert.throws(() => objectIdOf('acct', 'app', 'Room', { id: '../'.repeat(30) }), /must be 64 hex digits/);
});

test('show decodes stored values, and bytes that are no structured clone (hostile or damaged) are shown as they are', async (t) => {
  const storage = openEmbeddedStorage(mkdtempSync(path.join(tmpdir(), 'ledge-coord-admin-')));
  t.after(() => storage.close());
  const namespace = 'acct/app/Room';
  const id = idFromName(namespaceKey(namespace), 'lobby');
  const store = await storage.coordination.open(namespace, id);
  await store.write([['good', new Uint8Array(serialize({ n: 1 }))], ['junk', new Uint8Array([0xff, 0x0f, 0x6f, 0xff, 0xff, 0xff, 0xff, 0x7f])]], []);
  const inspector = portInspector(storage.coordination);
  const shown = await COORDINATION_ADMIN.show(inspector, 'acct', 'app', 'Room', id, 10);
  assert.deepEqual(shown.pairs.map((p) => [p.key, p.value]), [['good', { n: 1 }], ['junk', { $undecodable: '/w9v/////38=' }]]);
  await assert.rejects(COORDINATION_ADMIN.show(inspector, 'acct', 'app', 'Room', idFromName(namespaceKey(namespace), 'nobody'), 10), /app\/Room has no object/);
  await assert.rejects(COORDINATION_ADMIN.objects(inspector, 'acct', 'app', 'Room', { limit: 0 }), /limit must be an integer from 1 to 1000/);
  await assert.rejects(COORDINATION_ADMIN.objects(inspector, 'acct', 'app', 'Room', { limit: 5, cursor: "'; DROP" }), /cursor: expected an object id/);
});
