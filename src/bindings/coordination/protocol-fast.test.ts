// The plain checks that let an object's storage calls skip zod on the host (protocol.ts OBJECT_STORAGE_FAST,
// isCarriedWrites) accept only what the schemas accept, unchanged, and do accept the usual calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CARRIED_WRITES, OBJECT_STORAGE_CALLS, OBJECT_STORAGE_FAST, isCarriedWrites } from './protocol.js';

const ID = 'a'.repeat(64);
const bytes = new Uint8Array([1, 2, 3]);

const usualGets: unknown[] = [
  ['ns', ID, ['count']],
  ['ns', ID, []],
  ['n'.repeat(512), 'b'.repeat(64), Array.from({ length: 128 }, (_, i) => `k${i}`)],
  ['ns', ID, ['k'.repeat(8192)]],
];
const usualWrites: unknown[] = [
  ['ns', ID, [['count', bytes]], []],
  ['ns', ID, [], ['gone']],
  ['ns', ID, [['a', bytes], ['b', new Uint8Array(0)]], ['c', 'd']],
  ['ns', ID, [['k'.repeat(8192), bytes]], []],
];
// Each outside a bound or shape of the schema by one step.
const badGets: unknown[] = [
  ['ns', ID], ['ns', ID, ['k'], 'more'], { 0: 'ns', 1: ID, 2: [] }, null, 'ns',
  [7, ID, []], ['n'.repeat(513), ID, []], ['ns', 'b'.repeat(65), []], ['ns', ID, 'k'], ['ns', ID, [7]],
  ['ns', ID, ['k'.repeat(8193)]], ['ns', ID, Array.from({ length: 129 }, (_, i) => `k${i}`)],
  // eslint-disable-next-line no-sparse-arrays
  ['ns', ID, [, 'k']],
];
const badWrites: unknown[] = [
  ['ns', ID, [['k', bytes]]], ['ns', ID, [['k', bytes]], [], 'more'], ['ns', ID, [['k']], []], ['ns', ID, [['k', bytes, 'x']], []],
  ['ns', ID, [['k', 'v']], []], ['ns', ID, [['k', bytes.buffer]], []], ['ns', ID, [[7, bytes]], []], ['ns', ID, [['k'.repeat(8193), bytes]], []],
  ['ns', ID, [], [7]], ['ns', ID, {}, []], ['n'.repeat(513), ID, [], []], ['ns', 'b'.repeat(65), [], []], [null, ID, [], []],
];
const carried: unknown[] = [
  { seq: 1, puts: [['count', bytes]], deletes: [] },
  { seq: 9, puts: [], deletes: ['a'] },
];
const badCarried: unknown[] = [
  { seq: 0, puts: [], deletes: [] }, { seq: 1.5, puts: [], deletes: [] }, { seq: '1', puts: [], deletes: [] }, { seq: 2 ** 60, puts: [], deletes: [] },
  { seq: 1, puts: [], deletes: [], more: 1 }, { seq: 1, puts: [] }, { seq: 1, puts: [['k', 'v']], deletes: [] }, { seq: 1, puts: [], deletes: [7] },
  [1, [], []], null, 5, Object.assign(Object.create({ inherited: 1 }) as object, { seq: 1, puts: [], deletes: [] }),
];

test('the fast checks of get and write accept the usual calls, and only what the schemas accept unchanged', () => {
  for (const [method, usual, bad] of [['get', usualGets, badGets], ['write', usualWrites, badWrites]] as const) {
    const fast = OBJECT_STORAGE_FAST[method];
    const schema = OBJECT_STORAGE_CALLS[method];
    for (const args of usual) {
      assert.equal(fast(args), true, `${method} ${JSON.stringify(args)?.slice(0, 80)}`);
      const parsed = schema.safeParse(args);
      assert.ok(parsed.success);
      assert.deepEqual(parsed.data, args);
    }
    for (const args of bad) {
      assert.equal(fast(args), false, `${method} ${JSON.stringify(args)?.slice(0, 80)}`);
      // Where the fast check says no, the schema decides; every one of these the schema refuses.
      assert.equal(schema.safeParse(args).success, false, `${method} schema ${JSON.stringify(args)?.slice(0, 80)}`);
    }
  }
});

test('the fast check of carried writes accepts the usual result, and only what CARRIED_WRITES accepts unchanged', () => {
  for (const value of carried) {
    assert.equal(isCarriedWrites(value), true);
    const parsed = CARRIED_WRITES.safeParse(value);
    assert.ok(parsed.success);
    assert.deepEqual(parsed.data, value);
  }
  for (const value of badCarried) {
    assert.equal(isCarriedWrites(value), false, JSON.stringify(value));
    // The one zod may take (an object with an inherited property) goes to it; the rest it refuses.
    if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype) {
      assert.equal(CARRIED_WRITES.safeParse(value).success, false, JSON.stringify(value));
    }
  }
});
