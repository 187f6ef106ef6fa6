// Contract of the vector index storage port (vectors.ts): what every adapter must do, whatever it stores in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StoredVector, VectorStoragePort } from '../vectors.js';

/** Opens a fresh, empty adapter; `close` releases it. */
export type VectorPortFactory = () => { vectors: VectorStoragePort; close(): void };

const LIMITS = { maxVectors: 1000, maxNamespaces: 1000 };
const at = (n: number) => ({ id: `m${n}`, at: `2026-11-01T00:00:0${n}.000Z` });
const vector = (id: string, values: number[], extra: Partial<StoredVector> = {}): StoredVector => ({ id, namespace: null, values: Float32Array.from(values), metadata: null, indexed: null, ...extra });

async function scanIds(port: VectorStoragePort, index: string, namespace?: string): Promise<string[]> {
  const ids: string[] = [];
  await port.scan(index, namespace, (v) => ids.push(v.id));
  return ids;
}

/** Registers the vector port's contract tests for one adapter, named `name`. */
export function vectorStorageContract(name: string, open: VectorPortFactory): void {
  test(`${name} vectors: indexes are created once, listed by name and deleted with their vectors`, async (t) => {
    const store = open();
    t.after(() => store.close());
    assert.equal(await store.vectors.createIndex({ name: 'b', dimensions: 2, metric: 'cosine', description: '' }, '2026-11-01T00:00:00.000Z'), true);
    assert.equal(await store.vectors.createIndex({ name: 'a', dimensions: 3, metric: 'dot-product', description: 'd' }, '2026-11-01T00:00:00.000Z'), true);
    assert.equal(await store.vectors.createIndex({ name: 'a', dimensions: 9, metric: 'euclidean', description: '' }, '2026-11-01T00:00:00.000Z'), false);
    assert.deepEqual((await store.vectors.listIndexes()).map((i) => [i.name, i.dimensions, i.metric]), [['a', 3, 'dot-product'], ['b', 2, 'cosine']]);
    await store.vectors.write('b', [vector('x', [1, 2])], 'upsert', at(1), LIMITS);
    assert.equal(await store.vectors.deleteIndex('b'), true);
    assert.equal(await store.vectors.deleteIndex('b'), false);
    assert.equal(await store.vectors.getIndex('b'), null);
    await store.vectors.createIndex({ name: 'b', dimensions: 2, metric: 'cosine', description: '' }, '2026-11-01T00:00:00.000Z');
    assert.deepEqual(await scanIds(store.vectors, 'b'), [], 'a new index of the same name starts empty');
  });

  test(`${name} vectors: insert keeps the first write, upsert the last; counts and mutations follow`, async (t) => {
    const store = open();
    t.after(() => store.close());
    await store.vectors.createIndex({ name: 'i', dimensions: 2, metric: 'cosine', description: '' }, '2026-11-01T00:00:00.000Z');
    assert.deepEqual(await store.vectors.write('i', [vector('a', [1, 0]), vector('a', [0, 1])], 'insert', at(1), LIMITS), { ok: true, written: 1 });
    await store.vectors.write('i', [vector('a', [5, 5]), vector('b', [0, 1], { namespace: 'n', metadata: '{"k":1}', indexed: '{"1":1}' })], 'insert', at(2), LIMITS);
    assert.deepEqual(Array.from((await store.vectors.get('i', ['a']))[0]?.values ?? []), [1, 0]);
    await store.vectors.write('i', [vector('a', [2, 2]), vector('a', [3, 3])], 'upsert', at(3), LIMITS);
    const got = await store.vectors.get('i', ['b', 'missing', 'a']);
    assert.deepEqual(got.map((v) => [v.id, Array.from(v.values), v.namespace, v.metadata, v.indexed]), [['b', [0, 1], 'n', '{"k":1}', '{"1":1}'], ['a', [3, 3], null, null, null]]);
    const info = await store.vectors.getIndex('i');
    assert.deepEqual([info?.vectorCount, info?.lastMutation, info?.lastMutationAt], [2, 'm3', '2026-11-01T00:00:03.000Z']);
    assert.equal(await store.vectors.delete('i', ['a', 'a', 'nope'], at(4)), 1);
    assert.deepEqual([(await store.vectors.getIndex('i'))?.vectorCount, (await store.vectors.getIndex('i'))?.lastMutation], [1, 'm4']);
  });

  test(`${name} vectors: limits refuse a whole batch, and nothing is written under an index that does not exist`, async (t) => {
    const store = open();
    t.after(() => store.close());
    await store.vectors.createIndex({ name: 'i', dimensions: 1, metric: 'cosine', description: '' }, '2026-11-01T00:00:00.000Z');
    await store.vectors.write('i', [vector('a', [1]), vector('b', [1], { namespace: 'one' })], 'upsert', at(1), LIMITS);
    assert.deepEqual(await store.vectors.write('i', [vector('c', [1]), vector('d', [1])], 'upsert', at(2), { maxVectors: 3, maxNamespaces: 10 }), { ok: false, refused: 'vectors', count: 4 });
    assert.deepEqual(await store.vectors.write('i', [vector('a', [2]), vector('c', [1], { namespace: 'two' })], 'upsert', at(2), { maxVectors: 10, maxNamespaces: 1 }), { ok: false, refused: 'namespaces', count: 2 });
    assert.deepEqual(await scanIds(store.vectors, 'i'), ['a', 'b']);
    assert.deepEqual(Array.from((await store.vectors.get('i', ['a']))[0]?.values ?? []), [1], 'the refused batch changed nothing');
    assert.deepEqual(await store.vectors.write('gone', [vector('a', [1])], 'upsert', at(3), LIMITS), { ok: false, refused: 'no_index', count: 0 });
    assert.deepEqual(await store.vectors.get('gone', ['a']), []);
  });

  test(`${name} vectors: scan visits every vector once, or one namespace's, without metadata`, async (t) => {
    const store = open();
    t.after(() => store.close());
    await store.vectors.createIndex({ name: 'i', dimensions: 1, metric: 'cosine', description: '' }, '2026-11-01T00:00:00.000Z');
    await store.vectors.createIndex({ name: 'other', dimensions: 1, metric: 'cosine', description: '' }, '2026-11-01T00:00:00.000Z');
    const ids = Array.from({ length: 1500 }, (_, i) => `v${String(i).padStart(4, '0')}`);
    for (let i = 0; i < ids.length; i += 500) {
      await store.vectors.write('i', ids.slice(i, i + 500).map((id, j) => vector(id, [j], { namespace: j % 3 === 0 ? 'three' : null, metadata: '{"big":true}' })), 'upsert', at(1), { maxVectors: 10_000, maxNamespaces: 10 });
    }
    await store.vectors.write('other', [vector('v0000', [1])], 'upsert', at(1), LIMITS);
    const seen: StoredVector[] = [];
    await store.vectors.scan('i', undefined, (v) => seen.push(v));
    assert.deepEqual(seen.map((v) => v.id).sort(), ids);
    assert.ok(seen.every((v) => v.metadata === null), 'a scan reads no metadata');
    assert.equal((await scanIds(store.vectors, 'i', 'three')).length, 501);
    assert.deepEqual(await scanIds(store.vectors, 'i', 'none'), []);
  });

  test(`${name} vectors: metadata indexes get a new generation each time they are made`, async (t) => {
    const store = open();
    t.after(() => store.close());
    await store.vectors.createIndex({ name: 'i', dimensions: 1, metric: 'cosine', description: '' }, '2026-11-01T00:00:00.000Z');
    assert.equal(await store.vectors.createMetadataIndex('i', 'genre', 'string', at(1)), true);
    assert.equal(await store.vectors.createMetadataIndex('i', 'genre', 'number', at(2)), false);
    const [first] = await store.vectors.listMetadataIndexes('i');
    assert.deepEqual([first?.propertyName, first?.indexType], ['genre', 'string']);
    assert.equal((await store.vectors.getIndex('i'))?.lastMutation, 'm1');
    assert.equal(await store.vectors.deleteMetadataIndex('i', 'genre', at(3)), true);
    assert.equal(await store.vectors.deleteMetadataIndex('i', 'genre', at(4)), false);
    await store.vectors.createMetadataIndex('i', 'genre', 'string', at(5));
    const [again] = await store.vectors.listMetadataIndexes('i');
    assert.notEqual(again?.generation, first?.generation);
  });
}
