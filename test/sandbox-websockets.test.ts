// WebSockets under process isolation: the socket messages (ws-send, ws-close, ws-ack, ws-message...) cross
// the sandbox channel, checked by the host like every other isolate message (src/runtime/sandbox/channel.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import { tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';

const ECHO = `export default { fetch(request) {
  if (request.headers.get('upgrade') !== 'websocket') return new Response('plain');
  const [client, server] = Object.values(new WebSocketPair());
  server.accept();
  server.addEventListener('message', (e) => {
    if (e.data === 'bye') server.close(4100, 'bye from the sandbox');
    else server.send(typeof e.data === 'string' ? 'echo:' + e.data : e.data);
  });
  return new Response(null, { status: 101, webSocket: client });
} };`;

test('a deployment in its account\'s sandbox answers a WebSocket upgrade: text, binary and its own close code', async () => {
  const p = await startTestPlatform(tempDir('ledge-sandbox-ws-'), undefined, { isolation: 'process', spareSandbox: false });
  try {
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/chat`, { body: deployBody(ECHO, { edge_dev: true }) });
    assert.equal(deployed.status, 200, deployed.text);
    const ws = new WebSocket(`${p.appUrl.replace(/^http/, 'ws')}/socket`, { headers: { host: 'chat.admin.ledge.localhost' } });
    const messages: (string | Buffer)[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (data, isBinary) => { messages.push(isBinary ? data as Buffer : data.toString()); waiters.shift()?.(); });
    const next = async () => { if (!messages.length) await new Promise<void>((r) => waiters.push(r)); return messages.shift(); };
    const closed = new Promise<[number, string]>((r) => ws.once('close', (code, reason) => r([code, reason.toString()])));
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    ws.send('hi');
    assert.equal(await next(), 'echo:hi');
    ws.send(Buffer.from([9, 8, 7]));
    assert.deepEqual([...(await next() as Buffer)], [9, 8, 7]);
    // More than the receive window, so the isolate's acknowledgements (ws-ack) must cross the channel for it to go on.
    const big = 'x'.repeat(700 * 1024);
    for (let i = 0; i < 4; i++) ws.send(big);
    for (let i = 0; i < 4; i++) assert.equal((await next() as string).length, big.length + 5);
    ws.send('bye');
    assert.deepEqual(await closed, [4100, 'bye from the sandbox']);
  } finally {
    await p.close();
  }
});
