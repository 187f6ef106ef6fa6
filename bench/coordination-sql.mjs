// Coordination objects' synchronous SQL API (issue 15, item 4): sql.exec INSERT + SELECT pairs per second made by
// application code inside one object (one RPC runs them all, so this measures the blocking bridge and the store,
// not HTTP), under `ledge dev` with thread isolation and with process isolation (the sandbox's main thread relays
// each call over the channel); against a bare better-sqlite3 INSERT + SELECT on one WAL file in the same run.
// Usage: npm run bench:coordination-sql [-- --ops 3000]
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { startProcess } from './process.mjs';

const { values } = parseArgs({ options: { ops: { type: 'string', default: '3000' } } });
const OPS = Number(values.ops);
const dirs = [];
const temp = () => { const d = mkdtempSync(path.join(tmpdir(), 'ledge-bench-sql-')); dirs.push(d); return d; };

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Bench extends DurableObject {
  constructor(ctx, env) { super(ctx, env); ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT)'); }
  run(n) {
    const started = performance.now();
    for (let i = 0; i < n; i++) {
      const id = this.ctx.storage.sql.exec('INSERT INTO t (body) VALUES (?) RETURNING id', 'row ' + i).one().id;
      this.ctx.storage.sql.exec('SELECT body FROM t WHERE id = ?', id).one();
    }
    return performance.now() - started;
  }
}
export default { async fetch(request, env) { return Response.json(await env.BENCH.getByName('b').run(Number(new URL(request.url).searchParams.get('n')))); } };`;

function bare() {
  const db = new Database(path.join(temp(), 'bare.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
  const insert = db.prepare('INSERT INTO t (body) VALUES (?) RETURNING id');
  const select = db.prepare('SELECT body FROM t WHERE id = ?');
  const run = (n) => { for (let i = 0; i < n; i++) select.get(insert.get(`row ${i}`).id); };
  run(200);
  const started = performance.now();
  run(OPS);
  const ms = performance.now() - started;
  db.close();
  return ms;
}

async function throughDev(isolation) {
  const dir = temp();
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src/index.js'), APP);
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({
    name: 'bench', main: 'src/index.js', compatibility_date: '2025-01-01',
    durable_objects: { bindings: [{ name: 'BENCH', class_name: 'Bench' }] },
    migrations: [{ tag: 'v1', new_sqlite_classes: ['Bench'] }],
  }));
  const cli = new URL('../dist/cli/main.js', import.meta.url).pathname;
  const { child, url } = await startProcess([cli, 'dev', dir, '--port', '0', '--state', path.join(dir, '.state'), '--isolation', isolation]);
  try {
    await (await fetch(`${url}/?n=200`)).json();
    return await (await fetch(`${url}/?n=${OPS}`)).json();
  } finally {
    // Its files are removed after the run: wait until it has stopped writing them.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

try {
  const rows = [
    ['bare better-sqlite3 in this process (no bridge, no history)', bare()],
    ['ledge dev, thread isolation', await throughDev('thread')],
    ['ledge dev, process isolation', await throughDev('process')],
  ];
  const base = rows[0][1];
  console.log(`sql.exec INSERT + SELECT pairs, ${OPS} per case; load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  console.log('| case | pairs per second | µs per pair | against bare |');
  console.log('|---|---|---|---|');
  for (const [name, ms] of rows) console.log(`| ${name} | ${Math.round(OPS / (ms / 1000)).toLocaleString('en')} | ${Math.round((ms * 1000) / OPS).toLocaleString('en')} | ${(ms / base).toFixed(1)} |`);
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
