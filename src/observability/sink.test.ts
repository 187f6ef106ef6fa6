import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createManualClock } from '../platform/clock.js';
import { createLogger, createMemorySink } from '../platform/logger.js';
import { openAccountObservability } from './account.js';
import type { InvocationRecord } from './record.js';
import { MAX_QUEUED_RECORDS } from './sink.js';
import { nextRecordId } from './observer.js';

function record(i: number, time: number, message = 'x'.repeat(100)): InvocationRecord {
  return { id: `r${i}`, time, deployment: i % 2 ? 'odd' : 'even', version: '1', kind: 'fetch', method: 'GET', url: `http://a.test/${i}`, status: 200, outcome: 'ok', cpu_ms: 1, wall_ms: 1, subrequests: 0, logs: [{ time, level: 'info', message }] };
}

function open(options: { retentionMs?: number; maxBytes?: number } = {}) {
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const obs = openAccountObservability({ file: path.join(mkdtempSync(path.join(tmpdir(), 'ledge-obs-')), 'observability.sqlite'), clock, logger: createLogger(createMemorySink()), flushMs: 60_000, ...options });
  return { clock, obs };
}

test('records wait in memory and are written together; queries read newest first with filters', async () => {
  const { clock, obs } = open();
  for (let i = 0; i < 10; i++) obs.records.write(record(i, clock.now() + i));
  assert.equal(obs.store().records.size(), 0, 'nothing is written on the event path');
  await obs.flush();
  const all = obs.store().records.query({}, () => true, 100, 1000);
  assert.deepEqual(all.map((r) => r.id), ['r9', 'r8', 'r7', 'r6', 'r5', 'r4', 'r3', 'r2', 'r1', 'r0']);
  const odd = obs.store().records.query({ deployment: 'odd', from: clock.now() + 3, to: clock.now() + 8 }, () => true, 100, 1000);
  assert.deepEqual(odd.map((r) => r.id), ['r7', 'r5', 'r3']);
  assert.deepEqual(obs.store().records.query({}, () => true, 2, 1000).map((r) => r.id), ['r9', 'r8']);
  await obs.close();
});

test('retention drops records past their age, and the size cap drops the oldest first', async () => {
  const day = 24 * 3600 * 1000;
  const { clock, obs } = open({ retentionMs: 3 * day, maxBytes: 400_000 });
  obs.records.write(record(0, clock.now()));
  await obs.flush();
  clock.advance(4 * day);
  // 2,000 records of about 400 bytes, in 10 flushes: twice the cap.
  for (let i = 1; i <= 2000; i++) {
    obs.records.write(record(i, clock.now(), 'y'.repeat(300)));
    if (i % 200 === 0) {
      await obs.flush();
      clock.advance(61_000); // the sink prunes at most once a minute
    }
  }
  const kept = obs.store().records.query({}, () => true, 5000, 100_000);
  assert.ok(!kept.some((r) => r.id === 'r0'), 'a record older than the retention is gone');
  assert.ok(obs.store().records.size() <= 400_000, `the store holds ${obs.store().records.size()} bytes, over its cap`);
  assert.ok(kept.length > 200 && kept.length < 2000, `${kept.length} records kept`);
  assert.equal(kept[0]?.id, 'r2000', 'the newest are kept');
  const ids = kept.map((r) => Number(r.id.slice(1)));
  assert.equal(Math.min(...ids), 2001 - kept.length, 'the oldest went first');
  await obs.close();
});

test('records of any size and text arrive whole: past a batch buffer, multi-byte text, a line larger than a buffer', async () => {
  const { clock, obs } = open();
  const text = 'é✓😀 "quoted" \\ back\tslash \u0001 lone \ud800 end';
  const written: InvocationRecord[] = [];
  // About 1.2 MB of records: several batch buffers, sent as each fills, before any timer.
  for (let i = 0; i < 300; i++) written.push(record(i, clock.now() + i, `${i} ${text.repeat(100)}`));
  // One record far larger than a batch buffer (SEGMENT_BYTES): 200 lines of 4,096 characters of 3-byte text.
  const huge = { ...record(300, clock.now() + 300), logs: Array.from({ length: 200 }, (_, k) => ({ time: k, level: 'info' as const, message: '✓'.repeat(4096) })) };
  written.push(huge);
  for (const r of written) obs.records.write(r);
  await obs.flush();
  const stored = obs.store().records.query({}, () => true, 1000, 10_000).reverse();
  assert.equal(stored.length, written.length);
  assert.deepEqual(stored, written.map((r) => JSON.parse(JSON.stringify(r)) as InvocationRecord));
  assert.equal(obs.records.dropped, 0);
  await obs.close();
});

test('records waiting for the writer are bounded: past MAX_QUEUED_RECORDS new ones are dropped and counted, then writing resumes', async () => {
  const { clock, obs } = open();
  // Nothing is stored until the writer's thread answers, so everything written in one turn waits.
  for (let i = 0; i < MAX_QUEUED_RECORDS + 25; i++) obs.records.write(record(i, clock.now()));
  assert.equal(obs.records.dropped, 25);
  await obs.flush();
  obs.records.write(record(-1, clock.now() + 1));
  await obs.flush();
  assert.equal(obs.records.dropped, 25, 'once stored, the queue has room again');
  const newest = obs.store().records.query({}, () => true, 1, 10);
  assert.equal(newest[0]?.id, 'r-1');
  assert.equal(obs.store().records.query({}, () => true, 20_000, 20_000).length, MAX_QUEUED_RECORDS + 1);
  await obs.close();
});

test('record ids are unique and have the UUID layout', () => {
  const ids = Array.from({ length: 10_000 }, () => nextRecordId());
  assert.equal(new Set(ids).size, ids.length);
  for (const id of [ids[0], ids[9_999]]) assert.match(id ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});
