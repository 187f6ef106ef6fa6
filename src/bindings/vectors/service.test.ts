// The host side of the vector index binding as a hostile isolate meets it: calls that skip every isolate-side
// check still get refused with the original's errors, and nothing bad is stored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEmbeddedStorage } from '../../storage/embedded.js';
import { createManualClock } from '../../platform/clock.js';
import { serveProtocol } from '../host-protocol.js';
import { createVectorAdmin } from './admin.js';
import { VECTORS_CALLS } from './protocol.js';
import { createVectorHandlers } from './service.js';

async function open() {
  const storage = openEmbeddedStorage(mkdtempSync(path.join(tmpdir(), 'ledge-vectors-')));
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  await createVectorAdmin(storage.vectors, clock).create({ name: 'docs', dimensions: 2, metric: 'cosine' });
  const service = serveProtocol('vector index', VECTORS_CALLS, createVectorHandlers({ index: 'docs', storage: storage.vectors, clock }));
  return { storage, service };
}

const OPTIONS = { topK: 5, namespace: null, returnValues: false, returnMetadata: 'none', filter: null };

test('calls that break the protocol are refused before any handler runs', async (t) => {
  const { storage, service } = await open();
  t.after(() => storage.close());
  await assert.rejects(async () => service.call('dropIndex', []), /the vector index binding has no method "dropIndex"/);
  await assert.rejects(async () => service.call('insert', [[{ id: 'a', values: [1, 2], namespace: null, metadata: null }]]), /refused insert\(\): argument 1\[0\]\.values/);
  await assert.rejects(async () => service.call('query', [new Float32Array(2), { ...OPTIONS, returnMetadata: 'everything' }]), /refused query\(\)/);
  await assert.rejects(async () => service.call('upsert', [[{ id: 'a', values: new Float32Array(2), namespace: null, metadata: { not: 'text' } }]]), /refused upsert\(\)/);
  assert.equal((await storage.vectors.getIndex('docs'))?.vectorCount, 0);
});

test('the host checks every limit itself: values, ids, metadata, topK and batch sizes', async (t) => {
  const { storage, service } = await open();
  t.after(() => storage.close());
  const v = (id: string, values: number[], metadata: string | null = null) => ({ id, values: Float32Array.from(values), namespace: null, metadata });
  await assert.rejects(async () => service.call('insert', [[v('a', [1, NaN])]]), /VECTOR_INSERT_ERROR \(code = 40008\): invalid vector for id="a": values\[1\] is NaN/);
  await assert.rejects(async () => service.call('insert', [[v('a', [1, Infinity])]]), /values\[1\] is Infinity/);
  await assert.rejects(async () => service.call('insert', [[v('', [1, 1])]]), /a vector id cannot be empty/);
  await assert.rejects(async () => service.call('insert', [[v('a', [1, 1], '[1, 2]')]]), /metadata of vector id="a" must be an object/);
  await assert.rejects(async () => service.call('insert', [[v('a', [1, 1], '{"a":')]]), /metadata of vector id="a" is not JSON/);
  await assert.rejects(async () => service.call('insert', [[v('a', [1, 1], '{"tags":[1]}')]]), /metadata tags\[0\]: an array in metadata holds strings only/);
  await assert.rejects(async () => service.call('insert', [Array.from({ length: 1001 }, (_, i) => v(`x${i}`, [1, 1]))]), /max vector count is 1000, got 1001/);
  await assert.rejects(async () => service.call('query', [Float32Array.from([1, 1]), { ...OPTIONS, topK: 2.5 }]), /invalid topK/);
  await assert.rejects(async () => service.call('query', [Float32Array.from([1, 1]), { ...OPTIONS, topK: 50, returnValues: true }]), /max top K is 20/);
  await assert.rejects(async () => service.call('query', [Float32Array.from([1, 1]), { ...OPTIONS, filter: '{"a":{"$gt":true}}' }]), /a range operator compares strings or numbers/);
  await assert.rejects(async () => service.call('deleteByIds', [Array.from({ length: 1001 }, (_, i) => `x${i}`)]), /VECTOR_DELETE_ERROR \(code = 40007\): too many ids in payload; max id count is 1000, got 1001/);
  assert.equal((await storage.vectors.getIndex('docs'))?.vectorCount, 0);
  // And what is allowed is stored as float32, counted once per id.
  await service.call('upsert', [[v('a', [0.1, 0.2]), v('a', [0.3, 0.4])]]);
  const [got] = (await service.call('getByIds', [['a']])) as { values: Float32Array }[];
  assert.deepEqual(Array.from(got?.values ?? []), Array.from(Float32Array.from([0.3, 0.4])));
  assert.equal((await storage.vectors.getIndex('docs'))?.vectorCount, 1);
});

test('describe reports the last mutation, applied at once', async (t) => {
  const { storage, service } = await open();
  t.after(() => storage.close());
  const { mutationId } = (await service.call('insert', [[{ id: 'a', values: Float32Array.from([1, 0]), namespace: null, metadata: null }]])) as { mutationId: string };
  assert.deepEqual(await service.call('describe', []), { vectorCount: 1, dimensions: 2, processedUpToDatetime: '2026-11-01T00:00:00.000Z', processedUpToMutation: mutationId });
  const deleted = (await service.call('deleteByIds', [['a', 'a', 'b']])) as { mutationId: string };
  assert.deepEqual(await service.call('describe', []), { vectorCount: 0, dimensions: 2, processedUpToDatetime: '2026-11-01T00:00:00.000Z', processedUpToMutation: deleted.mutationId });
});

