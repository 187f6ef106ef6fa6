// Two accounts on one real `ledge serve` with process isolation: A runs an attacker's application, B an
// honest one that counts visits in its key-value namespace. The escape suites run each attempt as A and check
// that B keeps answering and that nothing reached the host.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';
import { tempDir } from './helpers.js';

/** The attacker's module: each path tries one thing and answers with what happened, as JSON. */
export const ATTACKER = String.raw`
const capture = async (fn) => {
  try { return { ok: true, value: await fn() }; }
  catch (e) { return { ok: false, error: String((e && (e.code || e.name)) || e) + ': ' + String(e && e.message).slice(0, 300) }; }
};
const mod = (name) => import('node:' + name);
const hostProcess = () => globalThis['pro' + 'cess'] ?? (0, globalThis.constructor.constructor)('return this.process')();
const keep = [];
export default { async fetch(request) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const json = async (fn) => Response.json(await capture(fn));
  switch (url.pathname) {
    case '/ping': return new Response('A ok');
    case '/sleep': await new Promise((r) => setTimeout(r, Number(q.get('ms')))); return new Response('slept');
    case '/import': return json(async () => Object.keys(await mod(q.get('name'))).length);
    case '/read': return json(async () => (await mod('fs')).readFileSync(q.get('path'), 'utf8').slice(0, 200));
    case '/readdir': return json(async () => (await mod('fs')).readdirSync(q.get('path')));
    case '/write': return json(async () => { const fs = await mod('fs'); for (let i = 0; ; i++) fs.writeFileSync('/tmp/fill-' + i, new Uint8Array(1 << 20)); });
    case '/exec': return json(async () => String((await mod('child_process')).execSync('id')));
    case '/fork-bomb': return json(async () => { const cp = await mod('child_process'); for (let i = 0; i < 50; i++) cp.spawn('/bin/sh', ['-c', ':(){ :|:& };:']); return 'spawned'; });
    case '/worker-bomb': return json(async () => {
      const { Worker } = await mod('worker_threads');
      for (let i = 0; i < Number(q.get('n') ?? 200); i++) keep.push(new Worker('const a = []; setInterval(() => a.push(new Uint8Array(8 << 20).fill(1)), 1);', { eval: true }));
      await new Promise((r) => setTimeout(r, 3000));
      return 'started';
    });
    case '/net': return json(async () => {
      const net = await mod('net');
      return new Promise((resolve, reject) => {
        const socket = net.connect(Number(q.get('port')), q.get('host'));
        socket.on('connect', () => { socket.destroy(); resolve('connected'); });
        socket.on('error', reject);
      });
    });
    case '/vm': return json(async () => (await mod('vm')).runInThisContext('typeof process + " " + typeof require'));
    case '/inspector': return json(async () => { const inspector = await mod('inspector'); inspector.open(Number(q.get('port')), '127.0.0.1'); return inspector.url(); });
    case '/env': return json(async () => JSON.stringify(hostProcess().env));
    case '/pids': return json(async () => { const p = hostProcess(); return { pid: p.pid, ppid: p.ppid }; });
    case '/kill': return json(async () => hostProcess().kill(Number(q.get('pid')), 'SIGKILL'));
    case '/fetch': return json(async () => { const r = await fetch(q.get('url'), { redirect: q.get('redirect') ?? 'follow' }); return r.status + ' ' + (await r.text()).slice(0, 100); });
    case '/ws': return json(async () => { const r = await fetch(q.get('url'), { headers: { upgrade: 'websocket' } }); return r.status + ' ' + (r.webSocket ? 'socket' : (await r.text()).slice(0, 100)); });
    case '/buffers': return json(async () => { for (let i = 0; i < Number(q.get('mb')); i++) keep.push(new Uint8Array(1 << 20).fill(7)); return keep.length; });
    case '/strings': return json(async () => { for (let i = 0; i < 100; i++) keep.push(new Array(1 << 20).fill('yyyyyyyyyyyyyyy' + (i % 10)).join('')); return keep.length; });
    case '/busy-after': setTimeout(() => { const end = Date.now() + 600000; while (Date.now() < end); }, 0); return new Response('spinning');
    default: return new Response('no such attack', { status: 404 });
  }
} };
`;

