// The projects of one `ledge dev a/ b/` share the first project's queue and workflow stores: a queue one produces to
// is the queue another consumes, and a workflow one creates instances of (`script_name`) is run by the project that
// defines it, as for deployments of one account under ledge serve and in the original's multi-project dev. Before,
// each project kept its own stores, so a message sent by `a` waited forever for a consumer that `b` ran on another
// store (test/compat/queues-split found it), and an instance created by `a` stayed `queued`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { interrupt, runCli } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

test('ledge dev producer/ consumer/: the first sends, the second consumes, and its dead letters reach the first', { timeout: 90_000 }, async (t) => {
  const producer = makeProject({
    'src/index.js': `export default {
      async fetch(request, env) {
        const job = new URL(request.url).searchParams.get('job');
        await env.JOBS.send({ job });
        return new Response('queued ' + job);
      },
      async queue(batch) {
        for (const m of batch.messages) console.log('dead letter ' + m.body.job + ' from ' + batch.queue);
      },
    };`,
  }, { name: 'producer', queues: { producers: [{ binding: 'JOBS', queue: 'jobs' }], consumers: [{ queue: 'jobs-dlq', max_batch_timeout: 0 }] } });
  const consumer = makeProject({
    'src/index.js': `export default {
      async fetch() { return new Response('consumer'); },
      async queue(batch) {
        for (const m of batch.messages) {
          if (m.body.job === 'poison') { m.retry(); continue; }
          console.log('consumed ' + m.body.job + ' attempt ' + m.attempts);
          m.ack();
        }
      },
    };`,
  }, { name: 'consumer', queues: { consumers: [{ queue: 'jobs', max_batch_timeout: 0, max_retries: 1, retry_delay: 0, dead_letter_queue: 'jobs-dlq' }] } });

  const dev = runCli(['dev', producer, consumer, '--port', '0', '--state', tempDir('ledge-dev-shared-queues-')]);
  t.after(() => { dev.child.kill('SIGKILL'); });
  const url = (await dev.waitFor(/producer ready on (http:\/\/\S+)/, 60_000))[1] as string;
  assert.equal(await (await fetch(`${url}/?job=thumbnail`)).text(), 'queued thumbnail');
  assert.equal(await (await fetch(`${url}/?job=poison`)).text(), 'queued poison');
  await dev.waitFor(/\[consumer\] consumed thumbnail attempt 1/, 30_000);
  await dev.waitFor(/\[producer\] dead letter poison from jobs-dlq/, 30_000);
  assert.match(dev.output(), /queue "jobs": 1 message\(s\) used up 1 retries and moved to the dead-letter queue "jobs-dlq"/);
  assert.equal(await interrupt(dev), 0, dev.output());
  assert.doesNotMatch(dev.output(), /delivery failed|not open|closed database/i);
});

test('ledge dev front/ flows/: an instance front creates through script_name is run by flows, which defines the class', { timeout: 90_000 }, async (t) => {
  const flows = makeProject({
    'src/index.js': `import { WorkflowEntrypoint } from 'cloudflare:workers';
      export class Double extends WorkflowEntrypoint {
        async run(event, step) { return step.do('double', async () => event.payload.n * 2); }
      }
      export default { async fetch() { return new Response('flows'); } };`,
  }, { name: 'flows', workflows: [{ binding: 'DOUBLE', name: 'double', class_name: 'Double' }] });
  const front = makeProject({
    'src/index.js': `export default {
      async fetch(request, env) {
        const id = new URL(request.url).searchParams.get('id');
        if (id) return Response.json(await (await env.DOUBLE.get(id)).status());
        return Response.json({ id: (await env.DOUBLE.create({ params: { n: 21 } })).id });
      },
    };`,
  }, { name: 'front', workflows: [{ binding: 'DOUBLE', name: 'double', class_name: 'Double', script_name: 'flows' }] });

  const dev = runCli(['dev', front, flows, '--port', '0', '--state', tempDir('ledge-dev-shared-workflows-')]);
  t.after(() => { dev.child.kill('SIGKILL'); });
  const url = (await dev.waitFor(/front ready on (http:\/\/\S+)/, 60_000))[1] as string;
  const { id } = await (await fetch(url)).json() as { id: string };
  let status: { status: string; output?: unknown } = { status: 'queued' };
  for (const end = Date.now() + 30_000; status.status !== 'complete' && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    status = await (await fetch(`${url}/?id=${id}`)).json() as typeof status;
  }
  assert.deepEqual(status, { status: 'complete', output: 42 });
  assert.equal(await interrupt(dev), 0, dev.output());
});

