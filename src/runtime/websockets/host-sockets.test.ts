import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger, createMemorySink } from '../../platform/logger.js';
import { offerSocket } from '../../bindings/coordination/websockets-handoff.js';
import type { SocketHostMessage, SocketIsolateMessage } from './protocol.js';
import { HostSockets } from './host-sockets.js';
import type { WebSocket } from 'ws';

test('a claim of a token the host never made, or made and already used, closes the isolate\'s socket with 1006 and joins nothing', () => {
  const posted: SocketHostMessage[] = [];
  const sockets = new HostSockets((m) => posted.push(m), createLogger(createMemorySink()));
  sockets.receive({ t: 'ws-claim', sid: 1, token: 'guessed' });
  assert.deepEqual(posted, [{ t: 'ws-close', sid: 1, code: 1006, reason: '', clean: false }]);
  assert.equal(sockets.size, 0);

  const joined: WebSocket[] = [];
  const token = offerSocket({ attach: (ws) => joined.push(ws), refuse: () => assert.fail('refused') });
  sockets.receive({ t: 'ws-claim', sid: 2, token });
  assert.equal(joined.length, 1, 'the offered socket is joined to the isolate\'s');
  assert.equal(sockets.size, 1);
  sockets.receive({ t: 'ws-claim', sid: 3, token });
  assert.deepEqual(posted.at(-1), { t: 'ws-close', sid: 3, code: 1006, reason: '', clean: false }, 'a token is used once');
  // A malformed claim (the isolate is not trusted) is dropped.
  sockets.receive({ t: 'ws-claim', sid: 4, token: 5 } as unknown as SocketIsolateMessage);
  assert.equal(posted.length, 2);
});

test('what the isolate sends on a claimed socket reaches the object\'s end, and what the object sends reaches the isolate', async () => {
  const posted: SocketHostMessage[] = [];
  const sockets = new HostSockets((m) => posted.push(m), createLogger(createMemorySink()));
  let objectEnd: WebSocket | undefined;
  const token = offerSocket({ attach: (ws) => { objectEnd = ws; }, refuse: () => undefined });
  sockets.receive({ t: 'ws-claim', sid: 9, token });
  const atObject: string[] = [];
  objectEnd?.on('message', (raw: Buffer) => atObject.push(raw.toString()));
  sockets.receive({ t: 'ws-send', sid: 9, data: 'to the object' });
  objectEnd?.send('to the worker');
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(atObject, ['to the object']);
  assert.deepEqual(posted.filter((m) => m.t === 'ws-message'), [{ t: 'ws-message', sid: 9, data: 'to the worker' }]);
  objectEnd?.close(4000, 'over');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(posted.filter((m) => m.t === 'ws-close'), [{ t: 'ws-close', sid: 9, code: 4000, reason: 'over', clean: true }]);
});

test('an isolate that sends past its send buffer (16 MiB the network has not taken) gets its socket closed with 1011; the host holds no more', () => {
  const posted: SocketHostMessage[] = [];
  const sink = createMemorySink();
  const sockets = new HostSockets((m) => posted.push(m), createLogger(sink));
  const target = sockets.target(7);
  assert.ok(target);
  // Before the client's connection joins, what the isolate sends is held: 16 MiB is its whole send buffer.
  const mib = new Uint8Array(1024 * 1024);
  for (let i = 0; i < 16; i++) sockets.receive({ t: 'ws-send', sid: 7, data: mib });
  assert.equal(posted.length, 0, 'within the send buffer nothing is refused');
  // An honest isolate's send() would have thrown here (socket.ts); this one sends anyway.
  sockets.receive({ t: 'ws-send', sid: 7, data: 'one byte too many' });
  assert.deepEqual(posted, [{ t: 'ws-close', sid: 7, code: 1011, reason: 'send buffer overrun', clean: false }]);
  assert.equal(sockets.size, 0, 'the socket and what it held are gone');
  assert.ok(sink.records.some((r) => r.level === 'warn' && /websocket 7: the isolate sent more than 16777216 bytes the network has not taken/.test(r.message)));
  // Later sends on it find nothing.
  sockets.receive({ t: 'ws-send', sid: 7, data: mib });
  assert.equal(posted.length, 1);
});

