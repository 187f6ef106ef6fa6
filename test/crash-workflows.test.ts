// Workflows under kill -9 (issue 16, Done when): a real `ledge dev` is killed twice in the middle of 200
// running instances (steps, retries that fail twice, sleeps, waitForEvent answered after the restart).
// Every instance completes with the right output, no step ever runs again once its result is stored, and
// the step counts match.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deserialize } from 'node:v8';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { interrupt, startDev } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

const INSTANCES = 200;

const APP = `
import { WorkflowEntrypoint } from 'cloudflare:workers';
export class Order extends WorkflowEntrypoint {
  async run(event, step) {
    const env = this.env;
    const id = event.instanceId;
    // Every execution of a step callback is recorded before it returns: (instance, step, attempt).
    const rec = (name, fn) => async (ctx) => {
      await env.DB.prepare('INSERT INTO ran (instance, step, attempt) VALUES (?, ?, ?)').bind(id, name, ctx.attempt).run();
      return fn(ctx);
    };
    const n = event.payload.n;
    const a = await step.do('a', rec('a', async () => { await new Promise((r) => setTimeout(r, 20)); return n + 1; }));
    const b = await step.do('flaky', { retries: { limit: 6, delay: 150, backoff: 'constant' } }, rec('flaky', async (ctx) => {
      if (ctx.attempt < 3) throw new Error('flaky ' + ctx.attempt);
      return a * 2;
    }));
    await step.sleep('nap', 300 + (n % 5) * 150);
    const c = await step.do('c', rec('c', async () => b + 1));
    const go = await step.waitForEvent('go', { type: 'go', timeout: '10 minutes' });
    const d = await step.do('d', rec('d', async () => c + go.payload.add));
    return { n, d };
  }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/setup') {
      await env.DB.prepare('CREATE TABLE IF NOT EXISTS ran (instance TEXT NOT NULL, step TEXT NOT NULL, attempt INTEGER NOT NULL)').run();
      return new Response('ok');
    }
    if (url.pathname === '/ran') return Response.json((await env.DB.prepare('SELECT count(*) AS n FROM ran').first()).n);
    const id = url.searchParams.get('id');
    if (url.pathname === '/create') {
      await env.ORDERS.create({ id, params: { n: Number(url.searchParams.get('n')) } });
      return new Response('created ' + id);
    }
    if (url.pathname === '/event') {
      await (await env.ORDERS.get(id)).sendEvent({ type: 'go', payload: { add: 1000 } });
      return new Response('sent ' + id);
    }
    return new Response('not found', { status: 404 });
  },
};`;

async function eachLimited<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++] as T);
  }));
}

async function ranCount(url: string): Promise<number> {
  return Number(await (await fetch(`${url}/ran`)).text());
}

test('SIGKILL twice in the middle of 200 workflow instances: all complete, no stored step runs again, step counts match', async (t) => {
  const dir = makeProject({ 'src/index.js': APP }, {
    sql_databases: [{ binding: 'DB', database_name: 'ran', database_id: 'crash-workflows-db' }],
    workflows: [{ binding: 'ORDERS', name: 'orders', class_name: 'Order' }],
  });
  const state = tempDir('ledge-crash-workflows-');
  const ids = Array.from({ length: INSTANCES }, (_, n) => `order-${n}`);

  // Round 1: every create acknowledged, then a kill while steps run, retry and sleep.
  let dev = await startDev(dir, ['--state', state]);
  assert.equal(await (await fetch(`${dev.url}/setup`)).text(), 'ok');
  await eachLimited(ids, 8, async (id) => {
    const res = await fetch(`${dev.url}/create?id=${id}&n=${id.split('-')[1]}`);
    assert.equal(await res.text(), `created ${id}`);
  });
  for (const end = Date.now() + 30_000; await ranCount(dev.url) < INSTANCES * 2;) {
    if (Date.now() > end) throw new Error(`the instances did not progress\n${dev.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  dev.child.kill('SIGKILL');
  await dev.exited;

  // Round 2: the events are sent after the restart; killed again while the instances go on.
  dev = await startDev(dir, ['--state', state]);
  const before = await ranCount(dev.url);
  await eachLimited(ids, 8, async (id) => {
    const res = await fetch(`${dev.url}/event?id=${id}`);
    assert.equal(await res.text(), `sent ${id}`);
  });
  for (const end = Date.now() + 30_000; await ranCount(dev.url) < before + INSTANCES / 2;) {
    if (Date.now() > end) throw new Error(`the instances did not progress after the restart\n${dev.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  dev.child.kill('SIGKILL');
  await dev.exited;

  // Round 3: a last process runs every instance to its end.
  dev = await startDev(dir, ['--state', state]);
  const storage = openEmbeddedStorage(state);
  try {
    for (const end = Date.now() + 120_000; ;) {
      const counts = (await storage.workflows.workflows()).find((w) => w.workflow === 'orders')?.counts ?? {};
      if ((counts.complete ?? 0) + (counts.errored ?? 0) + (counts.terminated ?? 0) === INSTANCES) break;
      if (Date.now() > end) throw new Error(`not every instance ended: ${JSON.stringify(counts)}\n${dev.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(await interrupt(dev), 0);

    const ran = (await storage.sql.database('crash-workflows-db', { retentionDays: 30 }).query([{ sql: 'SELECT instance, step, attempt FROM ran', params: [] }], 'objects'))[0]?.results as { instance: string; step: string; attempt: number }[];
    const problems: string[] = [];
    for (const id of ids) {
      const n = Number(id.split('-')[1]);
      const row = await storage.workflows.get('orders', id);
      if (row?.status !== 'complete') {
        problems.push(`${id}: ${row?.status} ${JSON.stringify(row?.error)}`);
        continue;
      }
      assert.deepEqual(deserialize(row.output as Uint8Array), { n, d: (n + 1) * 2 + 1 + 1000 }, id);
      const { steps } = await storage.workflows.steps('orders', id);
      assert.deepEqual(steps.map((s) => `${s.name}:${s.type}:${s.state}`), ['a:do:done', 'flaky:do:done', 'nap:sleep:done', 'c:do:done', 'go:event:done', 'd:do:done'], id);
      assert.equal(await storage.workflows.stepCount('orders', id), 5, `${id}: the step count (do and waitForEvent)`);
      for (const step of steps.filter((s) => s.type === 'do')) {
        const runs = ran.filter((r) => r.instance === id && r.step === step.name);
        const attempts = runs.map((r) => r.attempt);
        // An attempt is recorded before its callback runs; a stored result ends the step for good.
        if (new Set(attempts).size !== attempts.length) problems.push(`${id} ${step.name}: an attempt ran twice (${attempts.join(',')})`);
        if (attempts.some((a) => a > step.attempts)) problems.push(`${id} ${step.name}: ran after its result was stored (attempts ${attempts.join(',')}, stored at ${step.attempts})`);
        if (!attempts.includes(step.attempts)) problems.push(`${id} ${step.name}: the stored attempt ${step.attempts} never ran`);
        if (step.name === 'flaky' && step.attempts < 3) problems.push(`${id} flaky: stored after ${step.attempts} attempts`);
      }
    }
    assert.deepEqual(problems, []);
    // Attempts cut off by a kill may have run before it (their side effects repeat, as docs/bindings/workflows.md says).
    t.diagnostic(`${ran.length} step executions for ${ids.length} instances (${ids.length * 6} without kills)`);
  } finally {
    storage.close();
  }
});
