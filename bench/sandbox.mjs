// Process isolation against thread isolation in the same run (issue 13, item 8): hello and KV get under
// `ledge dev --isolation thread|process`, plain node:http as the baseline, and the first response of a cold
// sandbox (median of 20).
// Usage: npm run build && node bench/sandbox.mjs [--duration 10 --connections 50 --rounds 1 --no-cold --base DIR --only kv --rate N]
// Each round measures thread then process isolation; the per-thread CPU lines say where each request's time goes
// (each process's main thread, its busiest other thread, which is the isolate's, and the sum of the rest: V8's
// GC and compiler helpers, mostly).
// --rate N: every server is offered the same N requests per second (autocannon's overallRate) instead of as many as
// it can take: CPU per request then compares builds at the same batch sizes, whatever share of a loaded machine
// each round gets (at full speed a faster build answers more per turn, and each request costs it less for that alone).
// --base DIR: a baseline build (DIR/dist/cli/main.js, with DIR/package.json and DIR/node_modules) measured in the
// same rounds, alternating with this one, and the medians of both printed at the end (before/after in one run);
// node:http runs beside each build's block (with --only, when hello is measured), for each build's ratio to it.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { readTreeUsage } from '../dist/runtime/sandbox/proc-stats.js';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' }, rounds: { type: 'string', default: '1' }, 'no-cold': { type: 'boolean', default: false }, base: { type: 'string' }, only: { type: 'string' }, rate: { type: 'string' } } });
const rate = values.rate ? { overallRate: Number(values.rate) } : {};
const root = path.resolve(import.meta.dirname, '..');
const CLI = path.join(root, 'dist', 'cli', 'main.js');
const builds = values.base ? [['base', path.resolve(values.base, 'dist', 'cli', 'main.js')], ['new', CLI]] : [['', CLI]];
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
/** CPU milliseconds of every thread of a process tree, by `process/thread` label (main = the process's first thread). */
function threadCpu(root) {
  const out = new Map();
  const queue = [[root, 'host']];
  const read = (file) => { try { return readFileSync(file, 'utf8'); } catch { return ''; } };
  while (queue.length) {
    const [pid, label] = queue.pop();
    let tasks = [];
    try { tasks = readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const tid of tasks) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      if (!stat) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = tid === String(pid) ? 'main' : `thread ${tid}`;
      out.set(`${label}/${name}`, (Number(f[11]) + Number(f[12])) * 10);
      for (const child of read(`/proc/${pid}/task/${tid}/children`).trim().split(/\s+/).filter(Boolean)) {
        // bwrap forks twice; the node process at the bottom is the sandbox.
        const comm = read(`/proc/${child}/comm`).trim();
        queue.push([Number(child), comm === 'node' ? 'sandbox' : comm]);
      }
    }
  }
  return out;
}
/** Per process: its main thread, its busiest other thread (the isolate's) and the rest together (µs per request). */
function summarize(perThread) {
  const out = [];
  for (const proc of new Set(perThread.map(([k]) => k.split('/')[0]))) {
    const mine = perThread.filter(([k]) => k.startsWith(`${proc}/`));
    const main = mine.find(([k]) => k === `${proc}/main`)?.[1] ?? 0;
    const others = mine.filter(([k]) => k !== `${proc}/main`).map(([, us]) => us).sort((a, b) => b - a);
    const busiest = others[0] ?? 0;
    const rest = others.slice(1).reduce((a, b) => a + b, 0);
    if (main + busiest + rest < 1) continue;
    out.push([`${proc}/main`, main], [`${proc}/busiest other`, busiest], [`${proc}/rest`, rest]);
  }
  return out.filter(([, us]) => us >= 0.5);
}
async function measure(name, args, pathname) {
  const server = await start(args);
  try {
    await autocannon({ url: server.url + pathname, connections: Number(values.connections), duration: 2, ...rate });
    // CPU the server used (its process and the sandbox's, every thread) per request: on a shared machine
    // requests per second follow the share of CPU each server gets; this figure much less so.
    const cpuBefore = readTreeUsage(server.child.pid).cpuMs;
    const threadsBefore = threadCpu(server.child.pid);
    const r = await autocannon({ url: server.url + pathname, connections: Number(values.connections), duration: Number(values.duration), ...rate });
    const cpuMs = readTreeUsage(server.child.pid).cpuMs - cpuBefore;
    const threads = summarize([...threadCpu(server.child.pid)].map(([k, v]) => [k, ((v - (threadsBefore.get(k) ?? 0)) * 1000) / r.requests.total]));
    if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs: (cpuMs * 1000) / r.requests.total, threads };
  } finally {
    server.child.kill();
    await once(server.child, 'exit');
  }
}
await new Promise((resolve, reject) => spawn(process.execPath, [CLI, 'kv', 'put', 'greeting', 'hello from kv', '--dir', kvDir, '--state', path.join(work, 'kv-state')], { stdio: 'ignore' }).once('exit', (c) => (c === 0 ? resolve() : reject(new Error('kv put')))));
const health = path.join(root, 'examples', 'health-worker');
// The baseline, in its own process like ledge dev, so both get the same share of the machine.
const plain = `const http = require('node:http');
  const body = Buffer.from('{"ok":true,"schema":"health/1"}');
  const s = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }); res.end(body); });
  s.listen(0, '127.0.0.1', () => console.log('ready on http://127.0.0.1:' + s.address().port));`;
