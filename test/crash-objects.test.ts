// Acknowledged object writes survive kill -9; no reader ever sees a partial object; orphaned bodies are swept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { openEmbeddedStorage } from '../src/storage/embedded.js';
import { startDev, writeUntilKilled } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

test('every acknowledged object is present and whole after SIGKILL, with no stray body files', async () => {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request, env) {
      const key = new URL(request.url).searchParams.get('k');
      const size = 200000 + (key.length * 7919) % 300000;
      const body = new Uint8Array(size).fill(key.charCodeAt(key.length - 1));
      const object = await env.FILES.put(key, body, { customMetadata: { k: key } });
      return new Response(object.etag);
    } };`,
  }, { buckets: [{ binding: 'FILES', bucket_name: 'crash-bucket' }] });
  const state = tempDir('ledge-crash-obj-');
  const dev = await startDev(dir, ['--state', state]);
  const acked = await writeUntilKilled(dev, { count: 150, writers: 3 });

  const storage = openEmbeddedStorage(state);
  try {
    const broken: string[] = [];
    for (const [key, etag] of acked) {
      const object = await storage.objects.head('crash-bucket', key);
      if (!object || object.etag !== etag) { broken.push(key); continue; }
      const body = await storage.objects.read(object.blobId, 0, object.size);
      if (body.byteLength !== object.size || createHash('md5').update(body).digest('hex') !== etag) broken.push(key);
    }
    assert.deepEqual(broken, [], `${broken.length} of ${acked.size} acknowledged objects lost or damaged`);
    const listed = await storage.objects.list('crash-bucket', { prefix: '', after: null, limit: 100000 });
    const blobs = readdirSync(path.join(state, 'objects', 'blobs'));
    assert.ok(blobs.every((f) => !f.endsWith('.tmp')), 'no temporary files remain after the sweep');
    assert.deepEqual(new Set(blobs), new Set(listed.map((o) => o.blobId)), 'every body file belongs to exactly one object');
  } finally {
    storage.close();
  }
});
