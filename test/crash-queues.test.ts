// Queues under kill -9: no acknowledged send is lost, and every message ends consumed, in the dead-letter
// queue or dead, across processes killed while producing and consuming.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { interrupt, startDev, writeUntilKilled } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

/** Keys whose consumer always throws: they must end in the dead-letter queue (queue "even") or dead (queue "odd"). */
const poison = (key: string) => [4, 7].includes(Number(key.split('-')[1]) % 10);

test('SIGKILL during produce and consume loops: every acknowledged message ends acked, dead-lettered or dead', async () => {
  const dir = makeProject({
    'src/index.js': `
      const poison = ${poison.toString()};
      export default {
        async fetch(request, env) {
          const url = new URL(request.url);
          if (url.pathname === '/backlog') {
            const [even, odd] = await Promise.all([env.EVEN.metrics(), env.ODD.metrics()]);
            return Response.json(even.backlogCount + odd.backlogCount);
          }
          const k = url.searchParams.get('k');
          const queue = Number(k.split('-')[1]) % 2 === 0 ? env.EVEN : env.ODD;
          await queue.send({ k });
          return new Response('sent ' + k);
        },
        async queue(batch, env) {
          await env.DB.prepare('CREATE TABLE IF NOT EXISTS done (k TEXT PRIMARY KEY, n INTEGER NOT NULL)').run();
          const good = batch.messages.filter((m) => !poison(m.body.k));
          if (good.length) await env.DB.batch(good.map((m) => env.DB.prepare('INSERT INTO done (k, n) VALUES (?, 1) ON CONFLICT (k) DO UPDATE SET n = n + 1').bind(m.body.k)));
          for (const m of good) m.ack();
          if (good.length < batch.messages.length) throw new Error('poison message');
        },
      };`,
  }, {
    sql_databases: [{ binding: 'DB', database_name: 'crash', database_id: 'crash-queues-db' }],
    queues: {
      producers: [{ binding: 'EVEN', queue: 'even' }, { binding: 'ODD', queue: 'odd' }],
      consumers: [
        { queue: 'even', max_batch_size: 10, max_batch_timeout: 0, max_retries: 2, retry_delay: 0, dead_letter_queue: 'even-dlq' },
        { queue: 'odd', max_batch_size: 10, max_batch_timeout: 0, max_retries: 2, retry_delay: 0 },
      ],
    },
  });
  const state = tempDir('ledge-crash-queues-');
  const names = new Set<string>();
  for (const round of [0, 1]) {
    const dev = await startDev(dir, ['--state', state]);
    const got = await writeUntilKilled(dev, { count: 150, writers: 4, prefix: `r${round}`, acknowledged: (key, body) => body === `sent ${key}` });
    for (const key of got.keys()) names.add(key);
  }

  // A last process drains the queues, including what the killed ones held leased (their leases run out).
  const dev = await startDev(dir, ['--state', state]);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const backlog = Number(await (await fetch(`${dev.url}/backlog`)).text());
    if (backlog === 0) break;
    if (Date.now() > deadline) throw new Error(`the queues did not drain: backlog ${backlog}\n${dev.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.equal(await interrupt(dev), 0);

  const storage = openEmbeddedStorage(state);
  try {
    const done = new Set(((await storage.sql.database('crash-queues-db', { retentionDays: 30 }).query([{ sql: 'SELECT k FROM done', params: [] }], 'objects'))[0]?.results as { k: string }[]).map((r) => r.k));
    const dlq = await storage.queues.lease('even-dlq', { limit: 100_000, leaseMs: 1000, now: Date.now(), policy: { maxAttempts: 1000, deadLetterQueue: null } });
    const deadLettered = new Set(dlq.messages.map((m) => (JSON.parse(Buffer.from(m.body).toString()) as { k: string }).k));
    const dead = new Set((await storage.queues.listDead('odd', 100_000)).map((m) => (JSON.parse(Buffer.from(m.body).toString()) as { k: string }).k));
    const lost: string[] = [];
    const misplaced: string[] = [];
    for (const key of names) {
      const even = Number(key.split('-')[1]) % 2 === 0;
      if (!poison(key)) {
        if (!done.has(key)) lost.push(key);
      } else if (!(even ? deadLettered : dead).has(key)) lost.push(key);
      if (poison(key) && done.has(key)) misplaced.push(key);
    }
    assert.deepEqual(lost, [], `${lost.length} of ${names.size} acknowledged messages lost`);
    assert.deepEqual(misplaced, []);
    assert.ok(deadLettered.size > 0 && dead.size > 0, 'both ends of exhausted retries were exercised');
    assert.equal((await storage.queues.stats('even', Date.now())).backlog, 0);
    assert.equal((await storage.queues.stats('odd', Date.now())).dead, dead.size);
  } finally {
    storage.close();
  }
});
