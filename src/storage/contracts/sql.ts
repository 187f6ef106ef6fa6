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

  test(`${name} sql: statements reaching outside the database are refused however SQLite lexes them, and run nothing`, async (t) => {
    const store = open();
    t.after(() => store.close());
    const db = store.sql.database('db', { retentionDays: 7 });
    await db.script(['CREATE TABLE t (v TEXT)']);
    // No space is needed around a string or a quoted name; SQLite skips leading `;`; preparing EXPLAIN applies a flag PRAGMA.
    const refused: [string, RegExp][] = [
      ["ATTACH'/tmp/ledge-never.sqlite'AS x", /ATTACH is not allowed/], ['ATTACH"/tmp/ledge-never.sqlite"AS x', /ATTACH is not allowed/],
      [";ATTACH '/tmp/ledge-never.sqlite' AS x", /ATTACH is not allowed/], ["EXPLAIN ATTACH '/tmp/ledge-never.sqlite' AS x", /ATTACH is not allowed/],
      ['DETACH"main"', /DETACH is not allowed/], ["VACUUM\"main\"INTO'/tmp/ledge-never.sqlite'", /VACUUM INTO is not allowed/],
      ["PRAGMA\"journal_mode\"='DELETE'", /PRAGMA journal_mode is not allowed/], ["PRAGMA main.'synchronous'=0", /PRAGMA synchronous is not allowed/],
      ['EXPLAIN PRAGMA synchronous=0', /PRAGMA synchronous is not allowed/], ['EXPLAIN QUERY PLAN PRAGMA query_only=1', /PRAGMA query_only is not allowed/],
      ['PRAGMA[query_only]=1', /PRAGMA query_only is not allowed/], [';BEGIN', /BEGIN is not allowed/],
    ];
    for (const [sql, error] of refused) {
      await assert.rejects(db.query([q(sql)], 'objects'), error, `query: ${sql}`);
      await assert.rejects(db.script([sql]), error, `script: ${sql}`);
    }
    // A trigger whose name holds a letter past ASCII: the splitter no longer reads BEGIN in it, so no statement hides behind its END.
    await assert.rejects(db.script(['CREATE TRIGGER éBEGIN AFTER INSERT ON t BEGIN SELECT 1; END; PRAGMA query_only=1']), /PRAGMA query_only is not allowed/);
    const [listed] = await db.query([q('SELECT name FROM pragma_database_list')], 'objects');
    assert.deepEqual(listed?.results, [{ name: 'main' }], 'nothing was attached');
    await db.script(['CREATE TRIGGER café_end AFTER INSERT ON t BEGIN SELECT 1; END', "INSERT INTO t VALUES ('written')"]);
    assert.deepEqual((await db.query([q('SELECT v FROM t')], 'objects'))[0]?.results, [{ v: 'written' }], 'the database is still writable');
  });
}
