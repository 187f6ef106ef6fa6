// SPEC: Resources (Document catalog model), States and transitions (Document state) and Errors (rule 1):
// `ledge/documents` over a real SQL database binding, and inside a deployment that keeps the originals in a
// bucket. Revisions are compare-and-swap writes, withdrawal hides a document from every read at once and
// leaves a retryable cleanup job, and physical deletion is a separate step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createManualClock } from '../src/platform/clock.js';
import { createDocumentCatalog, documentTransition, DocumentCatalogError, DOCUMENTS_SCHEMA_SQL, type SqlLike } from '../src/lib/documents/index.js';
import { SqlDatabaseBinding } from '../src/bindings/sql/binding.js';
import { createSqlHandlers } from '../src/bindings/sql/service.js';
import { SQL_CALLS, type SqlProtocol } from '../src/bindings/sql/protocol.js';
import { serveProtocol } from '../src/bindings/host-protocol.js';
import { typedCall } from '../src/bindings/protocol.js';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { makeProject, startProject, tempDir } from './helpers.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const original = (text: string, key: string) => ({ objectKey: key, sha256: sha(text), byteSize: Buffer.byteLength(text) });

function openCatalog() {
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const storage = openEmbeddedStorage(tempDir('ledge-documents-'), clock);
  const service = serveProtocol('sql', SQL_CALLS, createSqlHandlers(storage.sql.database('catalog-db', { retentionDays: 30 })));
  const db = new SqlDatabaseBinding(typedCall<SqlProtocol>((method, args) => service.call(method, args))) as unknown as SqlLike;
  return { clock, storage, db, catalog: createDocumentCatalog(db, { now: () => clock.now(), backoff: { baseMs: 1000, maxDelayMs: 60_000 } }) };
}

const refusedWith = (code: string, currentRevision?: number) => (err: unknown) => {
  assert.ok(err instanceof DocumentCatalogError, String(err));
  assert.equal(err.code, code, err.message);
  if (currentRevision !== undefined) assert.equal(err.currentRevision, currentRevision);
  return true;
};

test('a revision commits only from the revision the editor started from; an older page never overwrites newer content', async (t) => {
  const { catalog, storage } = openCatalog();
  t.after(() => storage.close());
  const created = await catalog.create({ id: 'doc-1', ownerId: 'alice', ...original('v1', 'originals/doc-1/1') });
  assert.deepEqual([created.currentRevision, created.version.revision, created.state], [1, 1, 'active']);
  await assert.rejects(catalog.create({ id: 'doc-1', ownerId: 'bob', ...original('x', 'k') }), refusedWith('conflict'));

  // Two editors read revision 1; the first commit wins, the second is told to reread revision 2.
  const first = await catalog.revise('doc-1', 1, original('v2 by alice', 'originals/doc-1/2'));
  assert.equal(first.currentRevision, 2);
  await assert.rejects(catalog.revise('doc-1', 1, original('v2 by bob', 'originals/doc-1/2b')), refusedWith('revision_conflict', 2));
  const current = await catalog.get('doc-1');
  assert.equal(current?.version.objectKey, 'originals/doc-1/2', 'the stale write changed nothing');
  assert.equal(current?.version.sha256, sha('v2 by alice'));
  // The reread revision commits.
  assert.equal((await catalog.revise('doc-1', 2, original('v3 by bob', 'originals/doc-1/3'))).currentRevision, 3);
  assert.deepEqual((await catalog.versions('doc-1')).map((v) => [v.revision, v.objectKey]), [[3, 'originals/doc-1/3'], [2, 'originals/doc-1/2'], [1, 'originals/doc-1/1']]);

  // Competing editors from the same revision: exactly one commits.
  const racers = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => catalog.revise('doc-1', 3, original(`r${i}`, `originals/doc-1/r${i}`))));
  assert.equal(racers.filter((r) => r.status === 'fulfilled').length, 1);
  assert.ok(racers.every((r) => r.status === 'fulfilled' || (r.reason as DocumentCatalogError).code === 'revision_conflict'));
  assert.equal((await catalog.status('doc-1')).currentRevision, 4);

  // Bad input names its field; nothing is written.
  await assert.rejects(catalog.revise('doc-1', 0, original('x', 'k')), /expectedRevision: expected an integer > 0/);
  await assert.rejects(catalog.revise('doc-1', 4, { objectKey: 'k', sha256: 'ABC', byteSize: 1 }), /sha256: expected 64 lowercase hex digits/);
  await assert.rejects(catalog.revise('doc-1', 4, { objectKey: 'k', sha256: sha('x'), byteSize: -1 }), /byteSize: expected an integer >= 0/);
  await assert.rejects(catalog.revise('doc-1', 4, { objectKey: '', sha256: sha('x'), byteSize: 1 }), /objectKey/);
  await assert.rejects(catalog.revise('missing', 1, original('x', 'k')), refusedWith('not_found'));
  assert.equal((await catalog.status('doc-1')).currentRevision, 4);
});

