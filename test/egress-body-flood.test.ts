// Red team: outbound request bodies the host holds. An isolate's fetch() posts its request body to the host, which
// makes the request, and lets it go: the bytes leave the isolate's memory (and every limit on it) as soon as they are
// posted. Uploads to a server that accepts and never reads (anyone can run one) were all held by the host until
// their answers: forty 16 MiB uploads took the platform's process from 182 MB to 2.9 GB, and an isolate may have 50 in
// flight of up to 100 MiB each, over and over. Now the bodies of one isolate's fetches waiting for their answers'
// heads are bounded (BODIES_IN_FLIGHT_BYTES); a fetch past it fails at once with a TypeError naming the bound, and
// the bytes are counted again as answers arrive or requests fail. Both isolations, ledge serve in-process, loopback
// allowed for the test's servers only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { BODIES_IN_FLIGHT_BYTES } from '../src/runtime/egress/gateway.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { tempDir } from './helpers.js';

const BODY_MB = 16;
const SENT = 24;
const FITS = Math.floor(BODIES_IN_FLIGHT_BYTES / (BODY_MB << 20));

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

for (const isolation of ['process', 'thread'] as const) {
  test(`request bodies waiting on a server that never reads are bounded per isolate; the bound frees as requests end (${isolation} isolation)`, { timeout: 180_000 }, async () => {
    const stalled: Socket[] = [];
    const sink = createServer((socket) => { stalled.push(socket); socket.pause(); socket.on('error', () => undefined); });
    const reader = createHttpServer((req, res) => {
      let n = 0;
      req.on('data', (chunk: Buffer) => { n += chunk.length; });
      req.on('end', () => res.end(`got ${n}`));
    });
    const [sinkPort, readerPort] = [await listen(sink), await listen(reader as unknown as Server)];
    const APP = `
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export default { async fetch(request) {
  const url = new URL(request.url);
  if (url.pathname === '/flood') {
    const outcomes = [];
    for (let i = 0; i < ${SENT}; i++) {
      const outcome = { state: 'pending' };
      outcomes.push(outcome);
      fetch('http://127.0.0.1:${sinkPort}/upload', { method: 'POST', body: new Uint8Array(${BODY_MB} << 20) })
        .then(() => { outcome.state = 'answered'; }, (e) => { outcome.state = e.name + ': ' + e.message; });
      await sleep(30);
    }
    // The refusals come back at once; what is still pending after them waits on the server (up to 30 s on a loaded machine).
    for (let waited = 0; waited < 30000 && outcomes.filter((o) => o.state !== 'pending').length < ${SENT - FITS}; waited += 100) await sleep(100);
    await sleep(500);
    return Response.json(outcomes.map((o) => o.state));
  }
  const res = await fetch('http://127.0.0.1:${readerPort}/upload', { method: 'POST', body: new Uint8Array(${BODY_MB} << 20) });
  return new Response(await res.text());
} };`;
    const p = await startTestPlatform(tempDir('ledge-egress-bodies-'), undefined, { isolation, egressAllow: ['127.0.0.1'] });
    try {
      const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/app`, { body: deployBody(APP, { edge_dev: true, limits: { memory_mb: 512 } }) });
      assert.equal(deployed.status, 200, deployed.text);
      const flood = await p.visit('app.admin.ledge.localhost', '/flood');
      assert.equal(flood.status, 200);
      const states = await flood.json() as string[];
      const pending = states.filter((s) => s === 'pending').length;
      const refused = states.filter((s) => /^TypeError: Too many request bodies in flight: the outbound requests of an isolate waiting for their answers may carry at most 268435456 bytes of bodies together$/.test(s)).length;
      assert.equal(pending, FITS, `the bodies that fit the bound wait for the server: ${JSON.stringify(states)}`);
      assert.equal(refused, SENT - FITS, 'every fetch past the bound fails at once, naming it');
      // The stalled requests end (the server goes away): their bodies are let go and the next upload is made.
      for (const socket of stalled) socket.destroy();
      let answer = '';
      for (let i = 0; i < 50 && answer !== `got ${BODY_MB << 20}`; i++) {
        answer = await (await p.visit('app.admin.ledge.localhost', '/one')).text();
        if (answer !== `got ${BODY_MB << 20}`) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(answer, `got ${BODY_MB << 20}`, 'once the stalled requests failed, an upload is made again');
    } finally {
      await p.close();
      for (const socket of stalled) socket.destroy();
      sink.close();
      reader.close();
    }
  });
}
