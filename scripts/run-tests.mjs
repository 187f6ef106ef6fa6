// Runs every test file with node's test runner: TypeScript through tsx, the examples as plain JavaScript.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// A test file that hangs (a process that never exits) fails after this long instead of holding the whole run
// (the limit applies to each file as a whole: the longest takes a few minutes).
const TEST_TIMEOUT_MS = 15 * 60_000;
const SKIP = new Set(['node_modules', 'dist', '.ledge', '.git', 'fixtures']);

function find(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) find(full, out);
    else if (/\.test\.(ts|js|mjs)$/.test(name)) out.push(path.relative(root, full));
  }
  return out;
}

const files = ['src', 'test', 'examples'].flatMap((dir) => find(path.join(root, dir))).sort();
const filter = process.argv.slice(2);
const selected = filter.length ? files.filter((f) => filter.some((p) => f.includes(p))) : files;
// With no file, node --test would look for tests itself and run every .mjs under test/ (the compatibility apps'
// build outputs and rebuild scripts among them).
if (selected.length === 0) {
  console.error(`no test file matches ${filter.map((p) => JSON.stringify(p)).join(', ')}`);
  process.exit(1);
}
// Most test files wait (servers starting, sandboxes, polling) rather than compute, so two run at once, each in
// its own process (node's default on 2 cores is one at a time); LEDGE_TEST_CONCURRENCY=1 runs them one by one.
// The files keep their order in the output.
const concurrency = Number(process.env.LEDGE_TEST_CONCURRENCY ?? 2);
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error(`LEDGE_TEST_CONCURRENCY must be a whole number of at least 1, got ${JSON.stringify(process.env.LEDGE_TEST_CONCURRENCY)}`);
  process.exit(1);
}
const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout'];
// LEDGE_TEST_TIMES=<file>: also write each file's test time there, slowest first (scripts/test-file-times.mjs).
if (process.env.LEDGE_TEST_TIMES) reporters.push(`--test-reporter=${path.join(root, 'scripts', 'test-file-times.mjs')}`, `--test-reporter-destination=${path.resolve(process.env.LEDGE_TEST_TIMES)}`);
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...reporters, `--test-concurrency=${concurrency}`, `--test-timeout=${TEST_TIMEOUT_MS}`, ...selected], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
