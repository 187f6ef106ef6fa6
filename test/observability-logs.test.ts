import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { makeProject, startProject } from './helpers.js';
import type { InvocationRecord } from '../src/observability/record.js';

const SECRET = 'sk_live_7f3a9c1e5b2d4f60';

/** Every byte the project's observability store holds on disk (the database and its write-ahead log). */
function storedBytes(stateDir: string): string {
  return readdirSync(stateDir).filter((f) => f.startsWith('observability.sqlite')).map((f) => readFileSync(path.join(stateDir, f)).toString('latin1')).join('');
}

async function recordsOf(server: Awaited<ReturnType<typeof startProject>>): Promise<InvocationRecord[]> {
  await server.observability.flush();
  return server.observability.store().records.query({}, () => true, 1000, 100_000);
}

test('one structured record per event, with its console lines and levels; query values and secrets never stored', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default {
      async fetch(request, env) {
        const url = new URL(request.url);
        console.log('handling', url.pathname, 'with', env.API_TOKEN);
        console.warn('a warning');
        if (url.pathname === '/throw') throw new Error('failed using ' + env.API_TOKEN);
        console.error('an error line');
        return new Response('ok', { status: 201 });
      },
      async scheduled(controller, env) { console.info('cron ran', controller.cron); },
    };`,
    '.dev.vars': `API_TOKEN=${SECRET}\n`,
  }, { observability: { logs: { enabled: true } }, triggers: { crons: ['*/5 * * * *'] } });
  const server = await startProject(dir, { cronTimers: false });
  t.after(() => server.close());

  const ok = await server.request(new Request(`http://app.test/items?token=${SECRET}&page=2`, { method: 'POST', body: 'x' }));
  assert.equal(ok.status, 201);
  const failed = await server.request(new Request('http://app.test/throw'));
  assert.equal(failed.status, 500);
  await server.cron.trigger('*/5 * * * *');

  const records = await recordsOf(server);
  assert.equal(records.length, 3, 'one record per event');
  const fetchOk = records.find((r) => r.url?.includes('/items'));
  assert.ok(fetchOk);
  assert.equal(fetchOk.kind, 'fetch');
  assert.equal(fetchOk.deployment, 'test-app');
  assert.equal(fetchOk.method, 'POST');
  assert.equal(fetchOk.status, 201);
  assert.equal(fetchOk.outcome, 'ok');
  assert.equal(fetchOk.origin, 'application');
  assert.equal(fetchOk.url, 'http://app.test/items?token=REDACTED&page=REDACTED');
  assert.match(fetchOk.request_id ?? '', /^[0-9a-f]+/);
  assert.equal(typeof fetchOk.cpu_ms, 'number');
  assert.ok(fetchOk.wall_ms >= 0);
  assert.equal(fetchOk.subrequests, 0);
  assert.deepEqual(fetchOk.logs.map((l) => [l.level, l.message]), [
    ['info', 'handling /items with [secret redacted]'],
    ['warn', 'a warning'],
    ['error', 'an error line'],
  ]);

  const thrown = records.find((r) => r.url === 'http://app.test/throw');
  assert.ok(thrown);
  assert.equal(thrown.outcome, 'exception');
  assert.equal(thrown.status, 500);
  assert.equal(thrown.origin, 'platform');
  assert.equal(thrown.error?.name, 'Error');
  assert.equal(thrown.error?.message, 'failed using [secret redacted]');

  const cron = records.find((r) => r.kind === 'scheduled');
  assert.ok(cron);
  assert.equal(cron.trigger, '*/5 * * * *');
  assert.equal(cron.outcome, 'ok');
  assert.deepEqual(cron.logs.map((l) => l.message), ['cron ran */5 * * * *']);

  // The attacker's check: the secret's value appears nowhere in the stored bytes, in any form.
  const bytes = storedBytes(path.join(dir, '.ledge'));
  assert.ok(bytes.length > 0);
  assert.ok(bytes.includes('a warning'), 'the store holds the records');
  for (const form of [SECRET, encodeURIComponent(SECRET), SECRET.slice(3)]) assert.ok(!bytes.includes(form), `the store holds the secret (${form.length} characters)`);
});

