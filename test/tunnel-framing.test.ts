// A tunnel connector is not trusted with the client's connection either: a hostile connector (a raw
// WebSocket speaking the protocol, as an attacker would) cannot split responses, smuggle hop-by-hop headers
// in odd case, send interim statuses or break a WebSocket handshake; a hostile origin behind the real connector cannot either.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { createLogger, createMemorySink } from '../src/platform/logger.js';
import { startConnector } from '../src/entry/tunnel/connector.js';
import { loadIngress } from '../src/entry/tunnel/ingress.js';
import { decodeTunnelToken, type ConnectorMessage, type PlatformMessage } from '../src/entry/tunnel/protocol.js';
import { startTestPlatform, type TestPlatform } from './serve-helpers.js';
import { get, rawExchange, statusLines } from './raw-http.js';

const SMUGGLED = 'HTTP/1.1 200 OK\r\nx-smuggled: yes\r\ncontent-length: 5\r\n\r\nowned';

type Answer = { status: number; headers: [string, string][]; body?: string };

/** What the hostile connector answers, by request path. */
const ANSWERS: Record<string, Answer> = {
  '/cl0': { status: 200, headers: [['Content-Length', '0']], body: SMUGGLED },
  '/short': { status: 200, headers: [['CONTENT-LENGTH', '100']], body: 'abcdefghij' },
  '/te-cl': { status: 200, headers: [['Transfer-Encoding', 'chunked'], ['Content-Length', '5']], body: 'hello' },
  '/hop': {
    status: 200,
    headers: [['Connection', 'X-Internal'], ['X-Internal', 'secret'], ['KEEP-ALIVE', 'timeout=99'], ['Proxy-Authenticate', 'Basic'], ['TE', 'trailers'], ['Trailer', 'x-t'], ['Upgrade', 'h2c'], ['Proxy-Connection', 'keep-alive'], ['X-Kept', 'yes']],
    body: 'hop',
  },
  '/continue': { status: 100, headers: [] },
  '/hints': { status: 103, headers: [['Link', '</a.css>; rel=preload']] },
  '/switch': { status: 101, headers: [['Upgrade', 'websocket'], ['Connection', 'Upgrade']] },
  '/injected': { status: 200, headers: [['X-Bad', 'a\r\nx-injected: 1']], body: 'x' },
};

async function makeTunnel(p: TestPlatform, hostname: string): Promise<string> {
  const created = await p.call('POST', `/accounts/${p.accountId}/edge_tunnel`, { body: { name: hostname.split('.')[0] } });
  assert.equal(created.status, 201, created.text);
  assert.equal((await p.call('POST', `/accounts/${p.accountId}/domains`, { body: { hostname, tunnel_id: created.body.result.id } })).status, 201);
  return (await p.call('GET', `/accounts/${p.accountId}/edge_tunnel/${created.body.result.id}/token`)).body.result as string;
}

/** A connector that answers from ANSWERS: status, headers exactly as given (any case), body in one chunk. */
async function hostileConnector(token: string): Promise<WebSocket> {
  const ws = new WebSocket((decodeTunnelToken(token) as { e: string }).e, { headers: { 'edge-tunnel-token': token } });
  await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  const send = (m: ConnectorMessage) => ws.send(JSON.stringify(m));
  const registered = new Promise<void>((resolve) => {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as PlatformMessage;
      if (m.type === 'registered') resolve();
      if (m.type === 'ws-open') return void answerUpgrade(m);
      if (m.type !== 'request') return;
      // A socket acceptance for a request that never asked to upgrade: the platform must ignore it.
      if (new URL(m.url).pathname === '/accepted-plain') send({ type: 'ws-accepted', id: m.id, headers: [] });
      const answer = ANSWERS[new URL(m.url).pathname] ?? { status: 200, headers: [['content-type', 'text/plain']], body: 'tunnel' };
      send({ type: 'response-start', id: m.id, status: answer.status, headers: answer.headers });
      if (answer.body) send({ type: 'response-chunk', id: m.id, data: Buffer.from(answer.body).toString('base64') });
      send({ type: 'response-end', id: m.id });
    });
  });
  /** Upgrades arrive as `ws-open`: `/switch` is refused with a 101 head (an interim status), `/accept` accepted with hostile headers. */
  function answerUpgrade(m: Extract<PlatformMessage, { type: 'ws-open' }>): void {
    const path = new URL(m.url).pathname;
    if (path === '/accept') {
      send({ type: 'ws-accepted', id: m.id, headers: [['X-Bad', 'a\r\nx-injected: 1'], ['Content-Length', '5'], ['Connection', 'close'], ['X-Kept', 'yes']] });
      return;
    }
    const answer = ANSWERS[path] ?? { status: 403, headers: [], body: 'no' };
    send({ type: 'response-start', id: m.id, status: answer.status, headers: answer.headers });
    send({ type: 'response-end', id: m.id });
  }
  send({ type: 'register', client_id: 'hostile', version: 'x', arch: 'x', local_config: true });
  await registered;
  return ws;
}

