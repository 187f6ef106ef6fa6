// Attack: workflow and queue payloads that are huge or deeply nested (red team), under both isolations. `create`
// params, a step's result, a `sendEvent` payload and a queue message of 100 000 levels or past their limits are
// refused with the error the application expects, the platform keeps serving, and a well-formed instance runs on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeProject, startProject, tempDir } from './helpers.js';

const APP = `
import { WorkflowEntrypoint } from 'cloudflare:workers';
const nested = (depth) => { let v = {}; for (let i = 0; i < depth; i++) v = { v }; return v; };
const attempt = async (fn) => { try { return { value: await fn() }; } catch (e) { return { error: e.name + ': ' + e.message }; } };
export class Flow extends WorkflowEntrypoint {
  async run(event, step) {
    if (event.payload.mode === 'deep-step') return await step.do('deep', { retries: { limit: 0, delay: 0 } }, async () => nested(100000));
    if (event.payload.mode === 'huge-step') return await step.do('huge', { retries: { limit: 0, delay: 0 } }, async () => 'z'.repeat(2 << 20));
    return await step.do('ok', async () => 'fine ' + event.payload.n);
  }
}
export default { async fetch(request, env) {
  const { pathname, searchParams } = new URL(request.url);
  if (pathname === '/status') return Response.json(await Promise.all(searchParams.getAll('id').map(async (id) => (await (await env.FLOW.get(id)).status()).status)));
  const out = {};
  out.deepParams = await attempt(() => env.FLOW.create({ params: nested(100000) }));
  out.hugeParams = await attempt(() => env.FLOW.create({ params: { blob: 'x'.repeat(2 << 20) } }));
  out.deepQueue = await attempt(() => env.Q.send(nested(100000)));
  out.hugeQueue = await attempt(() => env.Q.send('y'.repeat(200000)));
  const ok = await env.FLOW.create({ id: 'ok-' + pathname.slice(1), params: { n: 7 } });
  out.deepEvent = await attempt(async () => (await env.FLOW.create({ params: { n: 1 } })).sendEvent({ type: 'x', payload: nested(100000) }));
  out.deepStep = (await env.FLOW.create({ id: 'deep-' + pathname.slice(1), params: { mode: 'deep-step' } })).id;
  out.hugeStep = (await env.FLOW.create({ id: 'huge-' + pathname.slice(1), params: { mode: 'huge-step' } })).id;
  out.ok = ok.id;
  return Response.json(out);
} };`;

for (const isolation of ['thread', 'process'] as const) {
  test(`huge and deeply nested workflow and queue payloads are refused; the platform and other instances carry on (${isolation} isolation)`, { timeout: 180_000 }, async (t) => {
    const dir = makeProject({ 'src/index.js': APP }, { workflows: [{ binding: 'FLOW', name: 'flow', class_name: 'Flow' }], queues: { producers: [{ binding: 'Q', queue: 'jobs' }] } });
    const server = await startProject(dir, { stateDir: tempDir('ledge-payloads-'), isolation });
    t.after(() => server.close());
    const res = await server.request(new Request(`http://app.test/${isolation}`));
    const text = await res.text();
    assert.equal(res.status, 200, text);
    const out = JSON.parse(text) as Record<string, { error?: string } | string>;
    for (const what of ['deepParams', 'deepQueue', 'deepEvent']) assert.match((out[what] as { error?: string }).error ?? '', /RangeError|TypeError|could not be serialized|Maximum call stack/, `${what}: ${JSON.stringify(out[what])}`);
    for (const what of ['hugeParams', 'hugeQueue']) assert.match((out[what] as { error?: string }).error ?? '', /exceeds|too large|limit/i, `${what}: ${JSON.stringify(out[what])}`);
    // The runs go on: the good one completes, the two bad steps end as errors, not as a crash.
    const ids = [out.ok, out.deepStep, out.hugeStep] as string[];
    let states: string[] = [];
    for (const end = Date.now() + 60_000; Date.now() < end;) {
      await server.workflows.tick();
      states = await (await server.request(new Request(`http://app.test/status?${ids.map((id) => `id=${id}`).join('&')}`))).json() as string[];
      if (states.every((s) => s === 'complete' || s === 'errored')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.deepEqual(states, ['complete', 'errored', 'errored']);
    const again = await server.request(new Request(`http://app.test/${isolation}-again`));
    assert.equal(again.status, 200, 'the platform keeps serving');
  });
}
