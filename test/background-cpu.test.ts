// CPU between events under a real platform (listeners, hosting, isolates): work an application leaves running
// after its response is charged and stopped, a replaced or deleted version stops as soon as its events in
// flight finish, and other deployments keep answering throughout.
import { test } from 'node:test';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { eventually, makeProject, startProject } from './helpers.js';
import { deployBody, moduleBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';
import type { LogRecord } from '../src/platform/logger.js';

/** Starts work after its response: a busy setTimeout chain, or a loop that never yields. */
const BURNER = `let requests = 0;
const burn = (ms) => { const end = Date.now() + ms; while (Date.now() < end) {} };
export default { fetch(request) {
  requests++;
  const path = new URL(request.url).pathname;
  if (path === '/chain') { const step = () => { burn(20); setTimeout(step, 0); }; setTimeout(step, 0); return new Response('chain started'); }
  if (path === '/spin') { setTimeout(() => { for (;;) {} }, 0); return new Response('spin started'); }
  return new Response('requests=' + requests);
} };`;

/** A background chain that writes a heartbeat to KV, so a test can see whether the isolate still runs. */
function ticker(label: string): string {
  return `let n = 0;
export default { async fetch(request, env) {
  const path = new URL(request.url).pathname;
  if (path === '/start') {
    const step = async () => { n++; const end = Date.now() + 5; while (Date.now() < end) {} await env.TICKS.put('beat', ${JSON.stringify(label)} + ':' + n); setTimeout(step, 10); };
    void step();
    return new Response(${JSON.stringify(`${label} started`)});
  }
  if (path === '/slow') { await new Promise((r) => setTimeout(r, 500)); return new Response(${JSON.stringify(`${label} slow done`)}); }
  return new Response(String(await env.TICKS.get('beat')));
} };`;
}

const READER = `export default { async fetch(request, env) { return new Response(String(await env.TICKS.get('beat'))); } };`;

async function deploy(p: TestPlatform, name: string, source: string, config: Record<string, unknown>): Promise<string> {
  const answer = await p.call('PUT', `/accounts/${p.accountId}/deployments/${name}`, { body: deployBody(source, config) });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.result.version.id as string;
}

const stops = (logs: LogRecord[], source: string) => logs.filter((r) => r.source === source && r.fields?.reason === 'background');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('ledge serve: a setTimeout chain and a while(true) left running after the response are stopped and logged, and other deployments keep answering', { timeout: 60_000 }, async () => {
  const p = await startTestPlatform();
  try {
    const version = await deploy(p, 'burner', BURNER, { routes: ['burner.example.com'], limits: { cpu_ms: 300 } });
    await deploy(p, 'calm', moduleBody('calm'), { routes: ['calm.example.com'] });
    for (const [path, started] of [['/chain', 'chain started'], ['/spin', 'spin started']] as const) {
      const before = stops(p.logs, 'burner').length;
      assert.equal(await (await p.visit('burner.example.com', path)).text(), started);
      const deadline = Date.now() + 15_000;
      while (stops(p.logs, 'burner').length === before) {
        assert.ok(Date.now() < deadline, `the work left running by ${path} was never stopped`);
        assert.equal(await (await p.visit('calm.example.com')).text(), 'calm', 'another deployment answers meanwhile');
        await sleep(20);
      }
      const stop = stops(p.logs, 'burner').at(-1);
      assert.match(stop?.message ?? '', /exceeded its CPU time limit with no event in flight \(limits\.cpu_ms = 300\)/);
      assert.deepEqual([stop?.level, stop?.fields?.code, stop?.fields?.version], ['error', 'exceeded_cpu', version]);
      assert.ok(Number(stop?.fields?.cpu_used_ms) >= 300, 'the CPU it burnt is charged to the version');
      assert.equal(await (await p.visit('burner.example.com')).text(), 'requests=1', 'the next request starts a fresh isolate');
    }
  } finally {
    await p.close();
  }
});

test('ledge serve: a replaced or deleted version with a background loop stops as soon as its events in flight finish', { timeout: 60_000 }, async () => {
  const p = await startTestPlatform();
  try {
    const ns = await p.call('POST', `/accounts/${p.accountId}/storage/kv/namespaces`, { body: { title: 'ticks' } });
    const bind = { kv_namespaces: [{ binding: 'TICKS', id: ns.body.result.id as string }] };
    await deploy(p, 'reader', READER, { ...bind, routes: ['reader.example.com'] });
    const beat = async () => (await p.visit('reader.example.com')).text();
    /** The heartbeat moves while the loop runs; returns whether it moved in a quarter of a second. */
    const moving = async () => { const first = await beat(); await sleep(250); return (await beat()) !== first; };

    const v1 = await deploy(p, 'ticker', ticker('v1'), { ...bind, routes: ['ticker.example.com'] });
    assert.equal(await (await p.visit('ticker.example.com', '/start')).text(), 'v1 started');
    await assertEventually(moving, 'the v1 loop beats');
    const slow = p.visit('ticker.example.com', '/slow');
    await sleep(50);
    const v2 = await deploy(p, 'ticker', ticker('v2'), { ...bind, routes: ['ticker.example.com'] });
    assert.equal(await (await slow).text(), 'v1 slow done', 'the request in flight on v1 finishes there');
    await eventually(() => p.logs.some((r) => r.message.startsWith(`version ${v1} stopped (replaced)`)), 10_000, 'v1 to stop');
    assert.match((await beat()), /^v1:/);
    assert.equal(await moving(), false, 'the replaced version no longer runs');
    const stopped = p.logs.find((r) => r.message.startsWith(`version ${v1} stopped`));
    assert.ok(Number(stopped?.fields?.background_cpu_ms) > 0, 'its background CPU is charged and logged');

    assert.equal(await (await p.visit('ticker.example.com', '/start')).text(), 'v2 started');
    await assertEventually(async () => (await beat()).startsWith('v2:') && moving(), 'the v2 loop beats');
    assert.equal((await p.call('DELETE', `/accounts/${p.accountId}/deployments/ticker`)).status, 200);
    await eventually(() => p.logs.some((r) => r.message.startsWith(`version ${v2} stopped (deleted)`)), 10_000, 'v2 to stop');
    assert.equal(await moving(), false, 'the deleted version no longer runs');
    assert.match(await beat(), /^v2:/, 'the other deployment kept answering');
  } finally {
    await p.close();
  }
});

test('ledge dev: after a reload, the previous version with a background loop stops once its events finish', { timeout: 60_000 }, async (t) => {
  const dir = makeProject({ 'src/index.js': ticker('v1') }, { kv_namespaces: [{ binding: 'TICKS', id: 'ticks' }] });
  const server = await startProject(dir);
  t.after(() => server.close());
  const beat = async () => (await server.request(new Request('http://app.test/'))).text();
  const moving = async () => { const first = await beat(); await sleep(250); return (await beat()) !== first; };
  assert.equal(await (await server.request(new Request('http://app.test/start'))).text(), 'v1 started');
  await assertEventually(moving, 'the v1 loop beats');
  const slow = server.request(new Request('http://app.test/slow'));
  await sleep(50);
  writeFileSync(path.join(dir, 'src', 'index.js'), ticker('v2'));
  await server.reload();
  assert.equal(await (await slow).text(), 'v1 slow done');
  await assertEventually(async () => !(await moving()), 'the v1 loop to stop');
  assert.match(await beat(), /^v1:/);
});

async function assertEventually(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
}