test('a hostile connector cannot split responses, send both framings, smuggle hop-by-hop headers or interim statuses', async () => {
  const p = await startTestPlatform();
  let ws: WebSocket | undefined;
  try {
    const token = await makeTunnel(p, 't.example.com');
    ws = await hostileConnector(token);
    const H = 't.example.com';

    const split = await rawExchange(p.appUrl, get('/cl0', H) + get('/next', H));
    assert.doesNotMatch(split.text, /x-smuggled|owned/, 'the hidden response never reaches the connection');
    assert.deepEqual(statusLines(split.text), ['HTTP/1.1 200 OK']);
    assert.equal(split.closed, true, 'the connection is closed after the cut');

    const short = await rawExchange(p.appUrl, get('/short', H) + get('/next', H));
    assert.deepEqual(statusLines(short.text), ['HTTP/1.1 200 OK'], 'the next response never becomes part of the short body');
    assert.equal(short.closed, true);

    const both = await rawExchange(p.appUrl, get('/te-cl', H) + get('/next', H));
    const head = both.text.split('\r\n\r\n')[0] ?? '';
    assert.equal(/^transfer-encoding:/im.test(head) && /^content-length:/im.test(head), false, head);
    assert.deepEqual(statusLines(both.text), ['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    assert.match(both.text, /\r\n\r\nhelloHTTP\/1\.1 200 OK[\s\S]*tunnel/, 'exactly the 5 bytes, then the next response');

    const hop = await rawExchange(p.appUrl, get('/hop', H) + get('/next', H));
    const hopHead = hop.text.split('\r\n\r\n')[0] ?? '';
    for (const line of [/^x-internal:/im, /^keep-alive: timeout=99/im, /^proxy-/im, /^te:/im, /^trailer:/im, /^upgrade:/im]) assert.doesNotMatch(hopHead, line);
    assert.match(hopHead, /^x-kept: yes/im);
    assert.deepEqual(statusLines(hop.text), ['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);

    for (const path of ['/continue', '/hints', '/switch', '/injected']) {
      const answer = await rawExchange(p.appUrl, get(path, H) + get('/next', H));
      assert.deepEqual(statusLines(answer.text), ['HTTP/1.1 502 Bad Gateway', 'HTTP/1.1 200 OK'], `${path}: 502, and the connection goes on framed`);
      assert.doesNotMatch(answer.text, /x-injected/);
    }
    assert.ok(p.logs.some((r) => /interim status 100/.test(r.message)), 'the refusal is logged');

    // Upgrades travel as ws-open and a 101 only as ws-accepted (docs/tunnels.md): a 101 head on the refusal path is an
    // interim status (502, connection closed), and an acceptance for a plain request is ignored.
    const upgradeHeaders = ['connection: Upgrade', 'upgrade: websocket', 'sec-websocket-version: 13', 'sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ=='];
    const upgrade = await rawExchange(p.appUrl, get('/switch', H, ...upgradeHeaders) + get('/next', H));
    assert.deepEqual(statusLines(upgrade.text), ['HTTP/1.1 502 Bad Gateway']);
    assert.equal(upgrade.closed, true);
    const accepted = await rawExchange(p.appUrl, get('/accept', H, ...upgradeHeaders));
    const acceptedHead = accepted.text.split('\r\n\r\n')[0] ?? '';
    assert.deepEqual(statusLines(accepted.text), ['HTTP/1.1 101 Switching Protocols']);
    assert.doesNotMatch(acceptedHead, /x-injected|^content-length:|^connection: close/im, 'the connector\'s headers cannot break the handshake');
    assert.match(acceptedHead, /^x-kept: yes/im);
    const plain = await rawExchange(p.appUrl, get('/accepted-plain', H));
    assert.deepEqual(statusLines(plain.text), ['HTTP/1.1 200 OK'], 'a ws-accepted for a plain request is ignored');
  } finally {
    ws?.close();
    await p.close();
  }
});

test('behind the real connector, an origin\'s hop-by-hop headers (and those its Connection names) stop at the connector, both ways', async () => {
  const p = await startTestPlatform();
  const seen: IncomingHttpHeaders[] = [];
  const origin = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, ['Connection', 'X-Secret', 'X-Secret', 'origin-internal', 'Proxy-Foo', '1', 'Keep-Alive', 'timeout=99', 'X-Kept', 'yes', 'Content-Type', 'text/plain']);
    res.end('from origin');
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  const token = await makeTunnel(p, 'o.example.com');
  const config = loadIngress({ text: `ingress:\n  - hostname: o.example.com\n    service: ${originUrl}\n  - service: http_status:404\n`, label: 'test' });
  assert.deepEqual(config.problems, []);
  const connector = startConnector({ token, rules: config.rules, logger: createLogger(createMemorySink()), version: 'test' });
  try {
    await connector.registered;
    const answer = await rawExchange(p.appUrl, get('/x', 'o.example.com', 'Connection: X-Client-Secret', 'X-Client-Secret: 1', 'X-Plain: 2') + get('/y', 'o.example.com'));
    assert.deepEqual(statusLines(answer.text), ['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    const head = answer.text.split('\r\n\r\n')[0] ?? '';
    for (const line of [/^x-secret:/im, /^proxy-foo:/im, /^keep-alive: timeout=99/im]) assert.doesNotMatch(head, line);
    assert.match(head, /^x-kept: yes/im);
    assert.equal(seen[0]?.['x-client-secret'], undefined, 'a header the client\'s Connection names is not passed to the origin');
    assert.equal(seen[0]?.['x-plain'], '2');
  } finally {
    await connector.stop();
    origin.close();
    await p.close();
  }
});
