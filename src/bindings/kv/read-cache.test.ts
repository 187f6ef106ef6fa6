// The isolate's key-value read cache on its own: what it keeps, for how long, and within which bounds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KV_READ_CACHE_LIMITS, KvReadCache } from './read-cache.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array | null | undefined) => (value ? new TextDecoder().decode(value) : value);

test('a kept read is served until a push drops its key; other keys and bindings stay', () => {
  const cache = new KvReadCache();
  const a = cache.register();
  const b = cache.register();
  cache.keep(a, 'k', cache.mark(), { value: bytes('a'), metadata: '{"m":1}' }, null, 60_000);
  cache.keep(b, 'k', cache.mark(), { value: bytes('b'), metadata: null }, null, 60_000);
  cache.keep(a, 'absent', cache.mark(), { value: null, metadata: null }, null, 60_000);
  assert.equal(text(cache.get(a, 'k')?.value), 'a');
  assert.equal(cache.get(a, 'k')?.metadata, '{"m":1}');
  assert.equal(text(cache.get(b, 'k')?.value), 'b');
  assert.equal(cache.get(a, 'absent')?.value, null, 'an absent key is kept as absent');
  cache.drop(a, ['k']);
  assert.equal(cache.get(a, 'k'), undefined);
  assert.equal(text(cache.get(b, 'k')?.value), 'b', "another binding's key of the same name stays");
  assert.notEqual(cache.get(a, 'absent'), undefined);
  cache.drop(a, null);
  assert.equal(cache.get(a, 'absent'), undefined, 'a push naming no keys drops all of the binding');
  assert.equal(text(cache.get(b, 'k')?.value), 'b');
});

test('a read that was on its way when a push arrived is not kept', () => {
  const cache = new KvReadCache();
  const ns = cache.register();
  const mark = cache.mark();
  cache.drop(ns, ['other key']);
  cache.keep(ns, 'k', mark, { value: bytes('maybe old'), metadata: null }, null, 60_000);
  assert.equal(cache.get(ns, 'k'), undefined);
  const later = cache.mark();
  cache.keep(ns, 'k', later, { value: bytes('new'), metadata: null }, null, 60_000);
  assert.equal(text(cache.get(ns, 'k')?.value), 'new');
});

test('an entry lives no longer than its expiration or its cacheTtl, measured from when the read started', () => {
  const cache = new KvReadCache();
  const ns = cache.register();
  const started = cache.mark();
  const past = { ...started, at: started.at - 10_000 };
  cache.keep(ns, 'expired', past, { value: bytes('x'), metadata: null }, 5_000, 60_000);
  assert.equal(cache.get(ns, 'expired'), undefined, 'its expiration passed');
  cache.keep(ns, 'old', past, { value: bytes('x'), metadata: null }, null, 5_000);
  assert.equal(cache.get(ns, 'old'), undefined, 'its cacheTtl passed');
  cache.keep(ns, 'never', started, { value: bytes('x'), metadata: null }, 0, 60_000);
  assert.equal(cache.get(ns, 'never'), undefined, 'ttl 0: not kept');
  cache.keep(ns, 'fresh', started, { value: bytes('x'), metadata: null }, 30_000, 60_000);
  assert.equal(text(cache.get(ns, 'fresh')?.value), 'x');
  assert.equal(cache.size.entries, 1);
});

test('values over the size bound are not kept; entries and bytes stay within their bounds, least recently used out first', () => {
  const cache = new KvReadCache();
  const ns = cache.register();
  cache.keep(ns, 'big', cache.mark(), { value: new Uint8Array(KV_READ_CACHE_LIMITS.valueBytes + 1), metadata: null }, null, 60_000);
  assert.equal(cache.get(ns, 'big'), undefined);
  cache.keep(ns, 'edge', cache.mark(), { value: new Uint8Array(KV_READ_CACHE_LIMITS.valueBytes), metadata: null }, null, 60_000);
  assert.notEqual(cache.get(ns, 'edge'), undefined);
  for (let i = 0; i < KV_READ_CACHE_LIMITS.entries + 500; i++) {
    cache.keep(ns, `k${i}`, cache.mark(), { value: bytes(String(i)), metadata: null }, null, 60_000);
    if (i === 10) assert.notEqual(cache.get(ns, 'k0'), undefined); // k0 used: it outlives k1..
  }
  assert.ok(cache.size.entries <= KV_READ_CACHE_LIMITS.entries);
  assert.notEqual(cache.get(ns, `k${KV_READ_CACHE_LIMITS.entries + 499}`), undefined);
  assert.equal(cache.get(ns, 'k1'), undefined);
  const fill = new Uint8Array(KV_READ_CACHE_LIMITS.valueBytes);
  for (let i = 0; i < 100; i++) cache.keep(ns, `v${i}`, cache.mark(), { value: fill, metadata: null }, null, 60_000);
  assert.ok(cache.size.bytes <= KV_READ_CACHE_LIMITS.bytes, `${cache.size.bytes} bytes kept`);
  assert.notEqual(cache.get(ns, 'v99'), undefined);
});

test('a value that is a view on a larger buffer is kept as its own bytes', () => {
  const cache = new KvReadCache();
  const ns = cache.register();
  const batch = new Uint8Array(1 << 20);
  batch.set(bytes('hello'), 100);
  cache.keep(ns, 'k', cache.mark(), { value: batch.subarray(100, 105), metadata: null }, null, 60_000);
  const kept = cache.get(ns, 'k')?.value as Uint8Array;
  assert.equal(text(kept), 'hello');
  assert.equal(kept.buffer.byteLength, 5);
  batch.fill(0);
  assert.equal(text(cache.get(ns, 'k')?.value), 'hello');
});

test('past its hit rate, the cache sends reads to the host: a loop polling a key cannot spin on it', () => {
  const cache = new KvReadCache();
  const ns = cache.register();
  cache.keep(ns, 'k', cache.mark(), { value: bytes('v'), metadata: null }, null, 60_000);
  let hits = 0;
  for (let i = 0; i < KV_READ_CACHE_LIMITS.hitBurst * 3; i++) if (cache.get(ns, 'k')) hits++;
  // The burst, and what the rate refilled while the loop ran (a few ms at most).
  assert.ok(hits >= KV_READ_CACHE_LIMITS.hitBurst && hits < KV_READ_CACHE_LIMITS.hitBurst * 2, `${hits} hits`);
});
