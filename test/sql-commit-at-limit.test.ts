// Red team: a query at the time limit racing its own commit. The store process says `committed` once a call's
// writes are durable, and the host stops timing the call there. But when the platform's thread is busy, that word
// can wait in the pipe while the limit's timer fires first (timers run before I/O in each turn of the loop): the
// host killed the process and told the caller "nothing it did was kept" about writes that were kept, so an
// application retrying on that word wrote them twice. Likewise a process that died after `committed` (in the
// history's bookkeeping) said "what this call wrote may not have been kept". Now both say the writes were kept.
// The child here is a stand-in that commits and then never answers, so the race is exact, not left to timing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SYSTEM_CLOCK } from '../src/platform/clock.js';
import { StoreProcess } from '../src/storage/process/store-process.js';
import { tempDir } from './helpers.js';

/** A child that answers `ping`, and for `write` says `committed` and then hangs (`then: 'hang'`) or dies (`'die'`); it exits when its input ends. */
function committingChild(then: 'hang' | 'die'): string {
  const file = path.join(tempDir('ledge-commit-child-'), 'child.mjs');
  writeFileSync(file, `import { serialize, deserialize } from 'node:v8';
const frame = (m) => { const b = serialize(m); const h = Buffer.alloc(4); h.writeUInt32BE(b.length); return Buffer.concat([h, b]); };
process.stdout.write(frame({ ready: true }));
let buffered = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  buffered = Buffer.concat([buffered, chunk]);
  while (buffered.length >= 4 && buffered.length >= 4 + buffered.readUInt32BE(0)) {
    const length = buffered.readUInt32BE(0);
    const call = deserialize(buffered.subarray(4, 4 + length));
    buffered = buffered.subarray(4 + length);
    if (call.method === 'ping') process.stdout.write(frame({ id: call.id, ok: true, value: 'pong' }));
    if (call.method === 'write') {
      process.stdout.write(frame({ id: call.id, committed: true }));
      if (${JSON.stringify(then)} === 'die') process.stdout.write('', () => process.exit(9));
    }
  }
});
// The end of its input (the platform closing it, or gone) ends it, as it ends the real one: close() then does not
// wait out its kill timer.
process.stdin.on('end', () => process.exit(0));
setInterval(() => {}, 1000);
`);
  return file;
}

function store(then: 'hang' | 'die'): StoreProcess {
  return new StoreProcess({
    kind: 'sql', dir: tempDir('ledge-commit-store-'), clock: SYSTEM_CLOCK, timeLimitMs: 1000, script: committingChild(then),
    limitMessage: (s) => `the query ran longer than ${s} s; nothing it did was kept`, stoppedMessage: 'stopped; nothing it did was kept',
  });
}

const KEPT = /^the sql store process of this account ended after this call's writes were committed, before it answered \((.+)\): what it wrote was kept$/;

test('the limit firing while the word `committed` waits in the pipe: the call fails saying its writes were kept', { timeout: 60_000 }, async (t) => {
  const s = store('hang');
  t.after(() => s.close());
  assert.equal(await s.call('ping', []), 'pong');
  const write = s.call('write', []).then(() => assert.fail('a call that never answered succeeded'), (err: Error) => err);
  // The platform's thread is busy past the limit: the child's `committed` arrives meanwhile and waits to be read.
  const until = Date.now() + 1_600;
  while (Date.now() < until) { /* busy, as a loaded platform is */ }
  const failed = await write;
  assert.match(failed.message, KEPT);
  assert.doesNotMatch(failed.message, /not (been )?kept/);
  // The next call starts a fresh process.
  assert.equal(await s.call('ping', []), 'pong');
});

test('a store process that dies after `committed` (before it answers) fails the call saying its writes were kept', { timeout: 60_000 }, async (t) => {
  const s = store('die');
  t.after(() => s.close());
  const failed = await s.call('write', []).then(() => assert.fail('a call that never answered succeeded'), (err: Error) => err);
  assert.match(failed.message, KEPT);
  assert.match(failed.message, /exit code 9/);
  assert.equal(await s.call('ping', []), 'pong');
});

test('a call that commits in time is no longer timed: it waits past the limit for its answer rather than fail', { timeout: 60_000 }, async (t) => {
  const s = store('hang');
  t.after(() => s.close());
  let settled = false;
  void s.call('write', []).finally(() => { settled = true; }).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  assert.equal(settled, false, 'a committed call is not stopped by the SQL time limit');
});
