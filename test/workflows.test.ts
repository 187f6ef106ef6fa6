// Workflows through a real isolate: steps with retries and stored results, sleeps and events that suspend
// the run, NonRetryableError, the instance API and its limits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '../src/platform/clock.js';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { makeProject, startProject, tempDir } from './helpers.js';

/** The application: a fetch API over env.FLOW, and workflow classes the tests pick by `params.kind`. */
const APP = `
import { WorkflowEntrypoint } from 'cloudflare:workers';
import { NonRetryableError } from 'cloudflare:workflows';
const runs = {};
export class Flow extends WorkflowEntrypoint {
  async run(event, step) {
    const p = event.payload;
    runs[event.instanceId] = (runs[event.instanceId] ?? 0) + 1;
    if (p.kind === 'basic') {
      const a = await step.do('double', async () => p.n * 2);
      let flaky = 0;
      const b = await step.do('flaky', { retries: { limit: 3, delay: 5, backoff: 'constant' } }, async (ctx) => {
        if (ctx.attempt < 3) throw new Error('flaky attempt ' + ctx.attempt);
        return { attempt: ctx.attempt, a };
      });
      await step.sleep('nap', 30);
      const ev = await step.waitForEvent('approval', { type: 'approve', timeout: '1 minute' });
      const loop = [];
      for (let i = 0; i < 3; i++) loop.push(await step.do('loop', async () => i));
      return { a, b, event: ev.payload, type: ev.type, when: ev.timestamp instanceof Date, loop, workflowName: event.workflowName, instanceId: event.instanceId, ts: event.timestamp instanceof Date };
    }
    if (p.kind === 'nonretryable') {
      await step.do('stop', { retries: { limit: 5, delay: 5 } }, async () => { throw new NonRetryableError('no more', 'Fatal'); });
    }
    if (p.kind === 'caught') {
      try { await step.do('stop', async () => { throw new NonRetryableError('caught it'); }); } catch (e) { return 'recovered from ' + e.message; }
    }
    if (p.kind === 'throws') {
      await step.do('fine', async () => 1);
      throw new TypeError('bad run');
    }
    if (p.kind === 'many') {
      for (let i = 0; i < p.n; i++) await step.do('s', async () => i);
      return 'done';
    }
    if (p.kind === 'big') {
      return await step.do('big', { retries: { limit: 0, delay: 1 } }, async () => 'x'.repeat(1024 * 1024 + 10));
    }
    if (p.kind === 'wait') {
      return (await step.waitForEvent('w', { type: 'go', timeout: p.timeout ?? '1 hour' })).payload;
    }
    if (p.kind === 'extended') {
      // A library adds methods to step (the Agents SDK's AgentWorkflow adds reportComplete and others); step's own stay.
      step.report = async (v) => step.do('report', async () => v * 2);
      let replaced;
      try { step.do = () => 'hijacked'; replaced = 'replaced'; } catch (e) { replaced = e.name; }
      return { added: await step.report(p.n), replaced, still: await step.do('after', async () => 'step.do') };
    }
    if (p.kind === 'sleepy') {
      await step.sleep('long', '1 hour');
      return 'woke';
    }
    return null;
  }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.json() : {};
    try {
      if (url.pathname === '/create') return Response.json({ id: (await env.FLOW.create(body)).id });
      if (url.pathname === '/batch') return Response.json({ ids: (await env.FLOW.createBatch(body)).map((i) => i.id) });
      if (url.pathname === '/runs') return Response.json(runs);
      const instance = await env.FLOW.get(url.searchParams.get('id'));
      if (url.pathname === '/status') return Response.json(await instance.status());
      if (url.pathname === '/event') { await instance.sendEvent(body); return Response.json({ ok: true }); }
      if (url.pathname === '/control') { await instance[body.op](); return Response.json({ ok: true }); }
      return new Response('not found', { status: 404 });
    } catch (e) { return Response.json({ error: e.name + ': ' + e.message }); }
  },
};`;

