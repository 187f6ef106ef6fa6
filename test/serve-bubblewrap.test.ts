// `ledge serve` checks for bubblewrap at start (issue 13, item 1): without it, process isolation cannot
// contain anything, so the platform refuses to start and says how to install it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from './cli.js';
import { tempDir } from './helpers.js';

test('ledge serve without bubblewrap on PATH stops at start and says how to install it; --isolation thread starts', async () => {
  const noBwrap = { PATH: tempDir('ledge-empty-path-') };
  const refused = runCli(['serve', '--state', tempDir('ledge-nobwrap-'), '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0'], { env: noBwrap });
  assert.notEqual(await refused.exited, 0);
  assert.match(refused.output(), /bubblewrap/);
  assert.match(refused.output(), /apt-get install bubblewrap/);
  assert.doesNotMatch(refused.output(), /bootstrap token/, 'nothing was started');

  const thread = runCli(['serve', '--state', tempDir('ledge-nobwrap-'), '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0', '--isolation', 'thread'], { env: noBwrap });
  try {
    await thread.waitFor(/API on http/);
    assert.match(thread.output(), /--isolation thread: application code runs in threads of the platform's own process/);
  } finally {
    thread.child.kill('SIGINT');
    await thread.exited;
  }
});
