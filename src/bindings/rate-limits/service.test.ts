import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '../../platform/clock.js';
import { createRateLimitHandlers, RATE_LIMIT_KEYS_PER_NAMESPACE } from './service.js';

const clockAt = (ms: number) => createManualClock(ms);

test('each key gets limit calls per window of period seconds; the next window starts afresh', async () => {
  const clock = clockAt(60_000 * 1000);
  const rl = createRateLimitHandlers({ binding: 'RL', namespace_id: '1001', simple: { limit: 3, period: 60 } }, {}, clock);
  const results = [];
  for (let i = 0; i < 5; i++) results.push((await rl.limit(['alice'])).success);
  assert.deepEqual(results, [true, true, true, false, false]);
  assert.equal((await rl.limit(['bob'])).success, true, 'another key counts on its own');
  clock.advance(59_999);
  assert.equal((await rl.limit(['alice'])).success, false, 'still the same window');
  clock.advance(1);
  assert.equal((await rl.limit(['alice'])).success, true, 'a new window');
});

test('bindings of one namespace share counts within an account, never across accounts', async () => {
  const clock = clockAt(0);
  const accountA = {};
  const one = createRateLimitHandlers({ binding: 'A', namespace_id: 'shared', simple: { limit: 2, period: 10 } }, accountA, clock);
  const two = createRateLimitHandlers({ binding: 'B', namespace_id: 'shared', simple: { limit: 2, period: 10 } }, accountA, clock);
  const other = createRateLimitHandlers({ binding: 'A', namespace_id: 'shared', simple: { limit: 2, period: 10 } }, {}, clock);
  assert.equal((await one.limit(['k'])).success, true);
  assert.equal((await two.limit(['k'])).success, true);
  assert.equal((await one.limit(['k'])).success, false);
  assert.equal((await other.limit(['k'])).success, true, 'another account has its own counts');
});

test('the keys counted at once are bounded: the oldest is forgotten', async () => {
  const clock = clockAt(0);
  const rl = createRateLimitHandlers({ binding: 'RL', namespace_id: 'many', simple: { limit: 1, period: 10 } }, {}, clock);
  assert.equal((await rl.limit(['first'])).success, true);
  for (let i = 0; i < RATE_LIMIT_KEYS_PER_NAMESPACE; i++) await rl.limit([`k${i}`]);
  assert.equal((await rl.limit(['first'])).success, true, 'forgotten, so counted afresh');
  assert.equal((await rl.limit([`k${RATE_LIMIT_KEYS_PER_NAMESPACE - 1}`])).success, false, 'a recent key is still counted');
});
