// Node modules that libraries written for Node import under nodejs_compat, as the original runtime provides them:
// node:stream/promises (pipeline, finished) and node:stream/consumers (text, json) are Node's own, where the
// polyfill layer's threw "[unenv] stream.promises.pipeline is not implemented yet!", and node:buffer has the
// names of Node's module beyond the classes (Blob, atob, constants, isUtf8, ...), where
// `import { Blob } from 'node:buffer'` stopped the module from loading. Both isolations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject } from './helpers.js';

const APP = `import { pipeline, finished } from 'node:stream/promises';
import { text, json, buffer as collect } from 'node:stream/consumers';
import { Readable, PassThrough, Transform } from 'node:stream';
import { Buffer, Blob as BufferBlob, File as BufferFile, atob as bufferAtob, btoa as bufferBtoa, constants, kMaxLength, isUtf8, isAscii } from 'node:buffer';
import bufferModule from 'buffer';

export default {
  async fetch() {
    const out = [];
    const upper = new Transform({ transform(chunk, _enc, done) { done(null, String(chunk).toUpperCase()); } });
    await pipeline(Readable.from(['a', 'b']), upper, async function* (source) { for await (const c of source) out.push(String(c)); });
    const pass = new PassThrough();
    pass.end('z');
    pass.resume();
    await finished(pass);
    let failed = 'no';
    await pipeline(Readable.from(['x']), new Transform({ transform(_c, _e, done) { done(new Error('bad chunk')); } }), new PassThrough()).catch((e) => { failed = e.message; });
    return Response.json({
      piped: out.join(''),
      finished: pass.readableEnded,
      failed,
      text: await text(Readable.from(['he', 'llo'])),
      json: await json(Readable.from(['{"a":', '[1]}'])),
      collected: (await collect(Readable.from([Buffer.from('ab'), Buffer.from('c')]))).toString('base64url'),
      blob: BufferBlob === Blob && BufferFile === File && bufferModule.Blob === Blob,
      atob: bufferAtob('aGk='),
      btoa: bufferBtoa('hi'),
      constants: constants.MAX_LENGTH === kMaxLength && kMaxLength > 0,
      utf8: [isUtf8(Buffer.from('é')), isUtf8(new Uint8Array([0xc3])), isUtf8(new Uint8Array([0x61]).buffer)],
      ascii: [isAscii(Buffer.from('abc')), isAscii(Buffer.from('é'))],
      sameBuffer: bufferModule.Buffer === Buffer && globalThis.Buffer === Buffer,
      base64url: Buffer.from('hi?>').toString('base64url'),
    });
  },
};`;

for (const isolation of ['thread', 'process'] as const) {
  test(`node:stream/promises, node:stream/consumers and node:buffer's other names work as in Node (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const server = await startProject(makeProject({ 'src/index.js': APP }, { compatibility_flags: ['nodejs_compat'] }), { isolation });
    t.after(() => server.close());
    const res = await server.request(new Request('http://app.test/'));
    assert.equal(res.status, 200, await res.clone().text());
    assert.deepEqual(await res.json(), {
      piped: 'AB', finished: true, failed: 'bad chunk', text: 'hello', json: { a: [1] }, collected: 'YWJj',
      blob: true, atob: 'hi', btoa: 'aGk=', constants: true, utf8: [true, false, true], ascii: [true, false], sameBuffer: true, base64url: 'aGk_Pg',
    });
  });
}

const ALS_APP = `import { AsyncLocalStorage } from 'node:async_hooks';
const requests = new AsyncLocalStorage();
export default {
  async fetch() {
    const seen = await requests.run('req-7', async () => { await new Promise((r) => setTimeout(r, 1)); return requests.getStore(); });
    let events = 'loaded';
    const name = ['node', 'events'].join(':');
    try { await import(name); } catch (e) { events = e.message; }
    return Response.json({ seen, outside: requests.getStore() ?? null, process: typeof process, buffer: typeof Buffer, events });
  },
};`;

for (const isolation of ['thread', 'process'] as const) {
  test(`nodejs_als alone gives node:async_hooks and nothing else of Node (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const server = await startProject(makeProject({ 'src/index.js': ALS_APP }, { compatibility_flags: ['nodejs_als'] }), { isolation });
    t.after(() => server.close());
    const res = await server.request(new Request('http://app.test/'));
    assert.equal(res.status, 200, await res.clone().text());
    const body = await res.json() as Record<string, unknown>;
    assert.match(String(body.events), /No such module "node:events"/);
    assert.deepEqual({ ...body, events: undefined }, { seen: 'req-7', outside: null, process: 'undefined', buffer: 'undefined', events: undefined });
    assert.doesNotMatch(server.logText(), /nodejs_als/, 'the flag is known: no warning');
    const other = makeProject({ 'src/index.js': 'import { Buffer } from "node:buffer"; export default { fetch() { return new Response(Buffer.from("x")); } };' }, { compatibility_flags: ['nodejs_als'] });
    await assert.rejects(startProject(other, { isolation }), /"node:buffer" cannot be imported: Node\.js modules need "compatibility_flags": \["nodejs_compat"\]/);
  });
}
