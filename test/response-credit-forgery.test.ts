// Red team: a response body sent past its credit. An isolate sends a streamed body's chunks only while the host's
// credit allows (a window of 1 MiB, renewed when the client has read what was sent), so a client that reads nothing
// pauses the stream. But application code shares its realm with the isolate's own code: replacing
// Array.prototype.push puts any message it likes into the batches the isolate posts, here `res-chunk` messages of
// 4 MB for its own streamed response, as fast as it can make them, to clients that never read. Each chunk leaves
// the isolate's memory as soon as it is posted, so no memory limit of the isolate or its sandbox sees them: the host
// held them all (two clients sent 400 MB each took ledge serve from 127 to 943 MB; enough clients end the platform for
// every account). Now the host holds at most RESPONSE_UNREAD_LIMIT_BYTES of a body beyond its largest chunk and cuts
// off a response that passes it, with a line for the operator; honest streams (small or large chunks, slow readers)
// are delivered whole. Both isolations, as a real ledge serve, account B answering throughout.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { request as httpRequest } from 'node:http';
import { tempDir } from './helpers.js';
import { A_HOST, B_HOST, neverRead, startTwoAccounts, visit } from './serve-process.js';

const A_APP = `
const push = Array.prototype.push;
const streaming = [];
let forged = null;
// Every batch the isolate posts passes through here: the ids of the forging responses are read off their heads, and
// forged chunks join the batch of the next log line.
Array.prototype.push = function (...items) {
  for (const m of items) if (m && typeof m === 'object' && m.t === 'head' && m.streaming === true && m.body && m.body.byteLength === 16) streaming[streaming.length] = m.id;
  if (forged && items.some((m) => m && m.t === 'log')) {
    const extra = forged;
    forged = null;
    const result = push.apply(this, items);
    push.apply(this, extra);
    return result;
  }
  return push.apply(this, items);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export default { async fetch(request, env, ctx) {
  const url = new URL(request.url);
  const q = url.searchParams;
  if (url.pathname === '/forge') {
    ctx.waitUntil((async () => {
      while (streaming.length === 0) await sleep(1);
      const id = streaming.shift();
      for (let i = 0; i < Number(q.get('mb')) / 4; i++) {
        forged = [{ t: 'res-chunk', id, chunk: new Uint8Array(4 << 20) }];
        console.log('forged ' + i);
        await sleep(25);
      }
    })());
    // A body that streams: one chunk now, the next never (the forged ones follow it).
    return new Response(new ReadableStream({ start(c) { c.enqueue(new Uint8Array(16)); } }));
  }
  if (url.pathname === '/honest') {
    const size = Number(q.get('chunk'));
    let left = Number(q.get('total'));
    return new Response(new ReadableStream({ pull(c) {
      if (left <= 0) return c.close();
      const n = Math.min(size, left);
      left -= n;
      c.enqueue(new Uint8Array(n).fill(7));
    } }));
  }
  return new Response('A ok');
} };`;
const B_APP = 'export default { fetch() { return new Response("B ok"); } };';

/** A GET read slowly (a pause after every `pauseEvery` bytes): resolves with the status and the bytes received, all 7s. */
function slowRead(appUrl: string, host: string, pathname: string, pauseEvery: number): Promise<{ status: number; bytes: number; allSevens: boolean }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${appUrl}${pathname}`, { headers: { host } }, (res) => {
      let bytes = 0;
      let sinceLastPause = 0;
      let allSevens = true;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        sinceLastPause += chunk.length;
        if (allSevens && chunk.some((b) => b !== 7)) allSevens = false;
        if (sinceLastPause >= pauseEvery) {
          sinceLastPause = 0;
          res.pause();
          setTimeout(() => res.resume(), 50);
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, allSevens }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const isolation of ['process', 'thread'] as const) {
  test(`forged response chunks past the credit are cut off at the host's bound, honest streams are whole (${isolation} isolation)`, { timeout: 180_000 }, async (t) => {
    const { serve, rssMb } = await startTwoAccounts(tempDir('ledge-credit-forgery-'), isolation === 'thread' ? ['--isolation', 'thread', '--trust-all-code'] : [], { a: A_APP, b: B_APP });
    t.after(() => { serve.child.kill('SIGKILL'); });

    // Honest streams first: 1 MiB chunks and 8 MiB chunks, 48 MB each, to clients that pause as they read.
    for (const chunk of [1 << 20, 8 << 20]) {
      const got = await slowRead(serve.app, A_HOST, `/honest?chunk=${chunk}&total=${48 << 20}`, 4 << 20);
      assert.deepEqual(got, { status: 200, bytes: 48 << 20, allSevens: true }, `an honest stream of ${chunk}-byte chunks is delivered whole`);
    }

    const before = rssMb();
    // Two clients that read nothing, each sent 400 MB of forged chunks (at about 160 MB/s each, which the sandbox
    // passes on as fast: faster, its own memory limit stops it first).
    const sockets = await Promise.all(Array.from({ length: 2 }, () => neverRead(serve.app, A_HOST, '/forge?mb=400')));
    let peak = before;
    for (let i = 0; i < 32; i++) {
      await sleep(250);
      peak = Math.max(peak, rssMb());
      if (i % 6 === 0) assert.deepEqual(await visit(serve.app, B_HOST), { status: 200, body: 'B ok' });
    }
    t.diagnostic(`RSS of ledge serve: ${before.toFixed(1)} MB before, at most ${peak.toFixed(1)} MB while 800 MB of forged chunks were sent to clients that read none`);
    assert.ok(peak - before < 200, `the host's RSS grew from ${before.toFixed(1)} MB to ${peak.toFixed(1)} MB`);
    // Each forged response ends contained: cut off at the host's bound; or (since an isolate holds what its own
    // connection has not taken yet) its isolate stopped by its memory limit first, which fails the body. Either way
    // the connection closes then, though the host's writer waits on a client that takes nothing (before, that case
    // waited for the 30 s write timeout: test/response-source-failure.test.ts). Each says so to the operator,
    // naming the request.
    const ENDINGS = [
      /the response body was cut off: the isolate sent \d+ MB its client has not read, past its stream credit \(16 MB beyond its largest chunk\)/,
      /GET \S+\/forge \(request [0-9a-f]+\): the response body failed after \d+ bytes \(the deployment exceeded its memory limit\)/,
    ];
    const contained = () => {
      const ended = new Set<string>();
      serve.output().split('\n').forEach((line, i) => {
        if (!ENDINGS.some((ending) => ending.test(line))) return;
        ended.add(/\(request ([0-9a-f]+)\)|request_id=([0-9a-f]+)/.exec(line)?.slice(1).find(Boolean) ?? `line ${i}`);
      });
      return ended.size;
    };
    for (let waited = 0; contained() < 2 && waited < 45_000; waited += 250) await sleep(250);
    const forgeLines = serve.output().split('\n').filter((line) => /forge|cut off|memory/.test(line)).slice(-10).join('\n');
    assert.equal(contained(), 2, `each forged response ends contained, with a line for the operator:\n${forgeLines}`);
    for (const socket of sockets) socket.destroy();
    assert.deepEqual(await visit(serve.app, A_HOST), { status: 200, body: 'A ok' }, 'A keeps answering');
    assert.deepEqual(await visit(serve.app, B_HOST), { status: 200, body: 'B ok' });
  });
}
