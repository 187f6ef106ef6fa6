// A damaged vector index file fails only the vector index port, naming the file; the other stores keep working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEmbeddedStorage } from './embedded.js';

test('a damaged vectors.sqlite fails the vector port with store_damaged and leaves the key-value store working', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-vectors-damage-'));
  writeFileSync(path.join(dir, 'vectors.sqlite'), Buffer.alloc(8192, 7));
  const damaged: string[] = [];
  const storage = openEmbeddedStorage(dir, undefined, { onDamage: (err) => damaged.push(err.message) });
  try {
    assert.throws(() => storage.vectors, (err: Error & { code?: string }) => err.code === 'store_damaged' && err.message.includes('vectors.sqlite'));
    await storage.kv.put('ns', 'k', { value: new Uint8Array([1]), expiration: null, metadata: null });
    assert.ok(await storage.kv.get('ns', 'k', 0));
    assert.equal(damaged.length, 1);
    assert.match(damaged[0] ?? '', /the vector index store/);
  } finally {
    storage.close();
  }
});
