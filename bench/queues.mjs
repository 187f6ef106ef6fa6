// Durable queue throughput: messages sent with sendBatch (100 per call) by a deployment under `ledge dev`,
// delivered to its queue() handler in batches of 100 and acked, end to end, with delivery latency (send
// to handler) at p50 and p99. The baseline, in the same run: the same send, lease and ack cycle straight on
// the storage port in one process, without isolates or the consumer loop: the cost of the store alone.
// Usage: npm run bench:queues [-- --messages 200000 --producers 4]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startProcess } from './process.mjs';
import { performance } from 'node:perf_hooks';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '200000' }, producers: { type: 'string', default: '4' } } });
const total = Number(values.messages);
const producers = Number(values.producers);
const BATCH = 100;
const root = path.resolve(import.meta.dirname, '..');
const work = path.join(root, '.ledge', 'bench-queues');
const CLI = path.join(root, 'dist', 'cli', 'main.js');

function project() {
  const dir = path.join(work, 'project');
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({
    name: 'bench-queues', main: 'src/index.js', compatibility_date: '2026-10-01',
    queues: { producers: [{ binding: 'Q', queue: 'bench' }], consumers: [{ queue: 'bench', max_batch_size: BATCH, max_batch_timeout: 0.05, dead_letter_queue: 'bench-dlq' }] },
  }));
  writeFileSync(path.join(dir, 'src', 'index.js'), `
    const latencies = [];
    let consumed = 0;
    export default {
      async fetch(request, env) {
        const url = new URL(request.url);
        if (url.pathname === '/stats') {
          const sorted = Float64Array.from(latencies).sort();
          const at = (q) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null;
          return Response.json({ consumed, p50: at(0.5), p99: at(0.99) });
        }
        if (url.pathname === '/reset') { latencies.length = 0; consumed = 0; return new Response('ok'); }
        const batches = Number(url.searchParams.get('batches'));
        const every = Number(url.searchParams.get('every') ?? 0);
        const start = Date.now();
        for (let b = 0; b < batches; b++) {
          if (every) await new Promise((r) => setTimeout(r, Math.max(0, start + b * every - Date.now())));
          const t = Date.now();
          await env.Q.sendBatch(Array.from({ length: ${BATCH} }, (_, i) => ({ body: { t, i, pad: 'x'.repeat(64) } })));
        }
        return new Response('sent');
      },
      async queue(batch) {
        const now = Date.now();
        for (const m of batch.messages) latencies.push(now - m.body.t);
        consumed += batch.messages.length;
      },
    };`);
  return dir;
}

function startDev(dir, state) {
  return startProcess([CLI, 'dev', dir, '--port', '0', '--state', state]);
}

/**
 * Sends, consumes and acks `count` messages through a deployment, as fast as the producers can (no `rate`)
 * or paced at `rate` messages per second; returns messages per second and delivery latencies.
 */
async function throughLedge(server, count, rate) {
  await fetch(`${server.url}/reset`);
  {
    const batchesEach = Math.ceil(count / BATCH / producers);
    const sent = batchesEach * producers * BATCH;
    const every = rate ? Math.round((1000 * BATCH * producers) / rate) : 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: producers }, async () => {
      const res = await fetch(`${server.url}/produce?batches=${batchesEach}&every=${every}`);
      if ((await res.text()) !== 'sent') throw new Error(`producer failed: ${res.status}`);
    }));
    const sentAt = performance.now();
    let stats;
    for (;;) {
      stats = await (await fetch(`${server.url}/stats`)).json();
      if (stats.consumed >= sent) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    return { messages: sent, rate: sent / seconds, sendRate: sent / ((sentAt - started) / 1000), p50: stats.p50, p99: stats.p99 };
  }
}

/** The same cycle on the storage port alone: sendBatch-sized sends, leases of 100 and one ack settlement per batch. */
async function storeAlone() {
  const { openEmbeddedStorage } = await import(path.join(root, 'dist', 'storage', 'embedded.js'));
  const state = path.join(work, 'store-state');
  rmSync(state, { recursive: true, force: true });
  const storage = openEmbeddedStorage(state);
  const policy = { maxAttempts: 4, deadLetterQueue: null };
  const body = new TextEncoder().encode(JSON.stringify({ t: 0, i: 0, pad: 'x'.repeat(64) }));
  const started = performance.now();
  let done = 0;
  let n = 0;
  while (done < total) {
    const now = Date.now();
    await storage.queues.send('bench', Array.from({ length: BATCH }, () => ({ id: String(n++).padStart(32, '0'), body, contentType: 'json', visibleAt: now })), now);
    const leased = await storage.queues.lease('bench', { limit: BATCH, leaseMs: 15_000, now, policy });
    await storage.queues.settle('bench', { acks: leased.messages.map((m) => m.leaseId), retries: [] }, now, policy);
    done += leased.messages.length;
  }
  const seconds = (performance.now() - started) / 1000;
  storage.close();
  return { messages: done, rate: done / seconds };
}

const baseline = await storeAlone();
const state = path.join(work, 'state');
rmSync(state, { recursive: true, force: true });
const server = await startDev(project(), state);
let full;
let paced;
try {
  await throughLedge(server, 10_000); // warm-up
  full = await throughLedge(server, total);
  paced = await throughLedge(server, Math.min(total, 100_000), 10_000);
} finally {
  server.child.kill();
  await once(server.child, 'exit');
}
console.log(`\n${full.messages} messages in batches of ${BATCH}, ${producers} producers, ${new Date().toISOString()}`);
console.log(`store alone (send, lease, ack)   ${baseline.rate.toFixed(0).padStart(8)} msg/s`);
console.log(`ledge dev, as fast as possible   ${full.rate.toFixed(0).padStart(8)} msg/s   (sends alone ${full.sendRate.toFixed(0)} msg/s)   delivery latency p50 ${full.p50} ms, p99 ${full.p99} ms (backlog builds)   vs store alone ${(full.rate / baseline.rate).toFixed(2)}`);
console.log(`ledge dev, paced at 10000 msg/s  ${paced.rate.toFixed(0).padStart(8)} msg/s   delivery latency p50 ${paced.p50} ms, p99 ${paced.p99} ms`);
console.log(`target >= 20000 msg/s end to end: ${full.rate >= 20_000 ? 'reached' : 'not reached'}`);
