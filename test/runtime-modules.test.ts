// Ledge's runtime modules (ledge:workers, ledge:sockets, ledge:workflows, ledge:email) and the original platform's
// specifiers as aliases, through the bundler and a real isolate; node: modules under nodejs_compat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, makeProject, startProject } from './helpers.js';

async function json(server: Awaited<ReturnType<typeof startProject>>, url = 'http://app.test/'): Promise<Record<string, unknown>> {
  const res = await server.request(new Request(url));
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(text) as Record<string, unknown>;
}

const PROBE = (from: { workers: string; sockets: string; workflows: string }) => `
import { WorkerEntrypoint, DurableObject, WorkflowEntrypoint, RpcTarget, env, waitUntil } from '${from.workers}';
import { connect } from '${from.sockets}';
import { NonRetryableError } from '${from.workflows}';

export class Counter extends DurableObject { count() { return 1; } }
export class Flow extends WorkflowEntrypoint { async run() {} }
class Thing extends RpcTarget { hello() { return 'hi'; } }
const atLoad = env.GREETING;

const attempt = (fn) => { try { fn(); return 'no error'; } catch (e) { return e.message; } };

export default class extends WorkerEntrypoint {
  async fetch(request) {
    waitUntil(new Promise((resolve) => setTimeout(() => { console.log('waitUntil work done for ' + new URL(request.url).pathname); resolve(); }, 50)));
    const err = new NonRetryableError('stop');
    return Response.json({
      fromThisEnv: this.env.GREETING,
      moduleEnv: env.GREETING,
      atLoad,
      sameEnv: env === this.env,
      ctx: typeof this.ctx.waitUntil,
      rpc: new Thing().hello(),
      durableObject: attempt(() => new Counter({}, env)),
      workflow: attempt(() => new Flow({}, env)),
      connect: attempt(() => connect('127.0.0.1:5432').close()),
      nonRetryable: { name: err.name, message: err.message, isError: err instanceof Error },
      named: new NonRetryableError('x', 'Custom').name,
    });
  }
}
`;

for (const [label, from] of [
  ['Ledge\'s own names', { workers: 'ledge:workers', sockets: 'ledge:sockets', workflows: 'ledge:workflows' }],
  ['the original platform\'s specifiers', { workers: 'cloudflare:workers', sockets: 'cloudflare:sockets', workflows: 'cloudflare:workflows' }],
] as const) {
  test(`the runtime module through ${label}: classes import and extend, env and waitUntil work, missing pieces say what is missing`, async (t) => {
    const dir = makeProject({ 'src/index.js': PROBE(from) }, { vars: { GREETING: 'hello' } });
    const server = await startProject(dir);
    t.after(() => server.close());
    const body = await json(server, 'http://app.test/probe');
    assert.deepEqual(body, {
      fromThisEnv: 'hello',
      moduleEnv: 'hello',
      atLoad: 'hello',
      sameEnv: true,
      ctx: 'function',
      rpc: 'hi',
      durableObject: 'no error',
      workflow: 'no error',
      connect: 'no error',
      nonRetryable: { name: 'NonRetryableError', message: 'stop', isError: true },
      named: 'Custom',
    });
    // waitUntil from the module extends the request's event: its work finishes after the response.
    await eventually(() => server.logText().includes('waitUntil work done for /probe'), 5000, 'the waitUntil work');
  });
}

test('waitUntil outside an event, and a specifier of the family Ledge does not provide, are clear errors', async (t) => {
  const outside = makeProject({
    'src/index.js': `import { waitUntil } from 'ledge:workers';
      let atLoad; try { waitUntil(Promise.resolve()); atLoad = 'no error'; } catch (e) { atLoad = e.message; }
      export default { fetch() { return Response.json({ atLoad }); } };`,
  });
  const server = await startProject(outside);
  t.after(() => server.close());
  assert.match(String((await json(server)).atLoad), /waitUntil\(\) was called outside of an event/);

  const unknown = makeProject({ 'src/index.js': 'import { Pipeline } from "cloudflare:pipelines"; export default { fetch() { return new Response(String(Pipeline)); } };' });
  await assert.rejects(startProject(unknown), (err: Error & { code?: string }) => {
    assert.equal(err.code, 'bundle_failed');
    assert.match(err.message, /"cloudflare:pipelines" is not a module Ledge provides \(available: ledge:workers, ledge:sockets, ledge:workflows, ledge:email, cloudflare:workers, cloudflare:sockets, cloudflare:workflows, cloudflare:email\)/);
    return true;
  });
});

// Libraries import EmailMessage at their top level for an email path the application may never take (the Agents
// SDK's replyToEmail); Ledge sends no email, but the class must be there for them to build.
test('EmailMessage from ledge:email and cloudflare:email holds its fields and names a wrong argument', async (t) => {
  const dir = makeProject({
    'src/index.js': `import { EmailMessage } from 'cloudflare:email';
      import { EmailMessage as Own } from 'ledge:email';
      const attempt = (fn) => { try { fn(); return 'no error'; } catch (e) { return e.name + ': ' + e.message; } };
      export default { fetch() {
        const m = new EmailMessage('a@example.com', 'b@example.com', 'Subject: hi\\r\\n\\r\\nhello');
        const streamed = new EmailMessage('a@example.com', 'b@example.com', new ReadableStream());
        return Response.json({
          same: EmailMessage === Own,
          fields: [m.from, m.to, m.raw],
          stream: streamed.raw instanceof ReadableStream,
          badFrom: attempt(() => new EmailMessage(1, 'b@example.com', 'x')),
          badRaw: attempt(() => new EmailMessage('a@example.com', 'b@example.com', { text: 'x' })),
        });
      } };`,
  });
  const server = await startProject(dir);
  t.after(() => server.close());
  assert.deepEqual(await json(server), {
    same: true,
    fields: ['a@example.com', 'b@example.com', 'Subject: hi\r\n\r\nhello'],
    stream: true,
    badFrom: 'TypeError: EmailMessage: "from" must be a string (an email address), got number',
    badRaw: 'TypeError: EmailMessage: "raw" must be a string or a ReadableStream of the MIME message, got Object',
  });
});

