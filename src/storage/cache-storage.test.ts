// Contract of the Cache API's storage port, run against every adapter (today: SQLite).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CacheEntry, CacheStoragePort } from './ports.js';
import { openEmbeddedStorage } from './embedded.js';

const ADAPTERS: [string, () => { cache: CacheStoragePort; close(): void }][] = [
  ['sqlite', () => openEmbeddedStorage(mkdtempSync(path.join(tmpdir(), 'ledge-cache-port-')))],
];

const entry = (size: number, expiresAt = 10_000): CacheEntry => ({ status: 200, statusText: 'OK', headers: ['etag', '"x"'], body: new Uint8Array(size), expiresAt });

for (const [name, open] of ADAPTERS) {
  test(`${name}: entries by cache and URL, expiry, delete and purge`, async (t) => {
    const store = open();
    t.after(() => store.close());
    await store.cache.put('default', 'https://a/1', entry(3), 0, 1000);
    await store.cache.put('open:x', 'https://a/1', entry(4), 0, 1000);
    assert.equal((await store.cache.get('default', 'https://a/1', 1))?.body.byteLength, 3);
    assert.deepEqual((await store.cache.get('open:x', 'https://a/1', 1))?.headers, ['etag', '"x"']);
    assert.equal(await store.cache.get('default', 'https://a/1', 10_000), null, 'at expiresAt the entry is gone');
    assert.equal(await store.cache.delete('default', 'https://a/1', 10_000), false, 'an expired entry cannot be deleted');
    assert.equal(await store.cache.delete('open:x', 'https://a/1', 1), true);
    await store.cache.put('default', 'https://a/2', entry(1), 0, 1000);
    await store.cache.put('open:y', 'https://a/2', entry(1), 0, 1000);
    assert.equal(await store.cache.purge(['https://a/2']), 2, 'a purge by URL reaches every cache');
    assert.equal(await store.cache.purge(null), 1, 'a purge of everything');
    assert.deepEqual(await store.cache.usage(), { entries: 0, bytes: 0 });
  });

  test(`${name}: past its bound the store evicts the least recently used entries`, async (t) => {
    const store = open();
    t.after(() => store.close());
    await store.cache.put('default', 'https://a/old', entry(40), 1, 100);
    await store.cache.put('default', 'https://a/used', entry(40), 2, 100);
    await store.cache.get('default', 'https://a/old', 3); // now /used is the least recently used
    await store.cache.put('default', 'https://a/new', entry(40), 4, 100);
    assert.ok(await store.cache.get('default', 'https://a/old', 5), 'the recently read entry stays');
    assert.equal(await store.cache.get('default', 'https://a/used', 5), null, 'the least recently used entry went');
    assert.ok(await store.cache.get('default', 'https://a/new', 5), 'the entry just written stays');
    assert.ok((await store.cache.usage()).bytes <= 100);
  });
}

test('the embedded cache store opens on first use and on its own: a damaged cache.sqlite fails only the cache', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-cache-lazy-'));
  const damaged: string[] = [];
  const store = openEmbeddedStorage(dir, undefined, { onDamage: (err) => damaged.push(err.code) });
  t.after(() => store.close());
  await store.kv.put('ns', 'k', { value: new Uint8Array([1]), expiration: null, metadata: null });
  assert.equal(existsSync(path.join(dir, 'cache.sqlite')), false, 'no cache file until the cache is used');
  writeFileSync(path.join(dir, 'cache.sqlite'), 'this is not a database, it only has its name '.repeat(200));
  assert.throws(() => store.cache, (err: { code?: string; message?: string }) => err.code === 'store_damaged' && /cache/.test(err.message ?? ''));
  assert.deepEqual(damaged, ['store_damaged']);
  assert.ok(await store.kv.get('ns', 'k', 0), 'the key-value store is untouched');
});
