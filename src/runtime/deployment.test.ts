// The watchdog of a deployment runtime against real isolates (worker threads): CPU used with no event in
// flight is charged and bounded, and a retired version stops as soon as its events in flight finish.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { createLogger, createMemorySink, type LogRecord } from '../platform/logger.js';
import { DeploymentRuntime } from './deployment.js';
import type { DispatchResponse } from './isolate.js';

/** Module state shows whether a fresh isolate answers; each path starts one kind of work after its response. */
const MODULE = `let requests = 0;
let steps = 0;
const burn = (ms) => { const end = Date.now() + ms; while (Date.now() < end) {} };
export default { async fetch(request, env, ctx) {
  requests++;
  switch (new URL(request.url).pathname) {
    case '/chain': { const step = () => { steps++; burn(20); setTimeout(step, 0); }; setTimeout(step, 0); return new Response('chain started'); }
    case '/spin': setTimeout(() => { for (;;) {} }, 0); return new Response('spin started');
    case '/tidy': setInterval(() => burn(2), 100); return new Response('tidy started');
    case '/work': burn(200); return new Response('worked');
    case '/slow': await new Promise((r) => setTimeout(r, 400)); return new Response('slow done');
    case '/held': ctx.waitUntil(new Promise(() => {})); globalThis.setTimeout = () => 0; return new Response('held');
    default: return Response.json({ requests, steps });
  }
} };`;

async function startRuntime(limits: Partial<Limits> = {}, waitUntilMs?: number, source = MODULE): Promise<{ runtime: DeploymentRuntime; logs: LogRecord[]; get(path: string): Promise<string> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-watchdog-'));
  const bundleFile = path.join(dir, 'index.mjs');
  writeFileSync(bundleFile, source);
  const sink = createMemorySink();
  const runtime = new DeploymentRuntime({ logger: createLogger(sink, 'burner'), ...(waitUntilMs === undefined ? {} : { waitUntilMs }) });
  await runtime.load({ id: 'v1', name: 'burner', compatibilityDate: '2026-10-01', bundleFile, vars: {}, limits: { ...DEFAULT_LIMITS, ...limits }, compatibilityFlags: [], bindings: [] });
  const get = async (urlPath: string) => text(await runtime.dispatch({ method: 'GET', url: `http://app.test${urlPath}`, headers: [], body: null }));
  return { runtime, logs: sink.records, get };
}

async function text(response: DispatchResponse): Promise<string> {
  const { body } = response;
  if (body === null) return '';
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString();
  let out = '';
  for await (const chunk of body) out += Buffer.from(chunk).toString();
  return out;
}

async function eventually(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const background = (logs: LogRecord[]) => logs.filter((r) => r.fields?.reason === 'background');

test('a setTimeout chain that keeps burning CPU after the response is charged, stopped and logged; the next event gets a fresh isolate', async (t) => {
  const { runtime, logs, get } = await startRuntime({ cpu_ms: 300 });
  t.after(() => runtime.close());
  assert.equal(await get('/chain'), 'chain started');
  await eventually(() => background(logs).length === 1, 'the background stop');
  const [stop] = background(logs);
  assert.match(stop?.message ?? '', /exceeded its CPU time limit with no event in flight \(limits\.cpu_ms = 300\): it used \d+ ms of CPU more than its idle time forgives; the isolate is stopped and the next event starts a fresh one/);
  assert.equal(stop?.fields?.code, 'exceeded_cpu');
  assert.equal(stop?.fields?.version, 'v1');
  assert.ok(runtime.cpu.backgroundMs >= 300, `background CPU is charged (${runtime.cpu.backgroundMs} ms)`);
  assert.deepEqual(JSON.parse(await get('/')), { requests: 1, steps: 0 }, 'a fresh isolate: module state starts over');
});

test('a while(true) started in a timer after the response is stopped and logged', async (t) => {
  const { runtime, logs, get } = await startRuntime({ cpu_ms: 300 });
  t.after(() => runtime.close());
  assert.equal(await get('/spin'), 'spin started');
  await eventually(() => background(logs).length === 1, 'the background stop');
  assert.match(background(logs)[0]?.message ?? '', /with no event in flight \(limits\.cpu_ms = 300\): (its event loop has not turned for \d+ ms|it used \d+ ms of CPU more than its idle time forgives)/);
  assert.deepEqual(JSON.parse(await get('/')), { requests: 1, steps: 0 });
});

test('a module that starts a busy loop as it loads is stopped, and no spare isolate spins it up again until an event comes', async (t) => {
  const looping = `const step = () => { const end = Date.now() + 20; while (Date.now() < end) {} setTimeout(step, 0); };
    setTimeout(step, 0);
    export default { fetch() { return new Response('up'); } };`;
  const { runtime, logs, get } = await startRuntime({ cpu_ms: 300 }, undefined, looping);
  t.after(() => runtime.close());
  await eventually(() => background(logs).length === 1, 'the background stop');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const used = runtime.cpu.cpuMs;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  assert.ok(runtime.cpu.cpuMs - used < 50, `nothing runs until the next event (${runtime.cpu.cpuMs - used} ms more)`);
  assert.equal(background(logs).length, 1);
  assert.equal(await get('/'), 'up', 'the next event starts a fresh isolate');
  await eventually(() => background(logs).length === 2, 'the fresh isolate to be stopped in turn');
});

test('CPU used inside an event is charged to the event, and light housekeeping timers are never stopped', async (t) => {
  const { runtime, logs, get } = await startRuntime({ cpu_ms: 1000 });
  t.after(() => runtime.close());
  assert.equal(await get('/work'), 'worked');
  assert.equal(await get('/tidy'), 'tidy started');
  // 2 ms every 100 ms: a fiftieth of a core, well under what idle time forgives.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await get('/');
  const { cpuMs, backgroundMs } = runtime.cpu;
  assert.ok(cpuMs - backgroundMs >= 200, `the 200 ms of work in the event is charged to events (${cpuMs} ms in all, ${backgroundMs} ms in the background)`);
  assert.ok(backgroundMs > 0, 'the timer work is charged too');
  assert.deepEqual(background(logs), []);
  assert.deepEqual(JSON.parse(await get('/')), { requests: 4, steps: 0 }, 'the same isolate still serves');
});

test('a retired version finishes its events in flight, then stops at once, background loop and all', { timeout: 30_000 }, async (t) => {
  const { runtime, get } = await startRuntime();
  t.after(() => runtime.close());
  assert.equal(await get('/chain'), 'chain started');
  const slow = get('/slow');
  const retired = runtime.retire();
  let settled = false;
  void retired.then(() => { settled = true; });
  assert.equal(await slow, 'slow done', 'the event in flight finishes on the retired version');
  await retired;
  assert.ok(settled);
  await assert.rejects(get('/'), { code: 'isolate_failed' }, 'a retired version starts no new isolate');
  assert.ok(runtime.cpu.backgroundMs > 0, 'the background loop was charged until it stopped');
});

test('ctx.waitUntil work counts as in flight only within its bound, even when the application replaces setTimeout', { timeout: 30_000 }, async (t) => {
  const { runtime, logs, get } = await startRuntime({}, 300);
  t.after(() => runtime.close());
  assert.equal(await get('/held'), 'held');
  await runtime.retire();
  assert.ok(logs.some((r) => r.level === 'warn' && /ctx\.waitUntil\(\) work was still counted 0\.3 s after the response/.test(r.message)));
});
