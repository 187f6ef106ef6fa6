import type { OutboxRecord, TaskStore } from './store.js';

/**
 * Publishes unsent outbox records in order and marks each one sent after its publish succeeded. A failure
 * stops the run with the record still unsent, so the next run retries it, in order. A crash after
 * publishing and before marking publishes the record again: delivery is at least once, and consumers absorb
 * duplicates with their own task state (`runOnce`). Not exactly-once across services.
 */
export async function relayOutbox(store: TaskStore, publish: (record: OutboxRecord) => Promise<void>, options: { limit?: number } = {}): Promise<{ published: number }> {
  let published = 0;
  for (const record of await store.unsentOutbox(options.limit ?? 100)) {
    await publish(record);
    await store.markSent(record.seq);
    published++;
  }
  return { published };
}

/** What `runOnce` did: ran the work, or found it already ended. */
export type RunOnceOutcome = { ran: true; result: unknown } | { ran: false; reason: 'done' | 'cancelled' | 'uncertain' };

/**
 * Runs `work` at most once per `key` of `kind`, however often the same message or window is delivered: the
 * key names one task; a delivery that finds it done does nothing. When the work cannot run now (another
 * executor holds it, it is backing off, or its budget is spent) this throws, so the message is not
 * acknowledged and comes back later. An earlier executor whose lease expired is recovered first: non-idempotent
 * work (the default) becomes uncertain and waits for reconciliation, never runs blindly again.
 */
export async function runOnce(store: TaskStore, options: { kind: string; key: string; leaseMs?: number; idempotent?: boolean }, work: () => Promise<unknown>): Promise<RunOnceOutcome> {
  let task = await store.create({ kind: options.kind, windowKey: options.key });
  if (task.state === 'running') {
    await store.recoverExpired(options.kind, options.idempotent ?? false);
    task = await store.get(task.id);
  }
  if (task.state === 'done' || task.state === 'cancelled' || task.state === 'uncertain') return { ran: false, reason: task.state };
  const claim = await store.claim(task.id, options.leaseMs ?? 60_000);
  let result: unknown;
  try {
    result = await work();
  } catch (err) {
    await store.fail(task.id, claim.generation);
    throw err;
  }
  await store.complete(task.id, claim.generation, { result: result ?? null });
  return { ran: true, result };
}
