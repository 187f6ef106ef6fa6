// Compatibility suite, application 4 (test/compat/partyserver-chat): a chat room on Cloudflare's PartyServer
// (`Server extends DurableObject` from cloudflare:workers, routePartykitRequest, getServerByName), unchanged, with
// its wrangler.jsonc (durable_objects + migrations), driven by real WebSocket clients made with PartySocket (the
// library's own client, on ws): one room hibernates and keeps its messages in its SQLite, one counts connections in
// memory. Under `ledge dev` (thread isolation, then process isolation, the room evicted between messages) and under
// `ledge serve` (process isolation, the default).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PartySocket } from 'partysocket';
import WS from 'ws';
import { call, copyApp, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;
interface Message { id: string; user: string; content: string }
type Received = { type: 'reminder'; room: string; messages: number } | { type: 'all'; messages: Message[] } | { type: 'add' | 'update'; message: Message } | { type: 'error'; error: string } | { type: 'joined'; id: string; here: number } | { type: 'left'; id: string } | { type: 'here'; ids: string[] };

/** A PartySocket client that queues what it receives, parsed. */
class Client {
  readonly socket: PartySocket;
  readonly received: Received[] = [];
  #read = 0;
  #wake: (() => void)[] = [];

  constructor(origin: string, party: string, room: string, options: { host?: string; user?: string; id?: string; query?: Record<string, string> } = {}) {
    // `ledge serve` routes by Host: the client sends the deployment's hostname, as a browser would.
    const Socket = options.host ? hostWebSocket(options.host) : WS;
    this.socket = new PartySocket({ host: origin.replace(/^http:\/\//, ''), party, room, id: options.id, query: { ...options.query, ...(options.user ? { user: options.user } : {}) }, WebSocket: Socket, connectionTimeout: 60_000, maxRetries: 0 });
    this.socket.addEventListener('message', (event: MessageEvent) => {
      this.received.push(JSON.parse(String(event.data)) as Received);
      for (const wake of this.#wake.splice(0)) wake();
    });
  }

  get id(): string { return this.socket.id; }

  /** The next message not read yet (fails after 30 s, naming what came). */
  async next(): Promise<Received> {
    const end = Date.now() + 30_000;
    while (this.#read >= this.received.length) {
      assert.ok(Date.now() < end, `no message for ${this.id}; received ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => { this.#wake.push(resolve); setTimeout(resolve, 200); });
    }
    return this.received[this.#read++] as Received;
  }

  send(value: unknown): void { this.socket.send(typeof value === 'string' ? value : JSON.stringify(value)); }

  close(): void { this.socket.close(1000, 'bye'); }
}

function hostWebSocket(host: string): typeof WS {
  return class extends WS {
    constructor(url: string, protocols?: string | string[]) { super(url, protocols ?? [], { headers: { host } }); }
  } as unknown as typeof WS;
}

async function chat(origin: string, get: Fetch, host: string | undefined, room: string, evict?: () => Promise<void>): Promise<void> {
  const ann = new Client(origin, 'chat', room, { host, user: 'ann' });
  const bo = new Client(origin, 'chat', room, { host, user: 'bo' });
  try {
    assert.deepEqual(await ann.next(), { type: 'all', messages: [] });
    assert.deepEqual(await bo.next(), { type: 'all', messages: [] });

    ann.send({ type: 'add', id: 'm1', content: 'hello' });
    const hello = { type: 'add', message: { id: 'm1', user: 'ann', content: 'hello' } };
    assert.deepEqual(await ann.next(), hello, 'broadcast reaches the sender');
    assert.deepEqual(await bo.next(), hello, 'and every other connection');

    // getServerByName: an RPC (setName) then a method of the Server subclass, through the worker.
    const before = json<{ room: string; connections: number; of: number; messages: number; startedAt: number }>(await get(`/api/rooms/${room}?user=ann`));
    assert.deepEqual({ ...before, startedAt: 0 }, { room, connections: 2, of: 1, messages: 1, startedAt: 0 });

    if (evict) {
      // The room hibernates: its instance is dropped while the clients stay connected, and the next message
      // constructs it again (onStart reads the messages back from SQL).
      await evict();
      bo.send({ type: 'edit', id: 'm1', content: 'hello, edited' });
      const edited = { type: 'update', message: { id: 'm1', user: 'bo', content: 'hello, edited' } };
      assert.deepEqual(await ann.next(), edited);
      assert.deepEqual(await bo.next(), edited);
      const after = json<{ startedAt: number; connections: number; messages: number }>(await get(`/api/rooms/${room}`));
      assert.ok(after.startedAt > before.startedAt, 'a new instance serves the room');
      assert.equal(after.connections, 2, 'the hibernated sockets are the new instance\'s');
      assert.equal(after.messages, 1);
    } else {
      bo.send({ type: 'edit', id: 'm1', content: 'hello, edited' });
      assert.deepEqual(await ann.next(), { type: 'update', message: { id: 'm1', user: 'bo', content: 'hello, edited' } });
      await bo.next();
    }

    // An alarm: PartyServer's alarm() finds the room's name (ctx.id.name) and calls onAlarm, which broadcasts.
    ann.send({ type: 'remind', inMs: 100 });
    assert.deepEqual(await ann.next(), { type: 'reminder', room, messages: 1 });
    assert.deepEqual(await bo.next(), { type: 'reminder', room, messages: 1 });

    bo.send('not json');
    assert.deepEqual(await bo.next(), { type: 'error', error: 'not JSON' });

    // onRequest answers plain HTTP to the same room.
    const listed = json<{ room: string; messages: Message[] }>(await get(`/parties/chat/${room}`));
    assert.deepEqual(listed, { room, messages: [{ id: 'm1', user: 'bo', content: 'hello, edited' }] });
    assert.equal((await get(`/parties/chat/${room}`, { method: 'POST', body: 'x' })).status, 405);
  } finally {
    ann.close();
    bo.close();
  }
  // A latecomer gets the history.
  const carol = new Client(origin, 'chat', room, { host, user: 'carol' });
  try {
    assert.deepEqual(await carol.next(), { type: 'all', messages: [{ id: 'm1', user: 'bo', content: 'hello, edited' }] });
    const stats = json<{ connections: number }>(await get(`/api/rooms/${room}`));
    assert.equal(stats.connections, 1, 'closed connections left the room');
  } finally {
    carol.close();
  }
}

async function presence(origin: string, host: string | undefined): Promise<void> {
  const first = new Client(origin, 'presence', 'here', { host, id: 'first' });
  assert.deepEqual(await first.next(), { type: 'joined', id: 'first', here: 1 });
  const second = new Client(origin, 'presence', 'here', { host, id: 'second' });
  try {
    assert.deepEqual(await first.next(), { type: 'joined', id: 'second', here: 2 });
    assert.deepEqual(await second.next(), { type: 'joined', id: 'second', here: 2 });
    first.send('who');
    assert.deepEqual(await first.next(), { type: 'here', ids: ['first', 'second'] });
    second.close();
    assert.deepEqual(await first.next(), { type: 'left', id: 'second' });
    first.send('who');
    assert.deepEqual(await first.next(), { type: 'here', ids: ['first'] });
  } finally {
    first.close();
    second.close();
  }
}

async function routing(get: Fetch, origin: string, host: string | undefined): Promise<void> {
  const unknown = await get('/parties/nobody/room');
  assert.equal(unknown.status, 400);
  assert.equal(unknown.body, 'Invalid request');
  assert.equal((await get('/elsewhere')).status, 404);
  // cors: true answers a preflight and adds the headers to plain responses.
  const preflight = await get('/parties/chat/lobby', { method: 'OPTIONS' });
  assert.equal(preflight.status, 200);
  assert.equal(preflight.headers['access-control-allow-origin'], '*');
  assert.equal((await get('/parties/chat/lobby')).headers['access-control-allow-origin'], '*');
  // onBeforeConnect refuses an upgrade with a plain response, which reaches the WebSocket client as its answer.
  const refused = await new Promise<number>((resolve, reject) => {
    const ws = new WS(`${origin.replace(/^http/, 'ws')}/parties/chat/private-room`, { headers: host ? { host } : {} });
    ws.once('unexpected-response', (_req, res) => { resolve(res.statusCode ?? 0); ws.terminate(); });
    ws.once('open', () => { ws.close(); reject(new Error('the upgrade was accepted')); });
    ws.once('error', () => undefined);
  });
  assert.equal(refused, 401);
  const admitted = new Client(origin, 'chat', 'private-room', { host, user: 'dee', query: { password: 'open sesame' } });
  try {
    assert.deepEqual(await admitted.next(), { type: 'all', messages: [] });
  } finally {
    admitted.close();
  }
}

const IDLE_MS = 400;

// ledge serve and the process isolation run, each on its own copy of the app, run while the thread isolation run
// and the ledge dev run after it (which reads its state back) go one after another: their eviction waits overlap.
test('a PartyServer chat runs unchanged under ledge dev (both isolations) and ledge serve', { timeout: 300_000, concurrency: true }, async (t) => {
  const served = t.test('ledge serve (process isolation): deployed with ledge deploy', async () => {
    const dir = copyApp('partyserver-chat');
    const platform = await startPlatform();
    try {
      const deployed = await platform.ledge(['deploy'], { cwd: dir });
      assert.match(deployed.out, /deployed partyserver-chat: version/);
      const host = hostOf('partyserver-chat');
      const get: Fetch = (p, init) => platform.visit(host, p, init);
      await chat(platform.serve.app, get, host, 'lobby');
      await presence(platform.serve.app, host);
      await routing(get, platform.serve.app, host);
    } finally {
      await platform.stop();
    }
  });
  const dir = copyApp('partyserver-chat');

  /** A ledge dev run of the rooms in `appDir`, as the developer's first session there. */
  const devRun = (appDir: string, isolation: 'thread' | 'process') =>
    t.test(`ledge dev, ${isolation} isolation: hibernating room through eviction, in-memory presence`, async () => {
      const output = await withDev(appDir, async (url) => {
        const get: Fetch = (p, init) => call(`${url}${p}`, init);
        await chat(url, get, undefined, `lobby-${isolation}`, () => new Promise((resolve) => setTimeout(resolve, IDLE_MS * 4)));
        await presence(url, undefined);
        await routing(get, url, undefined);
      }, { args: isolation === 'process' ? ['--isolation', 'process'] : [], env: { LEDGE_OBJECT_IDLE_MS: String(IDLE_MS) } });
      assert.match(output, /read wrangler\.jsonc/);
      assert.doesNotMatch(output, /Error in (Chat|Presence)/);
    });
  // The process isolation run needs nothing of the others: its own copy, at once with them.
  const processRun = devRun(copyApp('partyserver-chat'), 'process');
  await devRun(dir, 'thread');

  await t.test('ledge dev again: the rooms kept their messages in their SQLite', async () => {
    await withDev(dir, async (url) => {
      const carol = new Client(url, 'chat', 'lobby-thread', { user: 'carol' });
      try {
        assert.deepEqual(await carol.next(), { type: 'all', messages: [{ id: 'm1', user: 'bo', content: 'hello, edited' }] });
      } finally {
        carol.close();
      }
    });
  });
  await Promise.all([processRun, served]);
});
