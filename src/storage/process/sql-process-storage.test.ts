// The process-backed SQL storage: a statement that never ends is stopped at the time limit by killing the
// account's store process, calls queued behind it fail with their own clear error, the host's timers keep firing
// meanwhile, the next call starts a fresh process, and a process killed from outside fails only its calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SYSTEM_CLOCK } from '../../platform/clock.js';
import { tempDir } from '../../../test/helpers.js';
import { createProcessSqlStorage } from './sql-process-storage.js';

const q = (sql: string, ...params: (string | number | null)[]) => ({ sql, params });
const ENDLESS = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';

test('an endless statement fails at the limit, what was queued behind it fails clearly, the host is never held, the next call works', { timeout: 120_000 }, async (t) => {
  const sql = createProcessSqlStorage({ dir: tempDir('ledge-sql-process-'), clock: SYSTEM_CLOCK, timeLimitMs: 1000 });
  t.after(() => sql.close());
  const db = sql.database('main', { retentionDays: 7 });
  await db.script(['CREATE TABLE t (n INTEGER)', 'INSERT INTO t VALUES (1)']);
  const first = sql.pid;
  assert.ok(first, 'the store process runs after the first call');

  let ticks = 0;
  const ticker = setInterval(() => ticks++, 50);
  const endless = db.query([q(ENDLESS)], 'objects').then(() => assert.fail('the endless statement answered'), (err: Error) => err);
  const behind = db.query([q('INSERT INTO t VALUES (2)')], 'objects').then(() => assert.fail('the queued insert ran'), (err: Error) => err);
  const [stopped, queued] = await Promise.all([endless, behind]);
  clearInterval(ticker);
  assert.ok(ticks >= 5, `the host's timers fired while the statement ran (${ticks} ticks)`);
  assert.equal((stopped as { code?: string }).code, 'operation_failed');
  assert.equal(stopped.message, 'the query ran longer than 1 s, the time limit of one query or batch, and was stopped; nothing it did was kept');
  assert.match(queued.message, /another query of this account ran past the time limit.*nothing it did was kept\. Run it again\./);

  const [count] = await db.query([q('SELECT count(*) AS n FROM t')], 'objects');
  assert.deepEqual(count?.results, [{ n: 1 }], 'the data is intact and the queued insert was not applied');
  assert.notEqual(sql.pid, first, 'a fresh process serves the next call');

  // A batch is limited as a whole, and nothing of it is kept.
  const batch = await db.query([q('INSERT INTO t VALUES (3)'), q(ENDLESS)], 'objects').catch((err: Error) => err);
  assert.match((batch as Error).message, /time limit of one query or batch/);
  const [after] = await db.query([q('SELECT count(*) AS n FROM t')], 'objects');
  assert.deepEqual(after?.results, [{ n: 1 }], 'the batch\'s insert was rolled back with it');
});

