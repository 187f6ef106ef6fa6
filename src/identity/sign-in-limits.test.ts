import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '../platform/clock.js';
import { addressKey, createSignInLimiter, type SignInAttempt } from './sign-in-limits.js';

const MINUTE = 60_000;

function fail(limiter: ReturnType<typeof createSignInLimiter>, email: string, address?: string): ReturnType<SignInAttempt['failed']> | number {
  const attempt = limiter.attempt('acct', email, address);
  return 'retryAfterMs' in attempt ? attempt.retryAfterMs : attempt.failed();
}

test('a sliding window per user: the fifth failure reaches the limit, the oldest failure leaving the window frees one attempt', () => {
  const clock = createManualClock();
  const limiter = createSignInLimiter(clock);
  for (let i = 0; i < 4; i++) {
    assert.equal(fail(limiter, 'a@example.com', '10.0.0.1'), null);
    clock.advance(MINUTE);
  }
  assert.equal(fail(limiter, 'a@example.com', '10.0.0.1'), 'user');
  assert.equal(fail(limiter, 'a@example.com', '10.0.0.9'), 11 * MINUTE, 'from any address; waits until the first failure is 15 minutes old');
  assert.equal(fail(limiter, 'b@example.com', '10.0.0.1'), null, 'another user is not limited');
  assert.equal(fail(limiter, 'a@example.com', '10.0.0.1'), 11 * MINUTE, 'a refused attempt does not extend the wait');
  clock.advance(11 * MINUTE);
  assert.equal(fail(limiter, 'a@example.com', '10.0.0.1'), 'user', 'one attempt freed, and it fills the window again');
  assert.equal(fail(limiter, 'a@example.com', '10.0.0.1'), MINUTE);
  assert.equal(typeof fail(createSignInLimiter(clock), 'a@example.com'), 'object', 'limiters do not share state');
});

test('per address: twenty failures over many users; IPv4-mapped addresses and an IPv6 /64 count as one client', () => {
  const clock = createManualClock();
  const limiter = createSignInLimiter(clock);
  for (let i = 0; i < 19; i++) assert.equal(fail(limiter, `u${i}@example.com`, i % 2 ? '192.0.2.7' : '::ffff:192.0.2.7'), null);
  assert.equal(fail(limiter, 'u19@example.com', '192.0.2.7'), 'address');
  assert.equal(fail(limiter, 'fresh@example.com', '::ffff:c000:207'), 15 * MINUTE);
  assert.equal(fail(limiter, 'fresh@example.com', '192.0.2.8'), null);
  assert.equal(addressKey('2001:db8:1:2:aaaa::1'), addressKey('2001:db8:1:2:ffff:1:2:3'));
  assert.notEqual(addressKey('2001:db8:1:2::1'), addressKey('2001:db8:1:3::1'));
  assert.equal(addressKey(undefined), 'unknown');
  assert.equal(addressKey('not an address'), 'unknown');
});

test('a success does not count; attempts in flight do, until they are settled', () => {
  const clock = createManualClock();
  const limiter = createSignInLimiter(clock);
  for (let i = 0; i < 10; i++) {
    const ok = limiter.attempt('acct', 'a@example.com', '10.0.0.1');
    assert.ok(!('retryAfterMs' in ok));
    ok.succeeded();
  }
  const inFlight = Array.from({ length: 5 }, () => limiter.attempt('acct', 'a@example.com', '10.0.0.1'));
  assert.ok(inFlight.every((a) => !('retryAfterMs' in a)));
  assert.ok('retryAfterMs' in limiter.attempt('acct', 'a@example.com', '10.0.0.1'), 'five checks in flight fill the window');
  (inFlight[0] as SignInAttempt).succeeded();
  assert.ok(!('retryAfterMs' in limiter.attempt('acct', 'a@example.com', '10.0.0.1')), 'a success frees its place');
  assert.ok(!('retryAfterMs' in limiter.attempt('other', 'a@example.com', '10.0.0.2')), 'users are per account');
});

test('memory is bounded: past the key limit the quietest key is forgotten', () => {
  const clock = createManualClock();
  const limiter = createSignInLimiter(clock, { maxKeys: 100, address: 1_000_000 });
  for (let i = 0; i < 5; i++) fail(limiter, 'victim@example.com', '10.0.0.1');
  assert.equal(typeof fail(limiter, 'victim@example.com', '10.0.0.1'), 'number');
  for (let i = 0; i < 99; i++) fail(limiter, `other${i}@example.com`, '10.0.0.1');
  assert.equal(typeof fail(limiter, 'victim@example.com', '10.0.0.1'), 'number', 'still remembered at 100 keys');
  fail(limiter, 'one-more@example.com', '10.0.0.1');
  assert.equal(fail(limiter, 'victim@example.com', '10.0.0.1'), null, 'forgotten at 101');
  const long = `${'x'.repeat(60_000)}@example.com`;
  for (let i = 0; i < 5; i++) fail(limiter, long, '10.0.0.1');
  assert.equal(typeof fail(limiter, `${'x'.repeat(60_000)}@other.example`, '10.0.0.1'), 'number', 'keys are cut to the longest possible email');
});