// `exports` (the original's loopback bindings): the deployment's own coordination classes by class name, the same
// namespace as the binding; a class of another deployment (script_name) is not this one's export. Its entrypoints
// (here the default export) are there too: test/runtime-loopback-exports.test.ts.
for (const isolation of ['thread', 'process'] as const) {
  test(`exports of cloudflare:workers lists the deployment's own bound classes (${isolation} isolation)`, async (t) => {
    const dir = makeProject({
      'src/index.js': `import { DurableObject, exports } from 'cloudflare:workers';
        export class Counter extends DurableObject { async add(n) { const v = ((await this.ctx.storage.get('v')) ?? 0) + n; await this.ctx.storage.put('v', v); return v; } }
        export default { async fetch(request, env) {
          let frozen; try { exports.Other = 1; frozen = 'no error'; } catch (e) { frozen = e.name; }
          return Response.json({
            keys: Object.keys(exports),
            same: exports.Counter === env.COUNTER,
            viaExports: await exports.Counter.getByName('a').add(2),
            viaEnv: await env.COUNTER.getByName('a').add(3),
            frozen,
          });
        } };`,
    }, {
      durable_objects: { bindings: [{ name: 'COUNTER', class_name: 'Counter' }, { name: 'ALSO', class_name: 'Counter' }, { name: 'ELSEWHERE', class_name: 'Room', script_name: 'other-app' }] },
      migrations: [{ tag: 'v1', new_sqlite_classes: ['Counter'] }],
    });
    const server = await startProject(dir, { isolation });
    t.after(() => server.close());
    assert.deepEqual(await json(server), { keys: ['Counter', 'default'], same: true, viaExports: 2, viaEnv: 5, frozen: 'TypeError' });
  });
}

test('a handler object default export still receives (request, env, ctx) next to the runtime module', async (t) => {
  const dir = makeProject({
    'src/index.js': `import { env as moduleEnv } from 'cloudflare:workers';
      export default { fetch(request, env, ctx) { return Response.json({ same: env === moduleEnv, ctx: typeof ctx.waitUntil }); } };`,
  });
  const server = await startProject(dir);
  t.after(() => server.close());
  assert.deepEqual(await json(server), { same: true, ctx: 'function' });
});

test('under nodejs_compat a dependency with a dead node:fs import builds and runs, calling it says what is not available; without the flag it is refused', async (t) => {
  const dir = makeProject({
    'src/index.js': `import { readConfig, version } from 'uses-fs';
      import legacy from 'uses-fs-cjs';
      import os from 'node:os';
      import { EventEmitter } from 'node:events';
      export default { fetch() {
        let called; try { readConfig(); called = 'no error'; } catch (e) { called = e.message; }
        return Response.json({ version, legacy: legacy.name, called, platform: typeof os.platform, emitter: typeof EventEmitter });
      } };`,
    // ESM and CommonJS dependencies that import node:fs at the top and only use it in a function never called here.
    'node_modules/uses-fs/package.json': '{"name":"uses-fs","version":"1.0.0","type":"module","exports":"./index.js"}',
    'node_modules/uses-fs/index.js': `import { readFileSync } from 'node:fs';
      import { join } from 'node:path';
      export const version = '1.0.0';
      export function readConfig() { return readFileSync(join('/', 'etc', 'app.json'), 'utf8'); }`,
    'node_modules/uses-fs-cjs/package.json': '{"name":"uses-fs-cjs","version":"1.0.0","main":"index.js"}',
    'node_modules/uses-fs-cjs/index.js': `const fs = require('fs');
      const net = require('node:net');
      module.exports = { name: 'legacy', load: () => fs.readFileSync('x'), connect: () => net.connect(1) };`,
  }, { compatibility_flags: ['nodejs_compat'] });
  const server = await startProject(dir);
  t.after(() => server.close());
  assert.deepEqual(await json(server), { version: '1.0.0', legacy: 'legacy', called: '[unenv] fs.readFileSync is not implemented yet!', platform: 'function', emitter: 'function' });

  // Without the flag the same import is still refused at build time, with the flag named.
  const plain = makeProject({ 'src/index.js': 'import { readFileSync } from "node:fs"; export default { fetch() { return new Response(typeof readFileSync); } };' });
  await assert.rejects(startProject(plain), (err: Error & { code?: string }) => {
    assert.equal(err.code, 'node_module_forbidden');
    assert.match(err.message, /"node:fs" cannot be imported: Node.js modules need "compatibility_flags": \["nodejs_compat"\] in ledge.jsonc/);
    return true;
  });
});
