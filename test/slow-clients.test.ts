// Red team: slow clients at ledge serve's front door (slowloris). Each listener took any number of connections and
// gave a client 60 s to send its headers (checked every 30 s: an idle connection stayed 90 s), so one client holding
// connections open used up the process's file descriptors: with the platform's open-file limit at 1024, 1,100 idle
// connections from one address made every other client's connection fail (reset) and left the platform no
// descriptor for its own stores and sandboxes. Now one client address holds at most 256 connections per listener
// (--max-client-connections), a listener at most a quarter of the open-file limit (--max-connections), and a
// client has 20 s for its headers (--header-timeout) and 300 s for a whole request (--request-timeout), checked every
// second. A real ledge serve; other clients come from 127.0.0.2 (loopback answers all of 127.0.0.0/8).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { test } from 'node:test';
import { tempDir } from './helpers.js';
import { runCli } from './cli.js';
import { A_HOST, B_HOST, startTwoAccounts } from './serve-process.js';

const A_APP = `let running = 0, most = 0;
export default { async fetch(request) {
  const path = new URL(request.url).pathname;
  if (request.method === 'POST') return new Response('A read ' + (await request.text()).length);
  if (path === '/most') return new Response('most at once ' + most);
  if (request.headers.get('upgrade') === 'websocket') {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [client, server] = Object.values(new WebSocketPair());
    server.accept();
    return new Response(null, { status: 101, webSocket: client });
  }
  if (path.startsWith('/slow/')) {
    running++;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 50));
    running--;
    return new Response('slow ' + path.slice(6));
  }
  return new Response('A ok');
} };`;
const B_APP = 'export default { fetch() { return new Response(\'B ok\'); } };';

/** A GET from `localAddress` (another client than the attacker's 127.0.0.1), or what went wrong. */
function visitFrom(appUrl: string, host: string, localAddress: string): Promise<string> {
  return new Promise((resolve) => {
    const req = httpRequest(appUrl, { headers: { host }, localAddress, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => resolve(`${res.statusCode} ${body}`));
      res.on('error', (err) => resolve(`error ${err.message}`));
    });
    req.setTimeout(15_000, () => { req.destroy(); resolve('no answer in 15 s'); });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(`error ${err.code ?? err.message}`));
    req.end();
  });
}

/** A connection from 127.0.0.1 that sends `first`, then nothing: what it got back and whether it was closed. */
interface Held { socket: Socket; received: string; closed: boolean }
function hold(appUrl: string, first: string): Promise<Held> {
  const { hostname, port } = new URL(appUrl);
  return new Promise((resolve) => {
    const held: Held = { socket: connect({ port: Number(port), host: hostname, localAddress: '127.0.0.1' }), received: '', closed: false };
    held.socket.on('connect', () => { if (first) held.socket.write(first); resolve(held); });
    held.socket.on('data', (c: Buffer) => { held.received += c.toString('latin1'); });
    held.socket.on('close', () => { held.closed = true; resolve(held); });
    held.socket.on('error', () => { /* a reset is a close */ });
  });
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (check()) return true;
  return check();
}