test('a store process killed from outside fails only the calls it had; the next call starts another and finds every acknowledged write', { timeout: 120_000 }, async (t) => {
  const sql = createProcessSqlStorage({ dir: tempDir('ledge-sql-process-'), clock: SYSTEM_CLOCK });
  t.after(() => sql.close());
  const db = sql.database('main', { retentionDays: 7 });
  await db.script(['CREATE TABLE t (n INTEGER PRIMARY KEY)']);
  const acknowledged: number[] = [];
  const failures: string[] = [];
  const writes: Promise<void>[] = [];
  for (let n = 1; n <= 400; n++) {
    // A call whose commit the child had reported before the kill is failed as kept: it counts as acknowledged.
    writes.push(db.query([q('INSERT INTO t VALUES (?)', n)], 'objects').then(() => { acknowledged.push(n); }, (err: Error) => {
      failures.push(err.message);
      if (/what it wrote was kept$/.test(err.message)) acknowledged.push(n);
    }));
    if (n === 200) {
      await writes[150];
      process.kill(sql.pid as number, 'SIGKILL');
    }
  }
  await Promise.all(writes);
  assert.ok(acknowledged.length >= 150, `${acknowledged.length} writes acknowledged`);
  assert.ok(failures.length > 0, 'the calls the process had when it was killed failed');
  for (const message of failures) assert.match(message, /store process of this account (stopped before answering|ended after this call's writes were committed, before it answered) \(it ended \(SIGKILL\)\)/);
  const [rows] = await db.query([q('SELECT n FROM t')], 'rows');
  const present = new Set((rows?.results as number[][]).map((r) => r[0]));
  assert.deepEqual(acknowledged.filter((n) => !present.has(n)), [], 'every acknowledged write is there');
  const [check] = await db.query([q('PRAGMA integrity_check')], 'rows');
  assert.deepEqual(check?.results, [['ok']]);
});

test('an idle store process stops on its own and the next call starts another on the same data', { timeout: 120_000 }, async (t) => {
  const sql = createProcessSqlStorage({ dir: tempDir('ledge-sql-process-'), clock: SYSTEM_CLOCK, idleMs: 300 });
  t.after(() => sql.close());
  const db = sql.database('main', { retentionDays: 7 });
  await db.script(['CREATE TABLE t (n INTEGER)', 'INSERT INTO t VALUES (7)']);
  const first = sql.pid as number;
  assert.ok(first);
  const started = Date.now();
  while (sql.pid !== undefined && Date.now() - started < 30_000) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(sql.pid, undefined, 'the idle process was told to stop');
  const alive = () => { try { process.kill(first, 0); return true; } catch { return false; } };
  while (alive() && Date.now() - started < 30_000) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(alive(), false, 'and it exited');
  const [rows] = await db.query([q('SELECT n FROM t')], 'rows');
  assert.deepEqual(rows?.results, [[7]]);
  assert.notEqual(sql.pid, first);
});

test('values too large for the store process\'s memory fail that statement with out of memory; the process serves on', { timeout: 120_000 }, async (t) => {
  const sql = createProcessSqlStorage({ dir: tempDir('ledge-sql-process-'), clock: SYSTEM_CLOCK, memoryBytes: 1536 * 1_048_576 });
  t.after(() => sql.close());
  const db = sql.database('main', { retentionDays: 7 });
  const greedy = await db.query([q('SELECT randomblob(300000000), randomblob(300000000), randomblob(300000000), randomblob(300000000), randomblob(300000000), randomblob(300000000)')], 'rows').catch((err: Error) => err);
  assert.match((greedy as Error).message, /out of memory: SQLITE_NOMEM/);
  const [one] = await db.query([q('SELECT 1 AS n')], 'objects');
  assert.deepEqual(one?.results, [{ n: 1 }]);
});

test('closing while a statement runs ends the store process within the close time; the statement fails, naming the stop', { timeout: 120_000 }, async () => {
  const sql = createProcessSqlStorage({ dir: tempDir('ledge-sql-process-'), clock: SYSTEM_CLOCK, timeLimitMs: 600_000 });
  const db = sql.database('main', { retentionDays: 7 });
  await db.query([q('SELECT 1')], 'rows');
  const pid = sql.pid as number;
  const running = db.query([q(ENDLESS)], 'rows').catch((err: Error) => err);
  await new Promise((resolve) => setTimeout(resolve, 200));
  await sql.close();
  assert.throws(() => process.kill(pid, 0), 'the store process is gone once close() resolves');
  assert.equal(((await running) as Error).message, 'the platform stopped before this call finished');
  await assert.rejects(db.query([q('SELECT 1')], 'rows'), /the platform is stopping: its stores take no more calls/);
});

test('a damaged database file fails its calls with store_damaged, tells the operator where it is once, and shows the caller no path', { timeout: 120_000 }, async (t) => {
  const dir = tempDir('ledge-sql-process-');
  mkdirSync(path.join(dir, 'sql'));
  writeFileSync(path.join(dir, 'sql', 'broken.sqlite'), Buffer.alloc(8192, 0x5a));
  const told: string[] = [];
  const sql = createProcessSqlStorage({ dir, clock: SYSTEM_CLOCK, onDamage: (err) => told.push(err.message) });
  t.after(() => sql.close());
  for (let i = 0; i < 2; i++) {
    const failed = await sql.database('broken', { retentionDays: 7 }).query([q('SELECT 1')], 'rows').catch((err: Error & { code?: string }) => err);
    assert.equal((failed as { code?: string }).code, 'store_damaged');
    assert.equal((failed as Error).message, 'the SQL database broken is damaged and cannot be used until the platform\'s operator restores it');
  }
  assert.equal(told.length, 1, 'the operator is told once');
  assert.ok(told[0]?.includes(path.join(dir, 'sql', 'broken.sqlite')), told[0]);
  const [ok] = await sql.database('fine', { retentionDays: 7 }).query([q('SELECT 1 AS n')], 'objects');
  assert.deepEqual(ok?.results, [{ n: 1 }], 'the account\'s other databases work');
});
