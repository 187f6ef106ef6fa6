import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { startDev } from './cli.js';
import { makeProject } from './helpers.js';

/** An application written the way edge applications use WebSocketPair. */
const APP = `
let log = [];
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/log') return Response.json(log);
    if (url.pathname === '/proxy') {
      // Client side: fetch() with Upgrade: websocket, then accept() the socket it returns.
      const upstream = await fetch(url.searchParams.get('to'), { headers: { Upgrade: 'websocket' } });
      const ws = upstream.webSocket;
      if (!ws) return new Response('no socket: ' + upstream.status, { status: 502 });
      ws.accept();
      const got = new Promise((resolve) => ws.addEventListener('message', (e) => resolve(e.data)));
      ws.send('hello upstream');
      const answer = await got;
      ws.close(1000, 'done');
      return new Response(String(upstream.status) + ' ' + answer);
    }
    if (request.headers.get('upgrade') !== 'websocket') return new Response('expected a websocket', { status: 426 });
    const [client, server] = Object.values(new WebSocketPair());
    server.accept();
    server.send('welcome');
    server.addEventListener('message', (event) => {
      if (typeof event.data === 'string') {
        if (event.data === 'close-me') server.close(4001, 'asked to close');
        else if (event.data === 'flood') {
          // Sends until the bounded send buffer refuses: the client is not reading.
          const chunk = new Uint8Array(64 * 1024);
          let sent = 0;
          try { for (;;) { server.send(chunk); sent += chunk.byteLength; } }
          catch (err) { log.push('flood ' + sent + ' ' + err.name + ' ' + server.bufferedAmount); }
        }
        else server.send('echo:' + event.data);
      } else {
        const bytes = new Uint8Array(event.data);
        log.push('binary ' + (event.data instanceof ArrayBuffer) + ' ' + bytes.length);
        server.send(bytes.map((b) => 255 - b));
      }
    });
    server.addEventListener('close', (event) => {
      log.push('close ' + event.code + ' ' + event.reason + ' ' + event.wasClean);
    });
    return new Response(null, { status: 101, webSocket: client, headers: { 'x-app': 'yes' } });
  },
};`;

function open(url: string, options: { protocols?: string[] } = {}): Promise<{ ws: WebSocket; messages: (string | Buffer)[]; next(): Promise<string | Buffer>; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url.replace(/^http/, 'ws'), options.protocols);
    const messages: (string | Buffer)[] = [];
    const waiters: ((m: string | Buffer) => void)[] = [];
    let headers: Record<string, string | string[] | undefined> = {};
    ws.on('upgrade', (res) => { headers = res.headers; });
    ws.on('message', (data, isBinary) => {
      const m = isBinary ? (data as Buffer) : data.toString();
      const waiter = waiters.shift();
      if (waiter) waiter(m); else messages.push(m);
    });
    ws.once('open', () => resolve({
      ws, messages, headers,
      next: () => new Promise((r) => { const m = messages.shift(); if (m !== undefined) r(m); else waiters.push(r); }),
    }));
    ws.once('error', reject);
  });
}

async function appLog(url: string, expectLine: RegExp): Promise<string[]> {
  const end = Date.now() + 5000;
  for (;;) {
    const lines = await (await fetch(`${url}/log`)).json() as string[];
    if (lines.some((l) => expectLine.test(l)) || Date.now() > end) return lines;
    await new Promise((r) => setTimeout(r, 25));
  }
}

test('ledge dev: a WebSocketPair echoes text and binary, and close codes travel both ways', async (t) => {
  const dev = await startDev(makeProject({ 'src/index.js': APP }));
  t.after(() => { dev.child.kill('SIGKILL'); });

  const { ws, next, headers } = await open(`${dev.url}/chat`);
  assert.equal(headers['x-app'], 'yes', 'headers of the 101 response reach the client');
  assert.equal(await next(), 'welcome', 'a message sent before the response was returned arrives first');
  ws.send('hi');
  assert.equal(await next(), 'echo:hi');
  ws.send(Buffer.from([1, 2, 3]));
  assert.deepEqual([...(await next() as Buffer)], [254, 253, 252], 'binary frames arrive as ArrayBuffer and go back as binary');

  const closed = new Promise<[number, string]>((resolve) => ws.once('close', (code, reason) => resolve([code, reason.toString()])));
  ws.send('close-me');
  assert.deepEqual(await closed, [4001, 'asked to close'], 'the application\'s close code and reason reach the client');

  const second = await open(`${dev.url}/chat`);
  await second.next();
  second.ws.close(4002, 'client leaving');
  const lines = await appLog(dev.url, /close 4002/);
  assert.ok(lines.includes('binary true 3'), lines.join('\n'));
  assert.ok(lines.includes('close 4002 client leaving true'), `the client's close code reaches the application: ${lines.join('\n')}`);
});

