import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pipelined } from './rpc-pipeline.js';

const DISPOSE: symbol = (Symbol as { dispose?: symbol }).dispose ?? Symbol.for('Symbol.dispose');

class Counter {
  value = 0;
  disposed = 0;
  increment(by: number): number { this.value += by; return this.value; }
  get nested() { return { twice: (n: number) => n * 2, label: 'counter' }; }
  [DISPOSE](): void { this.disposed++; }
}

test('a pipelined call is used as its eventual result: methods, properties, chains, with this bound to the result', async () => {
  const counter = new Counter();
  const call = pipelined(Promise.resolve(counter)) as unknown as Counter;
  assert.equal(await (call.increment(2) as unknown as Promise<number>), 2);
  assert.equal(await (call.increment(3) as unknown as Promise<number>), 5, 'this is the result itself');
  assert.equal(await (call.nested.twice(21) as unknown as Promise<number>), 42);
  assert.equal(await (call.nested.label as unknown as Promise<string>), 'counter');
  assert.equal(await (call as unknown as Promise<Counter>), counter, 'awaited whole, it is the result');
  assert.equal(await (pipelined(Promise.resolve({ plain: 7 })) as unknown as { plain: Promise<number> }).plain, 7);
});

test('it stays a promise to code that checks: thenable, not callable, [object Promise], instanceof Promise', async () => {
  const call = pipelined(Promise.resolve(1));
  assert.equal(typeof call, 'object');
  assert.equal(Object.prototype.toString.call(call), '[object Promise]');
  assert.equal(String(call), '[object Promise]');
  assert.ok(call instanceof Promise);
  assert.equal(await call.then((v) => v + 1), 2);
  assert.equal(await call.finally(() => undefined), 1);
  assert.equal(typeof (call as unknown as { anything: unknown }).anything, 'function', 'a property of the result may be a method');
});

test('errors reach the caller: the first call\'s, a missing method\'s, a property of nothing; an unused property adds no rejection', async () => {
  const failed = pipelined(Promise.reject(new RangeError('no such user')));
  await assert.rejects(failed as Promise<unknown>, RangeError);
  await assert.rejects((failed as unknown as { profile(): Promise<unknown> }).profile(), /no such user/);
  await assert.rejects((pipelined(Promise.resolve({})) as unknown as { missing(): Promise<unknown> }).missing(), /has no such method/);
  await assert.rejects((pipelined(Promise.resolve(null)) as unknown as { name: Promise<unknown> }).name, /Cannot read properties of null \(reading 'name'\)/);
  let unhandled = 0;
  const count = () => { unhandled++; };
  process.on('unhandledRejection', count);
  try {
    const unused = pipelined(Promise.reject(new Error('ignored')));
    void (unused as unknown as { someProperty: unknown }).someProperty;
    unused.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off('unhandledRejection', count);
  }
  assert.equal(unhandled, 0);
});

test('using disposes the result once it arrives; a failed call has nothing to dispose', async () => {
  const counter = new Counter();
  const call = pipelined(Promise.resolve(counter));
  const dispose = (call as unknown as Record<symbol, () => void>)[DISPOSE];
  assert.equal(typeof dispose, 'function');
  dispose?.();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(counter.disposed, 1);
  const failed = pipelined(Promise.reject(new Error('x')));
  (failed as unknown as Record<symbol, () => void>)[DISPOSE]?.();
  await assert.rejects(failed);
});
