// A streamed response whose source fails while the HTTP writer waits on a client that reads nothing: the writer pulls
// no further than the client takes (backpressure), yet the isolate behind the body was stopped (here for memory), so
// the response can never complete. The connection closes as soon as the source fails, with a line for the operator
// naming the request and why; before, nothing noticed until the 30 s write timeout ("the client took no data").
// A real ledge dev on loopback, both isolations.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interrupt, startDev } from './cli.js';
import { makeProject } from './helpers.js';
import { neverRead } from './serve-process.js';

const APP = `const hoard = [];
let sent = 0;
export default { fetch(request) {
  const path = new URL(request.url).pathname;
  // An endless body of 1 MiB chunks: the isolate sends them only while the host's credit allows.
  if (path === '/stream') return new Response(new ReadableStream({ pull(c) { sent += 1 << 20; c.enqueue(new Uint8Array(1 << 20).fill(7)); } }));
  if (path === '/sent') return new Response(String(sent));
  if (path === '/grow') { for (;;) hoard.push(new Array(1e6).fill({ x: Math.random() })); }
  return new Response('ok');
} };
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const isolation of ['thread', 'process'] as const) {
  test(`a body whose isolate is stopped while the writer waits on a client that reads nothing closes its connection then (${isolation} isolation)`, { timeout: 90_000 }, async (t) => {
    const dir = makeProject({ 'src/index.js': APP }, { limits: { memory_mb: 64 } });
    const dev = await startDev(dir, ['--isolation', isolation]);
    t.after(() => interrupt(dev));
    const url = new URL(dev.url);
    const socket = await neverRead(dev.url, url.host, '/stream');
    t.after(() => { socket.destroy(); });
    socket.on('error', () => undefined);

    // The stream stalls once the client's buffers and the credit are full: the isolate's count stops growing.
    const sentSoFar = async () => Number(await (await fetch(`${dev.url}/sent`)).text());
    let last = -1;
    for (let still = 0; still < 3;) {
      await sleep(200);
      const now = await sentSoFar();
      still = now > 0 && now === last ? still + 1 : 0;
      last = now;
    }

    // The isolate is stopped for memory while the writer waits on the client.
    const grow = await fetch(`${dev.url}/grow`);
    assert.equal(grow.status, 503);
    assert.equal(((await grow.json()) as { error: string }).error, 'exceeded_memory');

    const ending = await dev.waitFor(/GET \S+\/stream \(request [0-9a-f]+\): (the response body failed after \d+ bytes \(the deployment exceeded its memory limit\)|the client took no data for \d+ ms)[^\n]*/, 60_000);
    assert.match(ending[0], /the response body failed after \d+ bytes \(the deployment exceeded its memory limit\); the connection is closed/, dev.output().slice(-2000));

    // The connection is closed: once the client reads, it gets what was buffered, then the end, never a whole body.
    const received = await new Promise<number>((resolve) => {
      let bytes = 0;
      socket.on('data', (chunk: Buffer) => { bytes += chunk.length; });
      socket.once('close', () => resolve(bytes));
      socket.resume();
    });
    assert.ok(received > 0 && received < last + 64 * 1024, `received ${received} bytes of the ${last} the isolate sent`);
    assert.equal(await (await fetch(dev.url)).text(), 'ok', 'a fresh isolate answers');
  });
}