test('ledge dev: a client that drops its connection closes the application\'s socket with 1006', async (t) => {
  const dev = await startDev(makeProject({ 'src/index.js': APP }));
  t.after(() => { dev.child.kill('SIGKILL'); });
  const { ws, next } = await open(`${dev.url}/chat`);
  await next();
  ws.terminate();
  const lines = await appLog(dev.url, /close 1006/);
  assert.ok(lines.includes('close 1006  false'), lines.join('\n'));
  // The platform stays up and takes new connections.
  const again = await open(`${dev.url}/chat`);
  assert.equal(await again.next(), 'welcome');
  again.ws.close();
});

test('ledge dev: an upgrade the application refuses gets its answer; a 101 to a plain request is a 500', async (t) => {
  const dev = await startDev(makeProject({ 'src/index.js': `export default { fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === '/stray') {
      const [client, server] = Object.values(new WebSocketPair());
      server.accept();
      return new Response(null, { status: 101, webSocket: client });
    }
    return new Response('no sockets here', { status: 403 });
  } };` }));
  t.after(() => { dev.child.kill('SIGKILL'); });
  const refused = await new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(dev.url.replace(/^http/, 'ws') + '/x');
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => reject(new Error('the upgrade should have been refused')));
  });
  assert.equal(refused, 403);
  const stray = await fetch(`${dev.url}/stray`);
  assert.equal(stray.status, 500);
  await dev.waitFor(/did not ask for one/);
});

test('ledge dev: fetch() with Upgrade: websocket gives the application a client socket', async (t) => {
  const upstream = createServer();
  const wss = new WebSocketServer({ server: upstream });
  wss.on('connection', (ws) => ws.on('message', (data) => ws.send(`upstream got ${data.toString()}`)));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  t.after(() => { wss.close(); upstream.close(); });
  const dev = await startDev(makeProject({ 'src/index.js': APP }));
  t.after(() => { dev.child.kill('SIGKILL'); });
  const to = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`;
  const res = await fetch(`${dev.url}/proxy?to=${encodeURIComponent(to)}`);
  assert.equal(await res.text(), '101 upstream got hello upstream');
});

test('ledge dev: the send buffer is bounded: sending faster than the network takes makes send() throw, and what was accepted arrives', async (t) => {
  const dev = await startDev(makeProject({ 'src/index.js': APP }));
  t.after(() => { dev.child.kill('SIGKILL'); });
  const { ws, next, messages } = await open(`${dev.url}/chat`);
  await next();
  ws.send('flood');
  const lines = await appLog(dev.url, /^flood/);
  const line = lines.find((l) => l.startsWith('flood')) ?? '';
  const [, sent, name, buffered] = line.split(' ');
  assert.equal(name, 'RangeError', line);
  assert.ok(Number(sent) <= 16 * 1024 * 1024 && Number(sent) > 15 * 1024 * 1024, `stopped at the 16 MiB bound: ${line}`);
  assert.ok(Number(buffered) >= Number(sent) - 64 * 1024, 'bufferedAmount shows what waits for the network');
  // Everything send() accepted reaches the client.
  const received = () => messages.reduce((sum, m) => sum + m.length, 0);
  const end = Date.now() + 20_000;
  while (received() < Number(sent) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  assert.equal(received(), Number(sent));
});

test('messages held for a socket that is never accepted do not hide background CPU', { timeout: 60_000 }, async (t) => {
  const { makeProject: make, startProject, eventually } = await import('./helpers.js');
  const server = await startProject(make({ 'src/index.js': `export default { fetch(request) {
    const [client, server] = Object.values(new WebSocketPair());
    // server is never accepted: what the client sends stays held. Then the isolate burns CPU with no event.
    const burn = () => { const end = Date.now() + 20; while (Date.now() < end) {} setTimeout(burn, 0); };
    setTimeout(burn, 0);
    return new Response(null, { status: 101, webSocket: client });
  } };` }, { limits: { cpu_ms: 300 } }), { port: 0 });
  t.after(() => server.close());
  const ws = new WebSocket(server.url.replace(/^http/, 'ws'));
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  ws.send('held forever');
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await eventually(() => server.logs.some((r) => r.fields?.reason === 'background'), 20_000, 'the background burner to be stopped');
  assert.equal(await closed, 1011, 'the stopped isolate\'s socket closes with 1011');
});
