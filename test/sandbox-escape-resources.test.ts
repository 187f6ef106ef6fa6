// Escape suite, part 3: memory, CPU, bombs (issue 13, items 5 and 7). A's exhaustion attempts end in a 503 for
// A and a fresh isolate or sandbox; B keeps answering throughout.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deployBody } from './serve-helpers.js';
import { ATTACKER, startEscapeRig, type EscapeRig } from './sandbox-helpers.js';

let rig: EscapeRig;
before(async () => {
  rig = await startEscapeRig();
  // A second deployment of A with a generous isolate limit, so only the account's sandbox limit can stop it.
  const hog = await rig.p.call('PUT', `/accounts/${rig.a}/deployments/hog`, { body: deployBody(ATTACKER, { edge_dev: true, limits: { memory_mb: 4096, cpu_ms: 5000 } }) });
  assert.equal(hog.status, 200, hog.text);
});
after(async () => { await rig?.close(); });

const errorOf = async (res: Response) => ((await res.json()) as { error?: string }).error;
const waitFor = async (what: string, check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

test('ArrayBuffers past limits.memory_mb (heap plus external) get 503 exceeded_memory and a fresh isolate', async () => {
  const res = await rig.p.visit('evil.admin.ledge.localhost', '/buffers?mb=200');
  assert.equal(res.status, 503);
  assert.equal(await errorOf(res), 'exceeded_memory');
  await rig.bStillAnswers();
  assert.equal(await (await rig.p.visit('evil.admin.ledge.localhost', '/ping')).text(), 'A ok');
});

test('string exhaustion ends at the heap limit', async () => {
  const res = await rig.p.visit('evil.admin.ledge.localhost', '/strings');
  assert.equal(res.status, 503);
  await rig.bStillAnswers();
});

test('an account past its memory limit has its sandbox stopped and restarted; its events get 503; B is untouched', async () => {
  const set = await rig.p.call('PUT', `/accounts/${rig.a}/limits`, { body: { memory_mb: 256 } });
  assert.equal(set.status, 200, set.text);
  assert.deepEqual((await rig.p.call('GET', `/accounts/${rig.a}/limits`)).body.result, { memory_mb: 256, coordination_storage_mb: 1024 });
  const res = await rig.p.visit('hog.admin.ledge.localhost', '/buffers?mb=1500');
  assert.equal(res.status, 503);
  assert.equal(await errorOf(res), 'exceeded_memory');
  assert.ok(rig.p.logs.some((r) => /past the account's memory limit of 256 MB/.test(r.message)), 'the stop is logged');
  await rig.bStillAnswers();
  assert.equal(await (await rig.p.visit('hog.admin.ledge.localhost', '/ping')).text(), 'A ok', 'the sandbox starts again');
});

test('a worker bomb is refused (no node:worker_threads for application code) or stopped by the account limit', async () => {
  const res = await rig.p.visit('hog.admin.ledge.localhost', '/worker-bomb?n=64');
  const text = await res.clone().text();
  // Since the global scope holds no host objects (item 4), the import is refused before any worker starts.
  const refused = res.status === 200 && /"ok":false.*No such module \\"node:worker_threads\\"/.test(text);
  assert.ok(refused || res.status !== 200, text);
  await rig.bStillAnswers();
  assert.equal(await (await rig.p.visit('hog.admin.ledge.localhost', '/ping')).text(), 'A ok');
});

test('a 10-minute busy loop in a timer after the response is stopped; B answers meanwhile', async () => {
  const res = await rig.p.visit('evil.admin.ledge.localhost', '/busy-after');
  assert.equal(await res.text(), 'spinning');
  for (let i = 0; i < 3; i++) {
    const started = Date.now();
    await rig.bStillAnswers();
    assert.ok(Date.now() - started < 5_000, 'B waited behind A\'s loop');
  }
  await waitFor('the background stop', () => rig.p.logs.some((r) => r.source === 'evil' && r.fields?.reason === 'background'));
  await rig.bStillAnswers();
});

test('only the operator sets account limits', async () => {
  const created = await rig.p.call('POST', `/accounts/${rig.b}/tokens`, { body: { name: 'b admin', policies: [{ effect: 'allow', permission_groups: ['accounts:read', 'accounts:write'], resources: { [`com.ledge.api.account.${rig.b}`]: '*' } }] } });
  assert.equal(created.status, 201, created.text);
  const refused = await rig.p.call('PUT', `/accounts/${rig.b}/limits`, { token: created.body.result.value, body: { memory_mb: 100000 } });
  assert.equal(refused.status, 403, refused.text);
  const bad = await rig.p.call('PUT', `/accounts/${rig.b}/limits`, { body: { memory_mb: 1 } });
  assert.equal(bad.status, 400);
});
