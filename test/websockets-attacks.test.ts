// WebSockets attacked through a real platform's application listener: sockets of two accounts side by side,
// one account's isolate failing under its clients, frames past the message limit (declared at once or
// fragmented), upgrades to paths the access gateway guards, and 101 answers without a socket.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect as tcpConnect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { MAX_SOCKET_MESSAGE_BYTES } from '../src/runtime/websockets/protocol.js';
import { eventually } from './helpers.js';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';

/** An echo that names its account, and spins forever on 'spin' (its CPU limit stops it). */
const labelledEcho = (label: string) => `export default { fetch(request) {
  const url = new URL(request.url);
  if (url.pathname === '/bare') return new Response(null, { status: 101 });
  if (url.pathname === '/not-a-socket') return new Response(null, { status: 101, webSocket: {} });
  if (request.headers.get('upgrade') !== 'websocket') return new Response('plain ${label}');
  const [client, server] = Object.values(new WebSocketPair());
  server.accept();
  server.addEventListener('message', (e) => {
    if (e.data === 'spin') for (;;) {}
    server.send('${label}:' + (typeof e.data === 'string' ? e.data : e.data.byteLength));
  });
  return new Response(null, { status: 101, webSocket: client });
} };`;

interface Client { ws: WebSocket; next(): Promise<string>; closed: Promise<number> }

