// Outbound TCP (`connect()` from cloudflare:sockets / ledge:sockets, issue 14 items 3 and 4): a real app in
// `ledge dev` and under `ledge serve` with process isolation reaches loopback servers the test runs; every
// connection is made by the host, under the same egress policy as outbound fetch. Only loopback is used.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket as NetSocket, type AddressInfo } from 'node:net';
import path from 'node:path';
import { TLSSocket, createServer as createTlsServer } from 'node:tls';
import { after, before, describe, test } from 'node:test';
import { makeProject, startProject, tempDir } from './helpers.js';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';
import { startWitness } from './sandbox-helpers.js';
import { runCli } from './cli.js';

/** The application: each path exercises one part of the Socket and answers with what happened, as JSON. */
const APP = String.raw`
import { connect } from 'cloudflare:sockets';
const enc = new TextEncoder();
const dec = new TextDecoder();
const capture = async (fn) => {
  try { return { ok: true, value: await fn() }; }
  catch (e) { return { ok: false, error: (e && e.name) + ': ' + (e && e.message) }; }
};
async function readAll(readable) {
  let text = '';
  for await (const chunk of readable) text += dec.decode(chunk, { stream: true });
  return text;
}
async function readLine(reader) {
  let text = '';
  while (!text.includes('\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += dec.decode(value);
  }
  return text;
}
function target(q) {
  const port = Number(q.get('port'));
  return q.get('form') === 'string' ? q.get('host') + ':' + port : { hostname: q.get('host'), port };
}
export default { async fetch(request) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const json = async (fn) => Response.json(await capture(fn));
  switch (url.pathname) {
    case '/echo': return json(async () => {
      const socket = connect(target(q));
      const info = await socket.opened;
      const writer = socket.writable.getWriter();
      await writer.write(enc.encode(q.get('text') ?? 'hello'));
      await writer.close();
      const echoed = await readAll(socket.readable);
      await socket.closed;
      return { echoed, remoteAddress: info.remoteAddress, secureTransport: socket.secureTransport };
    });
    case '/big': return json(async () => {
      const socket = connect(target(q));
      const size = Number(q.get('bytes'));
      const writer = socket.writable.getWriter();
      const writing = (async () => { for (let sent = 0; sent < size; sent += 100000) await writer.write(new Uint8Array(Math.min(100000, size - sent)).fill(7)); await writer.close(); })();
      let got = 0;
      for await (const chunk of socket.readable) got += chunk.byteLength;
      await writing;
      return got;
    });
    case '/half-open': return json(async () => {
      // The server says "bye" and ends its side at once, then reports what it received afterwards.
      const socket = connect(target(q), { allowHalfOpen: q.get('allow') === 'true' });
      const reader = socket.readable.getReader();
      let said = '';
      for (;;) { const { value, done } = await reader.read(); if (done) break; said += dec.decode(value); }
      const writer = socket.writable.getWriter();
      const late = await capture(() => writer.write(enc.encode('late')));
      await writer.close().catch(() => undefined);
      await socket.closed;
      return { said, late: late.ok ? 'written' : late.error };
    });
    case '/close': return json(async () => {
      const socket = connect(target(q));
      await socket.opened;
      await socket.close();
      const read = await capture(() => socket.readable.getReader().read().then((r) => r.done));
      const write = await capture(() => socket.writable.getWriter().write(enc.encode('x')));
      return { read: read.ok ? read.value : read.error, write: write.ok ? 'written' : write.error };
    });
    case '/refused': return json(async () => {
      const socket = connect(target(q));
      const opened = await capture(() => socket.opened);
      const closed = await capture(() => socket.closed);
      return { opened: opened.error ?? 'opened', closed: closed.error ?? 'closed' };
    });
    case '/starttls': return json(async () => {
      const socket = connect(target(q), { secureTransport: 'starttls' });
      const writer = socket.writable.getWriter();
      await writer.write(enc.encode('STARTTLS\n'));
      const reader = socket.readable.getReader();
      const answer = await readLine(reader);
      writer.releaseLock();
      reader.releaseLock();
      const secure = socket.startTls({ expectedServerHostname: q.get('name') ?? undefined });
      const again = await capture(() => socket.startTls());
      const info = await secure.opened;
      const w = secure.writable.getWriter();
      await w.write(enc.encode('secret\n'));
      const r = secure.readable.getReader();
      const reply = await readLine(r);
      await secure.close();
      return { answer: answer.trim(), reply: reply.trim(), upgraded: socket.upgraded, again: again.error, remoteAddress: info.remoteAddress, secureTransport: secure.secureTransport };
    });
    case '/tls-on': return json(async () => {
      const socket = connect(target(q), { secureTransport: 'on' });
      await socket.opened;
      const w = socket.writable.getWriter();
      await w.write(enc.encode('secret\n'));
      const reply = await readLine(socket.readable.getReader());
      await socket.close();
      return reply.trim();
    });
    case '/argument-errors': {
      const attempt = (fn) => { try { fn(); return 'no error'; } catch (e) { return e.name + ': ' + e.message; } };
      const plain = connect({ hostname: '127.0.0.1', port: Number(q.get('port')) });
      const out = {
        secureTransport: attempt(() => connect('127.0.0.1:1', { secureTransport: 'maybe' })),
        unparsable: attempt(() => connect('exa mple.com:1')),
        characters: attempt(() => connect({ hostname: 'a/b', port: 1 })),
        empty: attempt(() => connect({ hostname: '', port: 1 })),
        startTlsPlain: attempt(() => plain.startTls()),
        startTlsOn: attempt(() => connect('127.0.0.1:1', { secureTransport: 'on' }).startTls()),
      };
      await plain.close();
      return Response.json(out);
    }
    default: return new Response('no such path', { status: 404 });
  }
} };
`;

