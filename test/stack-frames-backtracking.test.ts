// Attack (red team): an application sets its error's stack (`err.stack = ...`) to a crafted 16 KiB line such as
// `at  (1:1: (1:1: ...` and throws, request after request. The platform reads every uncaught error's stack on its
// main thread to group issues; the regex it parsed frames with backtracked in time growing as the square of the
// line's length (300 ms per error), so a few requests a second from one account slowed every account. Frames are now
// parsed in one pass; ordinary stacks read as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createStackResolver } from '../src/observability/stack.js';

const STACK_MODULE = pathToFileURL(path.resolve(import.meta.dirname, '..', 'dist', 'observability', 'stack.js')).href;

test('ordinary frames read as before: named, anonymous, async, eval, constructors, and lines that are not frames', () => {
  const bundle = path.resolve('/srv/b/worker.js');
  const resolve = createStackResolver(bundle);
  const stack = [
    'TypeError: boom',
    `    at handle (${pathToFileURL(bundle).href}:12:5)`,
    `    at async Object.fetch (${bundle}:40:3)`,
    `    at ${bundle}:7:9`,
    '    at new Thing (/srv/lib/thing.js:3:4)',
    '    at eval (eval at <anonymous> (/srv/x.js:1:2), <anonymous>:1:1)',
    '    at async Promise.all (index 0)',
    '    at a:1:2:3',
  ].join('\n');
  const { frames, text } = resolve(stack);
  assert.deepEqual(frames.map((f) => [f.fn ?? null, f.file, f.line, f.column, f.inApp]), [
    ['handle', 'worker.js', 12, 5, true],
    ['Object.fetch', 'worker.js', 40, 3, true],
    [null, 'worker.js', 7, 9, true],
    ['new Thing', '/srv/lib/thing.js', 3, 4, false],
    ['eval', 'eval at <anonymous> (/srv/x.js:1:2), <anonymous>', 1, 1, false],
    [null, 'a:1', 2, 3, false],
  ]);
  assert.match(text, /^TypeError: boom\n {4}at handle \(worker\.js:12:5\)/);
});

test('crafted stack lines are read in time linear in their length (checked in a worker that must finish within 45 s)', { timeout: 90_000 }, async () => {
  // 1000 errors whose stacks are 16 KiB lines (the longest stack a record keeps) of the shapes that backtracked most.
  const source = `
    import { parentPort } from 'node:worker_threads';
    const { createStackResolver } = await import(${JSON.stringify(STACK_MODULE)});
    const resolve = createStackResolver('/srv/b/worker.js');
    const units = [' (1:1:', ' ('];
    let frames = 0;
    for (let i = 0; i < 1000; i++) {
      const unit = units[i % units.length];
      frames += resolve('Error: crafted\\n    at ' + unit.repeat(Math.floor(16380 / unit.length)) + 'x').frames.length;
    }
    parentPort.postMessage(frames);`;
  const worker = new Worker(source, { eval: true, type: 'module' } as ConstructorParameters<typeof Worker>[1]);
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    new Promise<number>((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); }),
    new Promise<'stuck'>((resolve) => { timer = setTimeout(() => resolve('stuck'), 45_000); }),
  ]).finally(() => { clearTimeout(timer); void worker.terminate(); });
  assert.notEqual(outcome, 'stuck', 'reading 1000 crafted stacks did not finish');
  assert.equal(typeof outcome, 'number');
});
