/**
 * A chat room object for the output gate on WebSocket frames (test/coordination-websockets-gate.test.ts) and for
 * its sockets across a restart of the platform (test/coordination-websockets-restart.test.ts): it writes
 * then sends, on hibernatable sockets (`/hib`) and on plain `accept()`ed ones (`/plain`). Each broadcast carries a
 * sequence number the object assigns in memory, so a client sees whether frames kept their order.
 */
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';

export const GATE_APP = `
import { DurableObject } from 'cloudflare:workers';
export class Chat extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.seq = 0;
    this.plain = new Set();
  }
  async fetch(request) {
    const url = new URL(request.url);
    if (request.headers.get('upgrade') !== 'websocket') return new Response('expected a websocket', { status: 426 });
    const [client, server] = Object.values(new WebSocketPair());
    const name = url.searchParams.get('name') ?? 'anon';
    if (url.pathname === '/plain') {
      server.accept();
      this.plain.add(server);
      server.addEventListener('message', (event) => this.handle(server, event.data));
      server.addEventListener('close', () => this.plain.delete(server));
    } else {
      this.ctx.acceptWebSocket(server, [name]);
    }
    // Written, then sent before the 101 leaves: the welcome waits for the write and must still reach the client.
    if (url.searchParams.get('write') === '1') this.ctx.storage.put('joined ' + name, name);
    server.send('welcome ' + name);
    return new Response(null, { status: 101, webSocket: client });
  }
  webSocketMessage(ws, message) { this.handle(ws, message); }
  webSocketClose(ws, code, reason) { try { ws.close(code, reason); } catch {} }
  sockets() { return this.plain.size ? [...this.plain] : this.ctx.getWebSockets(); }
  broadcast(text) { for (const ws of this.sockets()) { try { ws.send(text); } catch {} } }
  handle(ws, message) {
    const [verb, arg] = String(message).split(' ');
    switch (verb) {
      case 'say': { const seq = ++this.seq; this.ctx.storage.put('seq', seq); this.broadcast(seq + ' ' + arg); return; }
      case 'quiet': { const seq = ++this.seq; this.broadcast(seq + ' ' + arg); return; }
      case 'loose': { const seq = ++this.seq; this.ctx.storage.put('loose', seq, { allowUnconfirmed: true }); this.broadcast(seq + ' ' + arg); return; }
      case 'fill': { this.ctx.storage.put('fill ' + arg, 'x'.repeat(100000)); this.broadcast('filled ' + arg); return; }
      case 'count': { ws.send('count ' + this.ctx.getWebSockets().length + ' ' + this.plain.size); return; }
      case 'fill-loose': { this.ctx.storage.put('fill ' + arg, 'x'.repeat(100000), { allowUnconfirmed: true }); this.broadcast('filled-loose ' + arg); return; }
    }
    ws.send('unknown ' + message);
  }
  async keys() { return [...(await this.ctx.storage.list({ prefix: 'fill ' })).keys()]; }
  async value(key) { return (await this.ctx.storage.get(key)) ?? null; }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const stub = env.CHAT.getByName(url.searchParams.get('room') ?? 'lobby');
    if (url.pathname === '/keys') return Response.json(await stub.keys());
    if (url.pathname === '/value') return Response.json(await stub.value(url.searchParams.get('key')));
    return stub.fetch(request);
  },
};`;

/** Its configuration: a SQLite-backed class (values up to 2 MB, so a few fill a small storage limit). */
export const GATE_CONFIG = { durable_objects: { bindings: [{ name: 'CHAT', class_name: 'Chat' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Chat'] }] };

/** A client that keeps what it receives and how it closed. */
export class Client {
  readonly ws: WebSocket;
  readonly received: string[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<[number, string]>;
  #wake: (() => void)[] = [];

  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers });
    this.ws.on('message', (data) => { this.received.push(data.toString()); this.#notify(); });
    this.opened = new Promise((resolve, reject) => { this.ws.once('open', () => resolve()); this.ws.once('error', reject); });
    this.closed = new Promise((resolve) => this.ws.once('close', (code, reason) => { this.#notify(); resolve([code, reason.toString()]); }));
  }

  #notify(): void { for (const wake of this.#wake.splice(0)) wake(); }

  /** Resolves once `done()` holds or the socket has closed. */
  async until(done: () => boolean): Promise<void> {
    while (!done() && this.ws.readyState !== WebSocket.CLOSED) await new Promise<void>((resolve) => this.#wake.push(resolve));
  }

  get isClosed(): boolean { return this.ws.readyState === WebSocket.CLOSED; }
}

/** Connects to a room and waits for its welcome (sent by the object after a write when `write`). */
export async function connect(base: string, path: string, room: string, name: string, write = false, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client(`${base}${path}?room=${room}&name=${name}${write ? '&write=1' : ''}`, headers);
  await client.opened;
  await client.until(() => client.received.includes(`welcome ${name}`));
  assert.ok(client.received.includes(`welcome ${name}`), `${name} got its welcome (sent after a write, before the 101 left)`);
  return client;
}
