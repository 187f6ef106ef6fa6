// Red team: a query whose result is too large to hold. Before the bound, a SELECT of 300 1 MB BLOBs, of 600 1 MB
// strings or of ten million rows made the account's store process abort (V8 out of memory inside better-sqlite3's
// all(), before a row was counted): the query failed with "stopped before answering ... what this call wrote may
// not have been kept", every other query of the account in flight failed with it, and under ledge dev the same
// statement ran in the platform's own process. Now rows are counted as they are read and the call fails with its
// own error past SQL_RESULT_MAX_BYTES; the process keeps serving; a statement that writes and returns rows keeps
// nothing of what it wrote.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { SYSTEM_CLOCK } from '../src/platform/clock.js';
import type { SqlDatabasePort, SqlStoragePort } from '../src/storage/ports.js';
import { createProcessSqlStorage } from '../src/storage/process/index.js';
import { SqliteDatabase } from '../src/storage/sqlite/sql-database.js';
import { SQL_RESULT_MAX_BYTES } from '../src/storage/sqlite/result-budget.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { tempDir } from './helpers.js';

const q = (sql: string) => ({ sql, params: [] });
const rowsOf = (n: number, select: string) => `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT ${n}) SELECT ${select} FROM c`;
const TOO_BIG = new RegExp(`^the result is over ${SQL_RESULT_MAX_BYTES / 1_048_576} MB in memory, the most one query or batch may return \\(read it in pages: LIMIT with a WHERE on the last key seen\\); nothing this query did was kept: SQLITE_TOOBIG$`);

const HUGE: [string, string, 'objects' | 'rows'][] = [
  ['300 BLOBs of 1 MB', rowsOf(300, 'x, randomblob(1000000) AS b'), 'objects'],
  ['600 strings of 1 MB', rowsOf(600, 'x, hex(randomblob(500000)) AS s'), 'objects'],
  ['ten million rows', rowsOf(10_000_000, 'x'), 'objects'],
  ['ten million rows as arrays (raw)', rowsOf(10_000_000, 'x'), 'rows'],
];

/** Every huge shape fails with the bound's error; a write that returns too much keeps nothing; what fits is returned. */
async function attack(db: SqlDatabasePort): Promise<void> {
  await db.query([q('CREATE TABLE IF NOT EXISTS t (v TEXT)')], 'objects');
  for (const [what, sql, format] of HUGE) {
    const failed = await db.query([q(sql)], format).then(() => assert.fail(`${what} was returned`), (err: Error) => err);
    assert.match(failed.message, TOO_BIG, what);
  }
  // A batch is bounded as a whole: two halves that each fit fail together, and the batch's insert is not kept.
  const half = rowsOf(60, 'x, randomblob(150000) AS b');
  const batch = await db.query([q("INSERT INTO t VALUES ('batch')"), q(half), q(half)], 'objects').catch((err: Error) => err);
  assert.match((batch as Error).message, TOO_BIG, 'a batch of halves');
  // INSERT ... RETURNING of 300 MB: stopped part way, so nothing of the insert may remain (it ran in auto-commit).
  const returning = await db.query([q(`INSERT INTO t SELECT hex(randomblob(500000)) FROM (${rowsOf(300, 'x')}) RETURNING v`)], 'objects').catch((err: Error) => err);
  assert.match((returning as Error).message, TOO_BIG, 'INSERT ... RETURNING');
  const [count] = await db.query([q('SELECT count(*) AS n FROM t')], 'objects');
  assert.deepEqual(count?.results, [{ n: 0 }], 'neither the batch\'s nor the RETURNING statement\'s rows were kept');
  // What fits still comes back whole, BLOBs as arrays of byte values.
  const [fits] = await db.query([q(rowsOf(4, 'x, zeroblob(1000000) AS b'))], 'objects');
  assert.equal(fits?.results.length, 4);
  assert.equal((fits?.results[3] as { b: number[] }).b.length, 1_000_000);
  const [many] = await db.query([q(rowsOf(200_000, 'x'))], 'rows');
  assert.equal(many?.results.length, 200_000);
}

test('a huge result fails with its own error in the account\'s store process, which keeps serving (no crash, no other query failed)', { timeout: 300_000 }, async (t) => {
  const storage: SqlStoragePort & { pid: number | undefined; close(): Promise<void> } = createProcessSqlStorage({ dir: tempDir('ledge-sql-huge-'), clock: SYSTEM_CLOCK });
  t.after(() => storage.close());
  const db = storage.database('main', { retentionDays: 7 });
  await db.query([q('SELECT 1')], 'objects');
  const pid = storage.pid;
  // A query of the account sent behind the huge one is answered (the process did not die under it).
  const huge = db.query([q(HUGE[0]?.[1] as string)], 'objects').catch((err: Error) => err);
  const behind = db.query([q('SELECT 42 AS n')], 'objects');
  assert.match((await huge as Error).message, TOO_BIG);
  assert.deepEqual((await behind)[0]?.results, [{ n: 42 }]);
  await attack(db);
  assert.equal(storage.pid, pid, 'the same store process served every call: none of them ended it');
});

