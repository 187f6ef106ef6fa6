// Contract of the coordination objects' storage port (ports.ts): what every adapter must do, whatever it stores in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CoordinationObjectStore, CoordinationStoragePort } from '../ports.js';

/** Opens a fresh, empty adapter; `close` releases it. */
export type CoordinationPortFactory = () => { coordination: CoordinationStoragePort; close(): void };

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array | undefined) => new TextDecoder().decode(b);
const ID_A = 'a'.repeat(64);
const ID_B = 'b'.repeat(64);
const ID_C = 'c'.repeat(64);
const NS = 'acct/script/Counter';

async function withObject(open: CoordinationPortFactory, t: { after(fn: () => void): void }, id = ID_A): Promise<{ port: CoordinationStoragePort; object: CoordinationObjectStore }> {
  const store = open();
  t.after(() => store.close());
  return { port: store.coordination, object: await store.coordination.open(NS, id) };
}

/** The keys of a list, for comparing. */
const keysOf = (entries: [string, Uint8Array][]) => entries.map(([key]) => key);

/** Registers the coordination port's contract tests for one adapter, named `name`. */
export function coordinationStorageContract(name: string, open: CoordinationPortFactory): void {
  test(`${name} coordination: put, get, overwrite, delete; an object never written is empty and not listed`, async (t) => {
    const { port, object } = await withObject(open, t);
    assert.deepEqual([...await object.get(['k'])], []);
    assert.deepEqual(await object.list({}), []);
    assert.equal(await object.getAlarm(), null);
    assert.equal(await object.write([], ['never-there']), 0);
    assert.deepEqual((await port.list(NS, { limit: 10 })).ids, [], 'reads and empty deletes store nothing');
    await object.write([['k', bytes('v1')], ['j', bytes('w')]], []);
    assert.equal(text((await object.get(['k'])).get('k')), 'v1');
    await object.write([['k', bytes('v2')]], []);
    assert.equal(text((await object.get(['k'])).get('k')), 'v2');
    assert.equal(await object.write([], ['k', 'missing']), 1, 'counts the deleted keys that existed');
    assert.deepEqual([...(await object.get(['k', 'j'])).keys()], ['j']);
    assert.deepEqual((await port.list(NS, { limit: 10 })).ids, [ID_A]);
    const other = await port.open(NS, ID_B);
    assert.deepEqual([...await other.get(['j'])], [], 'objects are separate');
  });

  test(`${name} coordination: get of several keys and list are in UTF-8 byte order, with every list option`, async (t) => {
    const { object } = await withObject(open, t);
    // UTF-16 order would put the emoji (a surrogate pair, 0xD83D...) before U+FFFD; UTF-8 puts it after.
    const keys = ['b', 'a', 'ab', 'abc', 'ac', 'Z', '\u00e9', '\uFFFD', '\u{1F600}', 'a\u{1F600}', 'a\uFFFD'];
    await object.write(keys.map((k) => [k, bytes(`v:${k}`)] as const), []);
    const byteOrder = [...keys].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    assert.deepEqual(keysOf(await object.list({})), byteOrder);
    assert.deepEqual([...(await object.get(['\u{1F600}', '\uFFFD', 'a'])).keys()], ['a', '\uFFFD', '\u{1F600}']);
    assert.deepEqual(keysOf(await object.list({ reverse: true })), [...byteOrder].reverse());
    assert.deepEqual(keysOf(await object.list({ prefix: 'a' })), ['a', 'ab', 'abc', 'ac', 'a\uFFFD', 'a\u{1F600}']);
    assert.deepEqual(keysOf(await object.list({ prefix: 'a', reverse: true, limit: 2 })), ['a\u{1F600}', 'a\uFFFD']);
    assert.deepEqual(keysOf(await object.list({ start: 'ab', end: 'b' })), ['ab', 'abc', 'ac', 'a\uFFFD', 'a\u{1F600}'], 'start inclusive, end exclusive');
    assert.deepEqual(keysOf(await object.list({ startAfter: 'ab', end: 'ac' })), ['abc'], 'startAfter exclusive');
    assert.deepEqual(keysOf(await object.list({ start: 'b', limit: 2 })), ['b', '\u00e9']);
    assert.deepEqual(keysOf(await object.list({ prefix: 'ab', start: 'abc' })), ['abc'], 'prefix and bounds together');
    assert.deepEqual(keysOf(await object.list({ start: 'b', end: 'a' })), [], 'an empty range');
    assert.deepEqual(keysOf(await object.list({ prefix: '\u{1F600}' })), ['\u{1F600}']);
    assert.equal(text((await object.list({ prefix: 'abc' }))[0]?.[1]), 'v:abc');
    await assert.rejects(object.list({ limit: 0 }), /List limit must be positive\./);
  });

  test(`${name} coordination: keys up to 2 KiB and values up to 2 MB (the SQLite backend's bound); a write over a limit stores none of it`, async (t) => {
    const { object } = await withObject(open, t);
    await object.write([['k'.repeat(2048), new Uint8Array(2_000_000)]], []);
    assert.equal((await object.get(['k'.repeat(2048)])).get('k'.repeat(2048))?.byteLength, 2_000_000);
    await assert.rejects(object.write([['k'.repeat(2049), bytes('v')]], []), /Keys cannot be larger than 2048 bytes\./);
    await assert.rejects(object.write([['\u00e9'.repeat(1025), bytes('v')]], []), /Keys cannot be larger than 2048 bytes\./, 'counted in UTF-8 bytes');
    await assert.rejects(object.write([['big', new Uint8Array(2_000_001)]], []), /Values cannot be larger than 2000000 bytes\./);
    await assert.rejects(object.write([['ok', bytes('v')], ['big', new Uint8Array(2_000_001)]], []), /Value for key "big" is above the limit of 2000000 bytes\./);
    assert.deepEqual([...(await object.get(['ok', 'big'])).keys()], [], 'nothing of the refused write is stored');
    await assert.rejects(object.get(['k'.repeat(2049)]), /Keys cannot be larger than 2048 bytes\./);
  });

  test(`${name} coordination: SQL runs beside the key-value pairs, several statements at once, with row counts`, async (t) => {
    const { object } = await withObject(open, t);
    const created = await object.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, data BLOB); INSERT INTO items (name) VALUES (\'first\')', []);
    assert.equal(created.rowsWritten, 1);
    const inserted = await object.exec('INSERT INTO items (name, data) VALUES (?, ?), (?, ?)', ['second', new Uint8Array([1, 2, 3]), 'third', null]);
    assert.equal(inserted.rowsWritten, 2);
    const rows = await object.exec('SELECT id, name, data FROM items WHERE id >= ? ORDER BY id', [2]);
    assert.deepEqual(rows.columns, ['id', 'name', 'data']);
    assert.equal(rows.rows.length, 2);
    assert.deepEqual(rows.rows[0]?.slice(0, 2), [2, 'second']);
    assert.deepEqual([...(rows.rows[0]?.[2] as Uint8Array)], [1, 2, 3]);
    assert.equal(rows.rowsRead, 2);
    assert.equal(rows.rowsWritten, 0);
    const last = await object.exec('UPDATE items SET name = upper(name); SELECT count(*) AS n FROM items WHERE name = ?', ['FIRST']);
    assert.deepEqual(last.rows, [[1]], 'the last statement gives the rows and takes the bound values');
    assert.equal(last.rowsWritten, 3);
    await assert.rejects(object.exec('INSERT INTO items (id) VALUES (1)', []), /UNIQUE constraint failed/);
    assert.ok(await object.databaseSize() > 0);
  });

  test(`${name} coordination: SQL refuses transactions, other databases, journal settings and the reserved names`, async (t) => {
    const { object } = await withObject(open, t);
    await object.write([['secret', bytes('kv value')]], []);
    await object.exec('CREATE TABLE t (x)', []);
    for (const sql of ['BEGIN TRANSACTION', 'begin', 'SAVEPOINT a', 'COMMIT', 'ROLLBACK', 'RELEASE a', '/* c */ BEGIN IMMEDIATE', 'INSERT INTO t VALUES (1); BEGIN']) {
      await assert.rejects(object.exec(sql, []), /^Error: To execute a transaction, please use the state\.storage\.transaction\(\) or state\.storage\.transactionSync\(\) APIs instead of the SQL BEGIN TRANSACTION or SAVEPOINT statements\./, sql);
    }
    assert.deepEqual((await object.exec('SELECT count(*) FROM t', [])).rows, [[0]], 'a refused text runs none of its statements');
    for (const sql of ["ATTACH DATABASE '/tmp/x.sqlite' AS x", 'DETACH x', "VACUUM INTO '/tmp/copy.sqlite'", 'PRAGMA journal_mode = DELETE', 'PRAGMA main.journal_mode=MEMORY', 'PRAGMA writable_schema = ON', 'PRAGMA wal_checkpoint', 'pragma synchronous = OFF',
      "ATTACH'/tmp/x.sqlite'AS x", ";ATTACH '/tmp/x.sqlite' AS x", "VACUUM\"main\"INTO'/tmp/copy.sqlite'", "PRAGMA\"journal_mode\"='DELETE'", 'EXPLAIN PRAGMA synchronous=0', 'EXPLAIN QUERY PLAN PRAGMA synchronous = 0']) {
      await assert.rejects(object.exec(sql, []), /not allowed.*SQLITE_AUTH/, sql);
    }
    for (const sql of ['SELECT * FROM _cf_KV', 'SELECT * FROM "_cf_KV"', 'SELECT * FROM [_CF_kv]', 'SELECT * FROM `_cf_KV`', "SELECT * FROM '_cf_KV'", 'DELETE FROM main._cf_KV',
      'DROP TABLE _cf_KV', 'ALTER TABLE _cf_KV RENAME TO mine', 'CREATE TABLE _cf_mine (x)', 'CREATE TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM _cf_KV; END',
      'CREATE VIEW v AS SELECT * FROM _cf_KV']) {
      await assert.rejects(object.exec(sql, []), /access to .* is prohibited.*SQLITE_AUTH/i, sql);
    }
    await assert.rejects(object.exec("SELECT * FROM t, '_cf_KV'", []), /access to .* is prohibited.*SQLITE_AUTH/i, 'a string as a name in a FROM list');
    assert.equal(text((await object.get(['secret'])).get('secret')), 'kv value', 'the key-value pairs are untouched');
    assert.deepEqual((await object.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' ORDER BY name", [])).rows, [['t']], 'the reserved prefix as data is fine');
    assert.deepEqual((await object.exec("SELECT name FROM pragma_table_info('_cf_KV') ORDER BY cid", [])).rows, [['key'], ['value']], 'its shape can be read, as in sqlite_master');
    await object.exec('INSERT INTO t VALUES (?), (\'_cf_data\')', ['_cf_value']);
    assert.deepEqual((await object.exec('PRAGMA table_list', [])).rows.length > 0, true, 'reading PRAGMAs are allowed');
  });

  test(`${name} coordination: begin/commit/rollback make writes and SQL one unit, nested as savepoints`, async (t) => {
    const { object } = await withObject(open, t);
    await object.exec('CREATE TABLE n (v)', []);
    await object.begin();
    await object.write([['a', bytes('1')]], []);
    await object.exec('INSERT INTO n VALUES (1)', []);
    await object.rollback();
    assert.deepEqual([...await object.get(['a'])], []);
    assert.deepEqual((await object.exec('SELECT count(*) FROM n', [])).rows, [[0]]);
    await object.begin();
    await object.write([['a', bytes('1')]], []);
    await object.begin();
    await object.write([['b', bytes('2')]], []);
    await object.rollback();
    await object.begin();
    await object.exec('INSERT INTO n VALUES (2)', []);
    await object.commit();
    await assert.rejects(object.deleteAll(), /Cannot call deleteAll\(\) within a transaction/);
    await object.commit();
    assert.deepEqual(keysOf(await object.list({})), ['a']);
    assert.deepEqual((await object.exec('SELECT v FROM n', [])).rows, [[2]]);
    await assert.rejects(object.commit(), /no transaction is open/);
  });

  test(`${name} coordination: deleteAll removes pairs and SQL tables but keeps the alarm; without one the object is then unlisted and writable again`, async (t) => {
    const { port, object } = await withObject(open, t);
    await object.write([['k', bytes('v')]], []);
    await object.exec('CREATE TABLE gone (x); INSERT INTO gone VALUES (1)', []);
    await object.setAlarm(1_000);
    await object.deleteAll();
    assert.deepEqual(await object.list({}), []);
    assert.equal(await object.getAlarm(), 1_000, 'the reference: deleteAll does not remove the alarm');
    assert.deepEqual((await port.dueAlarms(2_000, 10)).map((a) => a.id), [ID_A]);
    assert.equal(await object.databaseSize(), 0);
    await object.setAlarm(null);
    assert.deepEqual((await port.list(NS, { limit: 10 })).ids, []);
    assert.deepEqual((await object.exec("SELECT name FROM sqlite_master WHERE name = 'gone'", [])).rows, []);
    await object.write([['again', bytes('v')]], []);
    assert.deepEqual(keysOf(await object.list({})), ['again']);
  });

  test(`${name} coordination: a bookmark restores pairs and SQL in place, and the returned bookmark undoes it`, async (t) => {
    const { object } = await withObject(open, t);
    await object.write([['v', bytes('1')]], []);
    await object.exec('CREATE TABLE log (x); INSERT INTO log VALUES (1)', []);
    const first = await object.bookmark();
    await object.write([['v', bytes('2')], ['w', bytes('new')]], []);
    await object.exec('INSERT INTO log VALUES (2); CREATE TABLE later (y)', []);
    const undo = await object.restore(first);
    assert.equal(text((await object.get(['v'])).get('v')), '1');
    assert.deepEqual(keysOf(await object.list({})), ['v']);
    assert.deepEqual((await object.exec('SELECT x FROM log', [])).rows, [[1]]);
    assert.deepEqual((await object.exec("SELECT name FROM sqlite_master WHERE name = 'later'", [])).rows, []);
    await object.restore(undo);
    assert.deepEqual(keysOf(await object.list({})), ['v', 'w']);
    assert.deepEqual((await object.exec('SELECT x FROM log ORDER BY x', [])).rows, [[1], [2]]);
    assert.ok(first < await object.bookmark(), 'bookmarks sort in time order');
    await assert.rejects(object.restore('not-a-bookmark'), /not a bookmark/);
  });

  test(`${name} coordination: one alarm per object, due alarms across namespaces earliest first`, async (t) => {
    const { port, object } = await withObject(open, t);
    await object.setAlarm(5_000);
    await object.setAlarm(3_000);
    assert.equal(await object.getAlarm(), 3_000, 'setting again replaces it');
    const b = await port.open('other/script/Room', ID_B);
    await b.setAlarm(1_000);
    const c = await port.open(NS, ID_C);
    await c.setAlarm(9_000);
    assert.deepEqual(await port.dueAlarms(4_000, 10), [
      { namespace: 'other/script/Room', id: ID_B, time: 1_000, retryCount: 0, scheduledTime: 1_000 },
      { namespace: NS, id: ID_A, time: 3_000, retryCount: 0, scheduledTime: 3_000 },
    ]);
    assert.deepEqual((await port.dueAlarms(10_000, 1)).map((a) => a.id), [ID_B]);
    assert.deepEqual((await port.list(NS, { limit: 10 })).ids, [ID_A, ID_C], 'an object with only an alarm is listed');
    await c.setAlarm(null);
    assert.equal(await c.getAlarm(), null);
    assert.deepEqual((await port.list(NS, { limit: 10 })).ids, [ID_A], 'and unlisted when the alarm goes');
    await assert.rejects(object.setAlarm(Number.NaN), /finite number/);
  });

  test(`${name} coordination: retryAlarm counts retries durably with the first due time, only for the alarm that fired; setting an alarm starts afresh`, async (t) => {
    const { port, object } = await withObject(open, t);
    await object.setAlarm(1_000);
    assert.equal(await port.retryAlarm(NS, ID_A, 1_000, 3_000), true);
    assert.equal(await port.retryAlarm(NS, ID_A, 1_000, 5_000), false, 'the alarm is no longer the one that fired');
    assert.deepEqual(await port.dueAlarms(3_000, 10), [{ namespace: NS, id: ID_A, time: 3_000, retryCount: 1, scheduledTime: 1_000 }]);
    assert.equal(await port.retryAlarm(NS, ID_A, 3_000, 7_000), true);
    assert.deepEqual(await port.dueAlarms(7_000, 10), [{ namespace: NS, id: ID_A, time: 7_000, retryCount: 2, scheduledTime: 1_000 }]);
    assert.equal(await object.getAlarm(), 7_000);
    await object.setAlarm(9_000);
    assert.deepEqual(await port.dueAlarms(9_000, 10), [{ namespace: NS, id: ID_A, time: 9_000, retryCount: 0, scheduledTime: 9_000 }], 'a new alarm has no retries');
    assert.equal(await port.retryAlarm(NS, ID_A, 9_000, null), true, 'dropped after the last retry');
    assert.equal(await object.getAlarm(), null);
    assert.deepEqual((await port.list(NS, { limit: 10 })).ids, [], 'an object with nothing left is unlisted');
    assert.equal(await port.retryAlarm(NS, ID_B, 1_000, 2_000), false, 'an object without an alarm gets none');
    assert.equal(await (await port.open(NS, ID_B)).getAlarm(), null);
  });

  test(`${name} coordination: namespaces, usage and deleteObject (an operator's view)`, async (t) => {
    const { port, object } = await withObject(open, t);
    assert.deepEqual(await port.namespaces(), []);
    assert.equal(await port.usage(), 0);
    await object.write([['k', bytes('v'.repeat(10_000))]], []);
    await object.setAlarm(5_000);
    await (await port.open('acct/script/Other', ID_B)).setAlarm(1_000);
    assert.deepEqual(await port.namespaces(), [{ namespace: 'acct/script/Counter', objects: 1 }, { namespace: 'acct/script/Other', objects: 1 }]);
    const used = await port.usage();
    assert.ok(used >= 10_000 && used === await object.databaseSize(), `usage ${used}`);
    assert.equal(await port.deleteObject(NS, ID_A), true);
    assert.equal(await port.deleteObject(NS, ID_A), false, 'already gone');
    assert.deepEqual([...await object.get(['k'])], []);
    assert.equal(await object.getAlarm(), null, 'an explicit delete removes the alarm too');
    assert.equal(await port.usage(), 0);
    assert.deepEqual(await port.namespaces(), [{ namespace: 'acct/script/Other', objects: 1 }]);
    await assert.rejects(port.deleteObject(NS, 'nope'), /64 lower-case hex digits/);
  });

  test(`${name} coordination: list pages through a namespace's objects in id order`, async (t) => {
    const { port } = await withObject(open, t);
    const ids = Array.from({ length: 7 }, (_, i) => i.toString(16).repeat(64));
    for (const id of [...ids].reverse()) await (await port.open(NS, id)).write([['k', bytes('v')]], []);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await port.list(NS, { cursor, limit: 3 });
      assert.ok(page.ids.length <= 3);
      seen.push(...page.ids);
      cursor = page.cursor;
    } while (cursor);
    assert.deepEqual(seen, ids);
  });

  test(`${name} coordination: renameNamespace moves data and alarms; deleteNamespace deletes them; others are untouched`, async (t) => {
    const { port, object } = await withObject(open, t);
    await object.write([['k', bytes('moved')]], []);
    await object.exec('CREATE TABLE s (x); INSERT INTO s VALUES (42)', []);
    await object.setAlarm(7_000);
    const bystander = await port.open('acct/script/Other', ID_B);
    await bystander.write([['k', bytes('stays')]], []);
    await port.renameNamespace(NS, 'acct/script/Renamed');
    assert.deepEqual((await port.list(NS, { limit: 10 })).ids, []);
    assert.deepEqual([...await (await port.open(NS, ID_A)).get(['k'])], [], 'nothing left under the old name');
    const moved = await port.open('acct/script/Renamed', ID_A);
    assert.equal(text((await moved.get(['k'])).get('k')), 'moved');
    assert.deepEqual((await moved.exec('SELECT x FROM s', [])).rows, [[42]]);
    assert.equal(await moved.getAlarm(), 7_000);
    await assert.rejects(port.renameNamespace('acct/script/Other', 'acct/script/Renamed'), /already has coordination objects/);
    await port.deleteNamespace('acct/script/Renamed');
    assert.deepEqual((await port.list('acct/script/Renamed', { limit: 10 })).ids, []);
    assert.deepEqual(await port.dueAlarms(10_000, 10), []);
    assert.deepEqual([...await (await port.open('acct/script/Renamed', ID_A)).get(['k'])], []);
    assert.equal(text((await bystander.get(['k'])).get('k')), 'stays');
  });

  test(`${name} coordination: ids must be 64 hex digits; any namespace string is its own namespace`, async (t) => {
    const { port } = await withObject(open, t);
    for (const id of ['', 'A'.repeat(64), '../'.repeat(20), 'a'.repeat(63), `${'a'.repeat(63)}/`]) {
      await assert.rejects(port.open(NS, id), /64 lower-case hex digits/, JSON.stringify(id));
    }
    const names = ['../../../etc', 'a/b', 'a\\b', 'a\0b', 'a-b', 'a_b', '.', '..', 'x'.repeat(1000), 'a b'];
    for (const [i, namespace] of names.entries()) await (await port.open(namespace, ID_A)).write([['n', bytes(String(i))]], []);
    for (const [i, namespace] of names.entries()) {
      assert.equal(text((await (await port.open(namespace, ID_A)).get(['n'])).get('n')), String(i), JSON.stringify(namespace));
      assert.deepEqual((await port.list(namespace, { limit: 10 })).ids, [ID_A]);
    }
    await assert.rejects(port.open('', ID_A), /namespace/);
  });
}
