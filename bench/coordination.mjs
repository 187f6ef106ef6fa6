// Coordination objects (issue 15, item 9): RPC calls per second from a worker's fetch to a counter object's
// `increment()` (a storage get and put, the value returned), under `ledge dev` and under Miniflare 4 running the
// same module in the same run, both persisting to disk, driven over HTTP by autocannon:
//   one:  every request increments ONE object;
//   many: every request increments one of 1,000 objects picked at random (idFromName), once all exist.
// Before the rounds, one request increments all 1,000 at once (each object's first event makes its storage): that
// time is printed too.
// Rounds alternate which system goes first; the figures are medians of the rounds. Before each measure over the
// 1,000 objects, every one is made live again (untimed): both systems close or evict objects idle for a while. After the last round each
// system's counters are read back and must add up to at least the responses counted (no increment lost).
// Usage: npm run bench:coordination [-- --duration 10 --connections 50 --rounds 3 --objects 1000]
//        [--isolation process] [--compare <another checkout>/dist/cli/main.js]   (that build too, as "ledge other", in the same run)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { children, startMiniflare } from './miniflare.mjs';
import { startProcess } from './process.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    objects: { type: 'string', default: '1000' },
    isolation: { type: 'string' }, // passed to ledge dev (thread, its default, or process)
    only: { type: 'string' }, // "ledge" or "miniflare": one system alone (profiling)
    // A directory: ledge dev runs under `node --cpu-prof` and writes one profile per thread there when it stops
    // (summarise them with `node bench/cpu-profile.mjs <dir> <calls>`).
    profile: { type: 'string' },
    // Another build of Ledge measured in the same run (e.g. a checkout of main: before/after a change).
    compare: { type: 'string' }, // path to its dist/cli/main.js
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Number(values.rounds);
const OBJECTS = Number(values.objects);
const root = path.resolve(import.meta.dirname, '..');
const work = path.join(root, '.ledge', 'bench-coordination');
const CLI = path.join(root, 'dist', 'cli', 'main.js');

/** The same module for both systems: the counter of docs/bindings/coordination.md, and a fetch handler calling it. */
const MODULE = `import { DurableObject } from 'cloudflare:workers';
export class Counter extends DurableObject {
  async increment() {
    const value = ((await this.ctx.storage.get('value')) ?? 0) + 1;
    await this.ctx.storage.put('value', value);
    return value;
  }
  async value() { return (await this.ctx.storage.get('value')) ?? 0; }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/one') return new Response(String(await env.COUNTER.get(env.COUNTER.idFromName('one')).increment()));
    if (url.pathname === '/many') {
      const name = 'object-' + Math.floor(Math.random() * ${OBJECTS});
      return new Response(String(await env.COUNTER.get(env.COUNTER.idFromName(name)).increment()));
    }
    if (url.pathname === '/touch') {
      // Every one of the objects incremented once, all at once: what first use of them costs.
      const names = Array.from({ length: ${OBJECTS} }, (_, i) => 'object-' + i);
      await Promise.all(names.map((name) => env.COUNTER.get(env.COUNTER.idFromName(name)).increment()));
      return Response.json(names.length);
    }
    if (url.pathname === '/total') {
      // The sum of every counter: what the increments acknowledged must add up to.
      let total = await env.COUNTER.get(env.COUNTER.idFromName('one')).value();
      const names = Array.from({ length: ${OBJECTS} }, (_, i) => 'object-' + i);
      for (const value of await Promise.all(names.map((name) => env.COUNTER.get(env.COUNTER.idFromName(name)).value()))) total += value;
      return Response.json(total);
    }
    return new Response('not found', { status: 404 });
  },
};`;

/**
 * CPU seconds (user + system, all threads) a process and its descendants (ledge's sandboxes under process
 * isolation) have used so far; undefined where /proc has none. A descendant that exits between two readings
 * drops out of the sum, which can only make the figure smaller.
 */
function cpuSeconds(pid) {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    let total = (Number(fields[11]) + Number(fields[12])) / 100;
    for (const child of children(pid)) total += cpuSeconds(child) ?? 0;
    return total;
  } catch {
    return undefined;
  }
}