/** A loopback TCP server; `onSocket` handles each connection. */
async function tcpServer(onSocket: (socket: NetSocket) => void, host = '127.0.0.1'): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const sockets = new Set<NetSocket>();
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    server, port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
  };
}

/** Echoes everything and ends when the client ends. */
const echo = (socket: NetSocket) => { socket.pipe(socket); };

/** A self-signed certificate for localhost and 127.0.0.1, made with openssl. */
function selfSigned(): { key: string; cert: string; certPath: string } {
  const dir = tempDir('ledge-tls-');
  const keyPath = path.join(dir, 'key.pem');
  const certPath = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', keyPath, '-out', certPath, '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), certPath };
}

/** Plain until the client says STARTTLS, then TLS with `tls`; answers each line with "you said <line>". */
function startTlsHandler(tls: { key: string; cert: string }) {
  return (socket: NetSocket) => {
    socket.once('data', (line) => {
      assert.equal(line.toString(), 'STARTTLS\n');
      socket.write('GO\n', () => {
        const secure = new TLSSocket(socket, { isServer: true, key: tls.key, cert: tls.cert });
        secure.on('error', () => undefined);
        secure.on('data', (data) => secure.write(`you said ${data.toString().trim()}\n`));
      });
    });
  };
}

type Caller = (path: string) => Promise<{ ok: boolean; value?: unknown; error?: string }>;

