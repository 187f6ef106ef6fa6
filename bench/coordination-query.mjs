// The operators' read-only query on a coordination object (issue 15, item 8): milliseconds per query through the
// port (a process of its own per query, docs/bindings/coordination.md, Operating objects), against the same SELECT
// on the object's own connection (`store.exec`) in the same run, and how long a live object's write waits while
// endless queries run beside it (writes of 100 KB, so the WAL passes the 4 MiB where the history checkpoints).
// Usage: npm run build && node bench/coordination-query.mjs [--queries 10]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { SYSTEM_CLOCK } from '../dist/platform/clock.js';
import { createSqliteCoordinationStorage } from '../dist/storage/sqlite/coordination-storage.js';

const { values } = parseArgs({ options: { queries: { type: 'string', default: '10' } } });
const QUERIES = Number(values.queries);
const NS = 'bench/script/Rows';
const ID = '1'.padStart(64, '0');
const SQL = 'SELECT x FROM t WHERE x < 100';
const dir = mkdtempSync(path.join(tmpdir(), 'ledge-bench-query-'));
const port = createSqliteCoordinationStorage(path.join(dir, 'coordination'), { clock: SYSTEM_CLOCK });
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

try {
  const store = await port.open(NS, ID);
  await store.exec('CREATE TABLE t (x)', []);
  await store.exec('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) INSERT INTO t SELECT x FROM c', []);
  await port.query(NS, ID, 'SELECT 1'); // warm-up: the page cache and the process image
  const query = [];
  for (let i = 0; i < QUERIES; i++) {
    const started = performance.now();
    await port.query(NS, ID, SQL);
    query.push(performance.now() - started);
  }
  const exec = [];
  for (let i = 0; i < QUERIES; i++) {
    const started = performance.now();
    await store.exec(SQL, []);
    exec.push(performance.now() - started);
  }
  // A write while four queries run beside the object: it waits for no reader.
  const running = Array.from({ length: 4 }, () => port.query(NS, ID, 'WITH RECURSIVE c(x) AS (SELECT (SELECT count(*) FROM t) UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c'));
  await new Promise((resolve) => setTimeout(resolve, 2000)); // the queries' processes started and hold their snapshot
  // Rows of 100 KB: the WAL passes 4 MiB, so commits make the history's checkpoint while the queries hold a snapshot.
  const writes = [];
  for (let i = 0; i < 100; i++) {
    const started = performance.now();
    await store.exec('INSERT INTO t VALUES (?)', ['w'.repeat(100_000)]);
    writes.push(performance.now() - started);
  }
  await Promise.allSettled(running);
  const ms = (v) => `${v.toFixed(v < 1 ? 2 : 1)} ms`;
  console.log(`read-only query through the port (a process each): median ${ms(median(query))} (min ${ms(Math.min(...query))}, max ${ms(Math.max(...query))})`);
  console.log(`the same SELECT on the object's connection:      median ${ms(median(exec))}`);
  console.log(`a 100 KB write while 4 endless queries run beside the object (WAL past 4 MiB): median ${ms(median(writes))} (max ${ms(Math.max(...writes))})`);
  console.log(`load average ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);
} finally {
  port.close();
  rmSync(dir, { recursive: true, force: true });
}
