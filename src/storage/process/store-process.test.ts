// The host's checks of what a store process sends: a child that garbles its stream, answers out of order, skips
// `ready` or crashes fails the calls it had with a clear error, never the host, and the next call starts another.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SYSTEM_CLOCK } from '../../platform/clock.js';
import { createLogger, createMemorySink } from '../../platform/logger.js';
import { tempDir } from '../../../test/helpers.js';
import { StoreProcess } from './store-process.js';

/** A child script that sends `ready` (unless told not to), then answers each call as `behaviour` says. */
function misbehavingChild(behaviour: string): string {
  const file = path.join(tempDir('ledge-store-child-'), 'child.mjs');
  writeFileSync(file, `import { serialize } from 'node:v8';
const frame = (m) => { const b = serialize(m); const h = Buffer.alloc(4); h.writeUInt32BE(b.length); return Buffer.concat([h, b]); };
const behaviour = ${JSON.stringify(behaviour)};
if (behaviour !== 'no-ready') process.stdout.write(frame({ ready: true }));
else process.stdout.write(frame({ id: 1, ok: true, value: 'early' }));
let calls = 0;
process.stdin.on('data', () => {
  calls++;
  if (behaviour === 'garbage') process.stdout.write(Buffer.from([0, 0, 0, 4, 0xde, 0xad, 0xbe, 0xef]));
  if (behaviour === 'wrong-id') process.stdout.write(frame({ id: 999, ok: true, value: 'not yours' }));
  if (behaviour === 'huge-length') process.stdout.write(Buffer.from([0xff, 0xff, 0xff, 0xff]));
  if (behaviour === 'crash') process.exit(3);
});
setInterval(() => {}, 1000);
`);
  return file;
}

for (const behaviour of ['garbage', 'wrong-id', 'huge-length', 'no-ready', 'crash']) {
  test(`a store process that answers with ${behaviour} fails its calls with a clear error, and is replaced`, { timeout: 60_000 }, async (t) => {
    const sink = createMemorySink();
    const store = new StoreProcess({
      kind: 'sql', dir: tempDir('ledge-store-'), clock: SYSTEM_CLOCK, timeLimitMs: 20_000, script: misbehavingChild(behaviour), logger: createLogger(sink),
      limitMessage: (s) => `past ${s} s`, stoppedMessage: 'stopped',
    });
    t.after(() => store.close());
    const failed = await store.call('query', []).then(() => assert.fail('a misbehaving child was believed'), (err: Error & { code?: string }) => err);
    assert.equal(failed.code, 'operation_failed');
    assert.match(failed.message, /^the sql store process of this account stopped before answering \(.+\): what this call wrote may not have been kept$/);
    const first = failed.message;
    assert.ok(sink.records.some((r) => r.level === 'warn' && /the sql store process of .* it (sent|ended)/.test(r.message)), 'the host logged why');
    // The next call goes to a new process (which misbehaves in the same way here): the host is still serving.
    const again = await store.call('query', []).catch((err: Error) => err);
    assert.equal((again as Error).message, first);
  });
}
