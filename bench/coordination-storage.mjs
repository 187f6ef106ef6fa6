// Coordination objects' storage (issue 15, item 4): microseconds per put+get round trip through the storage port,
// on one object with its handle kept, with the port's open() before every call (the handle cache at work), and
// over many objects (300) with a cache bound of half their number and one that holds them all; against a bare
// better-sqlite3 put+get on one WAL file (same pragmas, no history) in the same run; and the same round trip through
// the account's coordination store process (ledge serve, ledge dev --isolation process): two process hops per round trip.
// Usage: npm run bench:coordination-storage [-- --ops 5000 --objects 300]
import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { SYSTEM_CLOCK } from '../dist/platform/clock.js';
import { createSqliteCoordinationStorage } from '../dist/storage/sqlite/coordination-storage.js';
import { createProcessCoordinationStorage } from '../dist/storage/process/index.js';

const { values } = parseArgs({ options: { ops: { type: 'string', default: '5000' }, objects: { type: 'string', default: '300' } } });
const OPS = Number(values.ops);
const MANY = Number(values.objects);
const value = new Uint8Array(100).fill(7);
const id = (n) => n.toString(16).padStart(64, '0');
const dirs = [];
const temp = () => { const d = mkdtempSync(path.join(tmpdir(), 'ledge-bench-coord-')); dirs.push(d); return d; };

/** Runs `op(i)` OPS times after a warm-up; microseconds per op. */
async function measure(op, ops = OPS) {
  for (let i = 0; i < Math.min(500, ops); i++) await op(i);
  const started = performance.now();
  for (let i = 0; i < ops; i++) await op(i);
  return ((performance.now() - started) * 1000) / ops;
}

function bare() {
  const db = new Database(path.join(temp(), 'bare.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE kv (key BLOB PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID');
  const put = db.prepare('INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)');
  const get = db.prepare('SELECT value FROM kv WHERE key = ?');
  return { db, op: async (i) => { const key = Buffer.from(`k${i % 100}`); put.run(key, Buffer.from(value)); get.get(key); } };
}

const results = [];
{
  const { db, op } = bare();
  results.push(['bare better-sqlite3 put+get, one WAL file', await measure(op)]);
  db.close();
}
{
  const port = createSqliteCoordinationStorage(temp(), { clock: SYSTEM_CLOCK });
  const object = await port.open('bench/ns', id(1));
  results.push(['port put+get, one object, handle kept', await measure(async (i) => { await object.write([[`k${i % 100}`, value]], []); await object.get([`k${i % 100}`]); })]);
  results.push(['port open+put+get, one object (open per call)', await measure(async (i) => { const o = await port.open('bench/ns', id(1)); await o.write([[`k${i % 100}`, value]], []); await o.get([`k${i % 100}`]); })]);
  port.close();
}
{
  // The same adapter in the account's coordination store process: what each storage call's hop costs.
  const port = createProcessCoordinationStorage({ dir: temp(), clock: SYSTEM_CLOCK });
  const object = await port.open('bench/ns', id(1));
  results.push(['store process put+get, one object, handle kept', await measure(async (i) => { await object.write([[`k${i % 100}`, value]], []); await object.get([`k${i % 100}`]); })]);
  await port.close();
}
{
  // Many objects: made once (not timed), then the same cyclic pass with a cache bound below and above their number.
  const dir = temp();
  const maker = createSqliteCoordinationStorage(dir, { clock: SYSTEM_CLOCK });
  for (let n = 0; n < MANY; n++) await (await maker.open('bench/ns', id(n))).write([['k', value]], []);
  maker.close();
  for (const maxOpen of [Math.floor(MANY / 2), MANY * 2]) {
    const port = createSqliteCoordinationStorage(dir, { clock: SYSTEM_CLOCK, maxOpen });
    const op = async (i) => { const o = await port.open('bench/ns', id(i % MANY)); await o.write([['k', value]], []); await o.get(['k']); };
    for (let i = 0; i < MANY; i++) await op(i);
    results.push([`port open+put+get over ${MANY} objects, maxOpen ${maxOpen}`, await measure(op, MANY * 2)]);
    port.close();
  }
}
const baseline = results[0][1];
for (const [name, us] of results) console.log(`${name.padEnd(58)} ${us.toFixed(1).padStart(8)} µs/op  (${(us / baseline).toFixed(1)}x bare)`);
for (const d of dirs) rmSync(d, { recursive: true, force: true });
