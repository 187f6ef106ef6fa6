import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterMicrotasks, EARLY_RUN_BUDGET_MS, setEarlyRunBudget } from './after-microtasks.js';
import { InputGate } from './gates.js';
import { ObjectStorage } from './storage.js';
import type { ObjectStorageProtocol } from './protocol.js';
import type { BindingCall } from '../protocol.js';

/** A chain of `depth` microtasks, each queuing the next; `seen` gets `name` at its end. */
function chain(depth: number, seen: string[], name: string): void {
  let left = depth;
  const step = (): void => {
    if (--left > 0) void Promise.resolve().then(step);
    else seen.push(name);
  };
  void Promise.resolve().then(step);
}

// A loaded machine may preempt a test for longer than the budget: only the last test runs under it.
setEarlyRunBudget(Infinity);

test('afterMicrotasks runs once every microtask queued before it, and those they queue, have run; before the next turn', async () => {
  const seen: string[] = [];
  // From a macrotask's own code (here a timer), and from inside a microtask.
  await new Promise<void>((resolve) => setTimeout(() => {
    chain(50, seen, 'chain queued first');
    afterMicrotasks(() => seen.push('after, from the macrotask'));
    chain(80, seen, 'chain queued after');
    void Promise.resolve().then(() => {
      chain(30, seen, 'chain queued inside a microtask');
      afterMicrotasks(() => seen.push('after, from a microtask'));
    });
    setImmediate(() => { seen.push('next turn'); resolve(); });
  }, 0));
  assert.deepEqual(seen.slice(-3), ['after, from the macrotask', 'after, from a microtask', 'next turn']);
  assert.equal(seen.length, 6);
});

test('the input gate lets the next event in once the one before truly waits, without waiting for a turn of the loop', async () => {
  const gate = new InputGate();
  const seen: string[] = [];
  const event = async (name: string) => {
    await gate.enter();
    seen.push(`${name} starts`);
    // A read served from the cache: settled promises, never a wait for I/O.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    seen.push(`${name} ends its synchronous work`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    seen.push(`${name} done`);
  };
  let turned = false;
  setImmediate(() => { turned = true; });
  const all = Promise.all([event('a'), event('b'), event('c')]);
  await new Promise<void>((resolve) => afterMicrotasks(() => afterMicrotasks(() => afterMicrotasks(() => afterMicrotasks(resolve)))));
  assert.equal(turned, false, 'still the same turn');
  assert.deepEqual(seen, ['a starts', 'a ends its synchronous work', 'b starts', 'b ends its synchronous work', 'c starts', 'c ends its synchronous work']);
  await all;
});

test('a locked gate delivers nothing until a turn after its release', async () => {
  const gate = new InputGate();
  const release = gate.lock();
  let delivered = false;
  void gate.enter().then(() => { delivered = true; });
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(delivered, false);
  release();
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(delivered, true);
});

test("an event's writes made without waiting for I/O travel in one batch, even awaited one by one", async () => {
  const batches: unknown[] = [];
  const call = (async (method: string, args: unknown[]) => {
    if (method === 'write') batches.push(args.slice(2));
    return method === 'get' ? [] : null;
  }) as unknown as BindingCall<ObjectStorageProtocol>;
  const storage = new ObjectStorage({ call, namespace: 'a/b/C', id: 'x'.repeat(64), sqlite: true, gate: new InputGate(), onBroken: () => undefined });
  await storage.put('a', 1);
  await storage.put('b', 2);
  await storage.delete('c');
  await storage.put({ d: 4 });
  await storage.confirmed();
  assert.equal(batches.length, 1, 'one transaction');
  const [puts, deletes] = batches[0] as [[string, Uint8Array][], string[]];
  assert.deepEqual(puts.map(([key]) => key), ['a', 'b', 'd']);
  assert.deepEqual(deletes, ['c']);
  // A write after a real wait is the next batch.
  await new Promise((resolve) => setTimeout(resolve, 1));
  await storage.put('e', 5);
  await storage.confirmed();
  assert.equal(batches.length, 2);
});

test('early runs that keep the loop from turning past the budget wait for the next turn', async () => {
  setEarlyRunBudget(EARLY_RUN_BUDGET_MS);
  // A turn first: the stretch of early runs the tests before began is over, so the first run here starts a new one.
  await new Promise((resolve) => setImmediate(resolve));
  const order: string[] = [];
  let turned = false;
  setImmediate(() => { turned = true; });
  await new Promise<void>((resolve) => {
    let runs = 0;
    const busy = (): void => {
      const until = performance.now() + 0.3;
      while (performance.now() < until) { /* a run that costs 0.3 ms */ }
      runs++;
      order.push(turned ? 'after a turn' : 'same turn');
      if (runs < 12) afterMicrotasks(busy);
      else resolve();
    };
    afterMicrotasks(busy);
  });
  assert.equal(order[0], 'same turn');
  assert.ok(order.includes('after a turn'), `12 runs of 0.3 ms never let the loop turn: ${order.join(', ')}`);
});
