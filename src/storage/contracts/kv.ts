// Contract of the key-value storage port (ports.ts): what every adapter must do, whatever it stores in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KvStoragePort } from '../ports.js';

/** Opens a fresh, empty adapter; `close` releases it. */
export type KvPortFactory = () => { kv: KvStoragePort; close(): void };

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array | undefined) => new TextDecoder().decode(b);

/** Registers the key-value port's contract tests for one adapter, named `name`. */
export function kvStorageContract(name: string, open: KvPortFactory): void {
  test(`${name} kv: put, get, overwrite and delete`, async (t) => {
    const store = open();
    t.after(() => store.close());
    assert.equal(await store.kv.get('ns', 'k', 0), null);
    await store.kv.put('ns', 'k', { value: bytes('v1'), expiration: null, metadata: '{"a":1}' });
    const got = await store.kv.get('ns', 'k', 0);
    assert.equal(text(got?.value), 'v1');
    assert.equal(got?.metadata, '{"a":1}');
    await store.kv.put('ns', 'k', { value: bytes('v2'), expiration: null, metadata: null });
    assert.equal(text((await store.kv.get('ns', 'k', 0))?.value), 'v2');
    assert.equal(await store.kv.get('other', 'k', 0), null, 'namespaces are separate');
    await store.kv.delete('ns', 'k');
    await store.kv.delete('ns', 'never-there');
    assert.equal(await store.kv.get('ns', 'k', 0), null);
  });

  test(`${name} kv: expired entries do not exist`, async (t) => {
    const store = open();
    t.after(() => store.close());
    await store.kv.put('ns', 'e', { value: bytes('x'), expiration: 1000, metadata: null });
    assert.ok(await store.kv.get('ns', 'e', 999));
    assert.equal(await store.kv.get('ns', 'e', 1000), null);
    assert.equal((await store.kv.list('ns', { prefix: '', after: null, limit: 10 }, 999)).keys.length, 1);
    assert.deepEqual((await store.kv.list('ns', { prefix: '', after: null, limit: 10 }, 1000)).keys, []);
  });

  test(`${name} kv: list is in UTF-8 byte order, by prefix, after a key, up to a limit`, async (t) => {
    const store = open();
    t.after(() => store.close());
    // UTF-16 order would put U+FFFD before U+1F600; UTF-8 byte order puts it after U+E000 and before U+1F600.
    const keys = ['a', 'b', 'B', 'ab', 'a\u00e9', '\u{1F600}', '\uE000', '\uFFFD', 'a\u00ff', 'a\u0100'];
    for (const key of keys) await store.kv.put('ns', key, { value: bytes(key), expiration: null, metadata: null });
    const names = (await store.kv.list('ns', { prefix: '', after: null, limit: 100 }, 0)).keys.map((k) => k.name);
    const byBytes = [...keys].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    assert.deepEqual(names, byBytes);
    assert.deepEqual((await store.kv.list('ns', { prefix: 'a', after: null, limit: 100 }, 0)).keys.map((k) => k.name), byBytes.filter((k) => k.startsWith('a')));
    assert.deepEqual((await store.kv.list('ns', { prefix: 'a', after: 'ab', limit: 2 }, 0)).keys.map((k) => k.name), byBytes.filter((k) => k.startsWith('a') && Buffer.compare(Buffer.from(k), Buffer.from('ab')) > 0).slice(0, 2));
    await store.kv.put('ns', '\u{10FFFF}x', { value: bytes('edge'), expiration: null, metadata: null });
    assert.deepEqual((await store.kv.list('ns', { prefix: '\u{10FFFF}', after: null, limit: 10 }, 0)).keys.map((k) => k.name), ['\u{10FFFF}x']);
  });
}
