// Contract of the SQL storage port (ports.ts): statements, transactions, bookmarks and restores.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSqlStatementError, type SqlStoragePort } from '../ports.js';

/** Opens a fresh, empty adapter; `close` releases it. */
export type SqlPortFactory = () => { sql: SqlStoragePort; close(): void };

const q = (sql: string, ...params: (string | number | null)[]) => ({ sql, params });

/** Registers the SQL port's contract tests for one adapter, named `name`. */
export function sqlStorageContract(name: string, open: SqlPortFactory): void {
  test(`${name} sql: statements run, answer objects or rows, and databases are separate`, async (t) => {
    const store = open();
    t.after(() => store.close());
    const db = store.sql.database('db-a', { retentionDays: 7 });
    await db.script(['CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)', "INSERT INTO t (name) VALUES ('one')"]);
    const [insert] = await db.query([q('INSERT INTO t (name) VALUES (?)', 'two')], 'objects');
    assert.equal(insert?.meta.changes, 1);
    assert.equal(insert?.meta.last_row_id, 2);
    const [objects] = await db.query([q('SELECT id, name FROM t ORDER BY id')], 'objects');
    assert.deepEqual(objects?.results, [{ id: 1, name: 'one' }, { id: 2, name: 'two' }]);
    assert.deepEqual(objects?.columns, ['id', 'name']);
    const [rows] = await db.query([q('SELECT name FROM t WHERE id = ?', 2)], 'rows');
    assert.deepEqual(rows?.results, [['two']]);
    await assert.rejects(store.sql.database('db-b', { retentionDays: 7 }).query([q('SELECT * FROM t')], 'objects'), 'another database has no table t');
  });

  test(`${name} sql: a failing statement names its index and undoes the whole batch`, async (t) => {
    const store = open();
    t.after(() => store.close());
    const db = store.sql.database('db', { retentionDays: 7 });
    await db.script(['CREATE TABLE t (v TEXT NOT NULL)']);
    const failure = await db.query([q("INSERT INTO t VALUES ('kept?')"), q('INSERT INTO t VALUES (NULL)')], 'objects').then(() => null, (err: unknown) => err);
    assert.ok(isSqlStatementError(failure), 'a statement error carries sql_statement_failed');
    assert.equal(failure.index, 1);
    const scriptFailure = await db.script(["INSERT INTO t VALUES ('a')", 'NOT SQL']).then(() => null, (err: unknown) => err);
    assert.ok(isSqlStatementError(scriptFailure));
    assert.equal(scriptFailure.index, 1);
    const [count] = await db.query([q('SELECT count(*) AS n FROM t')], 'objects');
    assert.deepEqual(count?.results, [{ n: 0 }], 'nothing of either batch stayed');
  });

  test(`${name} sql: a restore to a bookmark brings back that state and can be undone`, async (t) => {
    const store = open();
    t.after(() => store.close());
    const db = store.sql.database('db', { retentionDays: 7 });
    await db.script(['CREATE TABLE t (v TEXT)', "INSERT INTO t VALUES ('before')"]);
    const bookmark = await db.bookmark();
    await db.script(["UPDATE t SET v = 'after'"]);
    const restored = await db.restore(bookmark);
    assert.equal(restored.bookmark.length > 0, true);
    assert.deepEqual((await db.query([q('SELECT v FROM t')], 'objects'))[0]?.results, [{ v: 'before' }]);
    await db.restore(restored.previous_bookmark);
    assert.deepEqual((await db.query([q('SELECT v FROM t')], 'objects'))[0]?.results, [{ v: 'after' }]);
  });
}
