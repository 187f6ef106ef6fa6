// A worker talking to a coordination object over the object's own socket (docs/bindings/coordination.md,
// WebSockets): `const res = await stub.fetch(upgrade); res.webSocket.accept(); res.webSocket.send(...)`. Messages go
// both ways, in order, text and binary; a close from either side reaches the other with its code and reason; for
// hibernatable and plain sockets of the object, in both isolations. Before, accept() on that socket threw. A plain
// socket's messages wait at the object's input gate (before, two messages interleaved at a storage read).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject } from './helpers.js';

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Room extends DurableObject {
  async fetch(request) {
    const mode = new URL(request.url).searchParams.get('mode');
    const [client, server] = Object.values(new WebSocketPair());
    if (mode === 'counted') {
      // Each message reads then writes the count: the input gate delivers the next only after the read's continuation.
      server.accept();
      server.addEventListener('message', async (event) => {
        const n = ((await this.ctx.storage.get('n')) ?? 0) + 1;
        await this.ctx.storage.put('n', n);
        server.send('counted ' + event.data + ' ' + n);
      });
    } else if (mode === 'plain') {
      server.accept();
      server.addEventListener('message', async (event) => {
        if (event.data === 'close-me') { server.close(4001, 'as asked'); return; }
        if (typeof event.data !== 'string') { server.send(event.data); return; }
        this.n = (this.n ?? 0) + 1;
        server.send('plain ' + event.data + ' ' + this.n);
      });
      server.addEventListener('close', (event) => { void this.ctx.storage.put('closed', { code: event.code, reason: event.reason, wasClean: event.wasClean }); });
    } else {
      this.ctx.acceptWebSocket(server, ['worker']);
      server.send('welcome');
    }
    return new Response(null, { status: 101, webSocket: client, headers: { 'x-room': mode } });
  }
  async webSocketMessage(ws, message) {
    if (message === 'close-me') { ws.close(4001, 'as asked'); return; }
    if (typeof message !== 'string') { ws.send(message); return; }
    ws.send('hibernatable ' + message + ' ' + this.ctx.getWebSockets('worker').length);
  }
  async webSocketClose(ws, code, reason, wasClean) { await this.ctx.storage.put('closed', { code, reason, wasClean }); }
  async closed() { return (await this.ctx.storage.get('closed')) ?? null; }
}

/** Opens the room's socket from the worker and accepts it; resolves the messages and the close as they come. */
async function open(env, name, mode) {
  const res = await env.ROOMS.getByName(name).fetch('http://room/?mode=' + mode, { headers: { upgrade: 'websocket' } });
  const ws = res.webSocket;
  ws.accept();
  const got = [];
  let wake = () => {};
  let closed = null;
  ws.addEventListener('message', (event) => { got.push(typeof event.data === 'string' ? event.data : 'bytes ' + new Uint8Array(event.data).join(',')); wake(); });
  ws.addEventListener('close', (event) => { closed = { code: event.code, reason: event.reason, wasClean: event.wasClean, state: ws.readyState }; wake(); });
  const until = async (done) => { while (!done()) await new Promise((resolve) => { wake = resolve; }); };
  return { res, ws, got, until, closed: () => closed };
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const mode = url.searchParams.get('mode');
    const name = mode + '-' + url.searchParams.get('room');
    if (url.pathname === '/closed') return Response.json(await env.ROOMS.getByName(name).closed());
    const room = await open(env, name, mode);
    const first = mode === 'plain' ? 0 : 1;
    if (url.pathname === '/talk') {
      let again;
      try { room.ws.accept(); again = 'accepted twice'; } catch (e) { again = e.constructor.name + ': ' + e.message; }
      room.ws.send('a');
      room.ws.send('b');
      room.ws.send(new Uint8Array([1, 2, 3]));
      await room.until(() => room.got.length >= first + 3);
      room.ws.close(1000, 'done');
      await room.until(() => room.closed() !== null);
      return Response.json({ status: room.res.status, header: room.res.headers.get('x-room'), got: room.got, closed: room.closed(), again });
    }
    if (url.pathname === '/counted') {
      for (const m of ['a', 'b', 'c', 'd']) room.ws.send(m);
      await room.until(() => room.got.length >= 4);
      room.ws.close(1000, 'done');
      return Response.json({ got: room.got });
    }
    if (url.pathname === '/kicked') {
      room.ws.send('close-me');
      await room.until(() => room.closed() !== null);
      let sendAfter;
      try { room.ws.send('late'); sendAfter = 'sent'; } catch (e) { sendAfter = e.message; }
      return Response.json({ got: room.got, closed: room.closed(), sendAfter });
    }
    if (url.pathname === '/return-accepted') return new Response(null, { status: 101, webSocket: room.ws });
    return new Response('?', { status: 404 });
  },
};`;

const CONFIG = { durable_objects: { bindings: [{ name: 'ROOMS', class_name: 'Room' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Room'] }] };

for (const isolation of ['thread', 'process'] as const) {
  test(`a worker talks to an object over the socket its stub's fetch returned (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const server = await startProject(makeProject({ 'src/index.js': APP }, CONFIG), { isolation });
    t.after(() => server.close());
    const get = async (path: string) => {
      const res = await server.request(new Request(`http://app.test${path}`));
      const text = await res.text();
      assert.equal(res.status, 200, `${path}: ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };

    const hibernatable = await get('/talk?mode=hibernatable&room=1');
    assert.deepEqual(hibernatable, {
      status: 101, header: 'hibernatable',
      got: ['welcome', 'hibernatable a 1', 'hibernatable b 1', 'bytes 1,2,3'],
      closed: { code: 1000, reason: 'done', wasClean: true, state: 3 },
      again: 'TypeError: accept(): this WebSocket was already accepted',
    });
    // The object saw the worker's close as a client's: its code and reason, clean.
    assert.deepEqual(await get('/closed?mode=hibernatable&room=1'), { code: 1000, reason: 'done', wasClean: true });

    const plain = await get('/talk?mode=plain&room=1');
    assert.deepEqual(plain.got, ['plain a 1', 'plain b 2', 'bytes 1,2,3'], 'in order');
    assert.deepEqual(plain.closed, { code: 1000, reason: 'done', wasClean: true, state: 3 });
    // The plain socket's close listener records it without being awaited: poll.
    let closed: unknown = null;
    for (let i = 0; i < 100 && closed === null; i++) {
      closed = await get('/closed?mode=plain&room=1');
      if (closed === null) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual(closed, { code: 1000, reason: 'done', wasClean: true });

    // A plain socket's messages wait at the object's input gate: a read then a write per message never interleave.
    assert.deepEqual((await get('/counted?mode=counted&room=1')).got, ['counted a 1', 'counted b 2', 'counted c 3', 'counted d 4']);

    // The object closes: the worker's socket gets its code and reason and is closed.
    for (const mode of ['hibernatable', 'plain']) {
      const kicked = await get(`/kicked?mode=${mode}&room=2`);
      assert.deepEqual(kicked.closed, { code: 4001, reason: 'as asked', wasClean: true, state: 3 }, mode);
      assert.equal(kicked.sendAfter, 'Can\'t call WebSocket send() after close().', `${mode} (workerd's text)`);
    }

    // An accepted socket is the worker's: it cannot be handed on in a Response.
    const handed = await server.request(new Request('http://app.test/return-accepted?mode=hibernatable&room=3'));
    assert.notEqual(handed.status, 101);
  });
}
