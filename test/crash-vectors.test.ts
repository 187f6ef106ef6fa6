// Acknowledged vector writes survive kill -9 of the process that acknowledged them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { createVectorAdmin } from '../src/bindings/vectors/admin.js';
import { SYSTEM_CLOCK } from '../src/platform/clock.js';
import { startDev, writeUntilKilled } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

test('every acknowledged vector upsert is present after SIGKILL, with its values and metadata, and the store opens cleanly', async () => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request, env) {
      const key = new URL(request.url).searchParams.get('k');
      const n = Number(key.split('-')[1]);
      await env.VEC.upsert([{ id: key, values: [n, 1, -n], metadata: { k: key } }]);
      return new Response('stored ' + key);
    } };`,
  }, { vector_indexes: [{ binding: 'VEC', index_name: 'crash' }] });
  const state = tempDir('ledge-crash-');
  const setup = openEmbeddedStorage(state);
  await createVectorAdmin(setup.vectors, SYSTEM_CLOCK).create({ name: 'crash', dimensions: 3, metric: 'euclidean' });
  setup.close();
  const dev = await startDev(dir, ['--state', state]);
  const acked = await writeUntilKilled(dev, { count: 300, writers: 4, acknowledged: (key, body) => body === `stored ${key}` });

  const db = new Database(path.join(state, 'vectors.sqlite'));
  assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
  db.close();
  const storage = openEmbeddedStorage(state);
  try {
    const ids = [...acked.keys()];
    const found = new Map((await storage.vectors.get('crash', ids)).map((v) => [v.id, v]));
    const missing = ids.filter((id) => {
      const v = found.get(id);
      const n = Number(id.split('-')[1]);
      return !v || v.metadata !== JSON.stringify({ k: id }) || v.values[0] !== n || v.values[2] !== -n;
    });
    assert.deepEqual(missing, [], `${missing.length} of ${acked.size} acknowledged writes lost`);
    // The count kept beside the vectors agrees with them.
    const index = await storage.vectors.getIndex('crash');
    let scanned = 0;
    await storage.vectors.scan('crash', undefined, () => { scanned++; });
    assert.equal(index?.vectorCount, scanned);
  } finally {
    storage.close();
  }
});
