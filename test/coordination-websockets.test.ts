// WebSockets held by coordination objects (docs/bindings/coordination.md, WebSockets), against a real `ledge dev`
// process in both isolations: a chat room of 50 clients through eviction (LEDGE_OBJECT_IDLE_MS makes it happen
// soon), hibernation wake-up with tags and attachments, auto-responses without waking, close and error paths,
// and a plain accept()ed socket that keeps its instance in memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import { runCli, type CliProcess } from './cli.js';
import { makeProject, tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { ROOM_APP, ROOM_CONFIG } from './coordination-websockets-app.js';

const IDLE_MS = 300;

/** A WebSocket client that queues what it receives. */
export class Client {
  readonly ws: WebSocket;
  readonly received: string[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<[number, string]>;
  #waiters: (() => void)[] = [];
  #read = 0;

  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers });
    this.ws.on('message', (data, isBinary) => {
      this.received.push(isBinary ? `binary:${[...(data as Buffer)].join(',')}` : data.toString());
      for (const wake of this.#waiters.splice(0)) wake();
    });
    this.opened = new Promise((resolve, reject) => { this.ws.once('open', () => resolve()); this.ws.once('error', reject); this.ws.once('unexpected-response', (_req, res) => { let body = ''; res.on('data', (chunk: Buffer) => { body += chunk.toString(); }); res.on('end', () => reject(new Error(`status ${res.statusCode}: ${body}`))); }); });
    this.closed = new Promise((resolve) => this.ws.once('close', (code, reason) => resolve([code, reason.toString()])));
  }

  /** The next message not read yet. */
  async next(): Promise<string> {
    while (this.#read >= this.received.length) await new Promise<void>((resolve) => this.#waiters.push(resolve));
    return this.received[this.#read++] as string;
  }

  /** Waits until `count` messages in all were received. */
  async until(count: number): Promise<void> {
    while (this.received.length < count) await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  send(data: string | Buffer): void { this.ws.send(data); }
}

async function startDev(dir: string, isolation: 'thread' | 'process'): Promise<CliProcess & { url: string }> {
  const proc = runCli(['dev', dir, '--port', '0', ...(isolation === 'process' ? ['--isolation', 'process'] : [])], { env: { LEDGE_OBJECT_IDLE_MS: String(IDLE_MS) } });
  const match = await proc.waitFor(/ready on (http:\/\/\S+)/, 60_000);
  return Object.assign(proc, { url: match[1] as string });
}

/** The item at `i`, which the test made. */
function at<T>(items: T[], i: number): T {
  const item = items[i];
  assert.ok(item !== undefined, `no item ${i}`);
  return item;
}

/** The status and body of an upgrade the server refused. */
function refusal(url: string): Promise<[number, string]> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => { ws.terminate(); reject(new Error('the upgrade was accepted')); });
    ws.once('error', () => undefined);
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      res.on('end', () => resolve([res.statusCode ?? 0, body]));
    });
  });
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const isolation of ['thread', 'process'] as const) {
  test(`a chat room object holds 50 hibernatable WebSockets through its eviction (${isolation} isolation)`, { timeout: 180_000 }, async () => {
    const dev = await startDev(makeProject({ 'src/index.js': ROOM_APP }, ROOM_CONFIG), isolation);
    const ws = dev.url.replace(/^http/, 'ws');
    const clients: Client[] = [];
    try {
      for (let i = 0; i < 50; i++) clients.push(new Client(`${ws}/chat?room=lobby&name=u${i}${i % 10 === 0 ? '&tag=vip&tag=u' + i : ''}`));
      await Promise.all(clients.map((c) => c.opened));
      for (const [i, c] of clients.entries()) assert.equal(await c.next(), `welcome u${i}`);

      // Five members talk at once; every member sees every line, each speaker's lines in order, all in one order.
      const chat = async (round: string) => {
        const speakers = [0, 7, 13, 29, 49];
        const base = clients.map((c) => c.received.length);
        for (let n = 0; n < 10; n++) for (const s of speakers) at(clients, s).send(`${round}-${n}`);
        await Promise.all(clients.map((c, i) => c.until((base[i] ?? 0) + 50)));
        const seen = clients.map((c, i) => c.received.slice((base[i] ?? 0), (base[i] ?? 0) + 50));
        for (const lines of seen) assert.deepEqual(lines, seen[0], 'every client saw the same lines in the same order');
        for (const s of speakers) assert.deepEqual((seen[0] ?? []).filter((l) => l.startsWith(`u${s}: `)), Array.from({ length: 10 }, (_, n) => `u${s}: ${round}-${n}`));
        return seen;
      };
      await chat('a');
      for (const c of clients) { for (let k = 0; k < 50; k++) await c.next(); }

      at(clients, 3).send('whoami');
      const before = JSON.parse(await at(clients, 3).next()) as { instance: number; count: number };
      assert.equal(before.count, 50);

      // Idle past LEDGE_OBJECT_IDLE_MS: the instance is evicted while the host keeps the 50 connections.
      await settle(IDLE_MS * 5);
      at(clients, 10).send('whoami');
      const woken = JSON.parse(await at(clients, 10).next()) as Record<string, unknown>;
      assert.equal(woken['instance'], before.instance + 1, 'the next message constructed the object again');
      assert.deepEqual(woken, { name: 'u10', joined: 10, tags: ['vip', 'u10'], instance: before.instance + 1, known: 'u10', auto: null, pair: null, count: 50, tagged: 5 });

      await settle(IDLE_MS * 5);
      await chat('b');
      for (const c of clients) { for (let k = 0; k < 50; k++) await c.next(); }
      assert.ok(clients.every((c) => c.ws.readyState === WebSocket.OPEN), 'no client was disconnected by the evictions');

      // Close paths: a client's clean close, the object's close, and a connection lost without a close frame.
      at(clients, 1).ws.close(4001, 'done for today');
      assert.deepEqual(await at(clients, 1).closed, [4001, 'done for today']);
      for (const c of clients.filter((_, i) => i !== 1)) assert.equal(await c.next(), 'left u1');
      at(clients, 2).send('bye');
      assert.deepEqual(await at(clients, 2).closed, [4000, 'bye u2']);
      for (const c of clients.filter((_, i) => i > 2)) assert.equal(await c.next(), 'left u2');
      at(clients, 5).ws.terminate();
      for (const c of clients.filter((_, i) => i > 2 && i !== 5)) assert.equal(await c.next(), 'left u5');
      const record = await (await fetch(`${dev.url}/record?room=lobby`)).json();
      assert.deepEqual(record, {
        'closed u1': { code: 4001, reason: 'done for today', wasClean: true, state: 3 },
        'closed u2': { code: 4000, reason: 'bye u2', wasClean: true, state: 3 },
        'closed u5': { code: 1006, reason: '', wasClean: false, state: 3 },
        'error u5': 'the WebSocket connection was lost',
      });

      // A message over 1 MiB: the platform closes the connection with 1009 and the object hears of it.
      at(clients, 8).send('x'.repeat(1024 * 1024 + 1));
      assert.equal((await at(clients, 8).closed)[0], 1009);
      for (const c of clients.filter((_, i) => i > 2 && i !== 5 && i !== 8)) assert.equal(await c.next(), 'left u8');
      const after = await (await fetch(`${dev.url}/record?room=lobby`)).json() as Record<string, { code: number; wasClean: boolean } | string>;
      assert.equal(typeof after['error u8'], 'string', 'webSocketError() was called');
      assert.ok(typeof after['closed u8'] === 'object' && after['closed u8'].code >= 1006, 'webSocketClose() was called');

      // A handler that throws is logged; the socket stays usable.
      at(clients, 6).send('throw');
      at(clients, 6).send('echo');
      assert.equal(await at(clients, 6).next(), 'echo');
      await dev.waitFor(/webSocketMessage\(\) of object .* threw: Error: boom from the room/);
      at(clients, 6).send(Buffer.from([1, 2, 3]));
      assert.equal(await at(clients, 6).next(), 'binary:1,2,3');
    } finally {
      for (const c of clients) c.ws.terminate();
      dev.child.kill('SIGINT');
      await dev.exited;
    }
  });

  test(`auto-responses are answered without waking the object; limits of tags and attachments (${isolation} isolation)`, { timeout: 120_000 }, async () => {
    const dev = await startDev(makeProject({ 'src/index.js': ROOM_APP }, ROOM_CONFIG), isolation);
    const ws = dev.url.replace(/^http/, 'ws');
    const clients: Client[] = [];
    try {
      const a = new Client(`${ws}/auto?room=auto&name=a`);
      clients.push(a);
      await a.opened;
      assert.equal(await a.next(), 'welcome a');
      a.send('whoami');
      const first = JSON.parse(await a.next()) as { instance: number; auto: unknown; pair: unknown };
      assert.equal(first.auto, null);
      assert.equal(first.pair, 'pong');
      await settle(IDLE_MS * 5);
      a.send('ping');
      assert.equal(await a.next(), 'pong');
      a.send('ping');
      assert.equal(await a.next(), 'pong');
      a.send('whoami');
      const after = JSON.parse(await a.next()) as { instance: number; auto: unknown; pair: unknown };
      assert.equal(after.instance, first.instance + 1, 'the pings did not construct the object; the whoami did, once');
      assert.equal(after.auto, true, 'getWebSocketAutoResponseTimestamp() saw the host\'s answers');
      assert.equal(after.pair, 'pong', 'the auto-response survived the eviction');

      a.send('big-attachment');
      assert.match(await a.next(), /^refused: A WebSocket 'attachment' cannot be larger than 16384 bytes\.'attachment' was 200\d\d bytes\.$/);
      a.send('rename');
      assert.equal(await a.next(), 'renamed');
      await settle(IDLE_MS * 5);
      a.send('whoami');
      assert.equal((JSON.parse(await a.next()) as { name: string }).name, 'a!', 'a changed attachment survives eviction');

      // A handler still running past the event timeout is canceled and the object reset: the next event gets a new instance
      // (without the timeout, the slow event would keep this instance in memory for 20 s).
      a.send('timeout 200');
      assert.equal(await a.next(), 'timeout 200');
      a.send('whoami');
      const beforeSlow = JSON.parse(await a.next()) as { instance: number };
      a.send('slow');
      await dev.waitFor(/webSocketMessage\(\) of object \w+ \(Room\) threw: Error: The WebSocket event ran past the object's event timeout of 200 ms/, 30_000);
      a.send('whoami');
      assert.ok((JSON.parse(await a.next()) as { instance: number }).instance > beforeSlow.instance, 'a new instance after the timeout');

      const tags = Array.from({ length: 11 }, (_, i) => `tag=t${i}`).join('&');
      assert.deepEqual(await refusal(`${ws}/chat?room=auto&name=b&${tags}`), [400, 'a Hibernatable WebSocket cannot have more than 10 tags']);
      assert.deepEqual(await refusal(`${ws}/try-accept?room=auto&name=c`), [400, '101 welcome c | echo']);
      assert.deepEqual(await refusal(`${ws}/chat?room=auto&name=b&tag=${'x'.repeat(257)}`), [400, `"${'x'.repeat(257)}" is longer than the max tag length (256 characters).`]);
    } finally {
      for (const c of clients) c.ws.terminate();
      dev.child.kill('SIGINT');
      await dev.exited;
    }
  });

  test(`a plain accept()ed socket keeps its object in memory while it is open (${isolation} isolation)`, { timeout: 120_000 }, async () => {
    const dev = await startDev(makeProject({ 'src/index.js': ROOM_APP }, ROOM_CONFIG), isolation);
    const ws = dev.url.replace(/^http/, 'ws');
    const c = new Client(`${ws}/plain?room=plain`);
    try {
      await c.opened;
      c.send('one');
      const first = await c.next();
      assert.match(first, /^plain one 1 \d+$/);
      await settle(IDLE_MS * 5);
      c.send('two');
      // Its listener still reaches storage: the instance was not evicted under it.
      assert.equal(await c.next(), first.replace('plain one 1', 'plain two 2'));
      c.ws.close(1000);
      await c.closed;
    } finally {
      c.ws.terminate();
      dev.child.kill('SIGINT');
      await dev.exited;
    }
  });
}

for (const isolation of ['thread', 'process'] as const) {
  test(`under ledge serve a deployment's room object holds hibernatable sockets through eviction (${isolation} isolation)`, { timeout: 120_000 }, async () => {
    // The platform runs in this process: its directories read the idle time when they are made.
    process.env['LEDGE_OBJECT_IDLE_MS'] = String(IDLE_MS);
    const p = await startTestPlatform(tempDir('ledge-objws-serve-'), undefined, { isolation });
    const clients: Client[] = [];
    try {
      const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/chat`, { body: deployBody(ROOM_APP, { edge_dev: true, ...ROOM_CONFIG }) });
      assert.equal(deployed.status, 200, deployed.text);
      const ws = p.appUrl.replace(/^http/, 'ws');
      for (let i = 0; i < 5; i++) clients.push(new Client(`${ws}/chat?room=serve&name=s${i}`, { host: 'chat.admin.ledge.localhost' }));
      await Promise.all(clients.map((c) => c.opened));
      for (const [i, c] of clients.entries()) assert.equal(await c.next(), `welcome s${i}`);
      at(clients, 0).send('whoami');
      const before = JSON.parse(await at(clients, 0).next()) as { instance: number };
      await settle(IDLE_MS * 5);
      at(clients, 4).send('hello');
      for (const c of clients) assert.equal(await c.next(), 's4: hello');
      at(clients, 4).send('whoami');
      const after = JSON.parse(await at(clients, 4).next()) as { instance: number; tags: string[]; count: number };
      assert.deepEqual([after.instance, after.tags, after.count], [before.instance + 1, ['s4'], 5]);

      // A new version replaces the isolate; the host keeps the sockets, and the new isolate's object gets them.
      const again = await p.call('PUT', `/accounts/${p.accountId}/deployments/chat`, { body: deployBody(`${ROOM_APP}\n// v2`, { edge_dev: true, ...ROOM_CONFIG }) });
      assert.equal(again.status, 200, again.text);
      at(clients, 2).send('after the deploy');
      for (const c of clients) assert.equal(await c.next(), 's2: after the deploy');
      at(clients, 2).send('whoami');
      const renewed = JSON.parse(await at(clients, 2).next()) as { instance: number; name: string; count: number };
      assert.deepEqual([renewed.instance, renewed.name, renewed.count], [1, 's2', 5], 'the first instance of the new isolate, with every socket');
      assert.ok(!p.logs.some((r) => /broke the channel protocol/.test(r.message)), 'no message was refused');
    } finally {
      for (const c of clients) c.ws.terminate();
      await p.close();
      delete process.env['LEDGE_OBJECT_IDLE_MS'];
    }
  });
}
