// The synchronous storage API of coordination objects through real isolates, in both isolations (under process
// isolation every call crosses the sandbox's main thread and channel): sql.exec and its cursor, transactionSync,
// ctx.storage.kv beside the asynchronous API, bookmarks, the KV-backed refusal, and a transaction cut off by the
// CPU limit (docs/bindings/coordination.md, "SQL and synchronous storage").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject, tempDir } from './helpers.js';
import { SQL_APP, SQL_CONFIG } from './coordination-sql-app.js';

const TRANSACTION_REFUSAL = /^Error: To execute a transaction, please use the state\.storage\.transaction\(\) or state\.storage\.transactionSync\(\) APIs instead of the SQL BEGIN TRANSACTION or SAVEPOINT statements\./;

for (const isolation of ['thread', 'process'] as const) {
  test(`sql.exec, cursors, transactionSync, the synchronous kv and bookmarks work synchronously (${isolation} isolation)`, { timeout: 180_000 }, async () => {
    const server = await startProject(makeProject({ 'src/index.js': SQL_APP }, SQL_CONFIG), { stateDir: tempDir(), isolation });
    const get = async (path: string) => {
      const res = await server.request(new Request(`http://x${path}`));
      return { status: res.status, body: await res.json() as Record<string, unknown> };
    };
    try {
      const { status, body: c } = await get('/cursor');
      assert.equal(status, 200, JSON.stringify(c));
      assert.deepEqual(c['inserted'], { rowsWritten: 2, rows: [] });
      assert.deepEqual(c['columnNames'], ['id', 'body', 'data', 'score']);
      assert.deepEqual(c['first'], { done: false, id: 1, body: 'first', blob: [1, 2, 3] }, 'a BLOB comes back as an ArrayBuffer');
      assert.deepEqual(c['rest'], [{ id: 2, body: 'second', data: null, score: 2 }], 'toArray() takes what next() left');
      assert.deepEqual(c['after'], { done: true });
      assert.equal(c['rowsRead'], 2);
      assert.deepEqual(c['raw'], [['first', 1.5], ['second', 2]]);
      assert.deepEqual(c['iterated'], ['first', 'second']);
      assert.deepEqual(c['one'], { n: 2 });
      assert.deepEqual(c['none'], { error: 'Error: Expected exactly one result from SQL query, but got no results.' });
      assert.deepEqual(c['many'], { error: 'Error: Expected exactly one result from SQL query, but got multiple results.' });
      assert.match((c['begin'] as { error: string }).error, TRANSACTION_REFUSAL);
      assert.match((c['savepoint'] as { error: string }).error, TRANSACTION_REFUSAL);
      assert.match((c['reserved'] as { error: string }).error, /^Error: access to _cf_KV is prohibited.*SQLITE_AUTH/);
      assert.match((c['syntax'] as { error: string }).error, /^Error: near "SELEKT": syntax error/);
      assert.deepEqual(c['badBinding'], { error: 'TypeError: sql.exec(): binding 1 is an object; SQL values are strings, numbers, null and ArrayBuffers (or typed arrays)' });
      assert.deepEqual(c['badQuery'], { error: 'TypeError: sql.exec(): the query must be a string, got a number' });
      assert.equal(c['size'], true, 'databaseSize is a positive number');
      assert.equal(c['proto'], 1, 'a column named __proto__ is an ordinary property');

      const t = (await get('/transactions')).body;
      assert.equal(t['committed'], 'returned', 'transactionSync returns what its function returns');
      assert.deepEqual(t['thrown'], { error: 'RangeError: undo' }, 'the function\'s error comes out as it was thrown');
      assert.equal(t['nested'], 'Error: inner');
      assert.deepEqual(t['rows'], [1, 3], 'the thrown transaction and the failed nested one left nothing; the outer one committed');
      assert.equal(t['kept'], 'kept');
      assert.equal(t['rolled'], null, 'a kv write inside a rolled-back transaction is undone, in the cache too');
      assert.deepEqual(t['notFn'], { error: 'TypeError: transactionSync(): expected a function, got a string' });

      const k = (await get('/kv')).body;
      assert.deepEqual(k['seenSync'], { from: 'async' }, 'a put queued by the async API is seen by kv.get');
      assert.deepEqual(k['listed'], ['async', 'in-txn'], 'and by kv.list (it was committed first)');
      assert.deepEqual(k['seenAsync'], [1, 2, 3], 'kv.put is seen by the async get: the same pairs');
      assert.deepEqual(k['prefix'], [['a', 1], ['async', { from: 'async' }], ['b', 2]], 'start inclusive, end exclusive, UTF-8 order');
      assert.deepEqual(k['reverse'], ['sync', 'in-txn']);
      assert.deepEqual([k['deleted'], k['deletedAgain'], k['gone'], k['asyncGone']], [true, false, null, null]);
      assert.deepEqual(k['undefinedValue'], { error: 'TypeError: put() called with undefined value.' });
      assert.deepEqual(k['badLimit'], { error: 'TypeError: List limit must be positive.' });
      assert.deepEqual(k['bigKey'], { error: 'RangeError: Keys cannot be larger than 2048 bytes.' });
      assert.match((k['bigValue'] as { error: string }).error, /^RangeError: Values cannot be larger than 2000000 bytes\. A value of size 20000\d\d was provided\.$/, 'the SQLite backend\'s 2 MB');
      assert.equal(k['bigGone'], null);

      // onNextSessionRestoreBookmark, then abort(): the next instance starts from the bookmark.
      const b = await get('/bookmarks');
      assert.equal(b.status, 500);
      assert.deepEqual(b.body, { thrown: 'Error: restart for the restore' });
      assert.deepEqual((await get('/log')).body, ['before'], 'the row written after the bookmark is gone');
      assert.deepEqual((await get('/badBookmark')).body, [
        'Error: "not-a-bookmark" is not a bookmark (getCurrentBookmark() and getBookmarkForTime() give them)',
        'TypeError: onNextSessionRestoreBookmark(): the bookmark must be a string, got a number',
        'TypeError: getBookmarkForTime(): expected a Date or a number of milliseconds since the epoch, got a string',
      ]);
      assert.deepEqual((await get('/log')).body, ['before'], 'a refused bookmark arranges nothing');

      assert.deepEqual((await get('/legacy')).body, {
        sql: 'SQL is not enabled for this Durable Object class. To enable it, change `new_classes` to `new_sqlite_classes` within the \'migrations\' field in your ledge.jsonc (a class cannot be changed after it was deployed).',
        kv: 'SQL is not enabled for this Durable Object class. To enable it, change `new_classes` to `new_sqlite_classes` within the \'migrations\' field in your ledge.jsonc (a class cannot be changed after it was deployed).',
        txn: 'SQL is not enabled for this Durable Object class. To enable it, change `new_classes` to `new_sqlite_classes` within the \'migrations\' field in your ledge.jsonc (a class cannot be changed after it was deployed).',
      });
      assert.ok(!server.logs.some((r) => /broke the channel protocol|failed inside the platform|binding .* failed/.test(r.message)), server.logText());
    } finally {
      await server.close();
    }
  });

  test(`an isolate stopped by the CPU limit inside transactionSync (blocked on the bridge) leaves nothing of the transaction; the object carries on (${isolation} isolation)`, { timeout: 180_000 }, async () => {
    const server = await startProject(makeProject({ 'src/index.js': SQL_APP }, { ...SQL_CONFIG, limits: { cpu_ms: 400 } }), { stateDir: tempDir(), isolation });
    try {
      assert.equal(await (await server.request(new Request('http://x/write?arg=7'))).json(), 7);
      const stuck = await server.request(new Request('http://x/stuck'));
      assert.equal(stuck.status, 503, await stuck.text());
      assert.equal(await (await server.request(new Request('http://x/has?arg=-1'))).json(), 0, 'the open transaction was rolled back');
      assert.equal(await (await server.request(new Request('http://x/has?arg=7'))).json(), 1, 'what was committed before stays');
      assert.equal(await (await server.request(new Request('http://x/write?arg=8'))).json(), 8, 'and the object writes again');
    } finally {
      await server.close();
    }
  });
}