test('a huge result fails with its own error in the embedded database too (ledge dev, thread isolation)', { timeout: 300_000 }, async (t) => {
  const db = new SqliteDatabase(path.join(tempDir('ledge-sql-huge-'), 'main.sqlite'), { clock: SYSTEM_CLOCK, retentionDays: 7 });
  t.after(() => db.close());
  await attack(db);
});

test('through a deployed function under ledge serve: the application gets SQL_ERROR naming the bound, its store process and another account\'s are untouched', { timeout: 300_000 }, async () => {
  const p = await startTestPlatform(tempDir('ledge-sql-huge-serve-'), undefined, { isolation: 'process' });
  try {
    const APP = `export default { async fetch(request, env) {
      const url = new URL(request.url);
      try {
        if (url.pathname === '/huge') return Response.json((await env.DB.prepare(${JSON.stringify(HUGE[2]?.[1])}).all()).results.length);
        return Response.json(await env.DB.prepare('SELECT 7 AS n').first('n'));
      } catch (err) { return Response.json({ error: err.message }, { status: 500 }); }
    } };`;
    const created = await p.call('POST', '/accounts', { body: { name: 'bee' } });
    assert.equal(created.status, 201, created.text);
    const accounts = [p.accountId, created.body.result.id as string];
    for (const account of accounts) {
      const db = await p.call('POST', `/accounts/${account}/sql/databases`, { body: { name: 'main' } });
      assert.equal(db.status, 201, db.text);
      const deployed = await p.call('PUT', `/accounts/${account}/deployments/app`, { body: deployBody(APP, { edge_dev: true, sql_databases: [{ binding: 'DB', database_name: 'main', database_id: db.body.result.uuid }] }) });
      assert.equal(deployed.status, 200, deployed.text);
    }
    const visit = async (host: string, at: string) => {
      const res = await p.visit(host, at);
      return { status: res.status, body: await res.json() as unknown };
    };
    assert.deepEqual(await visit('app.admin.ledge.localhost', '/'), { status: 200, body: 7 });
    assert.deepEqual(await visit('app.bee.ledge.localhost', '/'), { status: 200, body: 7 });
    const pids = accounts.map((a) => p.sqlProcessPid(a));
    const huge = await visit('app.admin.ledge.localhost', '/huge');
    assert.equal(huge.status, 500);
    assert.match((huge.body as { error: string }).error.replace(/^SQL_ERROR: /, ''), TOO_BIG);
    assert.deepEqual(await visit('app.admin.ledge.localhost', '/'), { status: 200, body: 7 });
    assert.deepEqual(await visit('app.bee.ledge.localhost', '/'), { status: 200, body: 7 });
    assert.deepEqual(accounts.map((a) => p.sqlProcessPid(a)), pids, 'neither store process ended');
  } finally {
    await p.close();
  }
});

// A coordination object's sql.exec runs on the platform's own thread: before the bound, 300 rows of 1 MB BLOBs
// there grew the platform's process past 1 GB and two million rows past 2.5 GB (then the isolate's 503), so a few
// more would have ended the platform for every account.
const OBJECT_APP = `
import { DurableObject } from 'cloudflare:workers';
export class Big extends DurableObject {
  read(sql) {
    try { return { rows: this.ctx.storage.sql.exec(sql).toArray().length }; } catch (e) { return { error: e.message }; }
  }
  count() { return this.ctx.storage.sql.exec('SELECT count(*) AS n FROM t').one().n; }
}
export default { async fetch(request, env) {
  const stub = env.BIG.get(env.BIG.idFromName('x'));
  const url = new URL(request.url);
  if (url.pathname === '/count') return Response.json(await stub.count());
  return Response.json(await stub.read(url.searchParams.get('sql')));
} };`;

test('a coordination object\'s sql.exec with a huge result fails with the bound\'s error (it would be built on the platform\'s thread), and keeps nothing it wrote', { timeout: 300_000 }, async () => {
  const p = await startTestPlatform(tempDir('ledge-sql-huge-objects-'), undefined, { isolation: 'process' });
  try {
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/big`, { body: deployBody(OBJECT_APP, { edge_dev: true, durable_objects: { bindings: [{ name: 'BIG', class_name: 'Big' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Big'] }] }) });
    assert.equal(deployed.status, 200, deployed.text);
    const read = async (sql: string) => {
      const res = await p.visit('big.admin.ledge.localhost', `/?sql=${encodeURIComponent(sql)}`);
      return { status: res.status, body: await res.json() as { rows?: number; error?: string } };
    };
    assert.deepEqual(await read('CREATE TABLE t (v TEXT)'), { status: 200, body: { rows: 0 } });
    assert.deepEqual(await read(rowsOf(10, 'x, randomblob(1000) AS b')), { status: 200, body: { rows: 10 } });
    for (const sql of [HUGE[0]?.[1] as string, `INSERT INTO t SELECT hex(randomblob(500000)) FROM (${rowsOf(300, 'x')}) RETURNING v`]) {
      const huge = await read(sql);
      assert.equal(huge.status, 200);
      assert.match(huge.body.error ?? '', TOO_BIG, sql);
    }
    const count = await p.visit('big.admin.ledge.localhost', '/count');
    assert.equal(await count.json(), 0, 'the INSERT ... RETURNING stopped by the bound kept no row');
  } finally {
    await p.close();
  }
});
