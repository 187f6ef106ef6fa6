// A store process whose platform died (kill -9) exits at once without closing its stores, so it never writes its
// files beside a platform started again on the same state (its SQLite and history files are whole after any kill);
// only the platform's own close (a close message, then the end of its input) makes it close them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SYSTEM_CLOCK } from '../src/platform/clock.js';
import { createProcessSqlStorage } from '../src/storage/process/sql-process-storage.js';
import { alive, eventually, runUntilKilled, tempDir } from './helpers.js';

const ROWS = 50;

/** The platform: a process-backed SQL storage, rows written and acknowledged, then it waits to be killed. */
const PLATFORM = `
import { writeSync } from 'node:fs';
import { SYSTEM_CLOCK } from ${JSON.stringify(path.resolve('src/platform/clock.ts'))};
import { createProcessSqlStorage } from ${JSON.stringify(path.resolve('src/storage/process/sql-process-storage.ts'))};
const sql = createProcessSqlStorage({ dir: process.argv[1], clock: SYSTEM_CLOCK });
const db = sql.database('main', { retentionDays: 7 });
await db.query([{ sql: 'CREATE TABLE t (n INTEGER)', params: [] }], 'objects');
for (let i = 1; i <= ${ROWS}; i++) await db.query([{ sql: 'INSERT INTO t VALUES (?)', params: [i] }], 'objects');
writeSync(1, 'store ' + sql.pid + '\\n');
setInterval(() => {}, 1000);
`;

/** Every SQLite write-ahead log under `dir` with its size. */
function walFiles(dir: string): { file: string; size: number }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.sqlite-wal')).map((f) => ({ file: f, size: statSync(path.join(dir, f)).size }));
}

test('kill -9 of the platform: its store process exits without closing its stores, and every acknowledged row is there', { timeout: 120_000 }, async () => {
  const dir = tempDir('ledge-store-orphan-');
  let storePid = 0;
  await runUntilKilled(PLATFORM, [dir], (line) => {
    const match = /^store (\d+)$/.exec(line);
    if (match) storePid = Number(match[1]);
    return match !== null;
  }, 1);
  assert.ok(storePid > 0, 'the platform reported its store process');
  await eventually(() => !alive(storePid), 10_000, 'the orphaned store process to exit');
  // A close would have checkpointed the database and removed its log; the orphan left it as a kill would.
  const logs = walFiles(dir);
  assert.ok(logs.some((l) => l.size > 0), `the database's write-ahead log is as the kill left it: ${JSON.stringify(logs)}`);

  const sql = createProcessSqlStorage({ dir, clock: SYSTEM_CLOCK });
  try {
    const [result] = await sql.database('main', { retentionDays: 7 }).query([{ sql: 'SELECT count(*) AS n, sum(n) AS s FROM t', params: [] }], 'objects');
    assert.deepEqual(result?.results, [{ n: ROWS, s: (ROWS * (ROWS + 1)) / 2 }]);
  } finally {
    await sql.close();
  }
  // The platform's own close does close the stores: the log is checkpointed away.
  assert.deepEqual(walFiles(dir).filter((l) => l.size > 0), [], 'a closed store leaves no write-ahead log behind');
});
