// Red team: a tenant's SQL reaching outside its database. The statement guard read the first word of a statement
// as the text split at spaces and parentheses, so SQLite's own lexing got past it: `ATTACH'<file>'AS c` (a string
// right after the keyword), `;ATTACH ...` (an empty statement first), `VACUUM"main"INTO'<file>'`,
// `PRAGMA"journal_mode"=...` and `EXPLAIN PRAGMA synchronous=0` (a flag PRAGMA takes effect when prepared) all
// ran. A store process is not sandboxed, so an account's application, or a token allowed to query one database,
// attached any SQLite file the platform can open: another account's database (read and write it) and the
// platform's control database (its tokens, versions' modules, sealed secrets: insert a token, own every account).
// exec()'s script checked the statements as the script splitter cut them and then ran the whole text, so a trigger named
// with a letter past ASCII (`éBEGIN`, where the splitter saw BEGIN) hid a statement behind it. Every spelling is
// now refused with the guard's error, under ledge serve, from the application and from the account API.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { tempDir } from './helpers.js';
import { interrupt } from './cli.js';
import { apiCall, startServe, visit } from './serve-process.js';

const APP = `export default { async fetch(request, env) {
  const url = new URL(request.url);
  const sql = url.searchParams.get('sql');
  try {
    if (url.searchParams.has('exec')) return Response.json({ exec: (await env.DB.exec(sql)).count });
    return Response.json({ rows: (await env.DB.prepare(sql).all()).results });
  } catch (e) { return Response.json({ error: e.message }); }
} };`;

/** Spellings that reach `file` (attached as `c`), written as SQLite lexes them and the old guard did not. */
function attachSpellings(file: string): string[] {
  const q = `'${file}'`;
  return [
    `ATTACH DATABASE ${q} AS c`, `ATTACH${q}AS c`, `ATTACH"${file}"AS c`, `ATTACH+${q}AS c`, `;ATTACH ${q} AS c`,
    ` ; ;\n/* x */ATTACH ${q} AS c`, `attach/**/${q}/**/as c`, `EXPLAIN ATTACH ${q} AS c`,
  ];
}

