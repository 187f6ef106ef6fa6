// Workflow operations (issue 16, item 5): `ledge workflows ...` against the local state of a running
// `ledge dev`, and the account API under `ledge serve` with the workflows:read|write permission groups.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { interrupt, runCli, startDev } from './cli.js';
import { makeProject } from './helpers.js';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';

const FLOW_CLASS = `
export class Flow extends WorkflowEntrypoint {
  async run(event, step) {
    const a = await step.do('first', { retries: { limit: 2, delay: 10 } }, async (ctx) => { if (ctx.attempt === 1) throw new Error('once'); return event.payload.n * 2; });
    const ev = await step.waitForEvent('approval', { type: 'approve' });
    return { a, by: ev.payload.by, cron: event.schedule?.cron ?? null };
  }
}
export default { async fetch() { return new Response('ok'); } };`;
const FLOW = `import { WorkflowEntrypoint } from 'cloudflare:workers';\n${FLOW_CLASS}`;
/** Uploaded modules are bundled already (ledge deploy bundles them): a plain class with run() stands for the entrypoint. */
const UPLOADED = `class WorkflowEntrypoint { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }\n${FLOW_CLASS}`;

async function cli(args: string[]): Promise<{ code: number | null; text: string }> {
  const proc = runCli(args);
  const code = await proc.exited;
  return { code, text: proc.output() };
}

