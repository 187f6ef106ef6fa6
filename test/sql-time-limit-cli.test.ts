// `ledge serve --sql-time-limit` as a real process (the built CLI and its compiled store process): the option is
// in --help and checked; an endless statement through the account API fails at the limit and the next works;
// and a store process whose platform is killed (-9) while it runs an endless statement does not outlive it.
// `ledge dev --sql-time-limit` the same, with --isolation process (refused without it: the SQL of a thread-isolated
// project runs in the dev server's own process, where no limit can be kept).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli, startDev } from './cli.js';
import { alive, eventually, makeProject, storeProcesses, tempDir } from './helpers.js';

const ENDLESS = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';

test('ledge serve --help names --sql-time-limit, and a value out of range is refused naming the option', async () => {
  const help = runCli(['serve', '--help']);
  assert.equal(await help.exited, 0);
  assert.match(help.output().replace(/\s+/g, ' '), /--sql-time-limit <seconds> how long one SQL query or batch, or one storage call of a coordination object, may run; past it the account's store process is stopped and the call fails \(nothing it did is kept\) \(default: 30\)/);
  for (const value of ['0', '-1', 'soon', '3601']) {
    const refused = runCli(['serve', '--state', tempDir('ledge-sql-cli-'), '--sql-time-limit', value]);
    assert.notEqual(await refused.exited, 0, value);
    assert.match(refused.output(), new RegExp(`--sql-time-limit: expected seconds from 0\\.1 to 3600, got "${value}"`));
  }
});

test('ledge serve --sql-time-limit 1: an endless query through the API fails at the limit, and its store process dies with the platform', { timeout: 120_000 }, async () => {
  const proc = runCli(['serve', '--state', tempDir('ledge-sql-cli-'), '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0', '--isolation', 'thread', '--sql-time-limit', '1']);
  try {
    const api = (await proc.waitFor(/API on (http:\/\/\S+)/))[1] as string;
    const token = (await proc.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
    const accountId = (await proc.waitFor(/administrator account ([0-9a-f]{32})/))[1] as string;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${api}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, json: await res.json() as { result: { uuid: string; results: unknown[] }[] & { uuid: string }; errors: { message: string }[] } };
    };
    const db = await call('POST', `/accounts/${accountId}/sql/databases`, { name: 'main' });
    assert.equal(db.status, 201);
    const query = (sql: string) => call('POST', `/accounts/${accountId}/sql/databases/${db.json.result.uuid}/query`, { sql });
    const stopped = await query(ENDLESS);
    assert.equal(stopped.status, 400);
    assert.match(stopped.json.errors[0]?.message ?? '', /the query ran longer than 1 s, the time limit of one query or batch, and was stopped; nothing it did was kept/);
    const next = await query('SELECT 41 + 1 AS n');
    assert.deepEqual(next.json.result[0]?.results, [{ n: 42 }]);

    // The platform dies while its store process is inside a statement that never returns to read its input.
    const running = query(ENDLESS).catch(() => undefined);
    await eventually(() => storeProcesses({ parent: proc.child.pid as number }).length === 1, 10_000, 'the store process');
    const [store] = storeProcesses({ parent: proc.child.pid as number });
    proc.child.kill('SIGKILL');
    await proc.exited;
    await running;
    await eventually(() => !alive(store as number), 10_000, 'the orphaned store process to stop');
  } finally {
    proc.child.kill('SIGKILL');
  }
});

test('ledge dev --help names --sql-time-limit; out-of-range values, and any value without --isolation process, are refused naming the option', async () => {
  const help = runCli(['dev', '--help']);
  assert.equal(await help.exited, 0);
  assert.match(help.output().replace(/\s+/g, ' '), /--sql-time-limit <seconds> with --isolation process: how long one SQL query or batch, or one storage call of a coordination object, may run; past it the project's store process is stopped and the call fails \(nothing it did is kept\) \(default: 30\)/);
  const dir = makeProject({ 'src/index.js': 'export default { fetch() { return new Response("ok"); } };' });
  for (const value of ['0', '-1', 'soon', '3601', '0.05', '1e3']) {
    const refused = runCli(['dev', dir, '--port', '0', '--isolation', 'process', '--sql-time-limit', value]);
    assert.notEqual(await refused.exited, 0, value);
    assert.match(refused.output(), new RegExp(`--sql-time-limit: expected seconds from 0\\.1 to 3600, got "${value.replace('.', '\\.')}"`), value);
    assert.doesNotMatch(refused.output(), /ready on/);
  }
  for (const extra of [[], ['--isolation', 'thread']]) {
    const refused = runCli(['dev', dir, '--port', '0', ...extra, '--sql-time-limit', '5']);
    assert.notEqual(await refused.exited, 0);
    assert.match(refused.output(), /--sql-time-limit needs --isolation process: with threads the project's SQL runs in the dev server's own process, where a query cannot be stopped/);
    assert.doesNotMatch(refused.output(), /ready on/);
  }
});

test('ledge dev --isolation process --sql-time-limit 1: an endless query fails at 1 s and the next query works', { timeout: 120_000 }, async () => {
  const app = `export default { async fetch(request, env) {
    const sql = new URL(request.url).searchParams.get('sql');
    try { return Response.json(await env.DB.prepare(sql).all()); } catch (err) { return new Response(err.message, { status: 500 }); }
  } };`;
  const dir = makeProject({ 'src/index.js': app }, { sql_databases: [{ binding: 'DB', database_name: 'main', database_id: 'dev-db' }] });
  const dev = await startDev(dir, ['--state', tempDir('ledge-sql-dev-cli-'), '--isolation', 'process', '--sql-time-limit', '1']);
  try {
    const stopped = await fetch(`${dev.url}/?sql=${encodeURIComponent(ENDLESS)}`);
    assert.equal(stopped.status, 500);
    assert.match(await stopped.text(), /SQL_ERROR: the query ran longer than 1 s, the time limit of one query or batch, and was stopped; nothing it did was kept/);
    const next = await fetch(`${dev.url}/?sql=${encodeURIComponent('SELECT 41 + 1 AS n')}`);
    assert.deepEqual((await next.json() as { results: unknown[] }).results, [{ n: 42 }]);
  } finally {
    dev.child.kill('SIGKILL');
    await dev.exited;
  }
});
