// SQL through an account's store process (ledge serve, storage/process/) against the same SQLite database in the
// platform's process (ledge dev, before the store process), in the same run: a SELECT by primary key and an
// INSERT, one at a time and 32 in flight. The store process adds a framed message hop each way per call.
// Usage: npm run bench:sql-process [-- --ops 3000]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openEmbeddedStorage } from '../dist/storage/embedded.js';
import { createProcessSqlStorage } from '../dist/storage/process/index.js';
import { SYSTEM_CLOCK } from '../dist/platform/clock.js';

const { values } = parseArgs({ options: { ops: { type: 'string', default: '3000' }, rounds: { type: 'string', default: '3' } } });
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
for (const d of dirs) rmSync(d, { recursive: true, force: true });