function open(appUrl: string, host: string, path = '/socket', headers: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${appUrl.replace(/^http/, 'ws')}${path}`, { headers: { host, ...headers } });
    const queue: string[] = [];
    const waiters: ((m: string) => void)[] = [];
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.on('message', (data) => { const m = data.toString(); const w = waiters.shift(); if (w) w(m); else queue.push(m); });
    ws.once('open', () => resolve({ ws, closed, next: () => new Promise((r) => { const m = queue.shift(); if (m !== undefined) r(m); else waiters.push(r); }) }));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`refused with ${res.statusCode}`), { status: res.statusCode })));
    ws.once('error', reject);
  });
}

/** Sends a raw upgrade request (the request line exactly as given) and resolves with the answer's status line and the socket. */
function rawUpgrade(appUrl: string, target: string, headers: Record<string, string>): Promise<{ status: number; socket: Socket; rest: Buffer }> {
  const { hostname, port } = new URL(appUrl);
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(Number(port), hostname);
    let got = Buffer.alloc(0);
    const lines = [`GET ${target} HTTP/1.1`, 'upgrade: websocket', 'connection: Upgrade', `sec-websocket-key: ${randomBytes(16).toString('base64')}`, 'sec-websocket-version: 13'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    socket.once('connect', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    socket.on('error', reject);
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      const end = got.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onData);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(got.toString('latin1'))?.[1] ?? 0), socket, rest: got.subarray(end + 4) });
    };
    socket.on('data', onData);
  });
}

/** A masked client frame header (RFC 6455 5.2) declaring `length` payload bytes. */
function frameHeader(opcode: number, fin: boolean, length: number): Buffer {
  const first = (fin ? 0x80 : 0) | opcode;
  const mask = randomBytes(4);
  if (length < 126) return Buffer.concat([Buffer.from([first, 0x80 | length]), mask]);
  if (length < 65536) { const h = Buffer.from([first, 0x80 | 126, 0, 0]); h.writeUInt16BE(length, 2); return Buffer.concat([h, mask]); }
  const h = Buffer.alloc(10);
  h[0] = first;
  h[1] = 0x80 | 127;
  h.writeBigUInt64BE(BigInt(length), 2);
  return Buffer.concat([h, mask]);
}

/** Everything the server sends until it closes the connection (the caller keeps writing meanwhile). */
function untilClosed(socket: Socket, rest: Buffer): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks = [rest];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.once('close', () => resolve(Buffer.concat(chunks)));
  });
}

/** The close code of the first close frame in what a server sent. */
function closeCode(bytes: Buffer): number | undefined {
  const at = bytes.indexOf(0x88);
  return at === -1 || at + 4 > bytes.length ? undefined : bytes.readUInt16BE(at + 2);
}

async function twoAccounts(): Promise<{ p: TestPlatform; hostA: string; hostB: string }> {
  const p = await startTestPlatform();
  const other = await p.call('POST', '/accounts', { body: { name: 'Team B' } });
  assert.equal(other.status, 201, other.text);
  const a = await p.call('PUT', `/accounts/${p.accountId}/deployments/chat`, { body: deployBody(labelledEcho('A'), { limits: { cpu_ms: 200 }, routes: [{ pattern: 'a.example.com', custom_domain: true }] }) });
  assert.equal(a.status, 200, a.text);
  const b = await p.call('PUT', `/accounts/${other.body.result.id as string}/deployments/chat`, { body: deployBody(labelledEcho('B'), { routes: [{ pattern: 'b.example.com', custom_domain: true }] }) });
  assert.equal(b.status, 200, b.text);
  return { p, hostA: 'a.example.com', hostB: 'b.example.com' };
}

test('sockets of two accounts stay apart, and one account\'s failing isolate closes only its own sockets', { timeout: 60_000 }, async () => {
  const { p, hostA, hostB } = await twoAccounts();
  try {
    // Both isolates number their sockets from 1: interleaved traffic must still reach only its own account.
    const a1 = await open(p.appUrl, hostA);
    const b1 = await open(p.appUrl, hostB);
    const a2 = await open(p.appUrl, hostA);
    const b2 = await open(p.appUrl, hostB);
    for (let i = 0; i < 20; i++) {
      a1.ws.send(`a1-${i}`); b1.ws.send(`b1-${i}`); a2.ws.send(`a2-${i}`); b2.ws.send(`b2-${i}`);
    }
    for (let i = 0; i < 20; i++) {
      assert.equal(await a1.next(), `A:a1-${i}`);
      assert.equal(await b1.next(), `B:b1-${i}`);
      assert.equal(await a2.next(), `A:a2-${i}`);
      assert.equal(await b2.next(), `B:b2-${i}`);
    }
    // A's handler spins: its CPU limit stops A's isolate and A's sockets close with 1011; B's keep working.
    a1.ws.send('spin');
    assert.equal(await a1.closed, 1011);
    assert.equal(await a2.closed, 1011);
    b1.ws.send('still here');
    assert.equal(await b1.next(), 'B:still here');
    b2.ws.send('me too');
    assert.equal(await b2.next(), 'B:me too');
    // A comes back for new connections (a new isolate), and the platform never went down.
    const a3 = await open(p.appUrl, hostA);
    a3.ws.send('back');
    assert.equal(await a3.next(), 'A:back');
    for (const c of [a3, b1, b2]) c.ws.close(1000);
  } finally {
    await p.close();
  }
});

test('a frame declaring 100 MB, and a message fragmented past the limit, close with 1009 without harming anyone', { timeout: 60_000 }, async () => {
  const { p, hostA, hostB } = await twoAccounts();
  try {
    const bystander = await open(p.appUrl, hostB);
    const neighbour = await open(p.appUrl, hostA);

    // One frame that declares 100 MiB: refused from its header, long before 100 MiB could be buffered.
    const big = await rawUpgrade(p.appUrl, '/socket', { host: hostA });
    assert.equal(big.status, 101);
    const bigAnswer = untilClosed(big.socket, big.rest);
    big.socket.on('error', () => undefined);
    big.socket.write(frameHeader(0x2, true, 100 * 1024 * 1024));
    const chunk = Buffer.alloc(256 * 1024);
    for (let sent = 0; sent < 8 * 1024 * 1024 && !big.socket.destroyed; sent += chunk.length) {
      if (!big.socket.write(chunk)) await new Promise((r) => { big.socket.once('drain', r); big.socket.once('close', r); });
    }
    assert.equal(closeCode(await bigAnswer), 1009, 'the platform closes with 1009 (message too big)');

    // A text message in small fragments whose sum passes the limit: counted over the whole message.
    const frag = await rawUpgrade(p.appUrl, '/socket', { host: hostA });
    assert.equal(frag.status, 101);
    const fragAnswer = untilClosed(frag.socket, frag.rest);
    frag.socket.on('error', () => undefined);
    const piece = Buffer.alloc(16 * 1024, 0x61);
    const pieces = Math.ceil(MAX_SOCKET_MESSAGE_BYTES / piece.length) + 4;
    for (let i = 0; i < pieces && !frag.socket.destroyed; i++) {
      // Client frames are masked (RFC 6455 5.3): the server unmasks these back to 'a's.
      const header = frameHeader(i === 0 ? 0x1 : 0x0, false, piece.length);
      const key = header.subarray(header.length - 4);
      const masked = Buffer.from(piece.map((b, j) => b ^ (key[j % 4] as number)));
      frag.socket.write(Buffer.concat([header, masked]));
    }
    assert.equal(closeCode(await fragAnswer), 1009, 'fragments are counted together');

    // Everyone else carries on, in both accounts, and new connections are taken.
    bystander.ws.send('fine');
    assert.equal(await bystander.next(), 'B:fine');
    neighbour.ws.send('fine');
    assert.equal(await neighbour.next(), 'A:fine');
    const fresh = await open(p.appUrl, hostA);
    fresh.ws.send(Buffer.alloc(MAX_SOCKET_MESSAGE_BYTES));
    assert.equal(await fresh.next(), `A:${MAX_SOCKET_MESSAGE_BYTES}`, 'a message of exactly the limit passes');
    for (const c of [bystander, neighbour, fresh]) c.ws.close(1000);
  } finally {
    await p.close();
  }
});

test('an upgrade to a path the access gateway guards needs the gateway, however the path or target is spelled', { timeout: 60_000 }, async () => {
  const { p, hostA, hostB } = await twoAccounts();
  try {
    const st = (await p.call('POST', `/accounts/${p.accountId}/access/service_tokens`, { body: { name: 'bot' } })).body.result as { id: string; client_id: string; client_secret: string };
    const app = await p.call('POST', `/accounts/${p.accountId}/access/apps`, { body: { name: 'Admin', domain: `${hostA}/admin`, policies: [{ name: 'bot', decision: 'service_auth', include: [{ service_token: { token_id: st.id } }] }] } });
    assert.equal(app.status, 201, app.text);

    const open101 = await rawUpgrade(p.appUrl, '/public', { host: hostA });
    assert.equal(open101.status, 101, 'an unguarded path upgrades');
    open101.socket.destroy();
    const spellings = ['/admin', '/admin/', '/admin/room', '/ADMIN', '/%61dmin', '/public/..%2Fadmin', '/public/../admin', '//admin', '/admin;x', '/admin%2Fx'];
    for (const target of spellings) {
      const answer = await rawUpgrade(p.appUrl, target, { host: hostA });
      answer.socket.destroy();
      assert.notEqual(answer.status, 101, `${target} upgraded without the gateway`);
      assert.ok(answer.status === 401 || answer.status === 403 || answer.status === 302 || answer.status === 400, `${target}: ${answer.status}`);
    }
    // An absolute-form target names the guarded host while the Host header names another: the target wins, guarded.
    const absolute = await rawUpgrade(p.appUrl, `http://${hostA}/admin`, { host: hostB });
    absolute.socket.destroy();
    assert.notEqual(absolute.status, 101, 'absolute-form upgrade slipped past the gateway');
    assert.equal(absolute.status, 401);

    const allowed = await open(p.appUrl, hostA, '/admin', { 'edge-access-client-id': st.client_id, 'edge-access-client-secret': st.client_secret });
    allowed.ws.send('ok');
    assert.equal(await allowed.next(), 'A:ok');
    allowed.ws.close(1000);
  } finally {
    await p.close();
  }
});

test('an application that answers 101 without a socket gets a clear error; the client gets a 500', { timeout: 60_000 }, async () => {
  const { p, hostA } = await twoAccounts();
  try {
    for (const [path, reason] of [['/bare', /status 101 needs a webSocket/], ['/not-a-socket', /webSocket must be a WebSocket/]] as const) {
      const answer = await rawUpgrade(p.appUrl, path, { host: hostA });
      answer.socket.destroy();
      assert.equal(answer.status, 500, path);
      await eventually(() => p.logs.some((r) => reason.test(r.message)), 5000, `a log line matching ${String(reason)}`);
      // Asked without an upgrade, the same answer is the same 500 (never a 101 on a plain connection).
      assert.equal((await p.visit(hostA, path)).status, 500);
    }
    const ok = await open(p.appUrl, hostA);
    ok.ws.send('after');
    assert.equal(await ok.next(), 'A:after', 'the isolate still serves sockets');
    ok.ws.close(1000);
  } finally {
    await p.close();
  }
});
