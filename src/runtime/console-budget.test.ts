import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONSOLE_BYTES_PER_EVENT, createConsoleBudget } from './console-budget.js';

test('an event keeps whole lines until its budget, the crossing line cut to fit, then one notice and nothing more', () => {
  const admit = createConsoleBudget(100);
  const event = {};
  assert.deepEqual(admit(event, 'a'.repeat(60)), { line: 'a'.repeat(60) });
  const crossing = admit(event, 'b'.repeat(60));
  assert.equal(crossing.line, `${'b'.repeat(40)} …[truncated]`);
  assert.match(crossing.notice ?? '', /console output of this event passed 0\.09765625 KB; the rest of its lines are dropped/);
  assert.deepEqual(admit(event, 'c'), {});
  assert.deepEqual(admit({}, 'another event has its own budget'), { line: 'another event has its own budget' });
});

test('bytes are counted as UTF-8 and a cut never splits a character pair', () => {
  const admit = createConsoleBudget(10);
  const out = admit({}, '😀'.repeat(10));
  assert.equal(out.line, `${'😀'.repeat(2)} …[truncated]`);
  assert.ok(out.notice);
});

test('output outside events shares a budget per second', () => {
  let now = 0;
  const admit = createConsoleBudget(10, () => now);
  assert.deepEqual(admit(undefined, '0123456789'), { line: '0123456789' });
  assert.match(admit(undefined, 'x').notice ?? '', /outside events passed .* until the next second/);
  assert.deepEqual(admit(undefined, 'x'), {});
  now = 1000;
  assert.deepEqual(admit(undefined, 'again'), { line: 'again' });
});

test('the default is the reference\'s 256 KB per invocation', () => {
  assert.equal(CONSOLE_BYTES_PER_EVENT, 262144);
  const admit = createConsoleBudget();
  const event = {};
  let kept = 0;
  for (let i = 0; i < 10_000; i++) kept += admit(event, 'y'.repeat(1000)).line?.length ?? 0;
  assert.ok(kept <= CONSOLE_BYTES_PER_EVENT + 20 && kept > CONSOLE_BYTES_PER_EVENT - 1000, String(kept));
});
