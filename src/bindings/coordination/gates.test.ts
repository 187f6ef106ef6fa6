import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputGate } from './gates.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

test('whenOpen resolves at once on an open gate, and a turn after the last lock is released otherwise', async () => {
  const gate = new InputGate();
  let open = false;
  await gate.whenOpen();
  const release = gate.lock();
  const second = gate.lock();
  void gate.whenOpen().then(() => { open = true; });
  release();
  await turn();
  await turn();
  assert.equal(open, false, 'one lock is still held');
  second();
  await turn();
  await turn();
  assert.equal(open, true);
});

test("a section's own locks do not hold what waits inside it; other locks and other sections' still do", async () => {
  const gate = new InputGate();
  const outer = {};
  const inner = {};
  const releaseOuter = gate.lock(outer);
  const releaseInner = gate.lock(inner);
  const seen: string[] = [];
  void gate.whenOpen(new Set([outer, inner])).then(() => seen.push('inside both'));
  void gate.whenOpen(new Set([outer])).then(() => seen.push('inside outer'));
  void gate.whenOpen().then(() => seen.push('outside'));
  await turn();
  assert.deepEqual(seen, ['inside both']);
  const read = gate.lock();
  releaseInner();
  await turn();
  await turn();
  assert.deepEqual(seen, ['inside both'], 'a storage read still holds the gate for the outer section');
  read();
  await turn();
  await turn();
  assert.deepEqual(seen, ['inside both', 'inside outer']);
  releaseOuter();
  await turn();
  await turn();
  assert.deepEqual(seen, ['inside both', 'inside outer', 'outside']);
});
