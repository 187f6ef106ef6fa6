// Acknowledged key-value writes survive kill -9 of the process that acknowledged them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { startDev, writeUntilKilled } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

test('every acknowledged KV write is present after SIGKILL, and the store opens cleanly', async () => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request, env) {
      const key = new URL(request.url).searchParams.get('k');
      await env.KV.put(key, 'value-of-' + key, { metadata: { k: key } });
      return new Response('stored ' + key);
    } };`,
  }, { kv_namespaces: [{ binding: 'KV', id: 'crash-ns' }] });
  const state = tempDir('ledge-crash-');
  const dev = await startDev(dir, ['--state', state]);
  const acked = await writeUntilKilled(dev, { count: 300, writers: 4, acknowledged: (key, body) => body === `stored ${key}` });

  const db = new Database(path.join(state, 'kv.sqlite'));
  assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
  db.close();
  const storage = openEmbeddedStorage(state);
  try {
    const missing: string[] = [];
    for (const key of acked.keys()) {
      const entry = await storage.kv.get('crash-ns', key, 0);
      if (!entry || new TextDecoder().decode(entry.value) !== `value-of-${key}` || entry.metadata !== JSON.stringify({ k: key })) missing.push(key);
    }
    assert.deepEqual(missing, [], `${missing.length} of ${acked.size} acknowledged writes lost`);
  } finally {
    storage.close();
  }
});