test('SQL that would attach another account\'s database or the control database, vacuum into a file or change guarded PRAGMAs is refused, from the application and from the API', { timeout: 120_000 }, async (t) => {
  const state = tempDir('ledge-sql-attach-');
  const serve = await startServe(state);
  t.after(() => interrupt(serve));
  const admin = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
  const a = (await serve.waitFor(/administrator account ([0-9a-f]{32})/))[1] as string;
  const bee = await apiCall(serve.api, admin, 'POST', '/accounts', { name: 'bee' });
  assert.equal(bee.status, 201, bee.text);
  const b = bee.result.id as string;

  // B keeps a row in its own database.
  const vault = await apiCall(serve.api, admin, 'POST', `/accounts/${b}/sql/databases`, { name: 'vault' });
  assert.equal(vault.status, 201, vault.text);
  const bFile = path.join(state, 'accounts', b, 'sql', `${vault.result.uuid as string}.sqlite`);
  const seeded = await apiCall(serve.api, admin, 'POST', `/accounts/${b}/sql/databases/${vault.result.uuid as string}/query`, { sql: "CREATE TABLE kept (v TEXT); INSERT INTO kept VALUES ('B only')" });
  assert.equal(seeded.status, 200, seeded.text);
  assert.ok(existsSync(bFile), 'B\'s database is where the test looks for it');
  const controlFile = path.join(state, 'control.sqlite');
  assert.ok(existsSync(controlFile));

  // A: a database, an application that runs any SQL it is given, and a token that may only query that database.
  const main = await apiCall(serve.api, admin, 'POST', `/accounts/${a}/sql/databases`, { name: 'main' });
  assert.equal(main.status, 201, main.text);
  const mainId = main.result.uuid as string;
  const deployed = await apiCall(serve.api, admin, 'PUT', `/accounts/${a}/deployments/app`, {
    main_module: 'index.js', modules: [{ name: 'index.js', content_base64: Buffer.from(APP).toString('base64') }],
    config: { compatibility_date: '2026-10-01', edge_dev: true, sql_databases: [{ binding: 'DB', database_name: 'main', database_id: mainId }] },
  });
  assert.equal(deployed.status, 200, deployed.text);
  const minted = await apiCall(serve.api, admin, 'POST', `/accounts/${a}/tokens`, { name: 'one-db', policies: [{ permission_groups: ['sql:write'], resources: { [`com.ledge.api.account.${a}.sql.${mainId}`]: '*' } }] });
  assert.equal(minted.status, 201, minted.text);
  const scoped = minted.result.value as string;

  const fromApp = async (sql: string, exec = false) => {
    const res = await visit(serve.app, 'app.admin.ledge.localhost', `/?${exec ? 'exec&' : ''}sql=${encodeURIComponent(sql)}`);
    assert.equal(res.status, 200, res.body);
    return JSON.parse(res.body) as { rows?: Record<string, unknown>[]; exec?: number; error?: string };
  };
  const fromApi = async (sql: string) => apiCall(serve.api, scoped, 'POST', `/accounts/${a}/sql/databases/${mainId}/query`, { sql });
  const attached = async () => (await fromApp('SELECT name FROM pragma_database_list')).rows?.map((r) => r.name);

  assert.deepEqual(await fromApp("CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('A')"), { rows: [] });
  assert.deepEqual(await attached(), ['main'], 'only its own database at first');

  for (const file of [bFile, controlFile]) {
    for (const sql of attachSpellings(file)) {
      const app = await fromApp(sql);
      assert.match(app.error ?? `ran: ${JSON.stringify(app)}`, /^SQL_ERROR: ATTACH is not allowed: a binding reaches exactly one database/, `app: ${JSON.stringify(sql)}`);
      const api = await fromApi(sql);
      assert.equal(api.status, 400, `API: ${JSON.stringify(sql)}: ${api.text}`);
      assert.match(api.text, /ATTACH is not allowed/);
      assert.deepEqual(await attached(), ['main'], `${JSON.stringify(sql)} attached nothing`);
    }
  }
  const notReached = await fromApp('SELECT v FROM c.kept');
  assert.match(notReached.error ?? '', /no such table: c\.kept/, 'B\'s rows stay out of reach');

  // VACUUM INTO writes a copy of the database anywhere the platform may write.
  const copy = path.join(state, 'copy.sqlite');
  for (const sql of [`VACUUM INTO '${copy}'`, `VACUUM"main"INTO'${copy}'`, `VACUUM main INTO'${copy}'`, `;VACUUM INTO '${copy}'`]) {
    assert.match((await fromApp(sql)).error ?? 'ran', /VACUUM INTO is not allowed/, JSON.stringify(sql));
    assert.equal((await fromApi(sql)).status, 400, JSON.stringify(sql));
  }
  assert.equal(existsSync(copy), false, 'no copy was written');

  // PRAGMAs the history relies on, in every spelling SQLite reads as one.
  for (const sql of [`PRAGMA"journal_mode"='DELETE'`, `PRAGMA'journal_mode'=DELETE`, 'PRAGMA main."synchronous"=0', 'EXPLAIN PRAGMA synchronous=0', 'EXPLAIN QUERY PLAN PRAGMA synchronous=0', ';PRAGMA locking_mode=EXCLUSIVE', 'PRAGMA[query_only]=1']) {
    assert.match((await fromApp(sql)).error ?? 'ran', /^SQL_ERROR: PRAGMA \S+ is not allowed/, JSON.stringify(sql));
    assert.equal((await fromApi(sql)).status, 400, JSON.stringify(sql));
  }

  // exec(): a trigger whose name the splitter misread no longer hides a statement after it.
  const hidden = "CREATE TRIGGER éBEGIN AFTER INSERT ON t BEGIN SELECT 1; END; PRAGMA query_only=1";
  assert.match((await fromApp(hidden, true)).error ?? 'ran', /^SQL_EXEC_ERROR: Error in line 1: .*PRAGMA query_only is not allowed/);
  assert.deepEqual(await fromApp("INSERT INTO t VALUES ('still writable') RETURNING v"), { rows: [{ v: 'still writable' }] });
  // A trigger named past ASCII is still created by exec(): the splitter reads such names whole now.
  assert.deepEqual(await fromApp("CREATE TRIGGER café_end AFTER INSERT ON t BEGIN SELECT 1; END", true), { exec: 1 });

  // What an application needs still works, and B's row is as it was.
  assert.deepEqual((await fromApp('PRAGMA table_info(t)')).rows?.map((r) => r.name), ['v']);
  assert.deepEqual((await fromApp('SELECT count(*) AS n FROM t')).rows, [{ n: 2 }]);
  const bRows = await apiCall(serve.api, admin, 'POST', `/accounts/${b}/sql/databases/${vault.result.uuid as string}/query`, { sql: 'SELECT v FROM kept' });
  assert.deepEqual((bRows.result as unknown as { results: unknown[] }[])[0]?.results, [{ v: 'B only' }]);
});