test('ledge workflows against a running ledge dev: trigger, describe with attempts and the current wait, send-event, list, instances, pause and terminate', async (t) => {
  const dir = makeProject({ 'src/index.js': FLOW }, { workflows: [{ binding: 'FLOW', name: 'flow', class_name: 'Flow' }] });
  const dev = await startDev(dir);
  t.after(() => { dev.child.kill('SIGKILL'); });
  const trigger = await cli(['workflows', 'trigger', 'flow', '--params', '{"n":21}', '--id', 'one', '--dir', dir]);
  assert.equal(trigger.code, 0, trigger.text);
  assert.match(trigger.text, /started flow instance one/);
  let described: Record<string, unknown> = {};
  for (const end = Date.now() + 20_000; ;) {
    const d = await cli(['workflows', 'describe', 'flow', 'one', '--json', '--dir', dir]);
    assert.equal(d.code, 0, d.text);
    described = JSON.parse(d.text) as Record<string, unknown>;
    if ((described.waiting_for as unknown[]).some((w) => (w as { type: string }).type === 'event')) break;
    if (Date.now() > end) throw new Error(`never waited for its event: ${d.text}\n${dev.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(described.status, 'waiting');
  const steps = described.steps as { name: string; state: string; result_bytes: number; attempts?: { attempt: number; error?: { message: string } }[] }[];
  assert.equal(steps[0]?.name, 'first');
  assert.deepEqual(steps[0]?.attempts?.map((a) => [a.attempt, a.error?.message ?? null]), [[1, 'once'], [2, null]]);
  assert.ok((steps[0]?.result_bytes ?? 0) > 0, 'the result size is shown');
  const human = await cli(['workflows', 'describe', 'flow', 'one', '--dir', dir]);
  assert.match(human.text, /waiting: event "approval" for event type "approve" until /);
  assert.match(human.text, /first\s+do\s+done\s+2/);

  const sent = await cli(['workflows', 'send-event', 'flow', 'one', 'approve', '--payload', '{"by":"ann"}', '--dir', dir]);
  assert.equal(sent.code, 0, sent.text);
  for (const end = Date.now() + 20_000; ;) {
    const d = JSON.parse((await cli(['workflows', 'describe', 'flow', 'one', '--json', '--dir', dir])).text) as Record<string, unknown>;
    if (d.status === 'complete') {
      assert.deepEqual(d.output, { a: 42, by: 'ann', cron: null });
      break;
    }
    if (Date.now() > end) throw new Error(`did not complete: ${JSON.stringify(d)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await cli(['workflows', 'trigger', 'flow', '--id', 'two', '--params', '{"n":1}', '--dir', dir]);
  const paused = await cli(['workflows', 'pause', 'flow', 'two', '--dir', dir]);
  assert.equal(paused.code, 0, paused.text);
  const terminated = await cli(['workflows', 'terminate', 'flow', 'two', '--dir', dir]);
  assert.equal(terminated.code, 0, terminated.text);
  const again = await cli(['workflows', 'terminate', 'flow', 'two', '--dir', dir]);
  assert.equal(again.code, 1);
  assert.match(again.text, /Cannot terminate instance "two": it is already terminated/);
  const list = await cli(['workflows', 'list', '--json', '--dir', dir]);
  assert.deepEqual(JSON.parse(list.text), [{ name: 'flow', instances: { complete: 1, terminated: 1 } }]);
  const instances = await cli(['workflows', 'instances', 'flow', '--dir', dir]);
  assert.match(instances.text, /^ID\s+STATUS/);
  assert.match(instances.text, /two\s+terminated/);
  const missing = await cli(['workflows', 'describe', 'flow', 'nope', '--dir', dir]);
  assert.equal(missing.code, 1);
  assert.match(missing.text, /instance\.not_found/);
  const badJson = await cli(['workflows', 'trigger', 'flow', '--params', '{', '--dir', dir]);
  assert.equal(badJson.code, 2);
  assert.match(badJson.text, /--params: not valid JSON/);
  assert.equal(await interrupt(dev), 0);
});

async function makeToken(p: TestPlatform, policies: unknown[]): Promise<string> {
  const res = await p.call('POST', `/accounts/${p.accountId}/tokens`, { body: { name: 'wf', policies } });
  assert.equal(res.status, 201, res.text);
  return res.body.result.value as string;
}

// Process isolation too: a run's outcome crosses the sandbox's channel, which checks every message's shape.
for (const isolation of ['thread', 'process'] as const) test(`the account API of workflows (${isolation} isolation): instances, describe, status changes and events, with workflows:read|write per workflow`, async () => {
  const p = await startTestPlatform(undefined, undefined, { isolation });
  try {
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/shop`, { body: deployBody(UPLOADED, { workflows: [{ binding: 'FLOW', name: 'flow', class_name: 'Flow' }] }) });
    assert.equal(deployed.status, 200, deployed.text);
    const base = `/accounts/${p.accountId}/workflows/flow/instances`;
    const created = await p.call('POST', base, { body: { instance_id: 'api-1', params: { n: 5 } } });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body.result, { id: 'api-1', status: 'queued' });
    assert.equal((await p.call('POST', base, { body: { instance_id: 'api-1' } })).status, 409, 'an existing id is refused');
    assert.equal((await p.call('POST', base, { body: { instance_id: '-x' } })).status, 400);
    await p.hosting.tickWorkflows();
    // The first attempt failed: the retry is due 10 ms later on the platform's manual clock.
    p.clock.advance(1000);
    await p.hosting.tickWorkflows();
    const waiting = await p.call('GET', `${base}/api-1`);
    assert.equal(waiting.body.result.status, 'waiting', waiting.text + JSON.stringify(p.logs.slice(-10)));
    assert.equal(waiting.body.result.waiting_for[0].event_type, 'approve');
    assert.equal((await p.call('POST', `${base}/api-1/events/approve`, { body: { by: 'api' } })).status, 200);
    await p.hosting.tickWorkflows();
    const done = await p.call('GET', `${base}/api-1`);
    assert.equal(done.body.result.status, 'complete', done.text);
    assert.deepEqual(done.body.result.output, { a: 10, by: 'api', cron: null });
    assert.equal((await p.call('PATCH', `${base}/api-1/status`, { body: { status: 'terminate' } })).status, 409, 'a complete instance cannot be terminated');
    assert.equal((await p.call('GET', `${base}/missing`)).status, 404);
    const listed = await p.call('GET', `/accounts/${p.accountId}/workflows`);
    assert.deepEqual(listed.body.result, [{ name: 'flow', instances: { complete: 1 } }]);

    const key = (suffix = '') => `com.ledge.api.account.${p.accountId}${suffix}`;
    const reader = await makeToken(p, [{ permission_groups: ['workflows:read'], resources: { [key()]: '*' } }]);
    assert.equal((await p.call('GET', `${base}/api-1`, { token: reader })).status, 200);
    assert.equal((await p.call('POST', base, { token: reader, body: {} })).status, 403, 'read cannot start instances');
    assert.equal((await p.call('PATCH', `${base}/api-1/status`, { token: reader, body: { status: 'restart' } })).status, 403);
    const other = await makeToken(p, [{ permission_groups: ['workflows:write'], resources: { [key('.workflow.other')]: '*' } }]);
    assert.equal((await p.call('GET', `${base}/api-1`, { token: other })).status, 403, 'a token for another workflow sees nothing of this one');
    assert.deepEqual((await p.call('GET', `/accounts/${p.accountId}/workflows`, { token: other })).body.result, []);
    const restarted = await p.call('PATCH', `${base}/api-1/status`, { body: { status: 'restart' } });
    assert.deepEqual(restarted.body.result, { id: 'api-1', status: 'queued' });
  } finally {
    await p.close();
  }
});
