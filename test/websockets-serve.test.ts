// WebSockets through a real platform's application listener: a deployment's WebSocketPair on its custom,
// default and preview hostnames, behind the access gateway, and a local origin's WebSocket through a tunnel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { createLogger, createMemorySink } from '../src/platform/logger.js';
import { startConnector, type Connector } from '../src/entry/tunnel/connector.js';
import { loadIngress } from '../src/entry/tunnel/ingress.js';
import { eventually } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';

const ECHO = `export default { fetch(request) {
  if (request.headers.get('upgrade') !== 'websocket') return new Response('plain');
  const [client, server] = Object.values(new WebSocketPair());
  server.accept();
  server.addEventListener('message', (e) => {
    if (e.data === 'bye') server.close(4100, 'bye from the app');
    else server.send(typeof e.data === 'string' ? 'echo:' + e.data : e.data);
  });
  return new Response(null, { status: 101, webSocket: client });
} };`;

interface Client { ws: WebSocket; next(): Promise<string | Buffer>; closed: Promise<[number, string]> }

/** A WebSocket client to the platform's application listener, presenting `host`. */
function connect(appUrl: string, host: string, headers: Record<string, string> = {}, protocols?: string[]): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${appUrl.replace(/^http/, 'ws')}/socket`, protocols, { headers: { host, ...headers } });
    const queue: (string | Buffer)[] = [];
    const waiters: ((m: string | Buffer) => void)[] = [];
    const closed = new Promise<[number, string]>((r) => ws.once('close', (code, reason) => r([code, reason.toString()])));
    ws.on('message', (data, isBinary) => {
      const m = isBinary ? data as Buffer : data.toString();
      const w = waiters.shift();
      if (w) w(m); else queue.push(m);
    });
    ws.once('open', () => resolve({ ws, closed, next: () => new Promise((r) => { const m = queue.shift(); if (m !== undefined) r(m); else waiters.push(r); }) }));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`refused with ${res.statusCode}`), { status: res.statusCode })));
    ws.once('error', reject);
  });
}

test('ledge serve: a deployment\'s WebSocket on its custom, default and preview hostnames, and behind the access gateway', async () => {
  const p = await startTestPlatform();
  try {
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/chat`, { body: deployBody(ECHO, { edge_dev: true, preview_urls: true, routes: [{ pattern: 'chat.example.com', custom_domain: true }] }) });
    assert.equal(deployed.status, 200, deployed.text);
    const { default: defaultHost, preview, custom } = deployed.body.result.deployment.hostnames as { default: string; preview: string; custom: string[] };
    for (const host of [custom[0] as string, defaultHost, preview]) {
      const c = await connect(p.appUrl, host);
      c.ws.send('hi');
      assert.equal(await c.next(), 'echo:hi', host);
      c.ws.send(Buffer.from([9, 8, 7]));
      assert.deepEqual([...(await c.next() as Buffer)], [9, 8, 7], `${host}: binary`);
      c.ws.send('bye');
      assert.deepEqual(await c.closed, [4100, 'bye from the app'], `${host}: the application's close code`);
    }
    await assert.rejects(connect(p.appUrl, 'nobody.example.com'), (err: { status?: number }) => err.status === 404, 'an unknown hostname is the platform\'s 404, no upgrade');

    // Behind the gateway: no upgrade without credentials, an upgrade with a service token.
    const st = (await p.call('POST', `/accounts/${p.accountId}/access/service_tokens`, { body: { name: 'bot' } })).body.result as { id: string; client_id: string; client_secret: string };
    const app = await p.call('POST', `/accounts/${p.accountId}/access/apps`, { body: { name: 'Chat', domain: 'chat.example.com', policies: [{ name: 'bot', decision: 'service_auth', include: [{ service_token: { token_id: st.id } }] }] } });
    assert.equal(app.status, 201, app.text);
    await assert.rejects(connect(p.appUrl, 'chat.example.com'), (err: { status?: number }) => err.status === 401, 'the gateway refuses the upgrade without credentials');
    const guarded = await connect(p.appUrl, 'chat.example.com', { 'edge-access-client-id': st.client_id, 'edge-access-client-secret': st.client_secret });
    guarded.ws.send('through the gateway');
    assert.equal(await guarded.next(), 'echo:through the gateway');
    guarded.ws.close(1000);
    await guarded.closed;

    // A platform that stops closes the sockets it holds (node:http's close would otherwise wait for them).
    const lingering = await connect(p.appUrl, 'chat.example.com', { 'edge-access-client-id': st.client_id, 'edge-access-client-secret': st.client_secret });
    await p.close();
    assert.equal((await lingering.closed)[0], 1001, 'going away');
  } finally {
    await p.close().catch(() => undefined);
  }
});

