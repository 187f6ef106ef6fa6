// `ledge db execute | migrations list | migrations apply --remote` against a real `ledge serve`: the project's
// database on the platform through POST .../sql/databases/{id}/query, each migration file in one transaction
// there as locally (issue 14: the original's `d1 migrations apply --remote` had no equivalent, so an app on
// a SQL database could be deployed but never given its tables).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startPlatform } from './compat/harness.js';
import { tempDir } from './helpers.js';

test('migrations apply --remote: files applied in order, a failing one rolled back whole and named; execute and list on the same database', { timeout: 60_000 }, async () => {
  const platform = await startPlatform();
  try {
    const id = await platform.create('sql', 'shop');
    const dir = tempDir('ledge-db-remote-');
    mkdirSync(path.join(dir, 'migrations'));
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src/index.js'), 'export default { fetch: () => new Response("ok") };\n');
    writeFileSync(path.join(dir, 'wrangler.jsonc'), JSON.stringify({ name: 'shop', main: 'src/index.js', compatibility_date: '2025-09-01', d1_databases: [{ binding: 'DB', database_name: 'shop', database_id: id }] }));
    writeFileSync(path.join(dir, 'migrations/0001_items.sql'), 'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL) -- a trailing comment\n;\nINSERT INTO items (name) VALUES (\'first\');\n');
    writeFileSync(path.join(dir, 'migrations/0002_broken.sql'), 'INSERT INTO items (name) VALUES (\'second\');\nINSERT INTO nowhere VALUES (1);\n');
    const ledge = (args: string[]) => platform.ledge(args, { cwd: dir, allowFailure: true });

    const failed = await ledge(['db', 'migrations', 'apply', 'shop', '--remote']);
    assert.equal(failed.code, 1, failed.out);
    assert.match(failed.out, /applied 0001_items\.sql/);
    assert.match(failed.out, /migration 0002_broken\.sql failed at statement 2 \(INSERT INTO nowhere VALUES \(1\)\): no such table: nowhere.*the database is as it was before 0002_broken\.sql/);

    const listed = await ledge(['db', 'migrations', 'list', 'DB', '--remote']);
    assert.equal(listed.code, 0, listed.out);
    assert.match(listed.out, /^applied {2}0001_items\.sql/m);
    assert.match(listed.out, /^pending {2}0002_broken\.sql$/m);
    // The failing file's first statement was rolled back with it.
    const rows = JSON.parse((await ledge(['db', 'execute', 'shop', '--remote', '--json', '--command', 'SELECT name FROM items ORDER BY id'])).stdout) as { results: unknown[] }[];
    assert.deepEqual(rows[0]?.results, [{ name: 'first' }]);

    writeFileSync(path.join(dir, 'migrations/0002_broken.sql'), 'INSERT INTO items (name) VALUES (\'second\');\n');
    const fixed = await ledge(['db', 'migrations', 'apply', 'shop', '--remote']);
    assert.equal(fixed.code, 0, fixed.out);
    assert.match(fixed.out, /applied 0002_broken\.sql/);
    assert.match((await ledge(['db', 'migrations', 'apply', 'shop', '--remote'])).out, /no migrations to apply/);

    // execute --remote: several statements in one transaction, all or nothing.
    const bad = await ledge(['db', 'execute', 'shop', '--remote', '--command', "INSERT INTO items (name) VALUES ('third'); SELECT * FROM nowhere"]);
    assert.equal(bad.code, 1, bad.out);
    assert.match(bad.out, /statement 2: no such table: nowhere: SQLITE_ERROR \(nothing was changed\)/);
    const after = await ledge(['db', 'execute', 'shop', '--remote', '--command', 'SELECT count(*) AS n FROM items']);
    assert.match(after.out, /^n\n2\n\(1 row\)$/m);

    // A database the project does not declare is named; --state cannot go with --remote.
    assert.match((await ledge(['db', 'migrations', 'apply', 'other', '--remote'])).out, /shop has no SQL database named "other" \(it has: shop \(binding DB\)\)/);
    const both = await ledge(['db', 'migrations', 'list', 'shop', '--remote', '--state', dir]);
    assert.equal(both.code, 2);
    assert.match(both.out, /--state names local state; it cannot go with --remote/);
  } finally {
    await platform.stop();
  }
});
