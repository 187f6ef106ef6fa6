// A rejection in work handed to ctx.waitUntil is reported for the deployment (logged, as the original logs an unhandled
// rejection in waitUntil), in every kind of event: a workflow's run() and its step callbacks (whose waitUntil once
// swallowed it), `waitUntil()` of ledge:workers inside a run, and a coordination object's event. The work itself runs
// on after the run's outcome. A run's ctx.exports is the deployment's `exports`, as every event's. Both isolations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, makeProject, startProject } from './helpers.js';

const APP = `import { DurableObject, WorkflowEntrypoint, waitUntil, exports } from 'cloudflare:workers';
export class Flow extends WorkflowEntrypoint {
  async run(event, step) {
    this.ctx.waitUntil(Promise.reject(new Error('run background failure')));
    waitUntil(Promise.reject(new RangeError('module waitUntil failure')));
    const n = await step.do('one', async () => {
      this.ctx.waitUntil(new Promise((r) => setTimeout(r, 50)).then(() => { throw new TypeError('step background failure'); }));
      return 1;
    });
    this.ctx.waitUntil(new Promise((r) => setTimeout(r, 50)).then(() => console.log('run background work done')));
    return { n, exports: this.ctx.exports === exports && Object.keys(exports).sort() };
  }
}
export class Box extends DurableObject {
  poke() {
    this.ctx.waitUntil(Promise.reject(new Error('object background failure')));
    return 'poked';
  }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/flow') return Response.json({ id: (await env.FLOW.create({ id: 'w1' })).id });
    if (url.pathname === '/status') return Response.json(await (await env.FLOW.get('w1')).status());
    return new Response(await env.BOX.getByName('b').poke());
  },
};`;

const CONFIG = {
  workflows: [{ binding: 'FLOW', name: 'flow', class_name: 'Flow' }],
  durable_objects: { bindings: [{ name: 'BOX', class_name: 'Box' }] },
  migrations: [{ tag: 'v1', new_sqlite_classes: ['Box'] }],
};

for (const isolation of ['thread', 'process'] as const) {
  test(`a rejection in ctx.waitUntil work of a workflow run, its steps and an object is logged (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const dir = makeProject({ 'src/index.js': APP }, { name: 'waiter', ...CONFIG });
    const server = await startProject(dir, { isolation });
    t.after(() => server.close());
    const get = async (path: string) => (await server.request(new Request(`http://app.test${path}`))).text();
    assert.equal(await get('/flow'), '{"id":"w1"}');
    await eventually(() => server.logText().includes('run background work done'), 15_000, 'the run\'s background work');
    // The run's ctx.exports is the deployment's loopback bindings, as every event's.
    assert.equal(await get('/status'), '{"status":"complete","output":{"n":1,"exports":["Box","default"]}}');
    await eventually(() => server.logText().includes('step background failure'), 15_000, 'the step\'s rejection');
    const log = server.logText();
    assert.match(log, /ctx\.waitUntil\(\) promise rejected: Error: run background failure/);
    assert.match(log, /ctx\.waitUntil\(\) promise rejected: RangeError: module waitUntil failure/);
    assert.match(log, /ctx\.waitUntil\(\) promise rejected: TypeError: step background failure/);
    assert.equal(await get('/box'), 'poked');
    await eventually(() => server.logText().includes('object background failure'), 15_000, 'the object\'s rejection');
    assert.match(server.logText(), /ctx\.waitUntil\(\) promise rejected: Error: object background failure/);
  });
}