test('a deployment may opt in to query values; logs off or sampled out store nothing', async (t) => {
  const app = { 'src/index.js': 'export default { fetch() { console.log("hi"); return new Response("ok"); } };' };
  const keep = await startProject(makeProject(app, { observability: { logs: { enabled: true, keep_query_values: true } } }));
  t.after(() => keep.close());
  await keep.request(new Request('http://app.test/?q=shoes'));
  assert.equal((await recordsOf(keep))[0]?.url, 'http://app.test/?q=shoes');

  const off = await startProject(makeProject(app));
  t.after(() => off.close());
  await off.request(new Request('http://app.test/'));
  assert.equal((await recordsOf(off)).length, 0, 'logs are off by default');

  const sampled = await startProject(makeProject(app, { observability: { enabled: true, head_sampling_rate: 0 } }));
  t.after(() => sampled.close());
  for (let i = 0; i < 20; i++) await sampled.request(new Request('http://app.test/'));
  assert.equal((await recordsOf(sampled)).length, 0, 'a sampling rate of 0 stores nothing');

  const quiet = await startProject(makeProject({ 'src/index.js': 'export default { fetch(r) { if (new URL(r.url).pathname === "/talk") console.log("said"); return new Response("ok"); } };' }, { observability: { logs: { enabled: true, invocation_logs: false } } }));
  t.after(() => quiet.close());
  await quiet.request(new Request('http://app.test/'));
  await quiet.request(new Request('http://app.test/talk'));
  assert.deepEqual((await recordsOf(quiet)).map((r) => r.logs.map((l) => l.message)), [['said']], 'without invocation logs, only events that logged are stored');
});

test('a CPU limit is recorded with its outcome, and subrequests are counted', async (t) => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname === '/spin') { for (;;) {} }
      if (url.pathname === '/fetch') { await fetch('data:text/plain,one'); await fetch('data:text/plain,two'); }
      return new Response('ok');
    } };`,
  }, { observability: { logs: { enabled: true } }, limits: { cpu_ms: 300 } });
  const server = await startProject(dir);
  t.after(() => server.close());
  assert.equal((await server.request(new Request('http://app.test/fetch'))).status, 200);
  assert.equal((await server.request(new Request('http://app.test/spin'))).status, 503);
  const records = await recordsOf(server);
  const spun = records.find((r) => r.url?.endsWith('/spin'));
  assert.equal(spun?.outcome, 'exceeded_cpu');
  assert.equal(spun?.status, 503);
  assert.equal(spun?.origin, 'platform');
  assert.equal(records.find((r) => r.url?.endsWith('/fetch'))?.subrequests, 2);
});

test('each run of a workflow instance is an event with its record: kind workflow, the workflow and instance as trigger, its step.do console lines, an errored run as an exception', async (t) => {
  const dir = makeProject({
    'src/index.js': `import { WorkflowEntrypoint } from 'cloudflare:workers';
    export class Flow extends WorkflowEntrypoint {
      async run(event, step) {
        const n = await step.do('double', async () => { console.log('doubling', event.payload.n); return event.payload.n * 2; });
        if (event.payload.fail) throw new TypeError('bad run ' + n);
        return n;
      }
    }
    export default {
      async fetch(request, env) {
        const body = await request.json();
        const instance = await env.FLOW.create(body);
        return Response.json({ id: instance.id });
      },
    };`,
  }, { observability: { logs: { enabled: true } }, workflows: [{ binding: 'FLOW', name: 'flow', class_name: 'Flow' }] });
  const server = await startProject(dir);
  t.after(() => server.close());
  for (const [id, params] of [['ok-1', { n: 21 }], ['bad-1', { n: 2, fail: true }]] as const) {
    assert.equal((await server.request(new Request('http://app.test/', { method: 'POST', body: JSON.stringify({ id, params }) }))).status, 200);
  }
  let runs: InvocationRecord[] = [];
  for (const end = Date.now() + 20_000; runs.length < 2;) {
    if (Date.now() > end) throw new Error(`no workflow records: ${JSON.stringify(await recordsOf(server))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    runs = (await recordsOf(server)).filter((r) => r.kind === 'workflow');
  }
  const ok = runs.find((r) => r.trigger === 'flow/ok-1');
  assert.ok(ok, JSON.stringify(runs));
  assert.equal(ok.outcome, 'ok');
  // console.log inside step.do is a line of that run's record, not of the request that created the instance.
  assert.deepEqual(ok.logs.map((l) => [l.level, l.message]), [['info', 'doubling 21']]);
  assert.ok((await recordsOf(server)).filter((r) => r.kind === 'fetch').every((r) => r.logs.length === 0));
  const bad = runs.find((r) => r.trigger === 'flow/bad-1');
  assert.equal(bad?.outcome, 'exception');
  assert.deepEqual([bad?.error?.name, bad?.error?.message], ['TypeError', 'bad run 4']);
});
