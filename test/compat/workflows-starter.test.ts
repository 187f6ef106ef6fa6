// Compatibility suite: the original platform's Workflows starter template (test/compat/workflows-starter,
// wrangler.jsonc): a WorkflowEntrypoint from cloudflare:workers whose steps are stored, a step retried with
// exponential back-off after thrown errors, a sleep, step.waitForEvent fed by instance.sendEvent (before and
// after the instance reaches it), a NonRetryableError from cloudflare:workflows, env.MY_WORKFLOW.create({ id,
// params }) and instance.status() polled to `complete` with run()'s output. Under ledge dev (both isolations)
// and ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;
interface Status { status: string; output?: unknown; error?: { name: string; message: string } }

const FILES = ['doc_7392_rev3.pdf', 'report_x29_final.pdf', 'memo_2024_05_12.pdf', 'file_089_update.pdf', 'proj_alpha_v2.pdf', 'data_analysis_q2.pdf', 'notes_meeting_52.pdf', 'summary_fy24_draft.pdf'];
const ENDED = new Set(['complete', 'errored', 'terminated']);

/** Polls an instance's status (what the template's `GET /?instanceId=` answers) until `done`, for at most 40 s. */
async function statusUntil(get: Fetch, id: string, done: (s: Status) => boolean): Promise<Status> {
  const read = async () => json<{ status: Status }>(await get(`/?instanceId=${id}`)).status;
  let status = await read();
  for (const end = Date.now() + 40_000; !done(status) && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    status = await read();
  }
  assert.ok(done(status), `instance ${id}: ${JSON.stringify(status)}`);
  return status;
}

async function exercise(get: Fetch): Promise<void> {
  const post = (pathname: string, body: unknown) => get(pathname, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  const missing = await get('/?instanceId=nobody');
  assert.equal(missing.status, 404);
  assert.match(json<{ error: string }>(missing).error, /instance\.not_found/);

  // An instance whose flaky step fails twice: the template's retry config runs it a third time.
  const created = json<{ id: string; details: Status }>(await post('/?id=order-1', { email: 'ana@example.com', metadata: { plan: 'pro' }, failures: 2 }));
  assert.equal(created.id, 'order-1');
  assert.ok(['queued', 'running', 'waiting'].includes(created.details.status), JSON.stringify(created.details));
  const again = await post('/?id=order-1', { email: 'x@example.com', metadata: {} });
  assert.equal(again.status, 409);
  assert.match(json<{ error: string }>(again).error, /already_exists/);

  // A second one gets its refusal before it reaches waitForEvent: the event waits for the step.
  json(await post('/?id=order-2', { email: 'bo@example.com', metadata: {} }));
  assert.deepEqual(json(await post('/approve?instanceId=order-2', { approved: false, by: 'bo' })), { sent: true });

  // order-1 sleeps, backs off, then waits for its approval holding no isolate: `waiting` each time.
  await statusUntil(get, 'order-1', (s) => s.status === 'waiting');
  const refused = await statusUntil(get, 'order-2', (s) => ENDED.has(s.status));
  assert.equal(refused.status, 'errored', JSON.stringify(refused));
  assert.deepEqual(refused.error, { name: 'NonRetryableError', message: 'rejected by bo' });
  assert.equal(refused.output, undefined);

  assert.deepEqual(json(await post('/approve?instanceId=order-1', { approved: true, by: 'ana' })), { sent: true });
  const done = await statusUntil(get, 'order-1', (s) => ENDED.has(s.status));
  assert.equal(done.status, 'complete', JSON.stringify(done));
  assert.deepEqual(done.output, {
    email: 'ana@example.com', files: FILES.length, digest: createHash('sha256').update(FILES.join('\n')).digest('hex'),
    attempts: 3, approvedBy: 'ana',
  });
  assert.equal(done.error, undefined);

  // An ended instance takes no more events; an unknown one is not found.
  const late = await post('/approve?instanceId=order-1', { approved: false, by: 'eve' });
  assert.equal(late.status, 404);
  assert.ok(json<{ error: string }>(late).error.length > 0);
  assert.equal((await post('/approve?instanceId=nobody', { approved: true, by: 'eve' })).status, 404);
  assert.deepEqual((await statusUntil(get, 'order-1', () => true)).output, done.output, 'the output is stored');

  // The template's own request: GET / creates an instance with a generated id.
  const plain = json<{ id: string; details: Status }>(await get('/'));
  assert.match(plain.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  await statusUntil(get, plain.id, (s) => s.status === 'running' || s.status === 'waiting');
  assert.deepEqual(json(await get('/favicon.ico')), {});
}

// The three runs go at once, each on its own copy of the app: most of each run is the template's sleep and
// retry back-off, which overlap instead of adding up.
test('the Workflows starter template runs unchanged under ledge dev and ledge serve', { timeout: 240_000, concurrency: true }, async (t) => {
  const runs = (['thread', 'process'] as const).map((isolation) =>
    t.test(`ledge dev (${isolation})`, async () => {
      const dir = copyApp('workflows-starter');
      await withDev(dir, (url) => exercise((p, init) => call(`${url}${p}`, init)), { args: ['--isolation', isolation, '--state', path.join(dir, `.ledge-${isolation}`)] });
    }));

  runs.push(t.test('ledge serve, after ledge deploy', async () => {
    const dir = copyApp('workflows-starter');
    const platform = await startPlatform();
    try {
      const kv = await platform.create('kv', 'ATTEMPTS');
      editConfig(dir, 'wrangler.jsonc', '3a6b9c2d5e8f4a1b7c0d3e6f9a2b5c8d', kv);
      assert.match((await platform.ledge(['deploy'], { cwd: dir })).out, /deployed workflows-starter: version/);
      await exercise((p, init) => platform.visit(hostOf('workflows-starter'), p, init));
    } finally {
      await platform.stop();
    }
  }));
  await Promise.all(runs);
});