test('one client holding 1,100 slow connections leaves other clients and accounts served', { timeout: 120_000 }, async () => {
  const { serve, pid } = await startTwoAccounts(tempDir('ledge-slow-clients-'), [], { a: A_APP, b: B_APP });
  try {
    // The platform may open 1024 files from now on: before, 1,100 connections used them all up.
    execFileSync('prlimit', ['--pid', String(pid), '--nofile=1024:1024']);
    const attack: Held[] = [];
    for (let i = 0; i < 1100; i++) attack.push(await hold(serve.app, `GET / HTTP/1.1\r\nHost: ${A_HOST}\r\nX-Slow: `));
    const trickle = setInterval(() => { for (const h of attack) if (!h.closed) h.socket.write('a'); }, 500);
    try {
      const bAns = await visitFrom(serve.app, B_HOST, '127.0.0.2');
      assert.equal(bAns, '200 B ok', `fds now ${readdirSync(`/proc/${pid}/fd`).length}, open ${attack.filter((h) => !h.closed).length}\n${serve.output().slice(-3000)}`);
      assert.equal(await visitFrom(serve.app, A_HOST, '127.0.0.3'), '200 A ok');
      // The account API's listener is bounded apart: it answers too (401: no token).
      assert.match(await visitFrom(`${serve.api}/accounts`, 'x', '127.0.0.2'), /^401 /);
      // Whatever the timing, no more than the per-client bound stays open (its 20 s for headers are far off).
      assert.ok(await until(() => attack.filter((h) => !h.closed).length <= 256, 10_000), `${attack.filter((h) => !h.closed).length} slow connections of one client are open`);
      await serve.waitFor(/the listener of --listen: closed new connections at once: \d+ past the bound of 256 connections at once from one client address/);
    } finally {
      clearInterval(trickle);
      for (const h of attack) h.socket.destroy();
    }
    // Once they are gone, the same client is served again.
    assert.equal(await visitFrom(serve.app, A_HOST, '127.0.0.1'), '200 A ok');
  } finally {
    serve.child.kill('SIGKILL');
  }
});

test('headers or a body trickled past their time get 408 and the connection is closed; others are answered meanwhile', { timeout: 120_000 }, async () => {
  const { serve } = await startTwoAccounts(tempDir('ledge-slow-clients-'), ['--header-timeout', '1', '--request-timeout', '3'], { a: A_APP, b: B_APP });
  try {
    const idle = await hold(serve.app, '');
    const headers = await hold(serve.app, `GET / HTTP/1.1\r\nHost: ${A_HOST}\r\nX-Slow: `);
    const body = await hold(serve.app, `POST / HTTP/1.1\r\nHost: ${A_HOST}\r\nContent-Length: 100000\r\n\r\n`);
    const trickle = setInterval(() => { for (const h of [headers, body]) if (!h.closed) h.socket.write('a'); }, 200);
    try {
      assert.equal(await visitFrom(serve.app, B_HOST, '127.0.0.2'), '200 B ok');
      for (const [name, held] of [['an idle connection', idle], ['trickled headers', headers], ['a trickled body', body]] as const) {
        assert.ok(await until(() => held.closed, 20_000), `${name}: still open`);
        assert.match(held.received, /^HTTP\/1\.1 408 /, `${name}: ${held.received.slice(0, 200)}`);
        assert.doesNotMatch(held.received, /A read|A ok/, `${name}: the application answered`);
      }
      // A whole request sent in time is answered as ever.
      assert.equal(await visitFrom(serve.app, A_HOST, '127.0.0.1'), '200 A ok');
    } finally {
      clearInterval(trickle);
    }
  } finally {
    serve.child.kill('SIGKILL');
  }
});

