// Contract of the object storage port (ports.ts): blobs, objects, conditional commits, multipart, lifecycle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ObjectStoragePort, StoredObject } from '../ports.js';

/** Opens a fresh, empty adapter; `close` releases it. */
export type ObjectPortFactory = () => { objects: ObjectStoragePort; close(): void };

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

async function blobOf(objects: ObjectStoragePort, ...chunks: string[]): Promise<string> {
  const writer = await objects.createBlob();
  for (const chunk of chunks) await writer.write(bytes(chunk));
  return writer.finish();
}

function objectRecord(key: string, blobId: string, size: number, version = `v-${key}`): StoredObject {
  return { bucket: 'b', key, version, size, etag: `etag-${key}`, uploaded: 1000, httpMetadata: { contentType: 'text/plain' }, customMetadata: { k: 'v' }, checksums: {}, blobId };
}

/** Registers the object port's contract tests for one adapter, named `name`. */
export function objectStorageContract(name: string, open: ObjectPortFactory): void {
  test(`${name} objects: a committed object is found, read by range, listed by prefix and deleted`, async (t) => {
    const store = open();
    t.after(() => store.close());
    const { objects } = store;
    const blob = await blobOf(objects, 'hello ', 'world');
    assert.equal(await objects.commit(objectRecord('dir/a', blob, 11)), true);
    const head = await objects.head('b', 'dir/a');
    assert.ok(head);
    assert.deepEqual({ size: head.size, etag: head.etag, http: head.httpMetadata, custom: head.customMetadata }, { size: 11, etag: 'etag-dir/a', http: { contentType: 'text/plain' }, custom: { k: 'v' } });
    assert.equal(text(await objects.read(head.blobId, 6, 5)), 'world');
    await objects.commit(objectRecord('dir/b', await blobOf(objects, 'b'), 1));
    await objects.commit(objectRecord('other', await blobOf(objects, 'o'), 1));
    assert.deepEqual((await objects.list('b', { prefix: 'dir/', after: null, limit: 10 })).map((o) => o.key), ['dir/a', 'dir/b']);
    assert.deepEqual((await objects.list('b', { prefix: '', after: 'dir/a', limit: 1 })).map((o) => o.key), ['dir/b']);
    assert.equal(await objects.head('other-bucket', 'dir/a'), null, 'buckets are separate');
    await objects.delete('b', ['dir/a', 'never-there']);
    assert.equal(await objects.head('b', 'dir/a'), null);
  });

  test(`${name} objects: a conditional commit is refused when the condition fails, and the old object stays`, async (t) => {
    const store = open();
    t.after(() => store.close());
    const { objects } = store;
    await objects.commit(objectRecord('k', await blobOf(objects, 'first'), 5, 'v1'));
    const refused = await objects.commit(objectRecord('k', await blobOf(objects, 'second'), 6, 'v2'), (existing) => existing === null);
    assert.equal(refused, false);
    assert.equal((await objects.head('b', 'k'))?.version, 'v1');
    assert.equal(await objects.commit(objectRecord('k', await blobOf(objects, 'third'), 5, 'v3'), (existing) => existing?.version === 'v1'), true);
    assert.equal((await objects.head('b', 'k'))?.version, 'v3');
  });

  test(`${name} objects: multipart parts are stored, concatenated and cleaned up; lifecycle rules round-trip`, async (t) => {
    const store = open();
    t.after(() => store.close());
    const { objects } = store;
    await objects.createUpload({ bucket: 'b', key: 'big', uploadId: 'u1', initiated: 1000, httpMetadata: {}, customMetadata: {} });
    assert.equal((await objects.getUpload('b', 'u1'))?.key, 'big');
    await objects.putPart('u1', { partNumber: 2, size: 3, md5: 'm2', blobId: await blobOf(objects, 'def') });
    await objects.putPart('u1', { partNumber: 1, size: 3, md5: 'm1', blobId: await blobOf(objects, 'abc') });
    const parts = (await objects.listParts('u1')).sort((a, b) => a.partNumber - b.partNumber);
    assert.deepEqual(parts.map((p) => p.partNumber), [1, 2]);
    const joined = await objects.concatBlobs(parts.map((p) => p.blobId));
    assert.equal(text(await objects.read(joined, 0, 6)), 'abcdef');
    assert.deepEqual((await objects.listUploads('b')).map((u) => u.uploadId), ['u1']);
    await objects.deleteUpload('u1');
    assert.equal(await objects.getUpload('b', 'u1'), null);
    assert.equal(await objects.getLifecycle('b'), null);
    await objects.setLifecycle('b', [{ id: 'r1', enabled: true }]);
    assert.deepEqual(await objects.getLifecycle('b'), [{ id: 'r1', enabled: true }]);
  });
}
