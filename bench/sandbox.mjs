// Process isolation against thread isolation in the same run (issue 13, item 8): hello and KV get under
// `ledge dev --isolation thread|process`, plain node:http as the baseline, and the first response of a cold
// sandbox (median of 20).
// Usage: npm run build && node bench/sandbox.mjs [--duration 10 --connections 50]
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { readTreeUsage } from '../dist/runtime/sandbox/proc-stats.js';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } } });
const root = path.resolve(import.meta.dirname, '..');
const CLI = path.join(root, 'dist', 'cli', 'main.js');
const work = path.join(root, '.ledge', 'bench-sandbox');
const kvDir = path.join(work, 'kv');
mkdirSync(path.join(kvDir, 'src'), { recursive: true });
writeFileSync(path.join(kvDir, 'ledge.jsonc'), JSON.stringify({ name: 'bench-kv', main: 'src/index.js', compatibility_date: '2026-10-01', kv_namespaces: [{ binding: 'KV', id: 'bench' }] }));
writeFileSync(path.join(kvDir, 'src', 'index.js'), "export default { async fetch(request, env) { return new Response(await env.KV.get('greeting')); } };");

async function start(args) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  while (!/ready on (http:\/\/\S+)/.test(out)) out += (await once(child.stdout, 'data'))[0];
  child.stdout.resume();
  return { child, url: out.match(/ready on (http:\/\/\S+)/)[1] };
}
async function measure(name, args, pathname) {
  const server = await start(args);
  try {
    await autocannon({ url: server.url + pathname, connections: Number(values.connections), duration: 2 });
    // CPU the server used (its process and the sandbox's, every thread) per request: on a shared machine
    // requests per second follow the share of CPU each server gets; this figure much less so.
    const cpuBefore = readTreeUsage(server.child.pid).cpuMs;
    const r = await autocannon({ url: server.url + pathname, connections: Number(values.connections), duration: Number(values.duration) });
    const cpuMs = readTreeUsage(server.child.pid).cpuMs - cpuBefore;
    if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs: (cpuMs * 1000) / r.requests.total };
  } finally {
    server.child.kill();
    await once(server.child, 'exit');
  }
}
await new Promise((resolve, reject) => spawn(process.execPath, [CLI, 'kv', 'put', 'greeting', 'hello from kv', '--dir', kvDir, '--state', path.join(work, 'kv-state')], { stdio: 'ignore' }).once('exit', (c) => (c === 0 ? resolve() : reject(new Error('kv put')))));
const health = path.join(root, 'examples', 'health-worker');
const results = [];
// The baseline, in its own process like ledge dev, so both get the same share of the machine.
const plain = `const http = require('node:http');
  const body = Buffer.from('{"ok":true,"schema":"health/1"}');
  const s = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }); res.end(body); });
  s.listen(0, '127.0.0.1', () => console.log('ready on http://127.0.0.1:' + s.address().port));`;
results.push(await measure('node:http', ['-e', plain], '/health'));
for (const isolation of ['thread', 'process']) {
  results.push(await measure(`hello ${isolation}`, [CLI, 'dev', health, '--port', '0', '--state', path.join(work, `h-${isolation}`), '--isolation', isolation], '/health'));
  results.push(await measure(`kv get ${isolation}`, [CLI, 'dev', kvDir, '--port', '0', '--state', path.join(work, 'kv-state'), '--isolation', isolation], '/'));
}

// Cold sandbox: an account's first event, from a started spare, and from no process at all.
const { SandboxPool } = await import('../dist/runtime/sandbox/pool.js');
const { DeploymentRuntime } = await import('../dist/runtime/deployment.js');
const { createEgressSessions } = await import('../dist/runtime/egress/gateway.js');
const { createEgressPolicy } = await import('../dist/runtime/egress/policy.js');
const { createLogger } = await import('../dist/platform/logger.js');
const { DEFAULT_LIMITS } = await import('../dist/config/load.js');
const bundleDir = path.join(work, 'cold');
mkdirSync(bundleDir, { recursive: true });
writeFileSync(path.join(bundleDir, 'index.js'), "export default { fetch: () => new Response('cold') };");
const logger = createLogger(() => undefined);
const egress = createEgressSessions({ policy: createEgressPolicy(), logger });
async function cold(spare) {
  const pool = new SandboxPool({ dir: path.join(work, 'slots'), logger, egress, spare });
  const times = [];
  for (let i = 0; i < 20; i++) {
    if (spare) await new Promise((r) => setTimeout(r, 2000)); // the spare and its standby isolate have started
    const t = performance.now();
    const runtime = new DeploymentRuntime({ logger, spawn: pool.spawnerFor(`account-${spare}-${i}`) });
    await runtime.load({ id: '1', name: 'cold', compatibilityDate: '2026-10-01', bundleFile: path.join(bundleDir, 'index.js'), vars: {}, limits: DEFAULT_LIMITS, compatibilityFlags: [], bindings: [] });
    const res = await runtime.dispatch({ method: 'GET', url: 'http://x/', headers: [], body: null });
    if (res.status !== 200) throw new Error('cold start failed');
    times.push(performance.now() - t);
    await runtime.close();
  }
  await pool.close();
  times.sort((a, b) => a - b);
  return (times[9] + times[10]) / 2;
}
const coldSpare = await cold(true);
const coldNone = await cold(false);
await egress.close();
console.log(`\n${values.connections} connections, ${values.duration} s each, ${new Date().toISOString()}`);
for (const r of results) console.log(`${r.name.padEnd(18)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   server CPU ${r.cpuUs.toFixed(0)} µs/request`);
const by = Object.fromEntries(results.map((r) => [r.name, r.rps]));
console.log(`hello process / thread = ${(by['hello process'] / by['hello thread']).toFixed(2)} (target >= 0.8); kv get process / thread = ${(by['kv get process'] / by['kv get thread']).toFixed(2)} (target >= 0.8)`);
const cpu = Object.fromEntries(results.map((r) => [r.name, r.cpuUs]));
console.log(`server CPU per request, thread / process (1 = as cheap): hello ${(cpu['hello thread'] / cpu['hello process']).toFixed(2)}, kv get ${(cpu['kv get thread'] / cpu['kv get process']).toFixed(2)}`);
console.log(`hello process / node:http = ${(by['hello process'] / by['node:http']).toFixed(2)} (target >= 0.35); hello thread / node:http = ${(by['hello thread'] / by['node:http']).toFixed(2)}`);
console.log(`cold sandbox, first response (median of 20): ${coldSpare.toFixed(0)} ms from the spare, ${coldNone.toFixed(0)} ms starting the process (target < 150)`);