test('withdrawal takes effect for every read at once, leaves a retryable cleanup job, and only then allows physical deletion', async (t) => {
  const { catalog, storage, clock } = openCatalog();
  t.after(() => storage.close());
  await catalog.create({ id: 'doc-2', ownerId: 'alice', ...original('body', 'originals/doc-2/1') });
  await catalog.revise('doc-2', 1, original('body 2', 'originals/doc-2/2'));
  await assert.rejects(catalog.withdraw('doc-2', { expectedRevision: 1 }), refusedWith('revision_conflict', 2));
  assert.equal((await catalog.get('doc-2'))?.state, 'active', 'a refused withdrawal changed nothing');
  await assert.rejects(catalog.purge('doc-2'), refusedWith('wrong_state'), 'an active document cannot be deleted');

  const withdrawn = await catalog.withdraw('doc-2', { expectedRevision: 2 });
  assert.equal(withdrawn.state, 'withdrawn');
  assert.equal(withdrawn.cleanup?.state, 'pending', 'the cleanup job is recorded in the same commit');
  assert.equal(await catalog.get('doc-2'), null, 'no read returns a withdrawn document');
  assert.deepEqual(await catalog.versions('doc-2'), []);
  const status = await catalog.status('doc-2');
  assert.ok(!JSON.stringify(status).includes('originals/'), 'the status of a withdrawn document names no original');
  // A withdrawn document takes no changes; withdrawal is not deletion.
  await assert.rejects(catalog.revise('doc-2', 2, original('late', 'originals/doc-2/3')), refusedWith('wrong_state'));
  await assert.rejects(catalog.withdraw('doc-2'), refusedWith('wrong_state'));
  await assert.rejects(catalog.purge('doc-2'), /cleanup job is pending/);

  // The cleanup fails once (recorded, backed off), then succeeds on a later run.
  const seen: string[][] = [];
  let fail = true;
  const work = async (_job: unknown, keys: string[]) => {
    seen.push(keys);
    if (fail) throw new Error('vector index unreachable');
  };
  assert.deepEqual(await catalog.runCleanups(work), { done: [], failed: ['doc-2'] });
  const [job] = await catalog.cleanups('pending');
  assert.deepEqual([job?.attempts, job?.lastError], [1, 'vector index unreachable']);
  assert.deepEqual(await catalog.runCleanups(work), { done: [], failed: [] }, 'not retried during its back-off');
  fail = false;
  clock.advance(1000);
  assert.deepEqual(await catalog.runCleanups(work), { done: ['doc-2'], failed: [] });
  assert.deepEqual(seen.at(-1), ['originals/doc-2/1', 'originals/doc-2/2']);
  assert.equal((await catalog.status('doc-2')).cleanup?.state, 'done');
  assert.deepEqual(await catalog.runCleanups(work), { done: [], failed: [] }, 'a done job does not run again');

  assert.deepEqual(await catalog.purge('doc-2'), { objectKeys: ['originals/doc-2/1', 'originals/doc-2/2'] });
  await assert.rejects(catalog.status('doc-2'), refusedWith('not_found'));
});

test('the transitions: only active documents take revisions and withdrawals, only withdrawn ones are purged', () => {
  assert.equal(documentTransition('d', 'active', 'revise'), 'active');
  assert.equal(documentTransition('d', 'active', 'withdraw'), 'withdrawn');
  assert.equal(documentTransition('d', 'withdrawn', 'purge'), null);
  for (const [state, move] of [['withdrawn', 'revise'], ['withdrawn', 'withdraw'], ['active', 'purge']] as const) {
    assert.throws(() => documentTransition('d', state, move), (err: DocumentCatalogError) => err.code === 'wrong_state' && err.message.includes(`${move} refused in state ${state}`));
  }
});