const rounds = [];
const wanted = (name) => !values.only || name.includes(values.only);
for (let round = 0; round < Number(values.rounds); round++) {
  // Alternate which build goes first, so neither always meets the machine in the same state.
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const [build, cli] of order) {
    const results = [];
    // With --base too, each build's block measures node:http next to it, so each has its ratio to it in the same round.
    if (wanted('node:http') || (values.only && wanted('hello'))) results.push(await measure('node:http', ['-e', plain], '/health'));
    for (const isolation of ['thread', 'process']) {
      if (wanted('hello')) results.push(await measure(`hello ${isolation}`, [cli, 'dev', health, '--port', '0', '--state', path.join(work, `h-${isolation}`), '--isolation', isolation], '/health'));
      if (wanted('kv')) results.push(await measure(`kv get ${isolation}`, [cli, 'dev', kvDir, '--port', '0', '--state', path.join(work, 'kv-state'), '--isolation', isolation], '/'));
    }
    rounds.push({ build, results, load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') });
  }
}

// Cold sandbox: an account's first event, from a started spare, and from no process at all.
async function coldStarts() {
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
  const spare = await cold(true);
  const none = await cold(false);
  await egress.close();
  return { spare, none };
}
const colds = values['no-cold'] ? undefined : await coldStarts();
console.log(`\n${values.connections} connections, ${values.duration} s each, ${new Date().toISOString()}`);
const ratio = (a, b) => (a && b ? (a / b).toFixed(2) : 'n/a');
for (const { build, results, load } of rounds) {
  console.log(`\nround${build ? ` (${build})` : ''} (load average after it: ${load})`);
  for (const r of results) {
    console.log(`${r.name.padEnd(18)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   server CPU ${r.cpuUs.toFixed(0)} µs/request`);
    console.log(`${''.padEnd(18)} per thread (µs/request): ${r.threads.map(([k, us]) => `${k} ${us.toFixed(0)}`).join(', ')}`);
  }
  const by = Object.fromEntries(results.map((r) => [r.name, r.rps]));
  console.log(`requests/s, process / thread (target >= 0.8): hello ${ratio(by['hello process'], by['hello thread'])}, kv get ${ratio(by['kv get process'], by['kv get thread'])}`);
  const cpu = Object.fromEntries(results.map((r) => [r.name, r.cpuUs]));
  console.log(`server CPU per request, thread / process (1 = as cheap; target >= 0.8): hello ${ratio(cpu['hello thread'], cpu['hello process'])}, kv get ${ratio(cpu['kv get thread'], cpu['kv get process'])}`);
  if (by['node:http']) console.log(`hello process / node:http = ${ratio(by['hello process'], by['node:http'])} (target >= 0.35); hello thread / node:http = ${ratio(by['hello thread'], by['node:http'])}`);
}
const median = (xs) => { const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b); return v.length ? (v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2) : NaN; };
if (Number(values.rounds) > 1 || values.base) {
  console.log('\nmedians over the rounds:');
  for (const [build] of builds) {
    const mine = rounds.filter((r) => r.build === build);
    const figure = (f) => median(mine.map(({ results }) => { const x = Object.fromEntries(results.map((r) => [r.name, r])); return f(x); }));
    const line = [];
    for (const what of ['hello', 'kv get']) {
      const cpuRatio = figure((x) => (x[`${what} thread`] && x[`${what} process`] ? x[`${what} thread`].cpuUs / x[`${what} process`].cpuUs : NaN));
      const rpsRatio = figure((x) => (x[`${what} thread`] && x[`${what} process`] ? x[`${what} process`].rps / x[`${what} thread`].rps : NaN));
      const t = figure((x) => x[`${what} thread`]?.cpuUs);
      const p = figure((x) => x[`${what} process`]?.cpuUs);
      if (Number.isFinite(t) || Number.isFinite(p)) line.push(`${what}: CPU µs/request thread ${t.toFixed(0)}, process ${p.toFixed(0)}, thread/process ${cpuRatio.toFixed(2)}; requests/s process/thread ${rpsRatio.toFixed(2)}`);
    }
    const toPlain = (what) => figure((x) => (x[what] && x['node:http'] ? x[what].rps / x['node:http'].rps : NaN));
    if (Number.isFinite(toPlain('hello process'))) line.push(`hello / node:http (target >= 0.35): process ${toPlain('hello process').toFixed(2)}, thread ${toPlain('hello thread').toFixed(2)}`);
    console.log(`${build || 'this build'}: ${line.join('; ')}`);
    for (const name of ['hello thread', 'hello process', 'kv get thread', 'kv get process']) {
      const labels = [...new Set(mine.flatMap(({ results }) => results.filter((r) => r.name === name).flatMap((r) => r.threads.map(([k]) => k))))];
      if (labels.length === 0) continue;
      const per = labels.map((k) => `${k} ${figure((x) => x[name]?.threads.find(([l]) => l === k)?.[1] ?? 0).toFixed(1)}`);
      console.log(`  ${name} per thread (µs/request, medians): ${per.join(', ')}`);
    }
  }
}
if (colds) console.log(`cold sandbox, first response (median of 20): ${colds.spare.toFixed(0)} ms from the spare, ${colds.none.toFixed(0)} ms starting the process (target < 150)`);
process.exit(0);
