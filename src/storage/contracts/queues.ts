// Contract of the queue storage port (ports.ts): what every adapter must do, whatever it stores in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DeliveryPolicy, QueueStoragePort } from '../ports.js';

/** Opens a fresh, empty adapter; `close` releases it. */
export type QueuePortFactory = () => { queues: QueueStoragePort; close(): void };

const bytes = (s: string) => new TextEncoder().encode(s);
const NO_DLQ: DeliveryPolicy = { maxAttempts: 3, deadLetterQueue: null };

/** Registers the queue port's contract tests for one adapter, named `name`. */
export function queueStorageContract(name: string, open: QueuePortFactory): void {
  test(`${name} queues: a sent message is leased once, then acked away`, async (t) => {
    const store = open();
    t.after(() => store.close());
    const { queues } = store;
    const sent = await queues.send('q', [{ id: 'm1', body: bytes('one'), contentType: 'text', visibleAt: 1000 }, { id: 'm2', body: bytes('two'), contentType: 'json', visibleAt: 1000 }], 1000);
    assert.equal(sent.backlog, 2);
    assert.deepEqual(await queues.queues(), ['q']);
    assert.equal((await queues.peek('q', 1000, 10)).ready, 2);
    const first = await queues.lease('q', { limit: 10, leaseMs: 5000, now: 1000, policy: NO_DLQ });
    assert.deepEqual(first.messages.map((m) => [m.id, new TextDecoder().decode(m.body), m.contentType, m.attempts]), [['m1', 'one', 'text', 1], ['m2', 'two', 'json', 1]]);
    assert.equal((await queues.lease('q', { limit: 10, leaseMs: 5000, now: 2000, policy: NO_DLQ })).messages.length, 0, 'a leased message is not delivered twice');
    assert.equal((await queues.stats('q', 2000)).inFlight, 2);
    const settled = await queues.settle('q', { acks: first.messages.map((m) => m.leaseId), retries: [] }, 2000, NO_DLQ);
    assert.equal(settled.acked, 2);
    assert.equal((await queues.stats('q', 2000)).backlog, 0);
    const settledOnce = first.messages[0]?.leaseId ?? '';
    assert.deepEqual((await queues.settle('q', { acks: [settledOnce], retries: [] }, 2100, NO_DLQ)).stale, [settledOnce], 'a lease settled twice is stale');
  });

  test(`${name} queues: a delayed message waits; a retried one comes back later; an expired lease redelivers`, async (t) => {
    const store = open();
    t.after(() => store.close());
    const { queues } = store;
    await queues.send('q', [{ id: 'later', body: bytes('x'), contentType: 'text', visibleAt: 5000 }], 1000);
    assert.equal((await queues.stats('q', 1000)).delayed, 1);
    assert.equal((await queues.lease('q', { limit: 1, leaseMs: 1000, now: 4999, policy: NO_DLQ })).messages.length, 0);
    const [m] = (await queues.lease('q', { limit: 1, leaseMs: 1000, now: 5000, policy: NO_DLQ })).messages;
    assert.ok(m);
    await queues.settle('q', { acks: [], retries: [{ leaseId: m.leaseId, visibleAt: 8000 }] }, 5100, NO_DLQ);
    assert.equal((await queues.lease('q', { limit: 1, leaseMs: 1000, now: 7999, policy: NO_DLQ })).messages.length, 0);
    const again = (await queues.lease('q', { limit: 1, leaseMs: 1000, now: 8000, policy: NO_DLQ })).messages[0];
    assert.ok(again);
    assert.equal(again.attempts, 2);
    await queues.extend('q', [again.leaseId], 20_000);
    assert.equal((await queues.lease('q', { limit: 1, leaseMs: 1000, now: 10_000, policy: NO_DLQ })).messages.length, 0, 'an extended lease holds');
    const third = (await queues.lease('q', { limit: 1, leaseMs: 1000, now: 20_001, policy: NO_DLQ })).messages[0];
    assert.equal(third?.attempts, 3, 'an expired lease is delivered again');
  });

  test(`${name} queues: a message out of attempts goes to its dead-letter queue, or dead; dead ones replay and purge`, async (t) => {
    const store = open();
    t.after(() => store.close());
    const { queues } = store;
    const once: DeliveryPolicy = { maxAttempts: 1, deadLetterQueue: null };
    await queues.send('q', [{ id: 'a', body: bytes('a'), contentType: 'text', visibleAt: 0 }, { id: 'b', body: bytes('b'), contentType: 'text', visibleAt: 0 }], 0);
    const leased = (await queues.lease('q', { limit: 2, leaseMs: 100, now: 0, policy: once })).messages;
    const settled = await queues.settle('q', { acks: [], retries: leased.map((m) => ({ leaseId: m.leaseId, visibleAt: 10 })) }, 10, once);
    assert.equal(settled.dead, 2);
    assert.deepEqual((await queues.listDead('q', 10)).map((m) => m.id).sort(), ['a', 'b']);
    assert.equal(await queues.replayDead('q', ['a'], 20), 1);
    assert.equal((await queues.lease('q', { limit: 5, leaseMs: 100, now: 20, policy: once })).messages[0]?.attempts, 1, 'a replayed message has fresh attempts');
    assert.equal(await queues.purgeDead('q', null), 1);
    assert.deepEqual(await queues.listDead('q', 10), []);

    const toDlq: DeliveryPolicy = { maxAttempts: 1, deadLetterQueue: 'dlq' };
    await queues.send('q2', [{ id: 'c', body: bytes('c'), contentType: 'text', visibleAt: 0 }], 0);
    const [c] = (await queues.lease('q2', { limit: 1, leaseMs: 100, now: 0, policy: toDlq })).messages;
    assert.ok(c);
    assert.equal((await queues.settle('q2', { acks: [], retries: [{ leaseId: c.leaseId, visibleAt: 1 }] }, 1, toDlq)).deadLettered, 1);
    assert.deepEqual((await queues.lease('dlq', { limit: 1, leaseMs: 100, now: 2, policy: NO_DLQ })).messages.map((m) => m.id), ['c']);
  });

  test(`${name} queues: watchers hear of sends until they unsubscribe`, async (t) => {
    const store = open();
    t.after(() => store.close());
    let heard = 0;
    const stop = store.queues.watch('q', () => { heard += 1; });
    await store.queues.send('q', [{ id: 'w', body: bytes('w'), contentType: 'text', visibleAt: 0 }], 0);
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(heard >= 1);
    stop();
    const before = heard;
    await store.queues.send('q', [{ id: 'w2', body: bytes('w'), contentType: 'text', visibleAt: 0 }], 0);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(heard, before);
  });
}
