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