test('a socket whose peer reads keeps sending far past 16 MiB: bytes the network took no longer count', async () => {
  const posted: SocketHostMessage[] = [];
  const sockets = new HostSockets((m) => posted.push(m), createLogger(createMemorySink()));
  let objectEnd: WebSocket | undefined;
  const token = offerSocket({ attach: (ws) => { objectEnd = ws; }, refuse: () => undefined });
  sockets.receive({ t: 'ws-claim', sid: 3, token });
  let received = 0;
  objectEnd?.on('message', (raw: Buffer) => { received += raw.byteLength; });
  const mib = new Uint8Array(1024 * 1024);
  // As an honest isolate would: send while less than 16 MiB is reported undrained.
  let drained = 0;
  for (let sent = 0; sent < 40;) {
    const undrained = sent * mib.byteLength - drained;
    if (undrained + mib.byteLength <= 16 * 1024 * 1024) {
      sockets.receive({ t: 'ws-send', sid: 3, data: mib });
      sent++;
    } else await new Promise((resolve) => setImmediate(resolve));
    drained = posted.filter((m) => m.t === 'ws-drained').reduce((n, m) => n + (m as { bytes: number }).bytes, 0);
  }
  for (let i = 0; i < 100 && received < 40 * mib.byteLength; i++) await new Promise((resolve) => setImmediate(resolve));
  assert.equal(received, 40 * mib.byteLength);
  assert.equal(posted.filter((m) => m.t === 'ws-close').length, 0);
});

test('an isolate\'s sockets together hold at most 128 MiB unsent, each message counted with its cost: the socket that passes it closes with 1011, and what a closed socket held is given back', () => {
  const posted: SocketHostMessage[] = [];
  const sink = createMemorySink();
  const sockets = new HostSockets((m) => posted.push(m), createLogger(sink));
  // Eight sockets whose clients read nothing, each within its own 16 MiB send buffer: 120 MiB held.
  const mib = new Uint8Array(1024 * 1024);
  const targets = [];
  for (let sid = 1; sid <= 9; sid++) targets.push(sockets.target(sid));
  for (let sid = 1; sid <= 8; sid++) for (let i = 0; i < 15; i++) sockets.receive({ t: 'ws-send', sid, data: mib });
  assert.equal(posted.length, 0, 'within every bound nothing is refused');
  // The ninth socket, well within its own buffer, would take the isolate past 128 MiB.
  for (let i = 0; i < 9; i++) sockets.receive({ t: 'ws-send', sid: 9, data: mib });
  assert.deepEqual(posted, [{ t: 'ws-close', sid: 9, code: 1011, reason: 'send buffer overrun', clean: false }]);
  assert.ok(sink.records.some((r) => r.level === 'warn' && /websocket 9: the isolate's sockets together hold more than 134217728 bytes/.test(r.message)));
  // A socket that goes (its client refused) gives back what it held: another can send again.
  targets[0]?.refuse('the client went away');
  sockets.receive({ t: 'ws-send', sid: 2, data: 'still fits' });
  for (let i = 0; i < 8; i++) sockets.receive({ t: 'ws-send', sid: 3, data: new Uint8Array(1) });
  assert.equal(posted.filter((m) => m.t === 'ws-close' && m.code === 1011).length, 1);
});

test('a flood of one-byte messages to a client that reads nothing is bounded by their count, not only their bytes', () => {
  const posted: SocketHostMessage[] = [];
  const sockets = new HostSockets((m) => posted.push(m), createLogger(createMemorySink()));
  sockets.target(5);
  const one = new Uint8Array(1);
  let sent = 0;
  // 16 MiB of one-byte messages would be 16 million held sends; the count bounds it near half a million.
  while (posted.length === 0 && sent < 2_000_000) {
    sockets.receive({ t: 'ws-send', sid: 5, data: one });
    sent++;
  }
  assert.deepEqual(posted, [{ t: 'ws-close', sid: 5, code: 1011, reason: 'send buffer overrun', clean: false }]);
  assert.ok(sent < 600_000, `closed after ${sent} messages`);
  assert.equal(sockets.size, 0);
});
