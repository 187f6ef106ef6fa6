// The engine on a real store: a run that lost its instance (taken over after a restart, paused, terminated)
// commits nothing, whatever it does late (SPEC: Task state, rule 1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serialize } from 'node:v8';
import { createManualClock } from '../../platform/clock.js';
import { createLogger, createMemorySink } from '../../platform/logger.js';
import { openEmbeddedStorage } from '../../storage/embedded.js';
import type { WorkflowInstanceRow } from '../../storage/ports.js';
import { WorkflowEngine, type ClaimedRun } from './engine.js';

async function row(storage: ReturnType<typeof openEmbeddedStorage>, id: string): Promise<WorkflowInstanceRow> {
  const found = await storage.workflows.get('w', id);
  assert.ok(found, `instance ${id} exists`);
  return found;
}

async function claimed(claim: Promise<ClaimedRun | null>): Promise<ClaimedRun> {
  const run = await claim;
  assert.ok(run, 'claimed');
  return run;
}

function setup() {
  const clock = createManualClock();
  const storage = openEmbeddedStorage(mkdtempSync(path.join(tmpdir(), 'ledge-wf-engine-')), clock);
  return { clock, storage, engine: new WorkflowEngine(storage.workflows, clock, createLogger(createMemorySink())) };
}

test('a stalled run cannot commit over the run that took its instance over', async () => {
  const { storage, engine } = setup();
  try {
    await engine.create('w', [{ id: 'i', params: 1 }]);
    const stale = await engine.claim(await row(storage, 'i'), 10, 100, false);
    assert.ok(stale);
    assert.deepEqual(await engine.step('w', stale.runId, { type: 'do', key: '1:a', name: 'a' }), { kind: 'run', attempt: 1 });
    // A new process takes the instance over while the old run is still alive (stalled, not dead).
    const fresh = await engine.claim(await row(storage, 'i'), 10, 100, true);
    assert.ok(fresh && fresh.row.generation > stale.row.generation, 'the takeover issues a newer generation');
    assert.equal(await engine.attemptEnd('w', stale.runId, '1:a', 1, { value: serialize('stale') }), 'stop', 'the stale result is refused');
    assert.equal((await storage.workflows.step('w', 'i', '1:a'))?.state, 'running', 'nothing of it was stored');
    await engine.endRun(stale.runId, { outcome: 'complete', output: serialize('stale') });
    assert.equal((await storage.workflows.get('w', 'i'))?.status, 'running', 'nor its completion');
    assert.deepEqual(await engine.step('w', fresh.runId, { type: 'do', key: '1:a', name: 'a' }), { kind: 'run', attempt: 2 }, 'the cut-off attempt is retried as a new one');
    assert.equal(await engine.attemptEnd('w', fresh.runId, '1:a', 2, { value: serialize('fresh') }), 'ok');
    assert.deepEqual(await engine.step('w', fresh.runId, { type: 'do', key: '1:a', name: 'a' }), { kind: 'value', value: serialize('fresh') }, 'a stored step is never run again');
    const { attempts } = await storage.workflows.steps('w', 'i');
    assert.match(attempts[0]?.error?.message ?? '', /cut off/);
  } finally {
    storage.close();
  }
});

test('terminate and pause fence out the run in flight; a forged run id is told to stop', async () => {
  const { storage, engine } = setup();
  try {
    await engine.create('w', [{ id: 't', params: null }, { id: 'p', params: null }]);
    const t = await claimed(engine.claim(await row(storage, 't'), 10, 100, false));
    await engine.control('w', 't', 'terminate');
    assert.deepEqual(await engine.step('w', t.runId, { type: 'do', key: '1:a', name: 'a' }), { kind: 'stop' });
    const p = await claimed(engine.claim(await row(storage, 'p'), 10, 100, false));
    assert.deepEqual(await engine.step('w', p.runId, { type: 'do', key: '1:a', name: 'a' }), { kind: 'run', attempt: 1 });
    await engine.control('w', 'p', 'pause');
    assert.equal((await engine.status('w', 'p')).status, 'waitingForPause');
    assert.equal(await engine.attemptEnd('w', p.runId, '1:a', 1, { value: serialize(1) }), 'stop', 'the step is stored, then the run stops at the boundary');
    assert.equal((await storage.workflows.step('w', 'p', '1:a'))?.state, 'done');
    assert.equal((await engine.status('w', 'p')).status, 'paused');
    assert.deepEqual(await engine.step('w', 'w/p/1', { type: 'do', key: '1:a', name: 'a' }), { kind: 'stop' });
    assert.deepEqual(await engine.step('other', p.runId, { type: 'do', key: '1:a', name: 'a' }), { kind: 'stop' }, 'another workflow binding cannot drive this run');
  } finally {
    storage.close();
  }
});

// Red team: a run id was `<workflow>/<instance>/<generation>`, all of it known or guessable by a deployment that binds
// the workflow (the instance ids it created, a generation at about the claim's time in ms), and a run id is all a
// `step` or `attemptEnd` call quotes: such a deployment (script_name naming the workflow's own) could forge its
// messages and store a step's result for the run before the run's own attempt ended. Now a run id carries 128
// random bits only the run's isolate is told.
test('a run id cannot be guessed from the workflow, the instance and the generation', async () => {
  const { storage, engine } = setup();
  try {
    await engine.create('w', [{ id: 'g', params: null }]);
    const run = await claimed(engine.claim(await row(storage, 'g'), 10, 100, false));
    const generation = (await row(storage, 'g')).generation;
    assert.match(run.runId, /^w\/g\/\d+\/[0-9a-f]{32}$/);
    for (const guess of [`w/g/${generation}`, `w/g/${generation}/`, `w/g/${generation}/${'0'.repeat(32)}`]) {
      assert.deepEqual(await engine.step('w', guess, { type: 'do', key: '1:approve', name: 'approve' }), { kind: 'stop' }, guess);
      assert.equal(await engine.attemptEnd('w', guess, '1:approve', 1, { value: serialize('forged') }), 'stop', guess);
    }
    assert.equal((await storage.workflows.step('w', 'g', '1:approve')), null, 'nothing was stored for the forged step');
    assert.deepEqual(await engine.step('w', run.runId, { type: 'do', key: '1:approve', name: 'approve' }), { kind: 'run', attempt: 1 });
    assert.equal(await engine.attemptEnd('w', run.runId, '1:approve', 1, { value: serialize('real') }), 'ok');
    const other = await claimed((async () => { await engine.create('w', [{ id: 'h', params: null }]); return engine.claim(await row(storage, 'h'), 10, 100, false); })());
    assert.notEqual(other.runId.split('/')[3], run.runId.split('/')[3], 'each run has its own random part');
  } finally {
    storage.close();
  }
});
