// The operators' read-only query on a coordination object (docs/bindings/coordination.md, Operating objects), run
// through the adapter's port on a real object database while its handle keeps writing: what it answers, what it
// refuses (anything that writes, ATTACH, writable_schema, load_extension, a checkpoint that would break the
// history), and the bounds that keep it from holding the platform (rows, bytes, time, queries at once).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createManualClock } from '../../../platform/clock.js';
import { hasCode } from '../../../platform/errors.js';
import { createSqliteCoordinationStorage } from '../coordination-storage.js';
import { READ_QUERY_LIMITS } from './read-query.js';
import { objectFile } from './paths.js';

const id = (n: number) => n.toString(16).padStart(64, '0');
const NS = 'acct/script/Notes';
const bytes = (s: string) => new TextEncoder().encode(s);

async function setup() {
  const root = path.join(mkdtempSync(path.join(tmpdir(), 'ledge-coord-query-')), 'coordination');
  const port = createSqliteCoordinationStorage(root, { clock: createManualClock(Date.UTC(2026, 10, 1)) });
  const store = await port.open(NS, id(1));
  await store.write([['greeting', bytes('hello')]], []);
  await store.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, data BLOB, big INTEGER)', []);
  await store.exec("INSERT INTO notes (body, data, big) VALUES ('one', x'00ff', 9007199254740993), ('two', NULL, 2)", []);
  return { root, port, store };
}

/** The refusal a promise ends with: its code and message. */
async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await work;
  } catch (err) {
    return { code: hasCode(err, 'bad_argument') ? 'bad_argument' : hasCode(err, 'not_found') ? 'not_found' : hasCode(err, 'wrong_state') ? 'wrong_state' : String((err as { code?: string }).code), message: (err as Error).message };
  }
  assert.fail('expected a refusal');
}

test('a read-only query answers column names and JSON-safe rows, reads the key-value table, and takes bound values', { timeout: 120_000 }, async (t) => {
  const { port } = await setup();
  t.after(() => port.close());
  const r = await port.query(NS, id(1), 'SELECT id, body, data, big FROM notes ORDER BY id');
  assert.deepEqual(r, { columns: ['id', 'body', 'data', 'big'], rows: [[1, 'one', { $bytes: 'AP8=' }, { $bigint: '9007199254740993' }], [2, 'two', null, 2]], more: false });
  const kv = await port.query(NS, id(1), 'SELECT CAST(key AS TEXT) AS key, length(value) AS n FROM _cf_KV');
  assert.deepEqual(kv.rows, [['greeting', 5]]);
  assert.deepEqual((await port.query(NS, id(1), 'SELECT body FROM notes WHERE id = ?', [2])).rows, [['two']]);
  assert.deepEqual((await port.query(NS, id(1), 'SELECT 1e999 AS inf')).rows, [[{ $number: 'Infinity' }]]);
  assert.deepEqual((await port.query(NS, id(1), 'PRAGMA table_info(notes)')).columns.slice(0, 3), ['cid', 'name', 'type'], 'a read-only PRAGMA returns rows');
  const missing = await refusal(port.query(NS, id(2), 'SELECT 1'));
  assert.equal(missing.code, 'not_found');
  const syntax = await refusal(port.query(NS, id(1), 'SELEKT 1'));
  assert.equal(syntax.code, 'bad_argument');
  assert.match(syntax.message, /near "SELEKT": syntax error/);
  assert.match((await refusal(port.query(NS, id(1), 'SELECT ?', [{}] as never[]))).message, /params\[0\]: expected a string/);
  assert.match((await refusal(port.query(NS, id(1), `SELECT 1 -- ${'x'.repeat(100_000)}`))).message, /sql: at most 100000 characters/);
  assert.match((await refusal(port.query(NS, id(1), '   '))).message, /sql: give one SQL statement/);
});

