// The host's side of outbound TCP, driven as a hostile isolate would drive it: the host is the bound on open
// sockets and on bytes in flight, whatever the isolate's own counts say, and malformed messages go nowhere.
import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { test } from 'node:test';
import { createLogger, createMemorySink } from '../../platform/logger.js';
import { toIsolateMessage } from '../sandbox/channel.js';
import { HostTcpSockets, TCP_SEND_HOLD_BYTES } from './host-tcp.js';
import { MAX_TCP_SOCKETS_PER_ISOLATE, TCP_CHUNK_BYTES, TCP_RECEIVE_WINDOW_BYTES, TCP_SEND_WINDOW_BYTES, type TcpHostMessage } from './protocol.js';

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function server(onSocket: (socket: Socket) => void): Promise<{ port: number; accepted: () => number; close(): Promise<void> }> {
  let accepted = 0;
  const sockets: Socket[] = [];
  const s = createServer((socket) => { accepted++; sockets.push(socket); socket.on('error', () => undefined); onSocket(socket); });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return { port: (s.address() as AddressInfo).port, accepted: () => accepted, close: () => new Promise((resolve) => { for (const x of sockets) x.destroy(); s.close(() => resolve()); }) };
}

function rig(check?: (host: string, port: number) => Promise<string>) {
  const sent: TcpHostMessage[] = [];
  const sink = createMemorySink();
  const host = new HostTcpSockets((m) => sent.push(m), createLogger(sink), check);
  return { host, sent, sink };
}

test(`the host opens at most ${MAX_TCP_SOCKETS_PER_ISOLATE} sockets per isolate, whatever the isolate asks`, async () => {
  const target = await server(() => undefined);
  const { host, sent } = rig();
  try {
    for (let cid = 1; cid <= MAX_TCP_SOCKETS_PER_ISOLATE + 8; cid++) host.receive({ t: 'tcp-connect', cid, hostname: '127.0.0.1', port: target.port, secureTransport: 'off' });
    await until(() => sent.filter((m) => m.t === 'tcp-opened').length === MAX_TCP_SOCKETS_PER_ISOLATE, 'the sockets to open');
    const refused = sent.filter((m) => m.t === 'tcp-closed');
    assert.equal(refused.length, 8);
    assert.match(refused[0]?.t === 'tcp-closed' ? refused[0].error?.message ?? '' : '', /^Too many open sockets: an isolate may have at most 32/);
    await until(() => target.accepted() === MAX_TCP_SOCKETS_PER_ISOLATE, 'the server to accept');
    assert.equal(host.size, MAX_TCP_SOCKETS_PER_ISOLATE);
    // Closing one makes room for one more.
    host.receive({ t: 'tcp-close', cid: 1 });
    host.receive({ t: 'tcp-connect', cid: 100, hostname: '127.0.0.1', port: target.port, secureTransport: 'off' });
    await until(() => sent.some((m) => m.t === 'tcp-opened' && m.cid === 100), 'the replacement to open');
  } finally {
    host.closeAll();
    await target.close();
  }
});

