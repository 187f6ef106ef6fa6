import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBuildQueue } from './build-queue.js';

/** A build that runs until `finish()` is called, recording that it started. */
function pending(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => { finish = () => resolve(name); });
  return { build: () => { started.push(name); return done; }, finish: () => finish() };
}

test('builds run at most total at once and perAccount per account; the others start in order as slots free', async () => {
  const queue = createBuildQueue({ total: 2, perAccount: 1 });
  const started: string[] = [];
  const a = [1, 2, 3].map((i) => pending(started, `a${i}`));
  const b = pending(started, 'b1');
  const c = pending(started, 'c1');
  const results = [...a.map((x) => queue.run('A', x.build)), queue.run('B', b.build), queue.run('C', c.build)];
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(started, ['a1', 'b1'], 'one of A\'s three, and B\'s beside it');
  b.finish();
  await results[3];
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(started, ['a1', 'b1', 'c1'], 'C, waiting behind A\'s queued builds, takes the slot B freed');
  a[0]?.finish();
  await results[0];
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(started, ['a1', 'b1', 'c1', 'a2']);
  c.finish();
  a[1]?.finish();
  a[2]?.finish();
  assert.deepEqual(await Promise.all(results), ['a1', 'a2', 'a3', 'b1', 'c1']);
});

test('a failed build frees its slot and fails only its own call', async () => {
  const queue = createBuildQueue({ total: 1, perAccount: 1 });
  const failed = queue.run('A', () => Promise.reject(new Error('bundle failed')));
  const next = queue.run('A', () => Promise.resolve('built'));
  await assert.rejects(failed, /bundle failed/);
  assert.equal(await next, 'built');
});
