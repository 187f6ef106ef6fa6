// Red team: a workflow step that fails without end. `retries.limit` has no maximum and `delay` may be 0, and every
// attempt was kept with the error as the isolate sent it: a step throwing a 4 MB message wrote 2.3 GB of the
// platform's disk in about a minute from one instance (an account runs 100 at once), and the instance's describe
// answer held every attempt. Now an attempt's error is stored cut at 4096 characters (saying so) and a step keeps
// its last 100 attempts (its attempt count goes on); the platform and another account keep serving.
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { WORKFLOW_ATTEMPTS_KEPT } from '../src/storage/ports.js';
import { WORKFLOW_LIMITS } from '../src/bindings/workflows/limits.js';
import { interrupt } from './cli.js';
import { tempDir } from './helpers.js';
import { A_HOST, B_HOST, apiCall, startTwoAccounts, visit } from './serve-process.js';

const STORM = `
import { WorkflowEntrypoint } from 'cloudflare:workers';
export class Storm extends WorkflowEntrypoint {
  async run(event, step) {
    return await step.do('forever', { retries: { limit: 1000000000, delay: 0, backoff: 'constant' } }, async () => { throw new Error('m'.repeat(400000)); });
  }
}
export default { async fetch() { return new Response('A ok'); } };`;
const B_APP = 'export default { async fetch() { return new Response(\'B ok\'); } };';

/** Bytes of the files under `dir`. */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(full) : statSync(full).size;
  }
  return total;
}

interface Described { status: string; steps: { name: string; attempts?: { attempt: number; error?: { name: string; message: string } }[] }[] }

test('a step retrying without end keeps its last 100 attempts with their errors cut at 4096 characters; the platform and B keep serving', { timeout: 180_000 }, async (t) => {
  const state = tempDir('ledge-retry-storm-');
  const { serve } = await startTwoAccounts(state, [], { a: 'export default { async fetch() { return new Response(\'A ok\'); } };', b: B_APP });
  t.after(() => interrupt(serve));
  const token = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
  const a = (await serve.waitFor(/administrator account ([0-9a-f]{32})/))[1] as string;
  const deployed = await apiCall(serve.api, token, 'PUT', `/accounts/${a}/deployments/app`, {
    main_module: 'index.js', modules: [{ name: 'index.js', content_base64: Buffer.from(STORM).toString('base64') }],
    config: { compatibility_date: '2026-10-01', edge_dev: true, workflows: [{ binding: 'STORM', name: 'storm', class_name: 'Storm' }] },
  });
  assert.equal(deployed.status, 200, deployed.text);
  const instance = `/accounts/${a}/workflows/storm/instances/one`;
  assert.equal((await apiCall(serve.api, token, 'POST', `/accounts/${a}/workflows/storm/instances`, { instance_id: 'one' })).status, 201);

  // Well past the attempts kept: before, each of them stayed with its 400 000-character message (800 KB of UTF-16 in memory, 400 KB on disk, twice).
  const wanted = WORKFLOW_ATTEMPTS_KEPT + 50;
  let described: Described | undefined;
  let size = 0;
  for (const end = Date.now() + 150_000; (described?.steps[0]?.attempts?.at(-1)?.attempt ?? 0) < wanted;) {
    assert.ok(Date.now() < end, `attempt ${wanted} of the step within 150 s (at ${described?.steps[0]?.attempts?.at(-1)?.attempt ?? 0})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const res = await apiCall(serve.api, token, 'GET', instance);
    size = res.text.length;
    described = res.result as unknown as Described;
  }
  const attempts = described?.steps[0]?.attempts ?? [];
  assert.ok(attempts.length <= WORKFLOW_ATTEMPTS_KEPT, `${attempts.length} attempts kept`);
  const numbers = attempts.map((x) => x.attempt);
  assert.deepEqual(numbers, numbers.map((_, i) => (numbers[0] as number) + i), 'the latest attempts, in order');
  for (const { error } of attempts.filter((x) => x.error)) {
    assert.equal(error?.name, 'Error');
    assert.equal(error?.message, `${'m'.repeat(WORKFLOW_LIMITS.maxErrorMessageLength)}... (${400_000 - WORKFLOW_LIMITS.maxErrorMessageLength} more characters not kept)`);
  }
  assert.ok(size < 2_000_000, `the describe answer is ${size} characters`);
  // Before, 150 attempts kept 2 x 400 KB each: 120 MB. Now a few hundred KB of rows (and the WAL's pages).
  const used = bytesUnder(path.join(state, 'accounts', a));
  assert.ok(used < 60_000_000, `A's state takes ${used} bytes`);

  assert.deepEqual(await visit(serve.app, B_HOST), { status: 200, body: 'B ok' });
  assert.deepEqual(await visit(serve.app, A_HOST), { status: 200, body: 'A ok' });
  const ended = await apiCall(serve.api, token, 'PATCH', `${instance}/status`, { status: 'terminate' });
  assert.equal(ended.status, 200, ended.text);
});

const NAPS = `
import { WorkflowEntrypoint } from 'cloudflare:workers';
export class Naps extends WorkflowEntrypoint { async run(event, step) { for (;;) await step.sleep('nap', 0); } }
export default { async fetch() { return new Response('A ok'); } };`;

test('an instance sleeping without end stops at as many sleeps as its steps limit, with the error naming it; before, it recorded a thousand a second for ever', { timeout: 120_000 }, async (t) => {
  const state = tempDir('ledge-sleep-storm-');
  const { serve } = await startTwoAccounts(state, [], { a: 'export default { async fetch() { return new Response(\'A ok\'); } };', b: B_APP });
  t.after(() => interrupt(serve));
  const token = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
  const a = (await serve.waitFor(/administrator account ([0-9a-f]{32})/))[1] as string;
  const deployed = await apiCall(serve.api, token, 'PUT', `/accounts/${a}/deployments/app`, {
    main_module: 'index.js', modules: [{ name: 'index.js', content_base64: Buffer.from(NAPS).toString('base64') }],
    config: { compatibility_date: '2026-10-01', edge_dev: true, workflows: [{ binding: 'NAPS', name: 'naps', class_name: 'Naps' }] },
  });
  assert.equal(deployed.status, 200, deployed.text);
  const instance = `/accounts/${a}/workflows/naps/instances/one`;
  assert.equal((await apiCall(serve.api, token, 'POST', `/accounts/${a}/workflows/naps/instances`, { instance_id: 'one' })).status, 201);
  let described: (Described & { error?: { message: string } }) | undefined;
  for (const end = Date.now() + 100_000; described?.status !== 'errored';) {
    assert.ok(Date.now() < end, `the instance ended within 100 s (now ${described?.status}, ${described?.steps.length} steps)`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    described = (await apiCall(serve.api, token, 'GET', instance)).result as unknown as typeof described;
  }
  assert.equal(described?.steps.length, WORKFLOW_LIMITS.defaultSteps, 'the default steps limit of sleeps, then no more');
  assert.match(described?.error?.message ?? '', /^The limit of 1024 sleeps has been reached/);
  assert.deepEqual(await visit(serve.app, B_HOST), { status: 200, body: 'B ok' });
});