test('the schema enforces the reference constraints on its own', async (t) => {
  const { db, storage } = openCatalog();
  t.after(() => storage.close());
  await db.exec(DOCUMENTS_SCHEMA_SQL.replace(/\n\s*/g, ' ').replace(/; /g, ';\n'));
  await db.prepare("INSERT INTO documents (id, owner_id, current_revision, state) VALUES ('a', 'o', 1, 'active')").run();
  const refused = [
    "INSERT INTO documents (id, owner_id, current_revision, state) VALUES ('b', 'o', 0, 'active')",
    "INSERT INTO documents (id, owner_id, current_revision, state) VALUES ('b', 'o', 1, 'deleted')",
    "INSERT INTO documents (id, owner_id, current_revision, state) VALUES ('b', NULL, 1, 'active')",
    "INSERT INTO documents (id, owner_id, current_revision, state) VALUES ('a', 'o', 1, 'active')",
    `INSERT INTO document_versions VALUES ('a', 0, 'k', '${sha('x')}', 1, 't')`,
    `INSERT INTO document_versions VALUES ('a', 1, 'k', '${sha('x')}', -1, 't')`,
    "INSERT INTO document_versions VALUES ('a', 1, 'k', 'not-a-digest', 1, 't')",
    `INSERT INTO document_versions VALUES ('a', 1, NULL, '${sha('x')}', 1, 't')`,
    `INSERT INTO document_versions VALUES ('nobody', 1, 'k', '${sha('x')}', 1, 't')`,
  ];
  for (const sql of refused) await assert.rejects(db.prepare(sql).run(), Error, sql);
  await db.prepare(`INSERT INTO document_versions VALUES ('a', 1, 'k', '${sha('x')}', 0, 't')`).run();
  await assert.rejects(db.prepare(`INSERT INTO document_versions VALUES ('a', 1, 'k2', '${sha('y')}', 2, 't')`).run(), Error, 'primary key (document_id, revision)');
});

for (const isolation of ['thread', 'process'] as const) test(`inside a deployment (${isolation} isolation): originals in a bucket, the catalog in SQL, withdrawal hides the body at once`, async (t) => {
  const dir = makeProject({
    'src/index.js': `import { createDocumentCatalog, isDocumentCatalogError } from 'ledge/documents';
const hex = (buf) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
export default {
  async fetch(request, env) {
    const catalog = createDocumentCatalog(env.DB);
    const url = new URL(request.url);
    const id = url.pathname.slice('/docs/'.length);
    try {
      if (request.method === 'PUT') {
        const body = await request.arrayBuffer();
        const expected = Number(request.headers.get('if-match') ?? 0);
        const key = 'originals/' + id + '/' + crypto.randomUUID();
        await env.FILES.put(key, body);
        const version = { objectKey: key, sha256: hex(await crypto.subtle.digest('SHA-256', body)), byteSize: body.byteLength };
        const doc = expected === 0 ? await catalog.create({ id, ownerId: 'alice', ...version }) : await catalog.revise(id, expected, version);
        return Response.json({ revision: doc.currentRevision }, { status: expected === 0 ? 201 : 200 });
      }
      if (request.method === 'DELETE') return Response.json(await catalog.withdraw(id));
      const doc = await catalog.get(id);
      if (!doc) return new Response('not found', { status: 404 });
      const object = await env.FILES.get(doc.version.objectKey);
      return new Response(object.body, { headers: { etag: String(doc.currentRevision) } });
    } catch (err) {
      if (!isDocumentCatalogError(err)) throw err;
      const status = { revision_conflict: 409, wrong_state: 409, conflict: 409, not_found: 404, bad_argument: 400 }[err.code];
      return Response.json({ error: err.code, message: err.message, current_revision: err.currentRevision ?? null }, { status });
    }
  },
};`,
  }, {
    sql_databases: [{ binding: 'DB', database_name: 'catalog', database_id: 'catalog-db' }],
    buckets: [{ binding: 'FILES', bucket_name: 'files' }],
  });
  const server = await startProject(dir, { isolation });
  t.after(() => server.close());
  const call = (method: string, body?: string, headers: Record<string, string> = {}) => server.request(new Request('http://app.test/docs/report', { method, body, headers }));

  assert.equal((await call('PUT', 'first draft')).status, 201);
  assert.equal((await call('PUT', 'second draft', { 'if-match': '1' })).status, 200);
  const stale = await call('PUT', 'edited from the first page', { 'if-match': '1' });
  assert.equal(stale.status, 409);
  assert.deepEqual(await stale.json().then((b) => [(b as { error: string }).error, (b as { current_revision: number }).current_revision]), ['revision_conflict', 2]);
  const read = await call('GET');
  assert.equal(await read.text(), 'second draft');
  assert.equal(read.headers.get('etag'), '2');

  assert.equal((await call('DELETE')).status, 200);
  const after = await call('GET');
  assert.equal(after.status, 404, 'the body of a withdrawn document is never returned');
  assert.equal((await call('PUT', 'resurrect', { 'if-match': '2' })).status, 409);
});
