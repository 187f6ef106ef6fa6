// SPEC, Limits: "Build service, Paid: ... 20 minutes per build". The project's own build (build.command, run
// by ledge dev and ledge deploy) is stopped with its child processes once it passes the limit, and fails
// with an error naming the limit. The limit is 20 minutes; the test runs the same code with a shorter one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_TIME_LIMIT_MS, runBuildCommand } from '../src/runtime/build-command.js';
import { alive, eventually, tempDir } from './helpers.js';

test('the build time limit is 20 minutes, as the reference states', () => {
  assert.equal(BUILD_TIME_LIMIT_MS, 20 * 60 * 1000);
});

test('a build past its time limit is stopped, with the processes it started, and fails naming the limit', async () => {
  const dir = tempDir('ledge-build-limit-');
  const lines: string[] = [];
  // The shell starts a child that would outlive it and keep the output pipe open.
  const build = runBuildCommand({ command: 'sleep 600 & echo $! > sleeper.pid; echo started; wait', cwd: dir, projectDir: dir, onLine: (line) => lines.push(line), timeLimitMs: 1500 });
  await assert.rejects(build, (err: Error & { code?: string }) => {
    assert.equal(err.code, 'build_command_failed');
    assert.match(err.message, /the build command "sleep 600 .*" was stopped after 1\.5 s \(in \.\): a build may run at most that long/);
    return true;
  });
  assert.deepEqual(lines, ['started']);
  const sleeper = Number(readFileSync(path.join(dir, 'sleeper.pid'), 'utf8'));
  assert.ok(sleeper > 0);
  await eventually(() => !alive(sleeper), 5000, 'the build\'s child process to be stopped');
});

test('a build that finishes within its limit is unaffected by it', async () => {
  const dir = tempDir('ledge-build-limit-');
  await runBuildCommand({ command: 'echo ok', cwd: dir, projectDir: dir, onLine: () => {}, timeLimitMs: 60_000 });
});