test('metadata indexes: "no value" matches $eq null and $ne, strings compare as indexed (64 bytes), and one made again starts empty', async (t) => {
  const { storage, service } = await open();
  t.after(() => storage.close());
  const admin = createVectorAdmin(storage.vectors, createManualClock(0));
  await admin.createMetadataIndex('docs', 'title', 'string');
  const long = `${"é".repeat(31)}ab`; // 62 bytes of é and "ab": exactly the 64 bytes a string index keeps
  const v = (id: string, metadata: unknown) => ({ id, values: Float32Array.from([1, 0]), namespace: null, metadata: JSON.stringify(metadata) });
  await service.call('upsert', [[v('long', { title: long }), v('none', {}), v('num', { title: 7 })]]);
  const ids = async (filter: unknown) => ((await service.call('query', [Float32Array.from([1, 0]), { ...OPTIONS, topK: 10, filter: JSON.stringify(filter) }])) as { matches: { id: string }[] }).matches.map((m) => m.id).sort();
  assert.deepEqual(await ids({ title: null }), ['none', 'num'], 'absent, or of another type: no value');
  assert.deepEqual(await ids({ title: { $ne: null } }), ['long']);
  assert.deepEqual(await ids({ title: `${'é'.repeat(31)}ab-and-more` }), ['long'], 'both sides cut to the 64 bytes the index keeps');
  assert.deepEqual(await ids({ title: `${'é'.repeat(31)}b` }), []);
  await admin.deleteMetadataIndex('docs', 'title');
  assert.deepEqual(await ids({ title: { $ne: 'x' } }), [], 'no metadata index: nothing matches');
  await admin.createMetadataIndex('docs', 'title', 'string');
  assert.deepEqual(await ids({ title: { $ne: 'x' } }), [], 'made again: the vectors written before are not in it');
  await service.call('upsert', [[v('none', {})]]);
  assert.deepEqual(await ids({ title: { $ne: 'x' } }), ['none']);
});

test('the design record asks for each index\'s embedding model and how its vectors are rebuilt', async () => {
  const { vectorsDesign } = await import('./design.js');
  const parts = vectorsDesign([{ binding: 'DOCS', index_name: 'docs-v2' }], 'vector_indexes');
  assert.deepEqual(parts.map((p) => [p.concern, p.blocks, p.decisions.map((d) => [d.subject, d.value])]), [
    ['data', ['vector index'], [['embedding model of env.DOCS', null]]],
    ['recovery', [], [['recovery of env.DOCS', null]]],
  ]);
  assert.match(parts[0]?.decisions[0]?.source ?? '', /vector_indexes\[0\]: index "docs-v2"/);
  assert.deepEqual(vectorsDesign(undefined, 'vector_indexes'), []);
});

test('one account\'s searches take turns: at most two scan at once, the rest wait in order and all answer', async (t) => {
  const storage = openEmbeddedStorage(mkdtempSync(path.join(tmpdir(), 'ledge-vectors-')));
  t.after(() => storage.close());
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  await createVectorAdmin(storage.vectors, clock).create({ name: 'docs', dimensions: 2, metric: 'cosine' });
  // The real port, its scans counted: each reads 2,000 vectors in pages, yielding between them.
  const port = storage.vectors;
  let live = 0;
  let peak = 0;
  const counted = Object.create(port) as typeof port;
  counted.scan = async (...args) => {
    peak = Math.max(peak, ++live);
    try { return await port.scan(...args); } finally { live--; }
  };
  const service = (account: string) => serveProtocol('vector index', VECTORS_CALLS, createVectorHandlers({ index: 'docs', storage: counted, clock, account }));
  const writer = service('a');
  for (let batch = 0; batch < 2; batch++) {
    await writer.call('upsert', [Array.from({ length: 1000 }, (_, i) => ({ id: `v${batch * 1000 + i}`, values: Float32Array.from([1, (batch * 1000 + i) / 2000]), namespace: null, metadata: null }))]);
  }
  const queries = Array.from({ length: 10 }, () => writer.call('query', [Float32Array.from([1, 0]), { ...OPTIONS, topK: 1 }]) as Promise<{ matches: { id: string }[] }>);
  assert.deepEqual((await Promise.all(queries)).map((r) => r.matches[0]?.id), Array(10).fill('v0'));
  assert.equal(peak, 2, 'ten searches of one account scanned at once');
  // Another account's search is not held behind them.
  peak = 0;
  const other = service('b').call('query', [Float32Array.from([1, 0]), { ...OPTIONS, topK: 1 }]);
  const more = Array.from({ length: 4 }, () => writer.call('query', [Float32Array.from([1, 0]), { ...OPTIONS, topK: 1 }]));
  await Promise.all([other, ...more]);
  assert.equal(peak, 3, 'account b scans beside account a\'s two');
});
