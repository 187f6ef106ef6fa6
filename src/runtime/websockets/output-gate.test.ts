import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SocketOutbox } from './output-gate.js';

/** A gate the test opens or fails itself. */
function gate(): { promise: Promise<void>; open: () => void; fail: (err: Error) => void } {
  let open: () => void = () => undefined;
  let fail: (err: Error) => void = () => undefined;
  const promise = new Promise<void>((resolve, reject) => { open = resolve; fail = reject; });
  promise.catch(() => undefined);
  return { promise, open, fail };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

test('a frame waits for its gate, and a later frame with nothing to wait for waits behind it', async () => {
  const sent: string[] = [];
  const outbox = new SocketOutbox(() => assert.fail('no gate failed'));
  const write = gate();
  outbox.push(write.promise, () => sent.push('after the write'));
  assert.equal(outbox.busy, true);
  outbox.push(undefined, () => sent.push('no write'));
  await turn();
  assert.deepEqual(sent, [], 'nothing leaves before the write is committed');
  write.open();
  await turn();
  assert.deepEqual(sent, ['after the write', 'no write']);
  assert.equal(outbox.busy, false);
});

test('frames leave in the order they were sent even when their gates open in another order', async () => {
  const sent: number[] = [];
  const outbox = new SocketOutbox(() => assert.fail('no gate failed'));
  const first = gate();
  const second = gate();
  outbox.push(first.promise, () => sent.push(1));
  outbox.push(second.promise, () => sent.push(2));
  second.open();
  await turn();
  assert.deepEqual(sent, []);
  first.open();
  await turn();
  assert.deepEqual(sent, [1, 2]);
});

test('a failed gate drops its frame and every frame after it, reports once, and refuses later frames', async () => {
  const sent: string[] = [];
  const failures: Error[] = [];
  const outbox = new SocketOutbox((err) => failures.push(err));
  const ok = gate();
  const bad = gate();
  outbox.push(ok.promise, () => sent.push('committed'));
  outbox.push(bad.promise, () => sent.push('lost'));
  outbox.push(undefined, () => sent.push('behind the lost one'));
  ok.open();
  bad.fail(new Error('SQLITE_FULL'));
  await turn();
  assert.deepEqual(sent, ['committed']);
  assert.deepEqual(failures.map((e) => e.message), ['SQLITE_FULL']);
  outbox.push(undefined, () => sent.push('later'));
  await turn();
  assert.deepEqual(sent, ['committed'], 'nothing leaves a socket whose held frames were dropped');
  assert.equal(failures.length, 1);
});

test('a paused outbox holds even frames with nothing to wait for, until resumed', async () => {
  const sent: string[] = [];
  const outbox = new SocketOutbox(() => assert.fail('no gate failed'));
  outbox.pause();
  assert.equal(outbox.busy, true);
  outbox.push(undefined, () => sent.push('a'));
  outbox.push(undefined, () => sent.push('b'));
  await turn();
  assert.deepEqual(sent, []);
  outbox.resume();
  assert.deepEqual(sent, ['a', 'b'], 'released at once, in order');
});
