// scripts/run-tests.mjs, which `npm test` runs: its options are checked before anything runs, and
// LEDGE_TEST_TIMES writes each selected file's test time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './helpers.js';

const ROOT = path.resolve(import.meta.dirname, '..');

function runTests(args: string[], env: Record<string, string>): { status: number | null; out: string } {
  // Without NODE_TEST_CONTEXT: with it (this file runs under node's test runner), the inner runner would report to
  // this one instead of through its own reporters.
  const outer = { ...process.env };
  delete outer.NODE_TEST_CONTEXT;
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'run-tests.mjs'), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...outer, ...env } });
  return { status: result.status, out: result.stdout + result.stderr };
}

test('a concurrency that is not a whole number of at least 1 is refused, naming the variable and the value', () => {
  for (const value of ['0', 'two', '1.5', '-1']) {
    const { status, out } = runTests(['src/config/original/redirect'], { LEDGE_TEST_CONCURRENCY: value });
    assert.equal(status, 1, out);
    assert.match(out, new RegExp(`LEDGE_TEST_CONCURRENCY must be a whole number of at least 1, got "${value.replace('.', '\\.')}"`));
    assert.doesNotMatch(out, /ℹ tests/, 'no test ran');
  }
});

test('LEDGE_TEST_TIMES writes each selected file with its test time and failures, one at a time or two at once', () => {
  for (const concurrency of ['1', '2']) {
    const times = path.join(tempDir('ledge-test-times-'), 'times.txt');
    const { status, out } = runTests(['src/config/original/redirect', 'src/config/original/translate'], { LEDGE_TEST_CONCURRENCY: concurrency, LEDGE_TEST_TIMES: times });
    assert.equal(status, 0, out);
    const rows = readFileSync(times, 'utf8').trim().split('\n').map((line) => line.split('\t'));
    assert.deepEqual(rows.map((row) => path.relative(ROOT, row[2] ?? '')).sort(), ['src/config/original/redirect.test.ts', 'src/config/original/translate.test.ts']);
    for (const [seconds, failed] of rows) {
      assert.match(seconds ?? '', /^\d+\.\d$/);
      assert.equal(failed, '0');
    }
  }
});
