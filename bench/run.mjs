// Requests per second through `ledge dev`, each scenario against baselines measured in the same run with
// the same load generator (autocannon): a plain node:http server returning the health bytes, and the
// health example (hello) under ledge dev.
// Usage: npm run bench [-- --duration 10 --connections 50]
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startProcess } from './process.mjs';
import autocannon from 'autocannon';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } } });
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

/** The health example with observability on. */
function observedHello() {
  const dir = path.join(work, 'hello-observed');
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(root, 'examples', 'health-worker', 'src'), path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({ name: 'health-worker', main: 'src/index.js', compatibility_date: '2026-10-01', observability: OBSERVED }));
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

async function measure(name, url, check) {
  const first = await fetch(url);
  const text = await first.text();
  if (!check(first.status, text)) throw new Error(`${name}: unexpected response ${first.status} ${text}`);
  await autocannon({ url, connections, duration: 2 }); // warm-up
  const result = await autocannon({ url, connections, duration });
  if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function scenario(name, args, pathname, check) {
  const server = await startProcess(args);
  try {
    return await measure(name, `${server.url}${pathname}`, check);
  } finally {
    server.child.kill();
    await once(server.child, 'exit');
  }
}

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

const results = [
  await scenario('node:http', baselineArgs(), '/health', (s, t) => s === 200 && t === BODY),
  await scenario('ledge hello', [CLI, 'dev', path.join(root, 'examples', 'health-worker'), '--port', '0', '--state', path.join(work, 'health-state')], '/health', (s, t) => s === 200 && t === BODY),
  await scenario('ledge kv get', [CLI, 'dev', kvDir, '--port', '0', '--state', kvState], '/', (s, t) => s === 200 && t === 'hello from kv'),
  await scenario('hello +obs', [CLI, 'dev', observedHello(), '--port', '0', '--state', path.join(work, 'health-observed-state')], '/health', (s, t) => s === 200 && t === BODY),
  await scenario('kv get +obs', [CLI, 'dev', kvObservedDir, '--port', '0', '--state', kvObservedState], '/', (s, t) => s === 200 && t === 'hello from kv'),
  await scenario('ledge sql get', [CLI, 'dev', sqlDir, '--port', '0', '--state', sqlState], '/', (s, t) => s === 200 && t === '{"id":42,"name":"item-42"}'),
];
const [plain, hello] = results;
console.log(`\n${connections} connections, ${duration} s each, autocannon, ${new Date().toISOString()}`);
for (const r of results) {
  console.log(`${r.name.padEnd(13)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   vs node:http ${(r.rps / plain.rps).toFixed(2)}   vs hello ${(r.rps / hello.rps).toFixed(2)}`);
}
console.log(`ratio ledge hello / node:http = ${(hello.rps / plain.rps).toFixed(2)} (target >= 0.5)`);
const byName = Object.fromEntries(results.map((r) => [r.name, r.rps]));
// Issue 17, item 6: logs and issues on stay within 0.9 of the figure with them off, same run.
console.log(`observability on / off: hello ${(byName['hello +obs'] / byName['ledge hello']).toFixed(2)}, kv get ${(byName['kv get +obs'] / byName['ledge kv get']).toFixed(2)} (target >= 0.9)`);
