// A streaming response whose client goes away, or stops reading, must end the event behind it: the
// application's stream is cancelled, its credit window released and the event finished, whether or not the
// deployment asked for request.signal. Before, every abandoned stream held its buffers forever.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { eventually, makeProject, startProject } from './helpers.js';
import { startDev } from './cli.js';

/** Endless and quiet streams that log when they are cancelled; no enable_request_signal. */
const STREAMS_APP = `export default { fetch(request) {
  const path = new URL(request.url).pathname;
  if (path === '/endless') {
    const chunk = new Uint8Array(64 * 1024);
    return new Response(new ReadableStream({ pull(c) { c.enqueue(chunk.slice()); }, cancel() { console.log('cancelled /endless'); } }));
  }
  if (path === '/quiet') {
    // One chunk, then nothing: the platform waits for a chunk that never comes when the client leaves.
    return new Response(new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('first')); }, cancel() { console.log('cancelled /quiet'); } }));
  }
  return new Response('ok');
} };`;

/** Opens a stream on a raw connection; resolves with the socket once the first body bytes arrived. */
function openStream(port: number, path: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nhost: localhost\r\n\r\n`));
    socket.once('data', () => { socket.pause(); resolve(socket); });
    socket.once('error', reject);
  });
}

test('a client that disconnects ends the event behind its stream, without request.signal, even while the stream is quiet', async () => {
  const dev = await startProject(makeProject({ 'src/index.js': STREAMS_APP }));
  try {
    for (const path of ['/endless', '/quiet']) {
      const socket = await openStream(dev.port, path);
      socket.destroy();
      await eventually(() => dev.logText().includes(`cancelled ${path}`), 5000, `the application's ${path} stream to be cancelled`);
    }
    assert.equal((await dev.request(new Request('http://localhost/'))).status, 200, 'the deployment still serves');
  } finally {
    await dev.close();
  }
});

test('a client that stops reading is disconnected after the write timeout, and its stream is cancelled', async () => {
  const dev = await startProject(makeProject({ 'src/index.js': STREAMS_APP }), { writeTimeoutMs: 400 });
  try {
    // The socket reads the first bytes and then nothing: the kernel buffers fill and the platform waits.
    const socket = await openStream(dev.port, '/endless');
    await eventually(() => /took no data for 400 ms; the connection is closed/.test(dev.logText()), 20_000, 'the write timeout');
    await eventually(() => dev.logText().includes('cancelled /endless'), 5000, 'the stream to be cancelled');
    // Reading again drains what the kernel holds, then the connection is seen closed.
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.resume();
    await closed;
  } finally {
    await dev.close();
  }
});

test('500 abandoned streams leave the RSS of a real `ledge dev` where it started', async (t) => {
  const dev = await startDev(makeProject({ 'src/index.js': STREAMS_APP }));
  const pid = dev.child.pid as number;
  const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  const port = Number(new URL(dev.url).port);
  const abandon = async (path: string) => (await openStream(port, path)).destroy();
  // 25 clients at a time: each round's buffers are garbage once its clients leave, so the allocator's high
  // water mark (what RSS shows) is reached by a warm-up as large as the measured load (500 streams) and the
  // measured 500 must not add to it. Before the fix every abandoned stream kept its buffers: 500 of them
  // added about 650 MB.
  const round = () => Promise.all(Array.from({ length: 25 }, (_, i) => abandon(i % 5 === 0 ? '/quiet' : '/endless')));
  try {
    // Where it started: the highest RSS the warm-up reached, its garbage included (the collector runs at its
    // own times, so one sample may fall before or after it freed a round's buffers).
    let before = 0;
    for (let i = 0; i < 20; i++) {
      await round();
      before = Math.max(before, rssMb());
      await new Promise((r) => setTimeout(r, 250));
      before = Math.max(before, rssMb());
    }
    for (let i = 0; i < 20; i++) await round();
    const peak = rssMb();
    // "After they settle": the events end and the collector runs; allow it up to 20 s.
    let after = rssMb();
    for (let waited = 0; waited < 20_000 && after > before + 50; waited += 500) {
      await new Promise((r) => setTimeout(r, 500));
      after = rssMb();
    }
    t.diagnostic(`RSS of ledge dev: ${before.toFixed(1)} MB before 500 abandoned streams, ${peak.toFixed(1)} MB right after, ${after.toFixed(1)} MB settled`);
    assert.ok(after <= before + 50, `RSS grew from ${before.toFixed(1)} MB to ${after.toFixed(1)} MB`);
    await eventually(() => dev.output().split('cancelled /').length - 1 === 1000, 10_000, 'every stream to be cancelled');
  } finally {
    dev.child.kill('SIGKILL');
    await dev.exited;
  }
});
