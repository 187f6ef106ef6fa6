// What `rowsRead` and `rowsWritten` of an object's SQL cursor count (docs/bindings/coordination.md, "Key-value pairs
// and SQL"). better-sqlite3 exposes no sqlite3_stmt_status (SQLITE_STMTSTATUS_FULLSCAN_STEP / VM_STEP) and its SQLite
// is built without the sqlite_stmt virtual table, so rows scanned cannot be known: rowsRead is the rows every statement
// of the text returned plus rowsWritten; rowsWritten is the rows inserted, updated or deleted, by triggers too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createManualClock } from '../../../platform/clock.js';
import { createSqliteCoordinationStorage } from '../coordination-storage.js';

const ID = '1'.padStart(64, '0');

test('rowsRead counts rows returned (by every statement of the text) plus rows written, not rows scanned', async (t) => {
  const root = path.join(mkdtempSync(path.join(tmpdir(), 'ledge-rows-read-')), 'coordination');
  const port = createSqliteCoordinationStorage(root, { clock: createManualClock(0) });
  t.after(() => port.close());
  const store = await port.open('acct/script/Rows', ID);
  await store.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); CREATE TABLE log (n)', []);
  await store.exec("CREATE TRIGGER t_log AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.id); END", []);

  const inserted = await store.exec("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 50) INSERT INTO t (v) SELECT 'v' || x FROM c", []);
  assert.equal(inserted.rowsWritten, 100, '50 rows and the 50 its trigger logged');
  assert.equal(inserted.rowsRead, 100, 'no row returned: rows written only');

  const counted = await store.exec('SELECT count(*) FROM t', []);
  assert.equal(counted.rowsRead, 1, 'a full scan of 50 rows that returns one row reads 1 (the original would say 50)');
  const filtered = await store.exec("SELECT id FROM t WHERE v = 'v7'", []);
  assert.equal(filtered.rowsRead, 1, 'rows the WHERE clause skipped are not counted');
  const several = await store.exec('SELECT id FROM t WHERE id <= 3; SELECT id FROM t WHERE id <= 2', []);
  assert.deepEqual(several.rows, [[1], [2]]);
  assert.equal(several.rowsRead, 5, 'the rows of every statement of the text, not only the last');
  const returning = await store.exec("UPDATE t SET v = 'x' WHERE id <= 4 RETURNING id", []);
  assert.equal(returning.rowsWritten, 4);
  assert.equal(returning.rowsRead, 8, 'returned rows and written rows both count');

  // The reason: this better-sqlite3 has no statement counters to ask, and its SQLite no sqlite_stmt table.
  const db = new Database(':memory:');
  t.after(() => db.close());
  assert.throws(() => db.prepare('SELECT * FROM sqlite_stmt'), /no such table: sqlite_stmt/);
  assert.equal(typeof (db.prepare('SELECT 1') as unknown as Record<string, unknown>)['status'], 'undefined');
});
