import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { runCli, startDev } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

async function ledge(args: string[]): Promise<{ code: number | null; out: string }> {
  const proc = runCli(args);
  const code = await proc.exited;
  return { code, out: proc.output() };
}

function project() {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(r, env) {
      return Response.json((await env.DB.prepare('SELECT email FROM users ORDER BY id').all()).results.map((u) => u.email));
    } };`,
  }, { sql_databases: [{ binding: 'DB', database_name: 'app-db', database_id: 'app-db-1' }] });
  const state = tempDir('ledge-db-');
  return { dir, state, common: ['--dir', dir, '--state', state] };
}

test('migrations: create, list, apply in order; a failing file leaves the database as it was and names the file and statement', async () => {
  const { dir, common } = project();
  assert.match((await ledge(['db', 'migrations', 'create', 'app-db', 'create users', ...common])).out, /created .*migrations\/0001_create_users\.sql/);
  assert.match((await ledge(['db', 'migrations', 'create', 'DB', 'Add Names!', ...common])).out, /0002_add_names\.sql/);
  const files = readdirSync(path.join(dir, 'migrations'));
  assert.deepEqual(files, ['0001_create_users.sql', '0002_add_names.sql']);
  writeFileSync(path.join(dir, 'migrations', files[0] as string), 'CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE);\nINSERT INTO users (email) VALUES (\'a@x\');\n');
  writeFileSync(path.join(dir, 'migrations', files[1] as string), 'ALTER TABLE users ADD COLUMN name TEXT;\nUPDATE users SET name = \'A\';\nINSERT INTO nowhere VALUES (1);\n');
  const listed = await ledge(['db', 'migrations', 'list', 'app-db', '--json', ...common]);
  assert.deepEqual(JSON.parse(listed.out).map((m: { name: string; applied: boolean }) => [m.name, m.applied]), [['0001_create_users.sql', false], ['0002_add_names.sql', false]]);

  const failed = await ledge(['db', 'migrations', 'apply', 'app-db', ...common]);
  assert.equal(failed.code, 1, 'a refused operation exits 1');
  assert.match(failed.out, /applied 0001_create_users\.sql/);
  assert.match(failed.out, /migration 0002_add_names\.sql failed at statement 3 \(INSERT INTO nowhere VALUES \(1\)\): no such table: nowhere: SQLITE_ERROR; the database is as it was before 0002_add_names\.sql \(applied before it: 0001_create_users\.sql\)/);
  const columns = await ledge(['db', 'execute', 'app-db', '--command', 'SELECT name FROM pragma_table_info(\'users\') ORDER BY cid', '--json', ...common]);
  assert.deepEqual(JSON.parse(columns.out)[0].results, [{ name: 'id' }, { name: 'email' }], 'the ALTER of the failed file was rolled back');
  assert.match((await ledge(['db', 'migrations', 'list', 'app-db', ...common])).out, /applied {2}0001_create_users\.sql.*\npending {2}0002_add_names\.sql/);

  writeFileSync(path.join(dir, 'migrations', files[1] as string), 'ALTER TABLE users ADD COLUMN name TEXT;\nUPDATE users SET name = \'A\';\n');
  assert.equal((await ledge(['db', 'migrations', 'apply', 'app-db', ...common])).out, 'applied 0002_add_names.sql\n');
  assert.equal((await ledge(['db', 'migrations', 'apply', 'app-db', ...common])).out, 'no migrations to apply\n');
});

test('execute, bookmark and restore, and ledge dev sees the restored data', async (t) => {
  const { dir, common, state } = project();
  const exec = (sql: string) => ledge(['db', 'execute', 'app-db', '--command', sql, ...common]);
  assert.equal((await exec("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT); INSERT INTO users (email) VALUES ('one@x')")).code, 0);
  const bookmark = (await ledge(['db', 'bookmark', 'app-db', ...common])).out.trim();
  assert.match(bookmark, /^[0-9a-f]{12}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{12}$/);
  await new Promise((r) => setTimeout(r, 20));
  const afterFirst = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 20));
  assert.equal((await exec("INSERT INTO users (email) VALUES ('two@x')")).code, 0);

  const dev = await startDev(dir, ['--state', state]);
  t.after(() => { dev.child.kill('SIGKILL'); });
  assert.deepEqual(await (await fetch(dev.url)).json(), ['one@x', 'two@x']);

  const restored = await ledge(['db', 'restore', 'app-db', '--bookmark', bookmark, '--json', ...common]);
  const result = JSON.parse(restored.out) as { bookmark: string; previous_bookmark: string };
  assert.equal(result.bookmark, bookmark);
  assert.ok(result.previous_bookmark > bookmark);
  assert.deepEqual(await (await fetch(dev.url)).json(), ['one@x'], 'the running server follows the restore');

  const undo = await ledge(['db', 'restore', 'app-db', '--bookmark', result.previous_bookmark, ...common]);
  assert.match(undo.out, /restored app-db to .*\nto undo: ledge db restore app-db --bookmark /);
  assert.deepEqual(await (await fetch(dev.url)).json(), ['one@x', 'two@x']);

  const byTime = await ledge(['db', 'restore', 'app-db', '--timestamp', afterFirst, ...common]);
  assert.equal(byTime.code, 0, byTime.out);
  assert.deepEqual(await (await fetch(dev.url)).json(), ['one@x']);
});

test('db commands explain bad input', async () => {
  const { common } = project();
  assert.match((await ledge(['db', 'execute', 'nope', '--command', 'SELECT 1', ...common])).out, /has no SQL database named "nope" \(it has: app-db \(binding DB\)\)/);
  assert.match((await ledge(['db', 'execute', 'app-db', ...common])).out, /give exactly one of --command or --file/);
  const bad = await ledge(['db', 'execute', 'app-db', '--command', 'CREATE TABLE a (x); INSERT INTO b VALUES (1)', ...common]);
  assert.equal(bad.code, 1);
  assert.match(bad.out, /statement 2: no such table: b: SQLITE_ERROR \(nothing was changed\)/);
  assert.match((await ledge(['db', 'execute', 'app-db', '--command', "SELECT name FROM sqlite_master WHERE name = 'a'", ...common])).out, /\(0 rows\)/);
  assert.match((await ledge(['db', 'restore', 'app-db', ...common])).out, /missing --bookmark or --timestamp/);
  assert.match((await ledge(['db', 'restore', 'app-db', '--bookmark', 'x', '--timestamp', '1', ...common])).out, /use --bookmark or --timestamp, not both/);
  assert.match((await ledge(['db', 'restore', 'app-db', '--bookmark', 'garbage', ...common])).out, /"garbage" is not a bookmark of this database/);
  assert.match((await ledge(['db', 'bookmark', 'app-db', '--timestamp', 'yesterday-ish', ...common])).out, /invalid timestamp 'yesterday-ish'/);
  assert.match((await ledge(['db', 'bookmark', 'app-db', '--timestamp', '2020-01-01T00:00:00Z', ...common])).out, /older than the retention period of 30 days/);
});
