// Binding objects carry the class names existing libraries test (`constructor.name`), beside Ledge's own
// classes: checked through a real isolate, the way such a library would look at them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject } from './helpers.js';

test('binding objects and what they return carry the original class names; instanceof holds along the chain', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request, env) {
      const name = (value) => value.constructor.name;
      await env.FILES.put('k', 'v');
      const head = await env.FILES.head('k');
      const body = await env.FILES.get('k');
      const upload = await env.FILES.createMultipartUpload('m');
      const statement = env.DB.prepare('SELECT 1');
      const session = env.DB.withSession();
      const proto = (value) => { const names = []; for (let p = Object.getPrototypeOf(value); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) names.push(p.constructor.name); return names; };
      return Response.json({
        bucket: name(env.FILES), object: name(head), objectBody: name(body), multipart: name(upload),
        database: name(env.DB), statement: name(statement), bound: name(statement.bind()), session: name(session), sessionStatement: name(session.prepare('SELECT 1')),
        kv: name(env.KV), queue: name(env.Q),
        bodyIsObject: body instanceof head.constructor,
        bodyChain: proto(body), bucketChain: proto(env.FILES), databaseChain: proto(env.DB),
        batchAcceptsNamed: (await env.DB.batch([statement])).length,
      });
    } };`,
  }, {
    buckets: [{ binding: 'FILES', bucket_name: 'files' }],
    sql_databases: [{ binding: 'DB', database_name: 'main', database_id: 'db-names' }],
    kv_namespaces: [{ binding: 'KV', id: 'kv-names' }],
    queues: { producers: [{ binding: 'Q', queue: 'jobs' }] },
  });
  const server = await startProject(dir);
  t.after(() => server.close());
  const res = await server.request(new Request('http://app.test/'));
  assert.deepEqual(await res.json(), {
    bucket: 'R2Bucket', object: 'R2Object', objectBody: 'R2ObjectBody', multipart: 'R2MultipartUpload',
    database: 'D1Database', statement: 'D1PreparedStatement', bound: 'D1PreparedStatement', session: 'D1DatabaseSession', sessionStatement: 'D1PreparedStatement',
    // The original runtime's own class names for these two (its KV class is KvNamespace, its queue producer WorkerQueue).
    kv: 'KvNamespace', queue: 'WorkerQueue',
    bodyIsObject: true,
    bodyChain: ['R2ObjectBody', 'BucketObjectBody', 'R2Object', 'BucketObject'],
    bucketChain: ['R2Bucket', 'ObjectBucket'],
    databaseChain: ['D1Database', 'SqlDatabaseBinding'],
    batchAcceptsNamed: 1,
  });
});