test('pipelined requests of a connection run 8 at a time; a connection pipelining a flood is closed, others answered', { timeout: 120_000 }, async () => {
  const { serve } = await startTwoAccounts(tempDir('ledge-slow-clients-'), [], { a: A_APP, b: B_APP });
  try {
    // Ten pipelined requests are all answered, in order.
    const ten = await hold(serve.app, Array.from({ length: 10 }, (_, i) => `GET /slow/${i} HTTP/1.1\r\nHost: ${A_HOST}\r\n\r\n`).join(''));
    assert.ok(await until(() => (ten.received.match(/slow \d+/g) ?? []).length === 10, 30_000), ten.received);
    assert.deepEqual(ten.received.match(/slow \d+/g), Array.from({ length: 10 }, (_, i) => `slow ${i}`));
    ten.socket.destroy();
    // Twelve pipelined POSTs, the last one's body sent later: those waiting for a turn are read in theirs.
    const post = (body: string) => `POST /p HTTP/1.1\r\nHost: ${A_HOST}\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const posts = await hold(serve.app, Array.from({ length: 11 }, (_, i) => post('x'.repeat(i + 1))).join('') + post('y'.repeat(12)).slice(0, -6));
    await new Promise((resolve) => setTimeout(resolve, 300));
    posts.socket.write('yyyyyy');
    assert.ok(await until(() => (posts.received.match(/A read \d+/g) ?? []).length === 12, 30_000), posts.received);
    assert.deepEqual(posts.received.match(/A read \d+/g), Array.from({ length: 12 }, (_, i) => `A read ${i + 1}`));
    posts.socket.destroy();
    // 20,000 in one write, their answers never read: before, each ran at once in A's isolate (thousands at a time).
    const flood = await hold(serve.app, `GET /slow/x HTTP/1.1\r\nHost: ${A_HOST}\r\n\r\n`.repeat(20_000));
    flood.socket.pause();
    assert.ok(await until(() => flood.closed, 20_000), 'the flooding connection is still open');
    assert.equal(await visitFrom(serve.app, B_HOST, '127.0.0.2'), '200 B ok');
    const most = await visitFrom(`${serve.app}/most`, A_HOST, '127.0.0.2');
    assert.ok(/^200 most at once [1-8]$/.test(most), most);
    await serve.waitFor(/the listener of --listen: closed 1 connection\(s\) whose client pipelined more than 40 requests ahead of their answers/);
  } finally {
    serve.child.kill('SIGKILL');
  }
});

test('WebSocket upgrades count toward the per-client bound, and bytes sent before the application accepts are not held', { timeout: 120_000 }, async () => {
  const { serve, rssMb } = await startTwoAccounts(tempDir('ledge-slow-clients-'), ['--max-client-connections', '20'], { a: A_APP, b: B_APP });
  try {
    const before = rssMb();
    // A frame header claiming 2^62 bytes, then 4 MB of its "payload", before the application has answered.
    const frame = Buffer.concat([Buffer.from([0x82, 0xff, 0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]), Buffer.alloc(4 << 20, 7)]);
    const upgrades: Held[] = [];
    for (let i = 0; i < 30; i++) {
      const held = await hold(serve.app, `GET /ws HTTP/1.1\r\nHost: ${A_HOST}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
      if (!held.closed) held.socket.write(frame);
      upgrades.push(held);
    }
    assert.ok(await until(() => upgrades.filter((h) => !h.closed).length <= 20, 10_000), `${upgrades.filter((h) => !h.closed).length} upgrades of one client are open`);
    assert.equal(await visitFrom(serve.app, B_HOST, '127.0.0.2'), '200 B ok');
    assert.ok(rssMb() - before < 64, `the platform grew from ${before} to ${rssMb()} MB`);
    // Once accepted, the oversized frame ends each connection.
    assert.ok(await until(() => upgrades.every((h) => h.closed), 30_000), `${upgrades.filter((h) => !h.closed).length} upgrades still open`);
    for (const h of upgrades) if (h.received) assert.match(h.received, /^HTTP\/1\.1 101 /, h.received.slice(0, 100));
  } finally {
    serve.child.kill('SIGKILL');
  }
});

test('the flags refuse what they cannot mean, naming the flag', async () => {
  for (const [args, message, code] of [
    [['--max-connections', '-1'], /--max-connections: expected a whole number from 0 \(no bound\) to 1000000, got "-1"/, 2],
    [['--max-client-connections', '1.5'], /--max-client-connections: expected a whole number/, 2],
    [['--header-timeout', '0'], /--header-timeout: expected seconds from 0\.1 to 3600, got "0"/, 2],
    [['--request-timeout', 'soon'], /--request-timeout: expected seconds from 0\.1 to 3600 \(or 0: no bound\), got "soon"/, 2],
    [['--header-timeout', '30', '--request-timeout', '10'], /--header-timeout \(30 s\) is longer than --request-timeout \(10 s\)/, 2],
  ] as const) {
    const proc = runCli(['serve', '--state', tempDir('ledge-slow-clients-flags-'), '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0', ...args]);
    assert.equal(await proc.exited, code, proc.output());
    assert.match(proc.output(), message);
  }
});
