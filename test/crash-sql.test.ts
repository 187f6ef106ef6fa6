// Acknowledged SQL writes survive kill -9, the database opens cleanly, and its history still restores.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteDatabase } from '../src/storage/sqlite/sql-database.js';
import { SYSTEM_CLOCK } from '../src/platform/clock.js';
import { startDev, writeUntilKilled } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

test('every acknowledged SQL write is present after SIGKILL, and point-in-time restore still works', async () => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request, env) {
      const key = new URL(request.url).searchParams.get('k');
      await env.DB.prepare('CREATE TABLE IF NOT EXISTS acks (k TEXT PRIMARY KEY, payload TEXT)').run();
      await env.DB.prepare('INSERT INTO acks (k, payload) VALUES (?, ?)').bind(key, 'p'.repeat(2000)).run();
      return new Response('stored ' + key);
    } };`,
  }, { sql_databases: [{ binding: 'DB', database_name: 'crash', database_id: 'crash-db' }] });
  const state = tempDir('ledge-crash-sql-');
  const dev = await startDev(dir, ['--state', state]);
  const acked = await writeUntilKilled(dev, { count: 2500, writers: 3, acknowledged: (key, body) => body === `stored ${key}` });

  const file = path.join(state, 'sql', 'crash-db.sqlite');
  const raw = new Database(file, { readonly: true });
  assert.equal(raw.pragma('integrity_check', { simple: true }), 'ok');
  raw.close();
  const db = new SqliteDatabase(file, { clock: SYSTEM_CLOCK, retentionDays: 30 });
  try {
    const [rows] = await db.query([{ sql: 'SELECT k FROM acks', params: [] }], 'objects');
    const present = new Set((rows?.results as { k: string }[]).map((r) => r.k));
    const missing = [...acked.keys()].filter((k) => !present.has(k));
    assert.deepEqual(missing, [], `${missing.length} of ${acked.size} acknowledged writes lost`);

    const before = await db.bookmark();
    await db.query([{ sql: 'DELETE FROM acks', params: [] }], 'objects');
    await db.restore(before);
    const [after] = await db.query([{ sql: 'SELECT count(*) AS n FROM acks', params: [] }], 'objects');
    assert.equal((after?.results[0] as { n: number }).n, present.size, 'the history recorded before the crash restores');
  } finally {
    db.close();
  }
});
