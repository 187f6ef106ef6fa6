// SPEC, Resources (Vector index chunk metadata): per chunk its source_id, source_revision, chunk_id, content
// hash, embedding model and index version; vectors of different embedding models are never mixed in one
// index generation, even at equal dimension; a model upgrade creates a new generation. `createChunkCatalog`
// of ledge/documents over a real SQL database binding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createManualClock } from '../src/platform/clock.js';
import { createChunkCatalog, createDocumentCatalog, type DocumentCatalogError, type SqlLike } from '../src/lib/documents/index.js';
import { SqlDatabaseBinding } from '../src/bindings/sql/binding.js';
import { createSqlHandlers } from '../src/bindings/sql/service.js';
import { SQL_CALLS, type SqlProtocol } from '../src/bindings/sql/protocol.js';
import { serveProtocol } from '../src/bindings/host-protocol.js';
import { typedCall } from '../src/bindings/protocol.js';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { tempDir } from './helpers.js';

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

function open() {
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const storage = openEmbeddedStorage(tempDir('ledge-chunks-'), clock);
  const service = serveProtocol('sql', SQL_CALLS, createSqlHandlers(storage.sql.database('chunks-db', { retentionDays: 30 })));
  const db = new SqlDatabaseBinding(typedCall<SqlProtocol>((method, args) => service.call(method, args))) as unknown as SqlLike;
  return { storage, db, chunks: createChunkCatalog(db, { now: () => clock.now() }), documents: createDocumentCatalog(db, { now: () => clock.now() }) };
}

const chunk = (model: string, id: string, revision = 1) => ({ embeddingModel: model, chunkId: id, sourceId: 'doc-1', sourceRevision: revision, contentHash: hash(id) });

test('one embedding model per index generation, even at equal dimension; a model upgrade opens a new generation', async (t) => {
  const { chunks, storage, db } = open();
  t.after(() => storage.close());
  const first = await chunks.openGeneration({ embeddingModel: 'model-a', dimensions: 384 });
  assert.deepEqual([first.generation, first.state], [1, 'building']);
  const recorded = await chunks.record(1, [chunk('model-a', 'doc-1#0'), chunk('model-a', 'doc-1#1')]);
  assert.equal(recorded.length, 2);
  await chunks.activate(1);

  // Another model at the same dimension is refused in generation 1, and nothing of the batch is written.
  await assert.rejects(chunks.record(1, [chunk('model-a', 'doc-1#2'), chunk('model-b', 'doc-1#3')]), (err: DocumentCatalogError) => {
    assert.equal(err.code, 'bad_argument');
    assert.match(err.message, /chunks\[1\]: embedded with model-b, but index generation 1 holds only model-a vectors; open a new generation/);
    return true;
  });
  assert.deepEqual((await chunks.chunksOf('doc-1')).map((c) => c.chunkId), ['doc-1#0', 'doc-1#1']);
  // The schema refuses it on its own too (composite foreign key on generation and model).
  await assert.rejects(db.prepare(`INSERT INTO index_chunks VALUES (1, 'model-b', 'x', 'doc-1', 1, '${hash('x')}', 't')`).run(), Error);

  // The upgrade: a new generation for model-b, built beside the active one, then activated; the old one retires.
  const second = await chunks.openGeneration({ embeddingModel: 'model-b', dimensions: 384 });
  assert.equal(second.generation, 2);
  await chunks.record(2, [chunk('model-b', 'doc-1#0')]);
  assert.deepEqual((await chunks.chunksOf('doc-1')).map((c) => [c.generation, c.embeddingModel]), [[1, 'model-a'], [1, 'model-a']], 'queries use the active generation until the switch');
  await chunks.activate(2);
  assert.deepEqual((await chunks.generations()).map((g) => [g.generation, g.embeddingModel, g.state]), [[2, 'model-b', 'active'], [1, 'model-a', 'retired']]);
  assert.deepEqual((await chunks.chunksOf('doc-1')).map((c) => [c.generation, c.chunkId, c.embeddingModel]), [[2, 'doc-1#0', 'model-b']]);
  await assert.rejects(chunks.record(1, [chunk('model-a', 'late')]), (err: DocumentCatalogError) => err.code === 'wrong_state');
  await assert.rejects(chunks.activate(1), (err: DocumentCatalogError) => err.code === 'wrong_state');
});

test('every chunk records its source, revision, chunk id, content hash, model and generation; stale and withdrawn sources are found', async (t) => {
  const { chunks, documents, storage } = open();
  t.after(() => storage.close());
  await chunks.openGeneration({ embeddingModel: 'model-a', dimensions: 8 });
  await chunks.activate(1);
  await documents.create({ id: 'doc-1', ownerId: 'alice', objectKey: 'o/1', sha256: hash('v1'), byteSize: 2 });
  await chunks.record(1, [chunk('model-a', 'doc-1#0', 1)]);
  const [stored] = await chunks.chunksOf('doc-1');
  assert.deepEqual(stored, { generation: 1, embeddingModel: 'model-a', chunkId: 'doc-1#0', sourceId: 'doc-1', sourceRevision: 1, contentHash: hash('doc-1#0') });

  // A new revision makes the chunks of the old one stale: they are found and embedded again.
  await documents.revise('doc-1', 1, { objectKey: 'o/2', sha256: hash('v2'), byteSize: 2 });
  assert.deepEqual((await chunks.stale('doc-1', 2)).map((c) => c.chunkId), ['doc-1#0']);
  await chunks.record(1, [chunk('model-a', 'doc-1#0', 2)]);
  assert.deepEqual(await chunks.stale('doc-1', 2), []);

  // Bad metadata names the field.
  await assert.rejects(chunks.record(1, [{ ...chunk('model-a', 'c'), contentHash: 'nope' }]), /chunks\[0\]\.contentHash/);
  await assert.rejects(chunks.record(1, [{ ...chunk('model-a', 'c'), sourceRevision: 0 }]), /chunks\[0\]\.sourceRevision/);
  await assert.rejects(chunks.openGeneration({ embeddingModel: 'm', dimensions: 0 }), /dimensions: expected an integer > 0/);

  // Withdrawal's cleanup removes the derived vectors: their ids come from the chunk catalog.
  await documents.withdraw('doc-1');
  const removed: string[] = [];
  await documents.runCleanups(async (job) => { for (const c of await chunks.forget(job.documentId)) removed.push(`${c.generation}:${c.chunkId}`); });
  assert.deepEqual(removed, ['1:doc-1#0']);
  assert.deepEqual(await chunks.chunksOf('doc-1'), []);
});