describe('connect() under ledge dev (threads)', () => {
  let call: Caller;
  let close: () => Promise<void>;
  before(async () => {
    const server = await startProject(makeProject({ 'src/index.js': APP }));
    call = async (p) => {
      const res = await server.request(new Request(`http://app.test${p}`));
      const text = await res.text();
      assert.equal(res.status, 200, text);
      return JSON.parse(text) as Awaited<ReturnType<Caller>>;
    };
    close = () => server.close();
  });
  after(() => close?.());

  test('reaches a loopback echo server, by record and by "host:port", and reports the peer in opened', async () => {
    const server = await tcpServer(echo);
    try {
      for (const form of ['record', 'string']) {
        const result = await call(`/echo?host=127.0.0.1&port=${server.port}&form=${form}&text=ping-${form}`);
        assert.deepEqual(result, { ok: true, value: { echoed: `ping-${form}`, remoteAddress: '127.0.0.1', secureTransport: 'off' } });
      }
    } finally {
      await server.close();
    }
  });

  test('streams megabytes both ways with backpressure', async () => {
    const server = await tcpServer(echo);
    try {
      const bytes = 5 * 1024 * 1024 + 123;
      assert.deepEqual(await call(`/big?host=127.0.0.1&port=${server.port}&bytes=${bytes}`), { ok: true, value: bytes });
    } finally {
      await server.close();
    }
  });

  test('half-open: without allowHalfOpen the writable closes when the far end ends; with it the application still writes', async () => {
    let received: string[] = [];
    const server = await tcpServer((socket) => {
      let text = '';
      socket.end('bye');
      socket.on('data', (d) => { text += d.toString(); });
      socket.on('end', () => received.push(text));
    });
    try {
      const closedSide = await call(`/half-open?host=127.0.0.1&port=${server.port}&allow=false`);
      assert.deepEqual(closedSide, { ok: true, value: { said: 'bye', late: 'TypeError: This WritableStream has been closed.' } });
      assert.deepEqual(received, [''], 'the server saw the end and no late bytes');
      received = [];
      const open = await call(`/half-open?host=127.0.0.1&port=${server.port}&allow=true`);
      assert.deepEqual(open, { ok: true, value: { said: 'bye', late: 'written' } });
      assert.deepEqual(received, ['late']);
    } finally {
      await server.close();
    }
  });

  test('close() ends the connection at once, and both streams after it', async () => {
    let closedByPeer = 0;
    const server = await tcpServer((socket) => { socket.on('end', () => { closedByPeer++; }); });
    try {
      const result = await call(`/close?host=127.0.0.1&port=${server.port}`);
      assert.deepEqual(result, { ok: true, value: { read: true, write: 'TypeError: The socket was closed.' } });
      const end = Date.now() + 5000;
      while (closedByPeer === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      assert.equal(closedByPeer, 1, 'the server saw the connection close');
    } finally {
      await server.close();
    }
  });

  test('port 25 is refused as on the original platform, and a closed port fails opened and closed', async () => {
    const witness = await tcpServer(() => undefined);
    await witness.close();
    assert.deepEqual(await call('/refused?host=127.0.0.1&port=25'), { ok: true, value: { opened: 'Error: Connections to port 25 are prohibited', closed: 'Error: Connections to port 25 are prohibited' } });
    const refused = await call(`/refused?host=127.0.0.1&port=${witness.port}`);
    assert.match(String((refused.value as { opened: string }).opened), /^Error: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
  });

  test('argument errors are the original\'s TypeErrors, thrown at once', async () => {
    const server = await tcpServer(() => undefined);
    try {
      const res = await call(`/argument-errors?port=${server.port}`) as unknown as Record<string, string>;
      assert.deepEqual(res, {
        secureTransport: 'TypeError: Unsupported value in secureTransport socket option: maybe',
        unparsable: 'TypeError: Specified address could not be parsed.',
        characters: 'TypeError: Specified address is empty string, contains unsupported characters or is too long.',
        empty: 'TypeError: Specified address is missing hostname.',
        startTlsPlain: "TypeError: The `secureTransport` socket option must be set to 'starttls' for startTls to be used.",
        startTlsOn: 'TypeError: Cannot startTls on a TLS socket.',
      });
    } finally {
      await server.close();
    }
  });

  test('TLS to a server whose certificate the platform does not trust fails opened (there is no per-socket CA, as on the original)', async () => {
    const tls = selfSigned();
    const starttls = await tcpServer(startTlsHandler(tls));
    const direct = createTlsServer({ key: tls.key, cert: tls.cert }, (s) => s.on('data', () => s.end('never')));
    direct.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => direct.listen(0, '127.0.0.1', resolve));
    try {
      const upgraded = await call(`/starttls?host=127.0.0.1&port=${starttls.port}`);
      assert.equal(upgraded.ok, false);
      assert.match(upgraded.error ?? '', /^Error: self[- ]signed certificate/);
      const on = await call(`/tls-on?host=127.0.0.1&port=${(direct.address() as AddressInfo).port}`);
      assert.equal(on.ok, false);
      assert.match(on.error ?? '', /^Error: self[- ]signed certificate/);
    } finally {
      await starttls.close();
      await new Promise((resolve) => direct.close(resolve));
    }
  });
});

describe('connect() under ledge serve with process isolation', () => {
  let p: TestPlatform;
  let call: Caller;
  before(async () => {
    p = await startTestPlatform(tempDir('ledge-tcp-'), undefined, {
      isolation: 'process', egressAllow: ['127.0.0.2/32'],
      egressLookup: async (name) => {
        const found: Record<string, { address: string; family: number }[]> = {
          'localhost': [{ address: '127.0.0.1', family: 4 }],
          'loopback.test': [{ address: '127.0.0.1', family: 4 }],
          'allowed.test': [{ address: '127.0.0.2', family: 4 }],
        };
        if (found[name]) return found[name];
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      },
    });
    const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/tcp`, { body: deployBody(APP, { edge_dev: true }) });
    assert.equal(deployed.status, 200, deployed.text);
    call = async (path) => {
      const res = await p.visit('tcp.admin.ledge.localhost', path);
      const text = await res.text();
      assert.equal(res.status, 200, text);
      return JSON.parse(text) as Awaited<ReturnType<Caller>>;
    };
  });
  after(() => p?.close());

  test('an allowed address is reached through the host, by a name the platform resolved and checked', async () => {
    const server = await tcpServer(echo, '127.0.0.2');
    try {
      // allowed.test resolves only through the platform's checked lookup: reaching the server shows the host
      // connected to the address it checked (the sandbox has no network, and no resolver of its own for it).
      assert.deepEqual(await call(`/echo?host=allowed.test&port=${server.port}&text=through-the-host`), { ok: true, value: { echoed: 'through-the-host', remoteAddress: '127.0.0.2', secureTransport: 'off' } });
      assert.deepEqual(await call(`/echo?host=127.0.0.2&port=${server.port}&form=string`), { ok: true, value: { echoed: 'hello', remoteAddress: '127.0.0.2', secureTransport: 'off' } });
      const bytes = 3 * 1024 * 1024;
      assert.deepEqual(await call(`/big?host=127.0.0.2&port=${server.port}&bytes=${bytes}`), { ok: true, value: bytes });
    } finally {
      await server.close();
    }
  });

  test('loopback, private and metadata addresses not allowed are refused before any connection', async () => {
    const witness = await startWitness('127.0.0.1');
    try {
      for (const host of ['127.0.0.1', 'localhost', 'loopback.test', '[::ffff:127.0.0.1]', '2130706433', '0x7f.1', '169.254.169.254', '10.0.0.1', '[fd00::1]']) {
        const result = await call(`/refused?host=${encodeURIComponent(host)}&port=${witness.port}&form=string`);
        const { opened, closed } = result.value as { opened: string; closed: string };
        assert.match(opened, /^Error: proxy request failed, cannot connect to the specified address \(.*refused by the platform's egress policy: /, host);
        assert.equal(closed, opened);
      }
      assert.equal(witness.connections(), 0, 'no connection reached the witness');
      assert.ok(p.logs.some((r) => r.source === 'tcp' && /outbound connection to loopback\.test:\d+ refused by the egress policy/.test(r.message)), 'the refusal is logged for the deployment');
    } finally {
      await witness.close();
    }
  });

  test('port 25 is refused before any policy or connection', async () => {
    assert.deepEqual(await call('/refused?host=127.0.0.2&port=25'), { ok: true, value: { opened: 'Error: Connections to port 25 are prohibited', closed: 'Error: Connections to port 25 are prohibited' } });
  });
});

test('startTls() and secureTransport "on" reach a TLS server the operator\'s CA list trusts (ledge dev, NODE_EXTRA_CA_CERTS)', async () => {
  const tls = selfSigned();
  const starttls = await tcpServer(startTlsHandler(tls));
  const direct = createTlsServer({ key: tls.key, cert: tls.cert }, (s) => s.on('data', (d) => s.write(`you said ${d.toString().trim()}\n`)));
  direct.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => direct.listen(0, '127.0.0.1', resolve));
  const dir = makeProject({ 'src/index.js': APP });
  const dev = runCli(['dev', dir, '--port', '0'], { env: { NODE_EXTRA_CA_CERTS: tls.certPath } });
  try {
    const url = (await dev.waitFor(/ready on (http:\/\/\S+)/, 60_000))[1] as string;
    const get = async (p: string) => (await fetch(`${url}${p}`)).json() as Promise<{ ok: boolean; value?: unknown; error?: string }>;
    assert.deepEqual(await get(`/starttls?host=localhost&port=${starttls.port}`), {
      ok: true, value: { answer: 'GO', reply: 'you said secret', upgraded: true, again: 'TypeError: startTls can only be called once.', remoteAddress: '127.0.0.1', secureTransport: 'on' },
    });
    // The certificate names localhost and 127.0.0.1: another expected name fails its check.
    const wrongName = await get(`/starttls?host=127.0.0.1&port=${starttls.port}&name=db.example`);
    assert.equal(wrongName.ok, false);
    assert.match(wrongName.error ?? '', /^Error: Hostname\/IP does not match certificate's altnames/);
    assert.deepEqual(await get(`/tls-on?host=127.0.0.1&port=${(direct.address() as AddressInfo).port}`), { ok: true, value: 'you said secret' });
  } finally {
    dev.child.kill('SIGINT');
    await dev.exited;
    await starttls.close();
    await new Promise((resolve) => direct.close(resolve));
  }
});

test('ledge dev --isolation process: loopback is refused until --egress-allow opens it, before any connection', async () => {
  const echoServer = await tcpServer(echo);
  let accepted = 0;
  echoServer.server.on('connection', () => { accepted++; });
  const dir = makeProject({ 'src/index.js': APP });
  try {
    for (const allow of [[], ['127.0.0.1']]) {
      const server = await startProject(dir, { isolation: 'process', egressAllow: allow });
      try {
        const res = await server.request(new Request(`http://app.test/echo?host=127.0.0.1&port=${echoServer.port}&text=sandboxed`));
        const body = await res.json() as { ok: boolean; value?: unknown; error?: string };
        if (allow.length === 0) {
          assert.equal(body.ok, false);
          assert.match(body.error ?? '', /^Error: proxy request failed, cannot connect to the specified address \(connection to 127\.0\.0\.1:\d+ was refused by the platform's egress policy: 127\.0\.0\.1 is a loopback address\)$/);
          assert.equal(accepted, 0, 'the refusal came before any connection');
        } else {
          assert.deepEqual(body, { ok: true, value: { echoed: 'sandboxed', remoteAddress: '127.0.0.1', secureTransport: 'off' } });
          assert.equal(accepted, 1);
        }
      } finally {
        await server.close();
      }
    }
  } finally {
    await echoServer.close();
  }
});
