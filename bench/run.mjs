// Requests per second through `ledge dev`, each scenario against baselines measured in the same run with
// the same load generator (autocannon): a plain node:http server returning the health bytes, and the
// health example (hello) under ledge dev.
// Usage: npm run bench [-- --duration 10 --connections 50 --rounds 3]
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startProcess } from './process.mjs';
import autocannon from 'autocannon';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' }, rounds: { type: 'string', default: '3' } } });
const roundCount = Number(values.rounds);
const duration = Number(values.duration);
const connections = Number(values.connections);
const root = path.resolve(import.meta.dirname, '..');
const work = path.join(root, '.ledge', 'bench');
const CLI = path.join(root, 'dist', 'cli', 'main.js');

const BODY = '{"ok":true,"schema":"health/1"}';
const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** A project reading one KV key per request. */
function kvProject() {
  const dir = path.join(work, 'kv-get');
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({ name: 'bench-kv', main: 'src/index.js', compatibility_date: '2026-10-01', kv_namespaces: [{ binding: 'KV', id: 'bench' }] }));
  writeFileSync(path.join(dir, 'src', 'index.js'), `export default { async fetch(request, env) {
    const value = await env.KV.get('greeting');
    return new Response(value, { headers: { 'content-type': 'text/plain' } });
  } };`);
  return dir;
}

/** A project selecting one row by primary key per request. */
function sqlProject() {
  const dir = path.join(work, 'sql-select');
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({ name: 'bench-sql', main: 'src/index.js', compatibility_date: '2026-10-01', sql_databases: [{ binding: 'DB', database_name: 'bench', database_id: 'bench' }] }));
  writeFileSync(path.join(dir, 'src', 'index.js'), `export default { async fetch(request, env) {
    const row = await env.DB.prepare('SELECT id, name FROM items WHERE id = ?').bind(42).first();
    return Response.json(row);
  } };`);
  return dir;
}

/** Invocation logs and the issues feature on (docs/observability.md): every request stored, every error grouped. */
const OBSERVED = { logs: { enabled: true, head_sampling_rate: 1, invocation_logs: true }, issues: { enabled: true } };

/** The health example's sources under a configuration that differs only in `observability` (none: off). */
function helloProject(name, observability) {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(root, 'examples', 'health-worker', 'src'), path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({ name: 'health-worker', main: 'src/index.js', compatibility_date: '2026-10-01', ...(observability ? { observability } : {}) }));
  return dir;
}

/** The KV project with observability on. */
function observedKv() {
  const dir = path.join(work, 'kv-get-observed');
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(kvProject(), 'src'), path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({ name: 'bench-kv', main: 'src/index.js', compatibility_date: '2026-10-01', kv_namespaces: [{ binding: 'KV', id: 'bench' }], observability: OBSERVED }));
  return dir;
}

function baselineArgs() {
  // In its own process, like ledge dev, so both servers get the same share of the machine.
  const code = `const http = require('node:http');
    const body = Buffer.from(${JSON.stringify(BODY)});
    const headers = { ...${JSON.stringify(HEADERS)}, 'content-length': body.length };
    const s = http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
    s.listen(0, '127.0.0.1', () => console.log('ready on http://127.0.0.1:' + s.address().port));`;
  return ['-e', code];
}

async function run(args) {
  const child = spawn(process.execPath, args, { stdio: 'ignore' });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}`);
}

/** CPU seconds (user + system, all threads) a process has used so far, from /proc; undefined where there is none. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100 on Linux)
  } catch {
    return undefined;
  }
}

async function measure(server, pathname) {
  const url = `${server.url}${pathname}`;
  const before = cpuSeconds(server.child.pid);
  const result = await autocannon({ url, connections, duration });
  const after = cpuSeconds(server.child.pid);
  if (result.non2xx || result.errors) throw new Error(`${server.name}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  const cpuUs = before === undefined || after === undefined ? undefined : ((after - before) * 1e6) / result.requests.total;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuUs };
}

