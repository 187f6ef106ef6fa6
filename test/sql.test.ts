// The SQL database binding through a real isolate: result shapes, bind conversions, errors, batches, sessions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeProject, startProject } from './helpers.js';

async function run(script: string, config: Record<string, unknown> = {}) {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request, env) {
      try { return Response.json({ ok: await (${script})(env) }); }
      catch (e) { return Response.json({ error: e.constructor.name + ': ' + e.message }); }
    } };`,
  }, { sql_databases: [{ binding: 'DB', database_name: 'main', database_id: 'db-test' }], ...config });
  const server = await startProject(dir);
  return { server, call: async () => (await (await server.request(new Request('http://app.test/'))).json()) as { ok?: Record<string, unknown>; error?: string } };
}

const SETUP = `await env.DB.exec('CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, avatar BLOB, active INTEGER)');`;

test('result shapes of run, all, first and raw', async (t) => {
  const { server, call } = await run(`async (env) => {
    ${SETUP}
    const insert = env.DB.prepare('INSERT INTO users (name, email, avatar, active) VALUES (?1, ?2, ?3, ?4)');
    const r1 = await insert.bind('Ann', 'ann@x', new Uint8Array([1, 2, 255]), true).run();
    const r2 = await insert.bind('Bob', 'bob@x', null, false).run();
    const all = await env.DB.prepare('SELECT id, name, avatar, active FROM users ORDER BY id').all();
    const returning = await env.DB.prepare("INSERT INTO users (name) VALUES ('Cy') RETURNING id, name").run();
    return {
      r1: { success: r1.success, results: r1.results, changes: r1.meta.changes, last_row_id: r1.meta.last_row_id, changed_db: r1.meta.changed_db, rows_written: r1.meta.rows_written, metaKeys: Object.keys(r1.meta).sort() },
      r2last: r2.meta.last_row_id,
      all: all.results,
      allSuccess: all.success,
      returning: returning.results,
      first: await env.DB.prepare('SELECT name FROM users WHERE id = ?').bind(2).first(),
      firstCol: await env.DB.prepare('SELECT name FROM users WHERE id = ?').bind(1).first('name'),
      firstNone: await env.DB.prepare('SELECT name FROM users WHERE id = 99').first(),
      firstNoneCol: await env.DB.prepare('SELECT name FROM users WHERE id = 99').first('name'),
      raw: await env.DB.prepare('SELECT id, name FROM users ORDER BY id').raw(),
      rawCols: await env.DB.prepare('SELECT id, name FROM users ORDER BY id LIMIT 1').raw({ columnNames: true }),
      typeofDuration: typeof all.meta.duration,
    };
  }`);
  t.after(() => server.close());
  const { ok } = await call();
  assert.deepEqual(ok, {
    r1: { success: true, results: [], changes: 1, last_row_id: 1, changed_db: true, rows_written: 1, metaKeys: ['changed_db', 'changes', 'duration', 'last_row_id', 'rows_read', 'rows_written', 'served_by', 'size_after'] },
    r2last: 2,
    all: [{ id: 1, name: 'Ann', avatar: [1, 2, 255], active: 1 }, { id: 2, name: 'Bob', avatar: null, active: 0 }],
    allSuccess: true,
    returning: [{ id: 3, name: 'Cy' }],
    first: { name: 'Bob' }, firstCol: 'Ann', firstNone: null, firstNoneCol: null,
    raw: [[1, 'Ann'], [2, 'Bob'], [3, 'Cy']],
    rawCols: [['id', 'name'], [1, 'Ann']],
    typeofDuration: 'number',
  });
});

test('prepare() with several statements runs them all in one transaction, binds to the last and returns its result, as the original does', async (t) => {
  const { server, call } = await run(`async (env) => {
    const created = await env.DB.prepare('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES (\\'a\\'); INSERT INTO notes (body) VALUES (\\'b\\')').run();
    const selected = await env.DB.prepare("INSERT INTO notes (body) VALUES ('c; not a separator'); SELECT body FROM notes WHERE id >= ? ORDER BY id").bind(2).all();
    const first = await env.DB.prepare('SELECT 1 AS one; SELECT 2 AS two').first();
    const raw = await env.DB.prepare('SELECT 1; SELECT ?1 AS v, ?2 AS w').bind('x', 'y').raw({ columnNames: true });
    let rolledBack;
    try { await env.DB.prepare("INSERT INTO notes (body) VALUES ('kept?'); INSERT INTO missing_table VALUES (1)").run(); rolledBack = 'no error'; }
    catch (e) { rolledBack = e.message; }
    let refused;
    try { await env.DB.prepare('SELECT 1; BEGIN').run(); refused = 'no error'; } catch (e) { refused = e.message; }
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM notes').first('n');
    return { createdChanges: created.meta.changes, createdResults: created.results, selected: selected.results, first, raw, rolledBack, refused, count };
  }`);
  t.after(() => server.close());
  const { ok } = await call();
  assert.equal(ok?.createdChanges, 2, 'changes count every statement of the text');
  assert.deepEqual(ok?.createdResults, []);
  assert.deepEqual(ok?.selected, [{ body: 'b' }, { body: 'c; not a separator' }]);
  assert.deepEqual(ok?.first, { two: 2 });
  assert.deepEqual(ok?.raw, [['v', 'w'], ['x', 'y']]);
  assert.match(String(ok?.rolledBack), /^SQL_ERROR: no such table: missing_table/);
  assert.match(String(ok?.refused), /BEGIN is not allowed/);
  assert.equal(ok?.count, 3, 'the failed text left nothing behind');
});

test('bind conversions and refusals', async (t) => {
  const { server, call } = await run(`async (env) => {
    const out = {};
    const q = (v) => env.DB.prepare('SELECT ? AS v').bind(v).first('v');
    out.bool = [await q(true), await q(false)];
    out.buffer = await q(new Uint8Array([9, 8]).buffer);
    out.array = await q([1, 2, 3]);
    out.dataView = await q(new DataView(new Uint8Array([7]).buffer));
    for (const [name, value] of [['undefined', undefined], ['object', { a: 1 }], ['bigint', 10n], ['bytes out of range', [1, 256]]]) {
      try { env.DB.prepare('SELECT ?').bind(value); out[name] = 'accepted'; } catch (e) { out[name] = e.constructor.name + ': ' + e.message; }
    }
    const stmt = env.DB.prepare('SELECT ? AS v');
    const a = stmt.bind(1), b = stmt.bind(2);
    out.immutable = [await a.first('v'), await b.first('v')];
    return out;
  }`);
  t.after(() => server.close());
  const { ok } = await call();
  assert.deepEqual(ok, {
    bool: [1, 0], buffer: [9, 8], array: [1, 2, 3], dataView: [7],
    undefined: "TypeError: SQL_TYPE_ERROR: Type 'undefined' not supported for value 'undefined'",
    object: "TypeError: SQL_TYPE_ERROR: Type 'object' not supported for value '[object Object]'",
    bigint: "TypeError: SQL_TYPE_ERROR: Type 'bigint' not supported for value '10'",
    'bytes out of range': "TypeError: SQL_TYPE_ERROR: Type 'object' not supported for value '1,256'",
    immutable: [1, 2],
  });
});

/** Every error family of the binding, made to happen once. */
const ERRORS = `async (env) => {
    ${SETUP}
    await env.DB.prepare("INSERT INTO users (name, email) VALUES ('A', 'dup@x')").run();
    const out = {};
    const attempt = async (name, fn) => { try { await fn(); out[name] = 'no error'; } catch (e) { out[name] = e.message; } };
    await attempt('unique', () => env.DB.prepare("INSERT INTO users (name, email) VALUES ('B', 'dup@x')").run());
    await attempt('syntax', () => env.DB.prepare('SELEC 1').all());
    await attempt('column', () => env.DB.prepare('SELECT name FROM users').first('missing'));
    await attempt('empty', () => env.DB.prepare('   -- only a comment').all());
    await attempt('exec', () => env.DB.exec("INSERT INTO users (name) VALUES ('ok1')\\nINSERTZ INTO users VALUES (1)"));
    await attempt('session', () => env.DB.withSession('yesterday'));
    await attempt('type', () => env.DB.prepare('SELECT ?').bind(undefined));
    await attempt('batchType', () => env.DB.batch(['SELECT 1']));
    out.afterExec = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE name = 'ok1'").first('n');
    return out;
  }`;

function assertErrorFamily(ok: Record<string, unknown> | undefined, prefix: 'SQL' | 'D1'): void {
  assert.equal(ok?.unique, `${prefix}_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT_UNIQUE`);
  assert.equal(ok?.syntax, `${prefix}_ERROR: near "SELEC": syntax error: SQLITE_ERROR`);
  assert.equal(ok?.column, `${prefix}_COLUMN_NOTFOUND: Column not found (missing)`);
  assert.equal(ok?.empty, `${prefix}_ERROR: No SQL statements detected.`);
  assert.match(ok?.exec as string, new RegExp(`^${prefix}_EXEC_ERROR: Error in line 2: INSERTZ INTO users VALUES \\(1\\): near "INSERTZ": syntax error`));
  assert.equal(ok?.session, `${prefix}_SESSION_ERROR: invalid bookmark or constraint`);
  assert.equal(ok?.type, `${prefix}_TYPE_ERROR: Type 'undefined' not supported for value 'undefined'`);
  assert.equal(ok?.batchType, `${prefix}_TYPE_ERROR: batch() item 0 is not a prepared statement`);
  assert.equal(ok?.afterExec, 0, 'exec runs its lines in one transaction');
}

test('errors carry the SQL_ERROR family prefixes', async (t) => {
  const { server, call } = await run(ERRORS);
  t.after(() => server.close());
  assertErrorFamily((await call()).ok, 'SQL');
});

test('error_prefix "D1" names the errors as the original does, and a d1_databases entry of the original\'s file gets it', async (t) => {
  const ledge = await run(ERRORS, { sql_databases: [{ binding: 'DB', database_name: 'main', database_id: 'db-test', error_prefix: 'D1' }] });
  t.after(() => ledge.server.close());
  assertErrorFamily((await ledge.call()).ok, 'D1');

  const dir = makeProject({
    'src/index.js': `export default { async fetch(request, env) {
      try { return Response.json({ ok: await (${ERRORS})(env) }); }
      catch (e) { return Response.json({ error: e.constructor.name + ': ' + e.message }); }
    } };`,
  });
  rmSync(path.join(dir, 'ledge.jsonc'));
  writeFileSync(path.join(dir, 'wrangler.json'), JSON.stringify({ name: 'test-app', main: 'src/index.js', compatibility_date: '2026-10-01', d1_databases: [{ binding: 'DB', database_name: 'main', database_id: 'db-test' }] }));
  const original = await startProject(dir);
  t.after(() => original.close());
  const { ok } = (await (await original.request(new Request('http://app.test/'))).json()) as { ok?: Record<string, unknown> };
  assertErrorFamily(ok, 'D1');
});

test('batch runs in one transaction: results in order, any failure rolls back all', async (t) => {
  const { server, call } = await run(`async (env) => {
    ${SETUP}
    const ins = env.DB.prepare('INSERT INTO users (name) VALUES (?)');
    const results = await env.DB.batch([ins.bind('a'), ins.bind('b'), env.DB.prepare('SELECT count(*) AS n FROM users')]);
    let failure;
    try { await env.DB.batch([ins.bind('c'), env.DB.prepare('INSERT INTO users (nope) VALUES (1)'), ins.bind('d')]); } catch (e) { failure = e.message; }
    const names = (await env.DB.prepare('SELECT name FROM users ORDER BY id').all()).results.map((r) => r.name);
    const exec = await env.DB.exec('INSERT INTO users (name) VALUES (\\'e\\')\\n\\nINSERT INTO users (name) VALUES (\\'f\\')');
    return { shapes: results.map((r) => [r.success, r.results]), failure, names, execCount: exec.count, empty: await env.DB.batch([]) };
  }`);
  t.after(() => server.close());
  const { ok } = await call();
  assert.deepEqual(ok?.shapes, [[true, []], [true, []], [true, [{ n: 2 }]]]);
  assert.match(ok?.failure as string, /^SQL_ERROR: table users has no column named nope/);
  assert.deepEqual(ok?.names, ['a', 'b']);
  assert.equal(ok?.execCount, 2);
  assert.deepEqual(ok?.empty, []);
});

test('sessions return bookmarks that only move forward', async (t) => {
  const { server, call } = await run(`async (env) => {
    ${SETUP}
    const session = env.DB.withSession();
    const before = session.getBookmark();
    await session.prepare("INSERT INTO users (name) VALUES ('s')").run();
    const first = session.getBookmark();
    await session.prepare('SELECT 1').all();
    const second = session.getBookmark();
    const resumed = env.DB.withSession(first);
    return { before, first, second, resumedStart: resumed.getBookmark(), primary: env.DB.withSession('first-primary').getBookmark(), format: /^[0-9a-f]{12}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{12}$/.test(first), ordered: second >= first };
  }`);
  t.after(() => server.close());
  const { ok } = await call();
  assert.equal(ok?.before, null);
  assert.equal(ok?.format, true);
  assert.equal(ok?.ordered, true);
  assert.equal(ok?.resumedStart, ok?.first);
  assert.equal(ok?.primary, null);
});

test('foreign keys are enforced', async (t) => {
  const { server, call } = await run(`async (env) => {
    await env.DB.exec('CREATE TABLE p (id INTEGER PRIMARY KEY)\\nCREATE TABLE c (id INTEGER PRIMARY KEY, p INTEGER REFERENCES p(id))');
    try { await env.DB.prepare('INSERT INTO c (p) VALUES (42)').run(); return 'inserted'; } catch (e) { return e.message; }
  }`);
  t.after(() => server.close());
  assert.equal((await call()).ok, 'SQL_ERROR: FOREIGN KEY constraint failed: SQLITE_CONSTRAINT_FOREIGNKEY');
});

test('statements that would reach outside the database or break its history are refused; limits hold', async (t) => {
  const { server, call } = await run(`async (env) => {
    const out = {};
    const attempt = async (name, sql, params = []) => { try { await env.DB.prepare(sql).bind(...params).run(); out[name] = 'ran'; } catch (e) { out[name] = e.message; } };
    await attempt('attach', "ATTACH DATABASE '/tmp/elsewhere.sqlite' AS other");
    await attempt('begin', 'BEGIN');
    await attempt('journal', 'PRAGMA journal_mode = DELETE');
    await attempt('checkpoint', 'PRAGMA main.wal_checkpoint(TRUNCATE)');
    await attempt('vacuumInto', "VACUUM INTO '/tmp/copy.sqlite'");
    await attempt('tableInfo', 'PRAGMA table_info(sqlite_master)');
    await attempt('params', 'SELECT ' + Array.from({ length: 101 }, () => '?').join(','), Array.from({ length: 101 }, (_, i) => i));
    await attempt('longSql', 'SELECT 1 ' + '-'.repeat(100_001));
    await attempt('bigValue', 'SELECT ?', ['x'.repeat(2_000_001)]);
    try { await env.DB.exec('CREATE TABLE a (x)\\nATTACH DATABASE \\'/tmp/x.sqlite\\' AS x'); out.execAttach = 'ran'; } catch (e) { out.execAttach = e.message; }
    try { await env.DB.prepare('SELEC 1').run(); } catch (e) { out.cause = [e.message, e.cause?.message]; }
    out.createChanged = (await env.DB.prepare('CREATE TABLE t (x)').run()).meta.changed_db;
    out.selectChanged = (await env.DB.prepare('SELECT 1').run()).meta.changed_db;
    return out;
  }`);
  t.after(() => server.close());
  const { ok } = await call();
  assert.match(ok?.attach as string, /^SQL_ERROR: ATTACH is not allowed: a binding reaches exactly one database/);
  assert.match(ok?.begin as string, /^SQL_ERROR: BEGIN is not allowed/);
  assert.match(ok?.journal as string, /^SQL_ERROR: PRAGMA journal_mode is not allowed/);
  assert.match(ok?.checkpoint as string, /^SQL_ERROR: PRAGMA wal_checkpoint is not allowed/);
  assert.match(ok?.vacuumInto as string, /^SQL_ERROR: VACUUM INTO is not allowed/);
  assert.equal(ok?.tableInfo, 'ran');
  assert.match(ok?.params as string, /^SQL_ERROR: too many SQL variables \(101; at most 100\)/);
  assert.match(ok?.longSql as string, /^SQL_ERROR: statement too long/);
  assert.match(ok?.bigValue as string, /^SQL_ERROR: string or blob too big/);
  assert.match(ok?.execAttach as string, /^SQL_EXEC_ERROR: Error in line 2: .*ATTACH is not allowed/);
  assert.deepEqual(ok?.cause, ['SQL_ERROR: near "SELEC": syntax error: SQLITE_ERROR', 'near "SELEC": syntax error: SQLITE_ERROR']);
  assert.equal(ok?.createChanged, true);
  assert.equal(ok?.selectChanged, false);
});
