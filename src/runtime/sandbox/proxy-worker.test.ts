// What the host posts to an isolate in a sandbox: batches are fuller than between threads (batch-port.ts), so a
// batch of big values must still reach the channel as records small enough that no frame holds much over 8 MiB.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHANNEL_BATCH_LIMIT } from '../batch-port.js';
import type { HostMessage } from '../protocol.js';
import type { HostRecord } from './channel.js';
import { ProxyWorker } from './proxy-worker.js';

function recorded(): { worker: ProxyWorker; records: [HostRecord, number][] } {
  const records: [HostRecord, number][] = [];
  const worker = new ProxyWorker(7, (record, size) => void records.push([record, size]), undefined, () => assert.fail('no violation here'));
  return { worker, records };
}

test('a batch of small messages goes as one record', () => {
  const { worker, records } = recorded();
  assert.equal(worker.batchLimit, CHANNEL_BATCH_LIMIT);
  const batch: HostMessage[] = Array.from({ length: CHANNEL_BATCH_LIMIT }, (_, id) => ({ t: 'req', id, method: 'GET', url: 'http://x/', headers: ['accept', '*/*'], hasBody: false }));
  worker.postMessage(batch);
  assert.equal(records.length, 1);
  assert.deepEqual(records[0]?.[0], ['post', 7, batch]);
});

test('a batch of 1 MiB values goes as records of at most about 4 MiB, every message once and in order', () => {
  const { worker, records } = recorded();
  const value = new Uint8Array(1 << 20);
  const batch: HostMessage[] = Array.from({ length: CHANNEL_BATCH_LIMIT }, (_, id) => ({ t: 'call-result', id, value }));
  worker.postMessage(batch);
  assert.ok(records.length >= CHANNEL_BATCH_LIMIT / 4, `${records.length} records`);
  const sent: HostMessage[] = [];
  for (const [record, size] of records) {
    assert.equal(record[0], 'post');
    assert.equal(record[1], 7);
    assert.ok(size <= 4 * 1024 * 1024 + 1024, `a record of ${size} bytes`);
    sent.push(...(record[2] as HostMessage[]));
  }
  assert.deepEqual(sent.map((m) => (m as { id: number }).id), batch.map((m) => (m as { id: number }).id));
  // One value bigger than a record still goes, alone.
  records.length = 0;
  worker.postMessage([{ t: 'call-result', id: 1, value: new Uint8Array(5 << 20) }, { t: 'call-result', id: 2, value: 'small' }]);
  assert.deepEqual(records.map(([record]) => (record[2] as { id: number }[]).map((m) => m.id)), [[1], [2]]);
});