/** Starts a scenario's server and checks its answer once; it stays up for every round. */
async function start(name, args, pathname, check) {
  const server = await startProcess(args);
  const first = await fetch(`${server.url}${pathname}`);
  const text = await first.text();
  if (!check(first.status, text)) throw new Error(`${name}: unexpected response ${first.status} ${text}`);
  await autocannon({ url: `${server.url}${pathname}`, connections, duration: 2 }); // warm-up
  return { ...server, name, pathname };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const kvDir = kvProject();
const kvState = path.join(work, 'kv-state');
await run([CLI, 'kv', 'put', 'greeting', 'hello from kv', '--dir', kvDir, '--state', kvState]);
const sqlDir = sqlProject();
const sqlState = path.join(work, 'sql-state');
await run([CLI, 'db', 'execute', 'bench', '--dir', sqlDir, '--state', sqlState, '--command',
  "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) INSERT OR REPLACE INTO items SELECT i, 'item-' || i FROM n"]);

const kvObservedDir = observedKv();
const kvObservedState = path.join(work, 'kv-observed-state');
await run([CLI, 'kv', 'put', 'greeting', 'hello from kv', '--dir', kvObservedDir, '--state', kvObservedState]);

const scenarios = [
  await start('node:http', baselineArgs(), '/health', (s, t) => s === 200 && t === BODY),
  await start('ledge hello', [CLI, 'dev', helloProject('hello', undefined), '--port', '0', '--state', path.join(work, 'health-state')], '/health', (s, t) => s === 200 && t === BODY),
  await start('hello +obs', [CLI, 'dev', helloProject('hello-observed', OBSERVED), '--port', '0', '--state', path.join(work, 'health-observed-state')], '/health', (s, t) => s === 200 && t === BODY),
  await start('ledge kv get', [CLI, 'dev', kvDir, '--port', '0', '--state', kvState], '/', (s, t) => s === 200 && t === 'hello from kv'),
  await start('kv get +obs', [CLI, 'dev', kvObservedDir, '--port', '0', '--state', kvObservedState], '/', (s, t) => s === 200 && t === 'hello from kv'),
  await start('ledge sql get', [CLI, 'dev', sqlDir, '--port', '0', '--state', sqlState], '/', (s, t) => s === 200 && t === '{"id":42,"name":"item-42"}'),
];
// Every server stays up (an idle one costs nothing) and the rounds go through them in turn, so a change in
// the machine's load during the run falls on every scenario alike rather than on whichever ran then.
const rounds = [];
try {
  for (let round = 0; round < roundCount; round++) {
    const figures = {};
    // Every other round in the reverse order, so no scenario always follows the same one.
    for (const server of round % 2 ? [...scenarios].reverse() : scenarios) figures[server.name] = await measure(server, server.pathname);
    rounds.push(figures);
  }
} finally {
  for (const server of scenarios) server.child.kill();
  await Promise.all(scenarios.map((server) => once(server.child, 'exit')));
}
const results = scenarios.map(({ name }) => ({
  name,
  rps: median(rounds.map((r) => r[name].rps)),
  p50: median(rounds.map((r) => r[name].p50)),
  p99: median(rounds.map((r) => r[name].p99)),
  cpuUs: rounds.every((r) => r[name].cpuUs !== undefined) ? median(rounds.map((r) => r[name].cpuUs)) : undefined,
}));
const [plain, hello] = results;
console.log(`\n${connections} connections, ${duration} s each, ${roundCount} round(s) (medians), autocannon, ${new Date().toISOString()}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const r of results) {
  const cpu = r.cpuUs === undefined ? '' : `   cpu ${r.cpuUs.toFixed(0).padStart(4)} µs/req`;
  console.log(`${r.name.padEnd(13)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   vs node:http ${(r.rps / plain.rps).toFixed(2)}   vs hello ${(r.rps / hello.rps).toFixed(2)}${cpu}`);
}
console.log(`ratio ledge hello / node:http = ${(hello.rps / plain.rps).toFixed(2)} (target >= 0.5)`);
// Issue 17, item 6: logs and issues on stay within 0.9 of the figure with them off, same run. Each round's
// ratio compares two measurements taken one after the other; the median of those is the figure.
const ratio = (on, off) => median(rounds.map((r) => r[on].rps / r[off].rps)).toFixed(2);
const perRound = (on, off) => rounds.map((r) => (r[on].rps / r[off].rps).toFixed(2)).join(' ');
console.log(`observability on / off: hello ${ratio('hello +obs', 'ledge hello')} (rounds ${perRound('hello +obs', 'ledge hello')}), kv get ${ratio('kv get +obs', 'ledge kv get')} (rounds ${perRound('kv get +obs', 'ledge kv get')}) (target >= 0.9)`);
const cpu = Object.fromEntries(results.map((r) => [r.name, r.cpuUs]));
if (cpu['hello +obs'] !== undefined) console.log(`CPU per request, observability on / off: hello ${(cpu['ledge hello'] / cpu['hello +obs']).toFixed(2)}, kv get ${(cpu['ledge kv get'] / cpu['kv get +obs']).toFixed(2)} (off / on: 1.00 means no cost)`);
