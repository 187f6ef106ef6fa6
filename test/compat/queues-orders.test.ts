// Compatibility suite: an order intake on Queues (test/compat/queues-orders, wrangler.toml) as the original's
// queue template and docs write one: send and sendBatch from fetch, queue() taking batches of at most
// max_batch_size and deciding per message (ack, retry with a delay while message.attempts is low, plain retry
// with the consumer's back-off), a message that uses up max_retries moved to the dead-letter queue with its id,
// and that queue's own consumer (ackAll). Under ledge dev (both isolations) and ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;
interface Delivery { messageId: string; attempts: number; batchSize: number; queue: string; outcome: string }

/** An order's deliveries, polled until `done` (at most 40 s), in the order they happened. */
async function deliveriesUntil(get: Fetch, id: string, done: (d: Delivery[]) => boolean): Promise<Delivery[]> {
  const read = async () => json<{ deliveries: Delivery[] }>(await get(`/orders/${id}`)).deliveries
    .sort((a, b) => (a.queue === b.queue ? a.attempts - b.attempts : a.queue === 'orders' ? -1 : 1));
  let deliveries = await read();
  for (const end = Date.now() + 40_000; !done(deliveries) && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    deliveries = await read();
  }
  assert.ok(done(deliveries), `order ${id}: ${JSON.stringify(deliveries)}`);
  return deliveries;
}

const shipped = (d: Delivery[]) => d.some((x) => x.outcome === 'shipped');

async function exercise(get: Fetch): Promise<void> {
  const post = (body: unknown) => get('/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const many = Array.from({ length: 12 }, (_, i) => ({ id: `o${i + 1}`, item: 'widget', qty: i + 1 }));
  const sent = await post(many);
  assert.equal(sent.status, 202, sent.body);
  assert.deepEqual(json(sent), { queued: 12 });
  assert.deepEqual(json(await post({ id: 'busy', item: 'crate', qty: 1, busyFor: 2 })), { queued: 1 });
  assert.deepEqual(json(await post({ id: 'poison', item: 'anvil', qty: 1, poison: true })), { queued: 1 });

  // The twelve of one sendBatch: each shipped on its first delivery, in batches of at most max_batch_size = 5.
  const batches: number[] = [];
  const ids = new Set<string>();
  for (const order of many) {
    const [only, ...rest] = await deliveriesUntil(get, order.id, shipped);
    assert.deepEqual(rest, [], `${order.id} was delivered once`);
    assert.equal(only?.attempts, 1);
    assert.match(only?.messageId ?? '', /^[0-9a-f]{32}$/);
    ids.add(only?.messageId ?? '');
    batches.push(only?.batchSize ?? 0);
  }
  assert.equal(ids.size, 12, 'every message has its own id');
  assert.equal(Math.max(...batches), 5, `batch sizes ${batches.join(',')}`);

  // Busy twice, retried with a delay each time, shipped on the third delivery: one message throughout.
  const busy = await deliveriesUntil(get, 'busy', shipped);
  assert.deepEqual(busy.map((d) => [d.attempts, d.outcome]), [[1, 'retried'], [2, 'retried'], [3, 'shipped']]);
  assert.equal(new Set(busy.map((d) => d.messageId)).size, 1);

  // Never taken: max_retries = 2 means three deliveries, then the dead-letter queue delivers it afresh.
  const poison = await deliveriesUntil(get, 'poison', (d) => d.some((x) => x.outcome === 'dead'));
  assert.deepEqual(poison.map((d) => [d.queue, d.attempts, d.outcome]), [['orders', 1, 'retried'], ['orders', 2, 'retried'], ['orders', 3, 'retried'], ['orders-dlq', 1, 'dead']]);
  assert.equal(new Set(poison.map((d) => d.messageId)).size, 1, 'the dead-letter queue keeps the message id');

  assert.equal((await get('/orders/nothing-here')).body, '{"deliveries":[]}');
  assert.equal((await get('/elsewhere')).status, 404);
}

// The three runs go at once, each on its own copy of the app: most of each run is waiting out the consumer's
// batch timeout and retry delays, which overlap instead of adding up.
test('a Queues producer and consumer with retries and a dead-letter queue runs unchanged under ledge dev and ledge serve', { timeout: 240_000, concurrency: true }, async (t) => {
  const runs = (['thread', 'process'] as const).map((isolation) =>
    t.test(`ledge dev (${isolation})`, async () => {
      const dir = copyApp('queues-orders');
      const output = await withDev(dir, (url) => exercise((p, init) => call(`${url}${p}`, init)), { args: ['--isolation', isolation, '--state', path.join(dir, `.ledge-${isolation}`)] });
      assert.match(output, /queue "orders": 1 message\(s\) used up 2 retries and moved to the dead-letter queue "orders-dlq"/);
      assert.match(output, /order poison needs a person: it failed every delivery/);
    }));

  runs.push(t.test('ledge serve, after ledge deploy', async () => {
    const dir = copyApp('queues-orders');
    const platform = await startPlatform();
    try {
      const kv = await platform.create('kv', 'LEDGER');
      editConfig(dir, 'wrangler.toml', '9e8d7c6b5a4f4e3d2c1b0a9f8e7d6c5b', kv);
      // What `wrangler queues create` does.
      await platform.create('queue', 'orders');
      await platform.create('queue', 'orders-dlq');
      assert.match((await platform.ledge(['deploy'], { cwd: dir })).out, /deployed queues-orders: version/);
      await exercise((p, init) => platform.visit(hostOf('queues-orders'), p, init));
    } finally {
      await platform.stop();
    }
  }));
  await Promise.all(runs);
});
