// Escape suite, part 4: the global scope holds none of the host's objects (issue 13, item 4).
// DEPENDS ON ITEM 4 (the global-scope hardening, another branch): these fail on this branch alone, where code
// inside the sandbox still reaches the sandbox's own `process` (contained by the sandbox, parts 1-3), and pass
// once both are merged.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startEscapeRig, type EscapeRig } from './sandbox-helpers.js';

let rig: EscapeRig;
before(async () => { rig = await startEscapeRig(); });
after(async () => { await rig?.close(); });

test('item 4: process is unreachable by globalThis[...] and by the constructor chain', async () => {
  const { result } = await rig.attack('/pids');
  assert.equal(result?.ok, false, `the host's process object was reached: ${JSON.stringify(result)}`);
  await rig.bStillAnswers();
});

test('item 4: computed import("node:" + name) is refused for fs, child_process, worker_threads, net, vm, inspector', async () => {
  for (const name of ['fs', 'child_process', 'worker_threads', 'net', 'vm', 'inspector']) {
    const { result } = await rig.attack(`/import?name=${name}`);
    assert.equal(result?.ok, false, `node:${name} was imported`);
  }
  await rig.bStillAnswers();
});