async function flowProject(limits?: { steps: number }) {
  const dir = makeProject({ 'src/index.js': APP }, { workflows: [{ binding: 'FLOW', name: 'flow', class_name: 'Flow', ...(limits ? { limits } : {}) }] });
  const state = tempDir('ledge-wf-');
  const dev = await startProject(dir, { stateDir: state });
  const call = async (path: string, body?: unknown) => (await dev.request(new Request(`http://localhost${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }))).json() as Promise<Record<string, unknown>>;
  const waitFor = async (id: string, statuses: string[], ms = 15_000) => {
    const end = Date.now() + ms;
    for (;;) {
      const status = await call(`/status?id=${id}`);
      if (statuses.includes(status.status as string)) return status;
      if (Date.now() > end) throw new Error(`instance ${id} stayed ${JSON.stringify(status)}\n${dev.logText()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { dev, state, call, waitFor };
}

test('a workflow runs its steps once each: retries, a sleep and an event suspend and resume it; status reports the output', async () => {
  const { dev, state, call, waitFor } = await flowProject();
  try {
    const { id } = await call('/create', { id: 'order-1', params: { kind: 'basic', n: 21 } });
    assert.equal(id, 'order-1');
    const storage = openEmbeddedStorage(state);
    try {
      for (const end = Date.now() + 15_000; (await storage.workflows.step('flow', 'order-1', '1:approval'))?.state !== 'waiting';) {
        if (Date.now() > end) throw new Error(`the instance never waited for its event\n${dev.logText()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 100));
      assert.equal((await call('/status?id=order-1')).status, 'waiting', 'waiting for its event holds no run');
    } finally {
      storage.close();
    }
    assert.deepEqual(await call('/event?id=order-1', { type: 'approve', payload: { by: 'ann' } }), { ok: true });
    const done = await waitFor('order-1', ['complete', 'errored']);
    assert.deepEqual(done, { status: 'complete', output: { a: 42, b: { attempt: 3, a: 42 }, event: { by: 'ann' }, type: 'approve', when: true, loop: [0, 1, 2], workflowName: 'flow', instanceId: 'order-1', ts: true } });
    const runs = await call('/runs');
    assert.ok((runs['order-1'] as number) >= 3, 'run() was replayed after each suspension');
    const again = openEmbeddedStorage(state);
    try {
      const { steps, attempts } = await again.workflows.steps('flow', 'order-1');
      assert.deepEqual(steps.map((s) => [s.name, s.type, s.state, s.attempts]), [
        ['double', 'do', 'done', 1], ['flaky', 'do', 'done', 3], ['nap', 'sleep', 'done', 0], ['approval', 'event', 'done', 0], ['loop', 'do', 'done', 1], ['loop', 'do', 'done', 1], ['loop', 'do', 'done', 1],
      ]);
      assert.equal(attempts.filter((a) => a.key === '1:flaky').length, 3);
      assert.deepEqual(attempts.filter((a) => a.key === '1:flaky').map((a) => a.error?.message ?? null), ['flaky attempt 1', 'flaky attempt 2', null]);
    } finally {
      again.close();
    }
  } finally {
    await dev.close();
  }
});

test('step accepts methods a library adds, and keeps its own', async () => {
  const { dev, call, waitFor } = await flowProject();
  try {
    await call('/create', { id: 'ext', params: { kind: 'extended', n: 21 } });
    assert.deepEqual(await waitFor('ext', ['complete', 'errored']), { status: 'complete', output: { added: 42, replaced: 'TypeError', still: 'step.do' } });
  } finally {
    await dev.close();
  }
});

test('NonRetryableError fails the instance at once; run() may catch it; an uncaught error is errored with { name, message }', async () => {
  const { dev, call, waitFor } = await flowProject();
  try {
    await call('/create', { id: 'nr', params: { kind: 'nonretryable' } });
    await call('/create', { id: 'caught', params: { kind: 'caught' } });
    await call('/create', { id: 'throws', params: { kind: 'throws' } });
    assert.deepEqual(await waitFor('nr', ['errored', 'complete']), { status: 'errored', error: { name: 'Fatal', message: 'no more' } });
    assert.deepEqual(await waitFor('caught', ['errored', 'complete']), { status: 'complete', output: 'recovered from caught it' });
    assert.deepEqual(await waitFor('throws', ['errored', 'complete']), { status: 'errored', error: { name: 'TypeError', message: 'bad run' } });
    const runs = await call('/runs');
    assert.equal(runs.nr, 1, 'no retry after NonRetryableError');
  } finally {
    await dev.close();
  }
});

test('instance API: ids are validated, an existing id is refused, get() of a missing id throws, limits answer with the reference messages', async () => {
  const { dev, call, waitFor } = await flowProject({ steps: 5 });
  try {
    assert.deepEqual(await call('/create', { id: '-bad', params: {} }), { error: 'Error: Workflow instance has invalid id' });
    assert.deepEqual(await call('/create', { id: 'x'.repeat(65), params: {} }), { error: 'Error: Workflow instance has invalid id' });
    await call('/create', { id: 'dup', params: { kind: 'none' } });
    assert.match(String((await call('/create', { id: 'dup', params: {} })).error), /instance\.already_exists/);
    assert.match(String((await call('/status?id=missing')).error), /instance\.not_found/);
    const batch = await call('/batch', [{ id: 'b1', params: { kind: 'none' } }, { params: { kind: 'none' } }]);
    assert.equal((batch.ids as string[]).length, 2);
    assert.match(String((await call('/batch', [{ id: 'b3', params: {} }, { id: 'dup', params: {} }])).error), /instance\.already_exists/);
    assert.match(String((await call('/status?id=b3')).error), /instance\.not_found/, 'a batch is all or none');
    await call('/create', { id: 'many', params: { kind: 'many', n: 6 } });
    assert.deepEqual(await waitFor('many', ['errored', 'complete']), { status: 'errored', error: { name: 'Error', message: 'The limit of 5 steps has been reached. This limit can be changed in your worker configuration.' } });
    await call('/create', { id: 'big', params: { kind: 'big' } });
    const big = await waitFor('big', ['errored', 'complete']);
    assert.equal(big.status, 'errored');
    assert.match(String((big.error as { message: string }).message), /at most 1048576 bytes/);
    assert.match(String((await call('/event?id=dup', { type: 't', payload: 'x'.repeat(1024 * 1024 + 1) })).error), /limit is 1048576 bytes/);
  } finally {
    await dev.close();
  }
});

test('pause, resume, terminate and restart; waitForEvent times out with an error', async () => {
  const { dev, call, waitFor } = await flowProject();
  try {
    await call('/create', { id: 'p', params: { kind: 'wait' } });
    await waitFor('p', ['waiting']);
    assert.deepEqual(await call('/control?id=p', { op: 'pause' }), { ok: true });
    assert.equal((await call('/status?id=p')).status, 'paused');
    await call('/event?id=p', { type: 'go', payload: 7 });
    await new Promise((r) => setTimeout(r, 200));
    assert.equal((await call('/status?id=p')).status, 'paused', 'a paused instance does not run, even with its event');
    assert.match(String((await call('/control?id=p', { op: 'resume' })).error ?? ''), /^$/);
    assert.deepEqual(await waitFor('p', ['complete']), { status: 'complete', output: 7 });
    assert.match(String((await call('/control?id=p', { op: 'terminate' })).error), /already complete/);
    await call('/control?id=p', { op: 'restart' });
    await waitFor('p', ['waiting']);
    await call('/control?id=p', { op: 'terminate' });
    assert.equal((await call('/status?id=p')).status, 'terminated');
    assert.match(String((await call('/event?id=p', { type: 'go' })).error), /has ended/);
    await call('/create', { id: 't', params: { kind: 'wait', timeout: 50 } });
    const timedOut = await waitFor('t', ['errored', 'complete']);
    assert.equal(timedOut.status, 'errored');
    assert.match(String((timedOut.error as { message: string }).message), /timed out/);
  } finally {
    await dev.close();
  }
});

test('at most 100 instances of an account run at once: the others wait as queued and run when a slot frees', async () => {
  const dir = makeProject({
    'src/index.js': `
      import { WorkflowEntrypoint } from 'ledge:workers';
      export class Slow extends WorkflowEntrypoint {
        async run(event, step) { return step.do('slow', async () => { await new Promise((r) => setTimeout(r, 1500)); return event.payload; }); }
      }
      export default {
        async fetch(request, env) {
          const ids = [];
          for (let i = 0; i < 105; i += 35) ids.push(...(await env.SLOW.createBatch(Array.from({ length: 35 }, (_, j) => ({ id: 's' + (i + j), params: i + j })))).map((x) => x.id));
          return Response.json(ids);
        },
      };`,
  }, { workflows: [{ binding: 'SLOW', name: 'slow', class_name: 'Slow' }] });
  const state = tempDir('ledge-wf-');
  const dev = await startProject(dir, { stateDir: state });
  const storage = openEmbeddedStorage(state);
  try {
    assert.equal(((await (await dev.request(new Request('http://localhost/'))).json()) as string[]).length, 105);
    let sawQueued = false;
    for (const end = Date.now() + 30_000; ;) {
      const counts = (await storage.workflows.workflows())[0]?.counts ?? {};
      assert.ok((counts.running ?? 0) <= 100, `never more than 100 running: ${JSON.stringify(counts)}`);
      if ((counts.running ?? 0) === 100 && (counts.queued ?? 0) === 5) sawQueued = true;
      if (counts.complete === 105) break;
      if (Date.now() > end) throw new Error(`not all complete: ${JSON.stringify(counts)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(sawQueued, '100 ran while 5 waited as queued');
  } finally {
    storage.close();
    await dev.close();
  }
});

test('an ended instance is kept 30 days, then deleted with its steps and events', async () => {
  const clock = createManualClock();
  const dir = makeProject({ 'src/index.js': APP }, { workflows: [{ binding: 'FLOW', name: 'flow', class_name: 'Flow' }] });
  const state = tempDir('ledge-wf-');
  const dev = await startProject(dir, { stateDir: state, clock, runnerTimers: false });
  const storage = openEmbeddedStorage(state);
  try {
    await dev.request(new Request('http://localhost/create', { method: 'POST', body: JSON.stringify({ id: 'old', params: { kind: 'many', n: 2 } }) }));
    await dev.workflows.tick();
    assert.equal((await storage.workflows.get('flow', 'old'))?.status, 'complete');
    clock.advance(29 * 24 * 3600 * 1000);
    await dev.workflows.tick();
    assert.equal((await storage.workflows.get('flow', 'old'))?.status, 'complete', 'kept within 30 days');
    clock.advance(2 * 24 * 3600 * 1000);
    await dev.workflows.tick();
    assert.equal(await storage.workflows.get('flow', 'old'), null);
    assert.deepEqual((await storage.workflows.steps('flow', 'old')).steps, []);
  } finally {
    storage.close();
    await dev.close();
  }
});

test('a workflow cron starts one instance per window with event.schedule; a window fired again starts no second one', async () => {
  const minute = Date.UTC(2026, 9, 1, 12, 0);
  const clock = createManualClock(minute);
  const dir = makeProject({
    'src/index.js': `
      import { WorkflowEntrypoint } from 'ledge:workers';
      export class Tick extends WorkflowEntrypoint {
        async run(event, step) { return step.do('seen', async () => ({ cron: event.schedule.cron, at: event.schedule.scheduledTime, id: event.instanceId })); }
      }
      export default { async fetch() { return new Response('ok'); } };`,
  }, { workflows: [{ binding: 'TICK', name: 'tick', class_name: 'Tick', triggers: { crons: ['* * * * *'] } }] });
  const state = tempDir('ledge-wf-');
  let dev = await startProject(dir, { stateDir: state, clock, runnerTimers: false, cronTimers: false });
  const storage = openEmbeddedStorage(state);
  try {
    await dev.workflows.tick();
    await dev.workflows.tick();
    let list = await storage.workflows.list('tick', { limit: 10 });
    assert.equal(list.length, 1, 'one instance for the window at 12:00');
    assert.equal(list[0]?.status, 'complete');
    assert.deepEqual((await storage.workflows.get('tick', list[0]?.id ?? ''))?.schedule, JSON.stringify({ cron: '* * * * *', scheduledTime: minute }));
    // The process died after creating the 12:00 instance and before recording the window as finished: the next start fires it again.
    await storage.cron.started('test-app/workflow:tick', '* * * * *', minute);
    await dev.close();
    dev = await startProject(dir, { stateDir: state, clock, runnerTimers: false, cronTimers: false });
    await dev.workflows.tick();
    assert.equal((await storage.cron.get('test-app/workflow:tick', '* * * * *')).started, null, 'the window was fired again');
    assert.equal((await storage.workflows.list('tick', { limit: 10 })).length, 1, 'the same window found its instance: no second one');
    clock.advance(60_000);
    await dev.workflows.tick();
    list = await storage.workflows.list('tick', { limit: 10 });
    assert.equal(list.length, 2, 'the 12:01 window starts its own');
    assert.ok(list.every((row) => row.status === 'complete'));
  } finally {
    storage.close();
    await dev.close();
  }
});
