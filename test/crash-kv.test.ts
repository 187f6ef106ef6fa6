// Acknowledged key-value writes survive kill -9 of the process that acknowledged them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { startDev } from './cli.js';
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
  const acked: string[] = [];
  let stop = false;
  const writer = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const key = `w${w}-${i}`;
      try {
        const res = await fetch(`${dev.url}/?k=${key}`, { method: 'POST' });
        if (res.status === 200 && (await res.text()) === `stored ${key}`) acked.push(key);
      } catch {
        return; // the process is gone: this write was never acknowledged
      }
    }
  };
  const writers = [0, 1, 2, 3].map(writer);
  while (acked.length < 300) await new Promise((r) => setTimeout(r, 10));
  dev.child.kill('SIGKILL');
  stop = true;
  await Promise.all(writers);
  await dev.exited;

  const db = new Database(path.join(state, 'kv.sqlite'));
  assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
  db.close();
  const storage = openEmbeddedStorage(state);
  try {
    const missing: string[] = [];
    for (const key of acked) {
      const entry = await storage.kv.get('crash-ns', key, 0);
      if (!entry || new TextDecoder().decode(entry.value) !== `value-of-${key}` || entry.metadata !== JSON.stringify({ k: key })) missing.push(key);
    }
    assert.deepEqual(missing, [], `${missing.length} of ${acked.length} acknowledged writes lost`);
  } finally {
    storage.close();
  }
});