/** CPU seconds the main thread of a process (ledge's host thread) has used so far; undefined where /proc has none. */
function mainThreadSeconds(pid) {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

async function measure(system, pathname) {
  const before = cpuSeconds(system.pid);
  const mainBefore = system.name.startsWith('ledge') ? mainThreadSeconds(system.pid) : undefined;
  const started = process.hrtime.bigint();
  // A request unanswered after 30 s counts as an error (a timeout), and the figures count answered requests only.
  const result = await autocannon({ url: system.url + pathname, connections: CONNECTIONS, duration: DURATION, timeout: 30 });
  const after = cpuSeconds(system.pid);
  const mainAfter = mainBefore === undefined ? undefined : mainThreadSeconds(system.pid);
  // The profile's samples are on the same monotonic clock (µs): the summary keeps those inside the measures.
  if (values.profile && system.name === 'ledge dev') windows.push({ scenario: pathname.slice(1), from: Number(started / 1000n), to: Number(process.hrtime.bigint() / 1000n), calls: result.requests.total });
  if (result.non2xx) throw new Error(`${system.name} ${pathname}: ${result.non2xx} non-2xx responses`);
  system.acknowledged += result['2xx'];
  system.errors += result.errors;
  const cpuUs = before === undefined || after === undefined ? undefined : ((after - before) * 1e6) / result.requests.total;
  // Of that, the host's main thread (HTTP, the directory, storage); the rest is the isolates' threads, V8's helper threads (garbage collection) and sandboxes.
  const mainUs = mainBefore === undefined || mainAfter === undefined ? undefined : ((mainAfter - mainBefore) * 1e6) / result.requests.total;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuUs, mainUs };
}

async function ledge(name = 'ledge dev', cli = CLI) {
  const dir = path.join(work, `${name.replace(/\W+/g, '-')}-project`);
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  if (values.profile) mkdirSync(values.profile, { recursive: true });
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({
    name: 'bench-coordination', main: 'src/index.js', compatibility_date: '2026-10-01',
    durable_objects: { bindings: [{ name: 'COUNTER', class_name: 'Counter' }] },
    migrations: [{ tag: 'v1', new_sqlite_classes: ['Counter'] }],
  }));
  writeFileSync(path.join(dir, 'src', 'index.js'), MODULE);
  const state = path.join(work, `${name.replace(/\W+/g, '-')}-state`);
  rmSync(state, { recursive: true, force: true });
  const profile = values.profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values.profile)] : [];
  const server = await startProcess([...profile, cli, 'dev', dir, '--port', '0', '--state', state, ...(values.isolation ? ['--isolation', values.isolation] : [])]);
  return {
    name, url: server.url, pid: server.child.pid, acknowledged: 0, errors: 0,
    stop: async () => { server.child.kill(); await once(server.child, 'exit'); },
  };
}

async function miniflare() {
  const started = await startMiniflare({
    script: MODULE,
    listen: true,
    durableObjects: { COUNTER: { className: 'Counter', useSQLite: true } },
    durableObjectsPersist: path.join(work, 'miniflare-state'),
  });
  return { name: 'miniflare 4', url: started.url, pid: started.workerdPid, acknowledged: 0, errors: 0, stop: started.dispose };
}

