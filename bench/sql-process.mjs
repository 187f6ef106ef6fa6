// SQL through an account's store process (ledge serve, storage/process/) against the same SQLite database in the
// platform's process (ledge dev, before the store process), in the same run: a SELECT by primary key and an
// INSERT, one at a time and 32 in flight. The store process adds a framed message hop each way per call.
// With --requests, also through deployed functions: ledge dev --isolation process (SQL in a store process, as
// under ledge serve) against --isolation thread (SQL in the platform's process), a KV get under each as control.
// Usage: npm run bench:sql-process [-- --ops 3000] [-- --requests --duration 5]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openEmbeddedStorage } from '../dist/storage/embedded.js';
import { createProcessSqlStorage } from '../dist/storage/process/index.js';
import { SYSTEM_CLOCK } from '../dist/platform/clock.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startProcess } from './process.mjs';

const { values } = parseArgs({ options: { ops: { type: 'string', default: '3000' }, rounds: { type: 'string', default: '3' }, requests: { type: 'boolean', default: false }, duration: { type: 'string', default: '5' } } });
const OPS = Number(values.ops);
const ROUNDS = Number(values.rounds);
const dirs = [];
const temp = () => { const d = mkdtempSync(path.join(tmpdir(), 'ledge-bench-sqlp-')); dirs.push(d); return d; };

async function prepare(db) {
  await db.script(['CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)', "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) INSERT INTO items SELECT i, 'item-' || i FROM n"]);
}

/** Calls per second of `op` run OPS times with `inFlight` calls at once. */
async function measure(op, inFlight) {
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (next < OPS) await op(next++);
  }));
  return OPS / ((performance.now() - started) / 1000);
}

const cases = {
  'in the platform\'s process (ledge dev)': () => { const s = openEmbeddedStorage(temp()); return { db: s.sql.database('bench', { retentionDays: 30 }), close: async () => s.close() }; },
  'in the account\'s store process (ledge serve)': () => { const s = createProcessSqlStorage({ dir: temp(), clock: SYSTEM_CLOCK }); return { db: s.database('bench', { retentionDays: 30 }), close: () => s.close() }; },
};
const select = (db) => (i) => db.query([{ sql: 'SELECT id, name FROM items WHERE id = ?', params: [1 + (i % 1000)] }], 'objects');
const insert = (db) => (i) => db.query([{ sql: 'INSERT INTO items (name) VALUES (?)', params: [`new-${i}`] }], 'objects');
const results = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, open] of Object.entries(cases)) {
    const { db, close } = open();
    await prepare(db);
    await measure(select(db), 1); // warm up: the process has started, statements are prepared
    for (const [what, op, inFlight] of [['select, 1 in flight', select, 1], ['select, 32 in flight', select, 32], ['insert, 1 in flight', insert, 1], ['insert, 32 in flight', insert, 32]]) {
      ((results[what] ??= {})[name] ??= []).push(await measure(op(db), inFlight));
    }
    await close();
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`SQL calls per second, ${OPS} per case, median of ${ROUNDS} rounds; load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
for (const [what, byCase] of Object.entries(results)) {
  const [base, proc] = Object.values(byCase).map(median);
  console.log(`${what}: in-process ${Math.round(base)}/s, store process ${Math.round(proc)}/s (${(proc / base).toFixed(2)} of in-process)`);
}

if (values.requests) {
  const CLI = path.resolve(import.meta.dirname, '..', 'dist', 'cli', 'main.js');
  const dir = temp();
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({ name: 'bench-sqlp', main: 'src/index.js', compatibility_date: '2026-10-01', kv_namespaces: [{ binding: 'KV', id: 'bench' }], sql_databases: [{ binding: 'DB', database_name: 'bench', database_id: 'bench' }] }));
  writeFileSync(path.join(dir, 'src', 'index.js'), `export default { async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/kv') return new Response(await env.KV.get('k') ?? 'none');
    if (pathname === '/setup') {
      await env.DB.prepare('CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT)').run();
      await env.DB.prepare("INSERT OR REPLACE INTO items VALUES (42, 'item-42')").run();
    }
    return Response.json(await env.DB.prepare('SELECT id, name FROM items WHERE id = ?').bind(42).first());
  } };`);
  const rps = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const isolation of ['thread', 'process']) {
      const server = await startProcess([CLI, 'dev', dir, '--port', '0', '--state', temp(), '--isolation', isolation]);
      try {
        await (await fetch(`${server.url}/setup`)).text();
        for (const pathname of ['/sql', '/kv']) {
          await autocannon({ url: `${server.url}${pathname}`, connections: 32, duration: 2 });
          const result = await autocannon({ url: `${server.url}${pathname}`, connections: 32, duration: Number(values.duration) });
          if (result.non2xx || result.errors) throw new Error(`${isolation} ${pathname}: ${result.non2xx} non-2xx, ${result.errors} errors`);
          ((rps[isolation] ??= {})[pathname] ??= []).push(result.requests.average);
        }
      } finally {
        server.child.kill('SIGINT');
      }
    }
  }
  const m = (isolation, pathname) => median(rps[isolation][pathname]);
  console.log(`requests per second through a deployed function (32 connections, ${values.duration} s, median of ${ROUNDS}); load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  for (const isolation of ['thread', 'process']) console.log(`ledge dev --isolation ${isolation}: SQL select ${Math.round(m(isolation, '/sql'))}/s, KV get ${Math.round(m(isolation, '/kv'))}/s (SQL ${(m(isolation, '/sql') / m(isolation, '/kv')).toFixed(2)} of KV)`);
  console.log(`SQL/KV under process isolation (store process) over SQL/KV under thread isolation (in-process SQL): ${((m('process', '/sql') / m('process', '/kv')) / (m('thread', '/sql') / m('thread', '/kv'))).toFixed(2)}`);
}
for (const d of dirs) rmSync(d, { recursive: true, force: true });
