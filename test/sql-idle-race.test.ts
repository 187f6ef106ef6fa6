// Red team: the store process's idle stop racing a new call. An account's store process stops after `idleMs`
// without calls (its stdin ended, it closes its databases and exits) and the next call starts another once the
// old one has exited, so two processes never hold the same files. Calls sent right around the idle moment
// (before, at and just after it, writes and reads, several at once) must all be answered, each write kept once.
// Ledge holds; the test guards it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SYSTEM_CLOCK } from '../src/platform/clock.js';
import { createProcessSqlStorage } from '../src/storage/process/index.js';
import { tempDir } from './helpers.js';

test('calls made just before, at and after the idle stop are all answered, every write kept exactly once', { timeout: 300_000 }, async (t) => {
  const IDLE_MS = 40;
  const sql = createProcessSqlStorage({ dir: tempDir('ledge-idle-race-'), clock: SYSTEM_CLOCK, idleMs: IDLE_MS });
  t.after(() => sql.close());
  const db = sql.database('main', { retentionDays: 7 });
  await db.script(['CREATE TABLE t (n INTEGER PRIMARY KEY)']);
  const pids = new Set<number>();
  let n = 0;
  for (let round = 0; round < 24; round++) {
    // Waits of 0.5 to 1.5 times the idle time: some calls land on the running process, some on one told to stop.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS * (0.5 + (round % 12) / 11)));
    const writes = [n + 1, n + 2, n + 3].map((k) => db.query([{ sql: 'INSERT INTO t VALUES (?)', params: [k] }], 'objects'));
    const read = db.query([{ sql: 'SELECT count(*) AS c FROM t', params: [] }], 'objects');
    await Promise.all(writes);
    n += 3;
    assert.ok(((await read)[0]?.results[0] as { c: number }).c >= n - 3, `round ${round}: the read saw every earlier write`);
    if (sql.pid) pids.add(sql.pid);
  }
  const [all] = await db.query([{ sql: 'SELECT count(*) AS c, min(n) AS lo, max(n) AS hi FROM t', params: [] }], 'objects');
  assert.deepEqual(all?.results, [{ c: n, lo: 1, hi: n }], 'every write kept exactly once');
  t.diagnostic(`${pids.size} store processes served the ${n} writes`);
  assert.ok(pids.size > 1, 'the idle stop happened between calls');
});