/** B's module: counts visits in its namespace. */
export const HONEST = `export default { async fetch(request, env) {
  const n = Number(await env.CACHE.get('visits') ?? 0) + 1;
  await env.CACHE.put('visits', String(n));
  return new Response('B ok ' + n);
} };`;

/** The two-account platform of an escape suite. */
export interface EscapeRig {
  p: TestPlatform;
  /** Account ids. */
  a: string;
  b: string;
  /** An attack as A: the parsed JSON (or the status when the answer is not JSON). */
  attack(path: string): Promise<{ status: number; result: { ok: boolean; value?: unknown; error?: string } | null; text: string }>;
  /** B answers, with a count one higher than before. */
  bStillAnswers(): Promise<void>;
  close(): Promise<void>;
}

/** Names outbound fetch resolves in the suites; nothing else resolves, so no query leaves the machine. */
const TEST_NAMES: Record<string, { address: string; family: number }[]> = {
  'localhost': [{ address: '127.0.0.1', family: 4 }],
  'loopback.test': [{ address: '127.0.0.1', family: 4 }],
  'mixed.test': [{ address: '192.0.2.10', family: 4 }, { address: '127.0.0.1', family: 4 }],
  'redirector.test': [{ address: '127.0.0.2', family: 4 }],
};

/** Starts the platform (process isolation), account B with its namespace, and both deployments. */
export async function startEscapeRig(options: { aLimits?: Record<string, number>; egressAllow?: string[] } = {}): Promise<EscapeRig> {
  const p = await startTestPlatform(tempDir('ledge-escape-'), undefined, {
    isolation: 'process', egressAllow: options.egressAllow,
    egressLookup: async (name) => {
      const found = TEST_NAMES[name.toLowerCase()];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return found;
    },
  });
  const a = p.accountId;
  const created = await p.call('POST', '/accounts', { body: { name: 'bee' } });
  assert.equal(created.status, 201, created.text);
  const b = created.body.result.id as string;
  const ns = await p.call('POST', `/accounts/${b}/storage/kv/namespaces`, { body: { title: 'visits' } });
  assert.equal(ns.status, 201, ns.text);
  const deployB = await p.call('PUT', `/accounts/${b}/deployments/honest`, { body: deployBody(HONEST, { edge_dev: true, kv_namespaces: [{ binding: 'CACHE', id: ns.body.result.id }] }) });
  assert.equal(deployB.status, 200, deployB.text);
  const deployA = await p.call('PUT', `/accounts/${a}/deployments/evil`, { body: deployBody(ATTACKER, { edge_dev: true, limits: { cpu_ms: 2000, memory_mb: 64, ...options.aLimits } }) });
  assert.equal(deployA.status, 200, deployA.text);
  let visits = 0;
  const rig: EscapeRig = {
    p, a, b,
    async attack(path) {
      const res = await p.visit('evil.admin.ledge.localhost', path);
      const text = await res.text();
      let result = null;
      try { result = JSON.parse(text); } catch { /* not JSON: a platform answer */ }
      return { status: res.status, result, text };
    },
    async bStillAnswers() {
      const res = await p.visit('honest.bee.ledge.localhost');
      assert.equal(res.status, 200);
      const text = await res.text();
      const n = Number(/^B ok (\d+)$/.exec(text)?.[1]);
      assert.ok(n > visits, `B answered "${text}"`);
      visits = n;
    },
    close: () => p.close(),
  };
  await rig.bStillAnswers();
  return rig;
}

/** A loopback HTTP server that counts the connections it accepts (none may arrive from application code). */
export async function startWitness(host = '127.0.0.1', handler?: Parameters<typeof createServer>[1]): Promise<{ server: Server; port: number; connections: () => number; close(): Promise<void> }> {
  let count = 0;
  const server = createServer(handler ?? ((_req, res) => res.end('reached')));
  server.on('connection', () => { count++; });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, connections: () => count, close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }) };
}
