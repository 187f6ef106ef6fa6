// The second attacker of the escape suites (test/sandbox-escape-runtime*.test.ts): attacks on the runtime itself
// rather than on the filesystem, each answering with what happened as JSON. Bindings: a key-value namespace
// (CACHE) and a queue producer (Q); the deployment with nodejs_compat tries Node's modules by computed names.
import assert from 'node:assert/strict';
import { deployBody } from './serve-helpers.js';
import type { EscapeRig } from './sandbox-helpers.js';

/** Deploys RUNTIME_ATTACKER as A's deployments \`rt\` (tight limits), \`big\` (room for bursts) and \`compat\` (nodejs_compat). */
export async function deployRuntimeAttacker(rig: EscapeRig): Promise<void> {
  const ns = await rig.p.call('POST', `/accounts/${rig.a}/storage/kv/namespaces`, { body: { title: 'a-cache' } });
  assert.equal(ns.status, 201, ns.text);
  const queue = await rig.p.call('POST', `/accounts/${rig.a}/queues`, { body: { queue_name: 'a-jobs' } });
  assert.equal(queue.status, 201, queue.text);
  const bindings = { edge_dev: true, kv_namespaces: [{ binding: 'CACHE', id: ns.body.result.id }], queues: { producers: [{ binding: 'Q', queue: 'a-jobs' }] } };
  for (const [name, extra] of [
    ['rt', { limits: { cpu_ms: 2000, memory_mb: 128 } }],
    ['big', { limits: { cpu_ms: 60_000, memory_mb: 512 } }],
    ['compat', { limits: { cpu_ms: 2000, memory_mb: 128 }, compatibility_flags: ['nodejs_compat'] }],
  ] as const) {
    const deployed = await rig.p.call('PUT', `/accounts/${rig.a}/deployments/${name}`, { body: deployBody(RUNTIME_ATTACKER, { ...bindings, ...extra }) });
    assert.equal(deployed.status, 200, deployed.text);
  }
}

