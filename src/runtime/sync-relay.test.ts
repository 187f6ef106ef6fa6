import { test } from 'node:test';
import assert from 'node:assert/strict';
import { receiveMessageOnPort } from 'node:worker_threads';
import { SyncRelay } from './sync-relay.js';
import type { HostMessage, IsolateMessage } from './protocol.js';

const call = (id: number, sync?: true): IsolateMessage => ({ t: 'call', id, binding: '#objects', method: 'exec', args: [], ...(sync ? { sync } : {}) });

test('a marked call goes on unmarked; its answer goes over the bridge and wakes the worker; other answers go the usual way', () => {
  const relay = new SyncRelay();
  const flag = new Int32Array(relay.workerEnd.flag);
  try {
    const forwarded = relay.fromWorker([call(1), call(2, true)]);
    assert.deepEqual(forwarded, [call(1), call(2)], 'the host never sees the mark');
    const rest = relay.toWorker([{ t: 'call-result', id: 1, value: 'async' }, { t: 'call-result', id: 2, value: 'sync' }, { t: 'res-credit', id: 7 }] as HostMessage[]);
    assert.deepEqual(rest, [{ t: 'call-result', id: 1, value: 'async' }, { t: 'res-credit', id: 7 }]);
    assert.equal(Atomics.load(flag, 0), 1, 'the count the worker waits on moved');
    assert.deepEqual(receiveMessageOnPort(relay.workerEnd.port)?.message, { t: 'call-result', id: 2, value: 'sync' });
    assert.deepEqual(relay.toWorker([{ t: 'call-result', id: 2, value: 'again' }] as HostMessage[]), [{ t: 'call-result', id: 2, value: 'again' }], 'an id is diverted once');
  } finally {
    relay.close();
  }
});

test('what a hostile worker posts cannot break the relay: non-batches pass untouched, a flood of marks is bounded', () => {
  const relay = new SyncRelay();
  try {
    for (const junk of [null, 'text', 42, { t: 'call', sync: true }]) assert.equal(relay.fromWorker(junk as never), junk);
    assert.deepEqual(relay.fromWorker([null, 'x', { t: 'call', id: 'not-a-number', sync: true }] as never), [null, 'x', { t: 'call', id: 'not-a-number' }]);
    relay.fromWorker(Array.from({ length: 1000 }, (_, i) => call(i + 10, true)));
    const answers = Array.from({ length: 1000 }, (_, i) => ({ t: 'call-result', id: i + 10, value: i })) as HostMessage[];
    const rest = relay.toWorker(answers);
    assert.ok(rest.length >= 1000 - 16, `at most 16 answers are held for the bridge (${1000 - rest.length} were)`);
  } finally {
    relay.close();
  }
});
