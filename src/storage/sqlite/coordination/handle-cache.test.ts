import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HandleCache } from './handle-cache.js';

/** A handle whose close takes `cost` ms of the sweep's clock (a WAL archived and synced). */
function handles(count: number, cost: number, elapsed: { ms: number }) {
  return Array.from({ length: count }, (_, i) => ({
    name: `object-${i}`,
    inTransaction: false,
    closed: false,
    close() { this.closed = true; elapsed.ms += cost; },
  }));
}

test('the idle sweep closes handles a budget at a time, and all of them over its steps; never one in use or in a transaction', () => {
  const clock = { at: 0, now() { return this.at; } };
  const elapsed = { ms: 0 };
  const cache = new HandleCache<ReturnType<typeof handles>[number]>({ clock, maxOpen: 1000, idleMs: 60_000 });
  const all = handles(100, 3, elapsed);
  for (const handle of all) cache.add(handle.name, handle);
  const [busy, fresh] = [all[10], all[20]];
  assert.ok(busy && fresh);
  busy.inTransaction = true;
  clock.at = 61_000;
  cache.get(fresh.name);
  const steps: number[] = [];
  for (;;) {
    const { closed, more, tookMs } = cache.closeIdleWithin(10, () => elapsed.ms);
    assert.equal(tookMs, closed * 3);
    steps.push(closed);
    if (!more) break;
    assert.ok(steps.length < 100, 'the sweep ends');
  }
  // 3 ms a close against 10 ms a step: four closes a step (the fourth starts at 9 ms), then the rest.
  assert.ok(steps.slice(0, -1).every((n) => n === 4), steps.join(' '));
  assert.equal(steps.reduce((a, b) => a + b, 0), 98);
  assert.equal(busy.closed, false);
  assert.equal(fresh.closed, false);
  assert.equal(cache.size, 2);
  // A close slower than the whole budget ends its step (here after the handle used at 61 s, idle by now, and one slow one).
  const slow = handles(3, 50, elapsed);
  for (const handle of slow) cache.add(handle.name, handle);
  clock.at = 200_000;
  assert.deepEqual(cache.closeIdleWithin(10, () => elapsed.ms), { closed: 2, more: true, tookMs: 53 });
  assert.deepEqual(cache.closeIdleWithin(10, () => elapsed.ms), { closed: 1, more: true, tookMs: 50 });
  busy.inTransaction = false;
  assert.equal(cache.closeIdle(), 2, 'closeIdle still closes every idle handle at once');
});

test('past the bound the least recently used handle is closed (by its last use, not its opening); a holder of it sees it closed', () => {
  const clock = { at: 0, now() { return this.at; } };
  const elapsed = { ms: 0 };
  const cache = new HandleCache<ReturnType<typeof handles>[number]>({ clock, maxOpen: 3, idleMs: 60_000 });
  const [a, b, c, d, e] = handles(5, 0, elapsed);
  assert.ok(a && b && c && d && e);
  const held = { a: cache.add(a.name, a), b: cache.add(b.name, b) };
  clock.at = 1;
  cache.add(c.name, c);
  clock.at = 2;
  assert.equal(cache.use(held.a), a, 'a used again through its held entry');
  clock.at = 3;
  cache.add(d.name, d);
  assert.deepEqual([a.closed, b.closed, c.closed], [false, true, false], 'b, used least recently, is closed; a is not');
  assert.equal(held.b.open, false);
  assert.equal(cache.get(b.name), undefined);
  c.inTransaction = true;
  clock.at = 4;
  cache.add(e.name, e);
  assert.deepEqual([a.closed, c.closed, d.closed], [true, false, false], 'a is next; c, in a transaction, never');
  assert.equal(cache.size, 3);
});
