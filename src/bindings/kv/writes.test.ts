// Who hears of a key-value write: every watcher of that namespace of that store, even when one of them throws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StoragePorts } from '../../storage/ports.js';
import { announceKvWrite, watchKvWrites } from './writes.js';

test('a watcher that throws does not keep the others from hearing of the write; the failure still surfaces', () => {
  const store = {} as StoragePorts;
  const heard: string[] = [];
  const stops = [
    watchKvWrites(store, 'ns', () => { throw new Error('this isolate is gone'); }),
    watchKvWrites(store, 'ns', (keys) => heard.push(`second:${keys.join()}`)),
    watchKvWrites(store, 'other', (keys) => heard.push(`other:${keys.join()}`)),
    watchKvWrites({} as StoragePorts, 'ns', (keys) => heard.push(`another store:${keys.join()}`)),
  ];
  assert.throws(() => announceKvWrite(store, 'ns', ['k']), /this isolate is gone/);
  assert.deepEqual(heard, ['second:k'], 'the other watcher of the namespace heard; another namespace and another store did not');
  for (const stop of stops) stop();
  announceKvWrite(store, 'ns', ['k2']);
  assert.deepEqual(heard, ['second:k'], 'stopped watchers hear nothing');
});
