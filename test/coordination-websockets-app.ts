/** A chat room object holding its clients' WebSockets (hibernatable and plain), shared by the coordination WebSocket tests and bench. */
export const ROOM_APP = `
import { DurableObject } from 'cloudflare:workers';
let constructions = 0;
export class Room extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.instance = ++constructions;
    this.names = new Map();
    // What a room rebuilds after hibernation: its members from the sockets the host kept.
    for (const ws of ctx.getWebSockets()) this.names.set(ws, ws.deserializeAttachment().name);
  }
  async fetch(request) {
    const url = new URL(request.url);
    if (request.headers.get('upgrade') !== 'websocket') return new Response('expected a websocket', { status: 426 });
    const [client, server] = Object.values(new WebSocketPair());
    const name = url.searchParams.get('name') ?? 'anon';
    if (url.pathname === '/plain') {
      server.accept();
      server.addEventListener('message', async (event) => {
        const n = ((await this.ctx.storage.get('n')) ?? 0) + 1;
        await this.ctx.storage.put('n', n);
        server.send('plain ' + event.data + ' ' + n + ' ' + this.instance);
      });
      return new Response(null, { status: 101, webSocket: client });
    }
    if (url.pathname === '/auto') this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
    const tags = url.searchParams.getAll('tag');
    try {
      this.ctx.acceptWebSocket(server, tags.length ? tags : [name]);
    } catch (e) {
      return new Response(e.message, { status: 400 });
    }
    server.serializeAttachment({ name, joined: this.names.size });
    this.names.set(server, name);
    server.send('welcome ' + name);
    return new Response(null, { status: 101, webSocket: client, headers: { 'x-room': 'yes' } });
  }
  async webSocketMessage(ws, message) {
    if (typeof message !== 'string') { ws.send(message); return; }
    const att = ws.deserializeAttachment();
    if (message === 'whoami') {
      const auto = this.ctx.getWebSocketAutoResponseTimestamp(ws);
      ws.send(JSON.stringify({ name: att.name, joined: att.joined, tags: this.ctx.getTags(ws), instance: this.instance, known: this.names.get(ws) ?? null, auto: auto ? auto.getTime() > 0 : null, pair: this.ctx.getWebSocketAutoResponse()?.response ?? null, count: this.ctx.getWebSockets().length, tagged: this.ctx.getWebSockets('vip').length }));
      return;
    }
    if (message === 'echo') { ws.send('echo'); return; }
    if (message.startsWith('timeout ')) { this.ctx.setHibernatableWebSocketEventTimeout(Number(message.slice(8))); ws.send('timeout ' + this.ctx.getHibernatableWebSocketEventTimeout()); return; }
    if (message === 'slow') { await new Promise((resolve) => setTimeout(resolve, 20000)); return; }
    if (message === 'bye') { ws.close(4000, 'bye ' + att.name); return; }
    if (message === 'throw') throw new Error('boom from the room');
    if (message === 'big-attachment') { try { ws.serializeAttachment('x'.repeat(20000)); } catch (e) { ws.send('refused: ' + e.message); } return; }
    if (message === 'rename') { ws.serializeAttachment({ ...att, name: att.name + '!' }); ws.send('renamed'); return; }
    for (const other of this.ctx.getWebSockets()) other.send(att.name + ': ' + message);
  }
  async webSocketClose(ws, code, reason, wasClean) {
    const name = ws.deserializeAttachment().name;
    await this.ctx.storage.put('closed ' + name, { code, reason, wasClean, state: ws.readyState });
    for (const other of this.ctx.getWebSockets()) other.send('left ' + name);
  }
  async webSocketError(ws, error) {
    await this.ctx.storage.put('error ' + ws.deserializeAttachment().name, error.message);
  }
  async record() {
    return Object.fromEntries([...(await this.ctx.storage.list())].filter(([k]) => k.startsWith('closed ') || k.startsWith('error ')));
  }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const stub = env.ROOMS.getByName(url.searchParams.get('room') ?? 'lobby');
    if (url.pathname === '/record') return Response.json(await stub.record());
    if (url.pathname === '/try-accept') {
      // The worker talks to the object over the object's socket itself, then answers over HTTP.
      const answer = await stub.fetch(request);
      const ws = answer.webSocket;
      ws.accept();
      const got = [];
      await new Promise((resolve) => { ws.addEventListener('message', (e) => { got.push(e.data); if (got.length === 2) resolve(); }); ws.send('echo'); });
      ws.close(1000, 'done');
      return new Response(answer.status + ' ' + got.join(' | '), { status: 400 });
    }
    // The way chat-room applications forward an upgrade: the object's 101 response is the worker's.
    return stub.fetch(request);
  }
};`;

export const ROOM_CONFIG = {
  durable_objects: { bindings: [{ name: 'ROOMS', class_name: 'Room' }] },
  migrations: [{ tag: 'v1', new_sqlite_classes: ['Room'] }],
};