test('ledge serve: a local origin\'s WebSocket through a tunnel, close codes both ways, and a refusal passed on', async () => {
  const p = await startTestPlatform();
  const closes: [number, string][] = [];
  const origin = createServer((_req, res) => { res.statusCode = 403; res.end('origin says no'); });
  const wss = new WebSocketServer({ noServer: true, handleProtocols: (offered) => (offered.has('chat.v2') ? 'chat.v2' : false) });
  origin.on('upgrade', (req, socket, head) => {
    if (req.url === '/refused') { socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 14\r\nconnection: close\r\n\r\norigin says no'); return; }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.send(`hello ${req.headers.host} ${ws.protocol}`);
      ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
      ws.on('close', (code, reason) => closes.push([code, reason.toString()]));
    });
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  let connector: Connector | undefined;
  try {
    const created = await p.call('POST', `/accounts/${p.accountId}/edge_tunnel`, { body: { name: 'office' } });
    const token = (await p.call('GET', `/accounts/${p.accountId}/edge_tunnel/${created.body.result.id}/token`)).body.result as string;
    assert.equal((await p.call('POST', `/accounts/${p.accountId}/domains`, { body: { hostname: 'ws.example.com', tunnel_id: created.body.result.id } })).status, 201);
    const ingress = loadIngress({ text: `ingress:\n  - hostname: ws.example.com\n    service: ${originUrl}\n  - service: http_status:404\n`, label: 'test' });
    connector = startConnector({ token, rules: ingress.rules, logger: createLogger(createMemorySink()), version: 'test' });
    await connector.registered;

    const c = await connect(p.appUrl, 'ws.example.com', {}, ['chat.v2']);
    assert.equal(c.ws.protocol, 'chat.v2', 'the origin\'s subprotocol reaches the client');
    assert.equal(await c.next(), 'hello ws.example.com chat.v2');
    c.ws.send('ping');
    assert.equal(await c.next(), 'ping');
    const big = Buffer.alloc(300_000, 7);
    c.ws.send(big);
    assert.deepEqual(await c.next(), big, 'a binary message larger than one relay chunk');
    c.ws.close(4200, 'client done');
    assert.deepEqual(await c.closed, [4200, 'client done'], 'the origin echoes the close');
    await eventually(() => closes.some(([code]) => code === 4200), 5000, 'the origin sees the client\'s close code');
    assert.deepEqual(closes.find(([code]) => code === 4200), [4200, 'client done']);

    // A client that drops its connection: the origin's socket closes too.
    const dropped = await connect(p.appUrl, 'ws.example.com');
    await dropped.next();
    const before = closes.length;
    dropped.ws.terminate();
    await eventually(() => closes.length > before, 5000, 'the origin sees the dropped client');

    const refused = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${p.appUrl.replace(/^http/, 'ws')}/refused`, { headers: { host: 'ws.example.com' } });
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => reject(new Error('the origin refused; the client must not be upgraded')));
    });
    assert.equal(refused, 403, 'the origin\'s refusal reaches the client');
  } finally {
    await connector?.stop();
    wss.close();
    origin.close();
    await p.close();
  }
});