export const RUNTIME_ATTACKER = String.raw`
import { connect } from 'cloudflare:sockets';
const capture = async (fn) => {
  try { return { ok: true, value: await fn() }; }
  catch (e) { return { ok: false, error: String((e && (e.code || e.name)) || e) + ': ' + String(e && e.message).slice(0, 300) }; }
};
const keep = [];
const nested = (depth) => { let v = {}; for (let i = 0; i < depth; i++) v = { v }; return v; };
const nestedArray = (depth) => { let v = []; for (let i = 0; i < depth; i++) v = [v]; return v; };
export default { async fetch(request, env, ctx) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const json = async (fn) => Response.json(await capture(fn));
  switch (url.pathname) {
    case '/ping': return new Response('A ok');
    case '/wasm-grow': return json(async () => {
      const memory = new WebAssembly.Memory({ initial: 1, maximum: 65536 });
      keep.push(memory);
      for (let i = 0; i < Number(q.get('mb') ?? 2048) / 64; i++) { memory.grow(1024); new Uint8Array(memory.buffer).fill(1, memory.buffer.byteLength - (64 << 20)); }
      return memory.buffer.byteLength;
    });
    case '/wasm-many': return json(async () => {
      for (let i = 0; i < Number(q.get('n') ?? 64); i++) { const m = new WebAssembly.Memory({ initial: 1024 }); new Uint8Array(m.buffer).fill(1); keep.push(m); }
      return keep.length;
    });
    case '/atomics-wait': return json(async () => {
      if (typeof SharedArrayBuffer !== 'function') return 'no SharedArrayBuffer';
      const cell = new Int32Array(new SharedArrayBuffer(4));
      return Atomics.wait(cell, 0, 0, Number(q.get('ms') ?? 600000));
    });
    case '/console-huge': return json(async () => { console.log('x'.repeat(Number(q.get('mb') ?? 64) << 20)); return 'logged'; });
    case '/console-flood': return json(async () => { const line = 'flood '.repeat(100); for (let i = 0; i < Number(q.get('n') ?? 200000); i++) console.log(line + i); return 'logged'; });
    case '/console-object': return json(async () => { console.log(nested(Number(q.get('depth') ?? 100000))); return 'logged'; });
    case '/binding-flood': return json(async () => {
      const calls = [];
      for (let i = 0; i < Number(q.get('n') ?? 100000); i++) calls.push(env.CACHE.get('k' + (i % 100)).catch((e) => 'E ' + e.message));
      const results = await Promise.all(calls);
      return results.filter((r) => typeof r === 'string' && r.startsWith('E ')).length + ' failed of ' + results.length;
    });
    case '/kv-put-burst': return json(async () => {
      const value = new Uint8Array(Number(q.get('kb') ?? 1024) * 1024).fill(7);
      await Promise.all(Array.from({ length: Number(q.get('n') ?? 100) }, (_, i) => env.CACHE.put('burst' + i, value)));
      return (await env.CACHE.get('burst0', 'arrayBuffer')).byteLength;
    });
    case '/kv-get-burst': return json(async () => {
      const values = await Promise.all(Array.from({ length: Number(q.get('n') ?? 100) }, (_, i) => env.CACHE.get('burst' + (i % 30), 'arrayBuffer')));
      return values.reduce((n, v) => n + (v ? v.byteLength : 0), 0);
    });
    case '/kv-deep': return json(async () => env.CACHE.put('deep', nested(Number(q.get('depth') ?? 100000))));
    case '/kv-getter': return json(async () => {
      let reads = 0;
      const options = { get expirationTtl() { reads++; return reads === 1 ? 3600 : -5; } };
      await env.CACHE.put('ttl', 'v', options);
      return 'stored with ' + reads + ' reads';
    });
    case '/kv-proto': return json(async () => {
      const options = JSON.parse('{"__proto__": {"expirationTtl": -1, "metadata": {"polluted": true}}}');
      await env.CACHE.put('proto', 'v', options);
      const listed = await env.CACHE.getWithMetadata('proto');
      return { metadata: listed.metadata, polluted: ({}).polluted ?? null };
    });
    case '/queue-deep': return json(async () => env.Q.send(nested(Number(q.get('depth') ?? 100000))));
    case '/queue-deep-array': return json(async () => env.Q.send(nestedArray(Number(q.get('depth') ?? 100000))));
    case '/queue-huge': return json(async () => env.Q.send('x'.repeat(Number(q.get('mb') ?? 64) << 20)));
    case '/queue-batch-huge': return json(async () => env.Q.sendBatch(Array.from({ length: 100 }, () => ({ body: 'y'.repeat(127_000) }))));
    case '/response-deep': return new Response(JSON.stringify(nestedArray(1000)));
    case '/stack': return json(async () => {
      const seen = [];
      Error.prepareStackTrace = (error, frames) => { for (const f of frames) { seen.push(String(f.getFileName?.()) + ' ' + typeof f.getFunction?.() + ' ' + typeof f.getThis?.()); } return 'x'; };
      const holder = {};
      Error.captureStackTrace(holder);
      void holder.stack;
      const frames = await new Promise((resolve) => { Error.prepareStackTrace = (e, f) => f; resolve(new Error('x').stack); });
      Error.prepareStackTrace = undefined;
      const fns = Array.isArray(frames) ? frames.map((f) => f.getFunction?.()).filter((f) => typeof f === 'function') : [];
      const reached = fns.map((f) => { try { return typeof f('return typeof process')(); } catch { return null; } });
      return { seen: seen.filter((s) => !/bundle|index|evil|worker\.js|^undefined /.test(s)).slice(0, 5), functions: fns.length, reached };
    });
    case '/import': return json(async () => Object.keys(await import(q.get('url'))).length);
    case '/worker': return json(async () => typeof Worker + ' ' + typeof SharedWorker + ' ' + typeof importScripts);
    case '/weakref': return json(async () => {
      const reg = new FinalizationRegistry(() => {});
      reg.register({}, 'x');
      return typeof new WeakRef({}).deref();
    });
    case '/compat': return json(async () => {
      const name = q.get('name');
      const mod = await import('node:' + name);
      const m = mod.default ?? mod;
      switch (name) {
        case 'fs': return m.readFileSync('/etc/passwd', 'utf8').slice(0, 40);
        case 'child_process': return String(m.execSync('id'));
        case 'net': return await new Promise((resolve, reject) => { const s = m.connect(Number(q.get('port')), '127.0.0.1'); s.on('connect', () => { s.destroy(); resolve('connected'); }); s.on('error', reject); });
        case 'http': return await new Promise((resolve, reject) => { m.get('http://127.0.0.1:' + q.get('port') + '/', (r) => resolve('status ' + r.statusCode)).on('error', reject); });
        case 'worker_threads': return typeof m.Worker;
        case 'os': return m.hostname() + ' ' + JSON.stringify(m.userInfo?.());
        case 'process': return JSON.stringify(m.env) + ' ' + typeof m.binding + ' ' + m.pid;
        case 'vm': return m.runInNewContext('this.constructor.constructor("return typeof process")()');
        default: return Object.keys(m).length;
      }
    });
    case '/connect': return json(async () => {
      const socket = connect({ hostname: q.get('host'), port: Number(q.get('port')) });
      await socket.opened;
      return 'opened';
    });
    case '/fetch': return json(async () => { const r = await fetch(q.get('url'), { redirect: q.get('redirect') ?? 'follow' }); return r.status + ' ' + (await r.text()).slice(0, 100); });
    case '/fetch-redirect': return json(async () => {
      const r = await fetch(q.get('url'), { method: q.get('method') ?? 'GET', ...(q.get('method') === 'POST' ? { body: 'data' } : {}) });
      return r.status + ' ' + (await r.text()).slice(0, 100);
    });
    case '/fetch-upload': return json(async () => {
      const r = await fetch(q.get('url'), { method: 'POST', body: new Uint8Array(Number(q.get('mb')) << 20).fill(9) });
      return r.status + ' ' + (await r.text()).slice(0, 100);
    });
    case '/fetch-header': return json(async () => { const r = await fetch(q.get('url'), { headers: { 'x-evil': 'a\r\nInjected: yes' } }); return r.status; });
    case '/recursion': return json(async () => { const f = (n) => f(n + 1) + 1; return f(0); });
    case '/async-recursion': return json(async () => { const f = async (n) => (await f(n + 1)) + 1; return await f(0); });
    case '/promise-flood': return json(async () => { let p = Promise.resolve(); for (let i = 0; i < 5e6; i++) p = p.then(() => {}); await p; return 'done'; });
    case '/timer-flood': return json(async () => { for (let i = 0; i < Number(q.get('n') ?? 1e6); i++) setTimeout(() => {}, 3600_000); return 'scheduled'; });
    case '/waituntil-forever': ctx.waitUntil(new Promise(() => {})); ctx.waitUntil((async () => { for (;;) await env.CACHE.get('spin'); })()); return new Response('left running');
    case '/headers-huge': return new Response('h', { headers: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => ['x-h' + i, 'v'.repeat(1000)])) });
    case '/header-inject': return json(async () => new Response('i', { headers: { 'x-a': 'b\r\nSet-Cookie: stolen=1' } }).status);
    case '/status-odd': return new Response('odd', { status: Number(q.get('status') ?? 999) });
    default: return new Response('no such attack', { status: 404 });
  }
} };
`;