/** Increments every one of the objects once (all at once); milliseconds it took. */
async function touch(system) {
  const started = performance.now();
  const response = await fetch(system.url + '/touch', { signal: globalThis.AbortSignal.timeout(600_000) });
  if (!response.ok) throw new Error(`${system.name} /touch: ${response.status} ${await response.text()}`);
  system.acknowledged += await response.json();
  return performance.now() - started;
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The measures' time windows, written beside the profiles (--profile). */
const windows = [];
const systems = [];
try {
  if (values.only !== 'miniflare') systems.push(await ledge());
  if (values.compare) systems.push(await ledge('ledge other', path.resolve(values.compare)));
  if (values.only !== 'ledge') systems.push(await miniflare());
} catch (err) {
  // One that failed to start (a --compare build that does not run) leaves none of the others running.
  for (const system of systems) await system.stop();
  throw err;
}
const rounds = [];
try {
  for (const system of systems) {
    // Warm-up: every object made once (its first event creates its storage), timed; then the code paths compiled.
    system.touchMs = await touch(system);
    for (const pathname of ['/one', '/many']) await measure(system, pathname);
  }
  for (let round = 0; round < ROUNDS; round++) {
    const figures = {};
    for (const system of round % 2 ? [...systems].reverse() : systems) {
      const one = await measure(system, '/one');
      // Objects idle for a minute are closed (Ledge) or evicted (Miniflare) while the other system runs: every one
      // is made live again first, untimed, so the figure is the steady state of 1,000 live objects.
      await touch(system);
      figures[system.name] = { one, many: await measure(system, '/many') };
    }
    rounds.push(figures);
  }
  for (const system of systems) {
    const total = await (await fetch(system.url + '/total')).json();
    if (total < system.acknowledged) throw new Error(`${system.name}: counters add up to ${total}, fewer than the ${system.acknowledged} increments acknowledged`);
  }
} finally {
  for (const system of systems) await system.stop();
}
if (values.profile) writeFileSync(path.join(values.profile, 'windows.json'), JSON.stringify(windows));

const pick = (name, scenario, field) => median(rounds.map((r) => r[name][scenario][field]));
console.log(`\ncoordination objects: counter increment() over RPC, ledge dev isolation ${values.isolation ?? 'thread (default)'}, ${CONNECTIONS} connections, ${DURATION} s each, ${ROUNDS} round(s) (medians), autocannon, ${new Date().toISOString()}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const { name } of systems) {
  const line = (scenario) => {
    const cpu = rounds.every((r) => r[name][scenario].cpuUs !== undefined) ? `  cpu ${pick(name, scenario, 'cpuUs').toFixed(0).padStart(5)} µs/call` : '';
    const main = rounds.every((r) => r[name][scenario].mainUs !== undefined) ? ` (host main thread ${pick(name, scenario, 'mainUs').toFixed(0)})` : '';
    return `${pick(name, scenario, 'rps').toFixed(0).padStart(7)} calls/s  p50 ${pick(name, scenario, 'p50')} ms  p99 ${pick(name, scenario, 'p99')} ms${cpu}${main}`;
  };
  console.log(`${name.padEnd(12)} one object: ${line('one')}`);
  console.log(`${''.padEnd(12)} ${OBJECTS} objects: ${line('many')}`);
  const { errors } = systems.find((s) => s.name === name);
  if (errors) console.log(`${''.padEnd(12)} ${errors} requests failed or timed out (30 s) over the whole run`);
  console.log(`${''.padEnd(12)} first increment of all ${OBJECTS} objects at once (their storage made): ${(systems.find((s) => s.name === name).touchMs / 1000).toFixed(2)} s`);
}
const ours = 'ledge dev';
for (const theirs of systems.some((s) => s.name === ours) ? systems.map((s) => s.name).filter((name) => name !== ours) : []) {
  // Each round's ratio compares the two systems measured one after the other; the median of those is the figure.
  const ratio = (scenario) => median(rounds.map((r) => r[ours][scenario].rps / r[theirs][scenario].rps));
  const perRound = (scenario) => rounds.map((r) => (r[ours][scenario].rps / r[theirs][scenario].rps).toFixed(1)).join(' ');
  console.log(`ratio ${ours} / ${theirs}: one object ${ratio('one').toFixed(1)} x (rounds ${perRound('one')}), ${OBJECTS} objects ${ratio('many').toFixed(1)} x (rounds ${perRound('many')})${theirs === 'miniflare 4' ? '  (target: at least 5 x on both)' : ''}`);
  // CPU per call, which the machine's load distorts less than calls per second: each round's ratio, then their median.
  const cpuRatio = (scenario) => rounds.every((r) => r[ours][scenario].cpuUs && r[theirs][scenario].cpuUs) ? median(rounds.map((r) => r[ours][scenario].cpuUs / r[theirs][scenario].cpuUs)).toFixed(2) : 'n/a';
  console.log(`cpu per call ${ours} / ${theirs}: one object ${cpuRatio('one')}, ${OBJECTS} objects ${cpuRatio('many')}`);
}