test('anything that would write, attach, load code or checkpoint is refused and the object is unchanged', { timeout: 180_000 }, async (t) => {
  const { root, port, store } = await setup();
  t.after(() => port.close());
  const outside = path.join(root, '..', 'outside.sqlite');
  const library = path.join(root, '..', 'evil.so');
  writeFileSync(library, 'not a library');
  const attacks = [
    "INSERT INTO notes (body) VALUES ('x')",
    "INSERT INTO notes (body) VALUES ('x') RETURNING id",
    "UPDATE notes SET body = 'x' RETURNING id",
    'DELETE FROM notes RETURNING id',
    "WITH t AS (SELECT 1) INSERT INTO notes (body) SELECT 'x' FROM t RETURNING id",
    "REPLACE INTO _cf_KV (key, value) VALUES (x'00', x'00') RETURNING key",
    'CREATE TABLE evil (x)',
    'DROP TABLE notes',
    `ATTACH '${outside}' AS other`,
    'DETACH main',
    'VACUUM',
    `VACUUM INTO '${outside}'`,
    'PRAGMA writable_schema = 1',
    'PRAGMA writable_schema = ON',
    'PRAGMA journal_mode = DELETE',
    'PRAGMA wal_checkpoint(TRUNCATE)',
    'PRAGMA user_version = 7',
    `SELECT load_extension('${library}')`,
    "SELECT 1; DELETE FROM notes",
    'BEGIN IMMEDIATE',
    'REINDEX',
    'ANALYZE',
  ];
  for (const sql of attacks) {
    const r = await refusal(port.query(NS, id(1), sql));
    assert.equal(r.code, 'bad_argument', `${sql}: ${r.message}`);
  }
  assert.deepEqual((await store.exec('SELECT count(*) FROM notes', [])).rows, [[2]]);
  assert.match((await refusal(port.query(NS, id(1), 'PRAGMA journal_mode'))).message, /may write \(SQLite does not mark it read-only\)/, 'even reading it: SQLite marks it as a writer');
  const file = new Database(path.join(root, objectFile('', NS, id(1))), { readonly: true });
  assert.equal(file.pragma('journal_mode', { simple: true }), 'wal');
  file.close();
  assert.deepEqual((await store.exec('PRAGMA user_version', [])).rows, [[0]]);
  assert.equal((await store.get(['greeting'])).size, 1);
  // The live handle still writes, and its history still records (a checkpoint from outside would have broken it).
  await store.exec("INSERT INTO notes (body) VALUES ('three')", []);
  assert.ok((await store.bookmark()).length > 0);
  assert.deepEqual((await port.query(NS, id(1), 'SELECT count(*) FROM notes')).rows, [[3]]);
});

test('answers are bounded in rows and bytes; a row cap stops an endless CTE that returns rows', { timeout: 120_000 }, async (t) => {
  const { port } = await setup();
  t.after(() => port.close());
  const endless = await port.query(NS, id(1), 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c');
  assert.equal(endless.rows.length, READ_QUERY_LIMITS.rows);
  assert.equal(endless.more, true);
  const wide = await port.query(NS, id(1), 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100) SELECT x, hex(randomblob(50000)) FROM c');
  assert.equal(wide.more, true);
  assert.ok(wide.rows.length > 5 && wide.rows.length < 100, `${wide.rows.length} rows of 100 KB`);
  assert.ok(Buffer.byteLength(JSON.stringify(wide.rows)) <= READ_QUERY_LIMITS.bytes);
  const huge = await refusal(port.query(NS, id(1), 'SELECT randomblob(5000000)'));
  assert.equal(huge.code, 'bad_argument');
  assert.match(huge.message, /the first row alone is \d+ bytes/);
  // Values too large for the query process's memory fail cleanly, whatever the answer's bounds would have said.
  const greedy = await refusal(port.query(NS, id(1), 'SELECT randomblob(300000000), randomblob(300000000), randomblob(300000000), randomblob(300000000)'));
  assert.equal(greedy.code, 'bad_argument');
  assert.match(greedy.message, /out of memory/);
  const exact = await port.query(NS, id(1), 'SELECT body FROM notes');
  assert.equal(exact.more, false, 'two rows are all of them');
});

test('an endless statement is stopped at the time limit while the object keeps writing; queries at once are bounded per store and per process', { timeout: 180_000 }, async (t) => {
  const { port, store } = await setup();
  const other = await setup();
  const third = await setup();
  t.after(() => { port.close(); other.port.close(); third.port.close(); });
  // It reads the object's table, so it holds a snapshot while it runs (a checkpoint would have to wait for it).
  const endless = 'WITH RECURSIVE c(x) AS (SELECT (SELECT count(*) FROM notes) UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';
  const running = [port, port, other.port, other.port].map((p) => refusal(p.query(NS, id(1), endless)));
  let settled = false;
  void Promise.all(running).then(() => { settled = true; });
  const perStore = await refusal(port.query(NS, id(1), 'SELECT 1'));
  assert.equal(perStore.code, 'wrong_state');
  assert.match(perStore.message, /2 read-only queries are running on these objects already/);
  const busy = await refusal(third.port.query(NS, id(1), 'SELECT 1'));
  assert.equal(busy.code, 'wrong_state');
  assert.match(busy.message, /4 read-only queries are running on this platform already/);
  // The live object is not blocked by the readers, also when its WAL passes the history's checkpoint size.
  for (let i = 0; i < 20; i++) await store.exec('INSERT INTO notes (body) VALUES (?)', [`w${i}`.padEnd(300_000, '.')]);
  await store.write([['after', bytes('yes')]], []);
  assert.equal(settled, false, 'the writes finished while the endless statements still ran');
  for (const r of await Promise.all(running)) {
    assert.equal(r.code, 'bad_argument');
    assert.match(r.message, /ran longer than 5 s, the time limit of a read-only query, and was stopped/);
  }
  assert.deepEqual((await third.port.query(NS, id(1), 'SELECT count(*) FROM notes')).rows, [[2]], 'a query runs again once they ended');
  assert.deepEqual((await port.query(NS, id(1), 'SELECT count(*) FROM notes')).rows, [[22]]);
});