// Two projects naming the same key-value namespace, database, bucket and vector index see the same data, and a
// value one project's isolate read (and keeps in its read cache under process isolation) is dropped there when the
// other project writes it. Before, each project kept its own copy in its own state directory.
const READER = `export default {
  async fetch(request, env) {
    const key = new URL(request.url).searchParams.get('key');
    const row = await env.DB.prepare('SELECT v FROM notes WHERE k = ?').bind(key).first();
    const file = await env.FILES.get(key);
    const vectors = await env.VECTORS.getByIds([key]);
    return Response.json({ kv: await env.KV.get(key), sql: row?.v ?? null, file: file ? await file.text() : null, vector: vectors[0]?.values ?? null });
  },
};`;
const WRITER = `export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const key = url.searchParams.get('key');
    if (url.pathname === '/read') return env.READER.fetch('http://reader/?key=' + key);
    const value = url.searchParams.get('value');
    await env.KV.put(key, value);
    await env.DB.prepare('CREATE TABLE IF NOT EXISTS notes (k TEXT PRIMARY KEY, v TEXT)').run();
    await env.DB.prepare('INSERT INTO notes VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v').bind(key, value).run();
    await env.FILES.put(key, value);
    await env.VECTORS.upsert([{ id: key, values: [value.length, 1, 0] }]);
    return new Response('written');
  },
};`;
const BINDINGS = {
  kv_namespaces: [{ binding: 'KV', id: 'notes-kv' }],
  sql_databases: [{ binding: 'DB', database_name: 'notes', database_id: 'notes-db' }],
  buckets: [{ binding: 'FILES', bucket_name: 'notes-files' }],
  vector_indexes: [{ binding: 'VECTORS', index_name: 'notes' }],
};

for (const isolation of ['thread', 'process'] as const) {
  test(`ledge dev writer/ reader/: the same namespace, database, bucket and vector index are the same data (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const writer = makeProject({ 'src/index.js': WRITER }, { name: 'writer', ...BINDINGS, services: [{ binding: 'READER', service: 'reader' }] });
    const reader = makeProject({ 'src/index.js': READER }, { name: 'reader', ...BINDINGS });
    const state = tempDir('ledge-dev-shared-data-');
    const create = runCli(['vectors', 'create', 'notes', '--dimensions', '3', '--metric', 'euclidean', '--dir', writer, '--state', state]);
    assert.equal(await create.exited, 0, create.output());
    const dev = runCli(['dev', writer, reader, '--port', '0', '--state', state, '--isolation', isolation]);
    t.after(() => { dev.child.kill('SIGKILL'); });
    const url = (await dev.waitFor(/writer ready on (http:\/\/\S+)/, 60_000))[1] as string;
    const read = async () => (await fetch(`${url}/read?key=greeting`)).json();
    assert.equal(await (await fetch(`${url}/write?key=greeting&value=hello`)).text(), 'written');
    assert.deepEqual(await read(), { kv: 'hello', sql: 'hello', file: 'hello', vector: [5, 1, 0] });
    // The reader's isolate has the value now (cached, under process isolation); the writer changes it.
    assert.equal(await (await fetch(`${url}/write?key=greeting&value=bonjour`)).text(), 'written');
    assert.deepEqual(await read(), { kv: 'bonjour', sql: 'bonjour', file: 'bonjour', vector: [7, 1, 0] });
    assert.equal(await interrupt(dev), 0, dev.output());
  });
}