test('the host stops reading the network once a window of bytes waits for the isolate, and resumes on its acknowledgement', async () => {
  const total = 4 * TCP_RECEIVE_WINDOW_BYTES;
  const target = await server((socket) => socket.end(Buffer.alloc(total, 1)));
  const { host, sent } = rig();
  const received = () => sent.reduce((n, m) => n + (m.t === 'tcp-data' ? m.chunk.byteLength : 0), 0);
  try {
    host.receive({ t: 'tcp-connect', cid: 1, hostname: '127.0.0.1', port: target.port, secureTransport: 'off' });
    await until(() => received() >= TCP_RECEIVE_WINDOW_BYTES, 'a window of data');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Paused: at most the window plus what one read brought in (a socket read is at most 64 KiB).
    assert.ok(received() < TCP_RECEIVE_WINDOW_BYTES + 2 * TCP_CHUNK_BYTES, `${received()} bytes handed over without acknowledgement`);
    assert.ok(sent.every((m) => m.t !== 'tcp-data' || m.chunk.byteLength <= TCP_CHUNK_BYTES));
    let acked = 0;
    while (!sent.some((m) => m.t === 'tcp-eof')) {
      const now = received();
      if (now > acked) { host.receive({ t: 'tcp-ack', cid: 1, bytes: now - acked }); acked = now; }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.equal(received(), total);
  } finally {
    host.closeAll();
    await target.close();
  }
});

test('writes sent before the connection exists are delivered in order once it opens, and the refusal of a check comes before any connection', async () => {
  let got = '';
  const target = await server((socket) => socket.on('data', (d) => { got += d.toString(); }));
  let release!: (address: string) => void;
  const { host, sent } = rig((hostname, port) => {
    if (hostname === 'refused.test') return Promise.reject(new TypeError(`connection to ${hostname}:${port} was refused by the platform's egress policy: 127.0.0.1 is a loopback address`));
    return new Promise((resolve) => { release = resolve; });
  });
  try {
    host.receive({ t: 'tcp-connect', cid: 1, hostname: 'refused.test', port: target.port, secureTransport: 'off' });
    await until(() => sent.some((m) => m.t === 'tcp-closed' && m.cid === 1), 'the refusal');
    assert.match((sent.find((m) => m.t === 'tcp-closed') as { error: { message: string } }).error.message, /^proxy request failed, cannot connect to the specified address \(connection to refused\.test:\d+ was refused/);
    host.receive({ t: 'tcp-connect', cid: 2, hostname: 'checked.test', port: target.port, secureTransport: 'off' });
    host.receive({ t: 'tcp-write', cid: 2, chunk: new TextEncoder().encode('one ') });
    host.receive({ t: 'tcp-write', cid: 2, chunk: new TextEncoder().encode('two') });
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(target.accepted(), 0, 'nothing connects before the check answers');
    release('127.0.0.1');
    await until(() => got === 'one two', 'the early writes');
    assert.equal(target.accepted(), 1);
  } finally {
    host.closeAll();
    await target.close();
  }
});

test('malformed messages are dropped by the host and refused at the sandbox channel', () => {
  const { host, sent, sink } = rig();
  const bad = [
    { t: 'tcp-connect', cid: 1, hostname: 'x', port: 70000, secureTransport: 'off' },
    { t: 'tcp-connect', cid: 1, hostname: 'x'.repeat(300), port: 80, secureTransport: 'off' },
    { t: 'tcp-connect', cid: 1, hostname: 'x', port: 80, secureTransport: 'maybe' },
    { t: 'tcp-write', cid: 1, chunk: new Uint8Array(TCP_CHUNK_BYTES + 1) },
    { t: 'tcp-write', cid: 1, chunk: 'text' },
    { t: 'tcp-ack', cid: 1, bytes: -5 },
    { t: 'tcp-starttls', cid: 1, servername: 'x' },
    { t: 'tcp-close', cid: 'one' },
  ];
  for (const message of bad) {
    host.receive(message);
    assert.equal(toIsolateMessage(message), null, JSON.stringify(message).slice(0, 80));
  }
  assert.equal(sent.length, 0);
  assert.equal(host.size, 0);
  assert.equal(sink.records.filter((r) => /malformed tcp message/.test(r.message)).length, bad.length);
  const good = { t: 'tcp-starttls', cid: 1, next: 2, servername: 'db.example' };
  assert.deepEqual(toIsolateMessage(good), good);
});

// Red team: writes past the send window. The isolate's own code waits for `tcp-written`, but application code shares
// its realm and can post any message: 64 MB of writes to a peer that reads nothing (or to a connection still being
// made) were all held by the host. Now a socket whose writes the network has not taken pass TCP_SEND_HOLD_BYTES is
// closed with an error for the isolate and a warning; writes that keep to the window arrive whole at a slow reader.
test('writes past the send window that the network has not taken close the connection instead of being held', async () => {
  const target = await server((socket) => socket.pause());
  const { host, sent, sink } = rig();
  const chunk = new Uint8Array(TCP_CHUNK_BYTES);
  const closed = (cid: number) => sent.find((m) => m.t === 'tcp-closed' && m.cid === cid);
  try {
    // Before the connection exists (the early writes) and once it is open to a peer that reads nothing.
    host.receive({ t: 'tcp-connect', cid: 1, hostname: '127.0.0.1', port: target.port, secureTransport: 'off' });
    for (let i = 0; i < 1024 && !closed(1); i++) host.receive({ t: 'tcp-write', cid: 1, chunk });
    host.receive({ t: 'tcp-connect', cid: 2, hostname: '127.0.0.1', port: target.port, secureTransport: 'off' });
    await until(() => sent.some((m) => m.t === 'tcp-opened' && m.cid === 2), 'the second socket to open');
    for (let i = 0; i < 1024 && !closed(2); i++) host.receive({ t: 'tcp-write', cid: 2, chunk });
    for (const cid of [1, 2]) {
      const message = closed(cid);
      assert.ok(message?.t === 'tcp-closed', `socket ${cid} is closed`);
      assert.match(message.error?.message ?? '', new RegExp(`^the connection was closed: more than ${TCP_SEND_HOLD_BYTES} bytes were sent that the network had not taken`));
    }
    assert.equal(host.size, 0, 'neither socket is held');
    assert.equal(sink.records.filter((r) => /the isolate sent \d+ bytes the network has not taken, past its send window/.test(r.message)).length, 2);
    host.receive({ t: 'tcp-write', cid: 2, chunk });
    assert.equal(sent.filter((m) => m.t === 'tcp-closed').length, 2, 'a write after the close goes nowhere');
  } finally {
    host.closeAll();
    await target.close();
  }
});

test('writes that keep to the send window reach a slow reader whole', async () => {
  const total = 8 * TCP_SEND_WINDOW_BYTES;
  let got = 0;
  const target = await server((socket) => socket.on('data', (data: Buffer) => {
    got += data.byteLength;
    socket.pause();
    setTimeout(() => socket.resume(), 2);
  }));
  const { host, sent } = rig();
  try {
    host.receive({ t: 'tcp-connect', cid: 1, hostname: '127.0.0.1', port: target.port, secureTransport: 'off' });
    let written = 0;
    let outstanding = 0;
    let confirmed = 0;
    while (written < total) {
      const now = sent.reduce((n, m) => n + (m.t === 'tcp-written' ? m.bytes : 0), 0);
      outstanding -= now - confirmed;
      confirmed = now;
      if (outstanding >= TCP_SEND_WINDOW_BYTES) { await new Promise((resolve) => setTimeout(resolve, 2)); continue; }
      host.receive({ t: 'tcp-write', cid: 1, chunk: new Uint8Array(TCP_CHUNK_BYTES) });
      written += TCP_CHUNK_BYTES;
      outstanding += TCP_CHUNK_BYTES;
    }
    await until(() => got === total, 'every byte to arrive', 30_000);
    assert.ok(!sent.some((m) => m.t === 'tcp-closed'), 'the connection stays open');
  } finally {
    host.closeAll();
    await target.close();
  }
});
