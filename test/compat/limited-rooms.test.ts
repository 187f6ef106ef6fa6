// Compatibility suite: chat rooms with per-user rate limits on coordination objects used directly, as the original's
// Durable Objects docs write them (test/compat/limited-rooms, wrangler.toml, new_sqlite_classes): the WebSocket
// Hibernation API (acceptWebSocket with tags, serializeAttachment, getWebSockets by tag, getTags,
// setWebSocketAutoResponse, webSocketMessage/webSocketClose), the room evicted while its clients stay connected and
// woken by their next message or by its alarm; a sliding-window limiter per user in ctx.storage.sql, pruned by an
// alarm that re-arms while hits remain; getByName, idFromName and RPC on stubs. Under ledge dev (both isolations)
// and ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import WS from 'ws';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;
type Message = Record<string, unknown> & { type: string };

/** How long an idle room stays in memory in these runs (LEDGE_OBJECT_IDLE_MS), so eviction happens within the test. */
const IDLE_MS = 400;
/**
 * The limiter's window in these runs (the app's WINDOW_MS var, 1500 in its wrangler.toml). Ana's five hits span
 * several round trips (whispers, the ping's answer awaited): on a loaded machine with the three runs at once they
 * took more than 1.5 s, so the first had left the window before the fifth; the same checks hold for any window.
 */
const WINDOW_MS = 5000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A chat client: every JSON message it receives, in order, taken with `next`. */
class Client {
  readonly ws: WS;
  readonly opened: Promise<void>;
  #seen: Message[] = [];
  #waiting: (() => void) | undefined;
  texts: string[] = [];
  constructor(origin: string, room: string, user: string, host?: string) {
    this.ws = new WS(`${origin.replace(/^http/, 'ws')}/rooms/${room}/ws?user=${user}`, host ? { headers: { host } } : {});
    this.opened = new Promise((resolve, reject) => { this.ws.once('open', () => resolve()); this.ws.once('error', reject); });
    this.ws.on('message', (data) => {
      const text = String(data);
      this.texts.push(text);
      if (text !== 'pong') this.#seen.push(JSON.parse(text) as Message);
      this.#waiting?.();
    });
  }
  /** The next message of `type` (others before it are skipped), within 15 s. */
  async next(type: string): Promise<Message> {
    for (const end = Date.now() + 15_000; Date.now() < end;) {
      const at = this.#seen.findIndex((m) => m.type === type);
      if (at >= 0) return this.#seen.splice(0, at + 1).at(-1) as Message;
      await new Promise<void>((resolve) => { this.#waiting = resolve; setTimeout(resolve, 200); });
    }
    return assert.fail(`no "${type}" message; got ${JSON.stringify(this.#seen)}`);
  }
  send(message: unknown): void { this.ws.send(typeof message === 'string' ? message : JSON.stringify(message)); }
  async close(): Promise<void> {
    if (this.ws.readyState === WS.CLOSED) return;
    const closed = new Promise((resolve) => this.ws.once('close', resolve));
    this.ws.close(1000, 'bye');
    await closed;
  }
}

/** An upgrade the room refuses: its status. */
function refused(origin: string, path: string, host?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WS(`${origin.replace(/^http/, 'ws')}${path}`, host ? { headers: { host } } : {});
    ws.once('unexpected-response', (_req, res) => { resolve(res.statusCode ?? 0); ws.terminate(); });
    ws.once('open', () => { ws.close(); reject(new Error(`${path} was accepted`)); });
    ws.once('error', () => undefined);
  });
}

async function exercise(origin: string, get: Fetch, host?: string): Promise<void> {
  const room = `lobby-${Math.random().toString(36).slice(2, 8)}`;
  const ana = new Client(origin, room, 'ana', host);
  await ana.opened;
  assert.deepEqual(await ana.next('history'), { type: 'history', messages: [] });
  const bo = new Client(origin, room, 'bo', host);
  await bo.opened;
  await bo.next('history');
  assert.deepEqual(await ana.next('joined'), { type: 'joined', user: 'bo', present: ['ana', 'bo'] });
  assert.equal(await refused(origin, `/rooms/${room}/ws?user=ana`, host), 409, 'one socket per user, found by its tag');
  assert.equal(await refused(origin, `/rooms/${room}/ws?user=Ana!`, host), 400);
  assert.equal((await get(`/rooms/${room}/ws`)).status, 426);

  // Messages stored in SQL and broadcast; the limiter (5 per 1.5 s per user) counts down.
  ana.send({ type: 'say', text: 'hello' });
  assert.deepEqual(await bo.next('message'), { type: 'message', id: 1, user: 'ana', text: 'hello', remaining: 4 });
  assert.deepEqual(await ana.next('message'), { type: 'message', id: 1, user: 'ana', text: 'hello', remaining: 4 });
  ana.send('not json');
  assert.deepEqual(await ana.next('error'), { type: 'error', error: 'messages are JSON' });
  bo.send({ type: 'whisper', to: 'ana', text: 'psst' });
  assert.deepEqual(await ana.next('whisper'), { type: 'whisper', from: 'bo', text: 'psst' });
  bo.send({ type: 'whisper', to: 'cy', text: 'psst' });
  assert.deepEqual(await bo.next('error'), { type: 'error', error: 'cy is not here' });

  // The auto-response is answered by the platform.
  ana.send('ping');
  for (const end = Date.now() + 5_000; !ana.texts.includes('pong') && Date.now() < end;) await sleep(50);
  assert.ok(ana.texts.includes('pong'), 'ping answered with pong');

  // Past the limit: slowed down, with the time until the oldest hit leaves the window.
  for (let i = 2; i <= 5; i++) {
    ana.send({ type: 'say', text: `m${i}` });
    assert.deepEqual(await bo.next('message'), { type: 'message', id: i, user: 'ana', text: `m${i}`, remaining: 5 - i });
    await ana.next('message');
  }
  ana.send({ type: 'say', text: 'too many' });
  const slow = await ana.next('slow-down');
  assert.ok(typeof slow.retryAfterMs === 'number' && slow.retryAfterMs > 0 && slow.retryAfterMs <= WINDOW_MS, JSON.stringify(slow));
  assert.deepEqual(json(await get(`/rooms/${room}/history?limit=2`)), [{ id: 4, user: 'ana', text: 'm4' }, { id: 5, user: 'ana', text: 'm5' }]);

  // The limiter's alarm prunes the window's hits and stops re-arming once none remain.
  const limiter = await get('/limits/ana').then((a) => json<{ hits: number; alarm: number | null; prunes: number }>(a));
  assert.equal(limiter.hits, 5);
  assert.equal(typeof limiter.alarm, 'number');
  let state = limiter;
  for (const end = Date.now() + 15_000; (state.hits > 0 || state.alarm !== null) && Date.now() < end;) {
    await sleep(200);
    state = json(await get('/limits/ana'));
  }
  assert.deepEqual({ hits: state.hits, alarm: state.alarm }, { hits: 0, alarm: null }, JSON.stringify(state));
  assert.ok(state.prunes >= 1);
  ana.send({ type: 'say', text: 'allowed again' });
  assert.deepEqual(await bo.next('message'), { type: 'message', id: 6, user: 'ana', text: 'allowed again', remaining: 4 });

  // Idle past the eviction time: the room is dropped while both sockets stay open; the next message builds it again,
  // and the sockets' attachments and tags are still there.
  ana.send({ type: 'who' });
  const before = await ana.next('who');
  await sleep(IDLE_MS * 5);
  ana.send({ type: 'who' });
  const after = await ana.next('who');
  assert.deepEqual({ ...after, instance: undefined, lastPing: undefined }, { type: 'who', present: ['ana', 'bo'], you: 'ana', tags: ['ana'], instance: undefined, lastPing: undefined });
  assert.ok(typeof before.lastPing === 'string' && Date.parse(before.lastPing) <= Date.now(), `the ping's answer was noted: ${String(before.lastPing)}`);
  assert.equal(after.lastPing, before.lastPing, 'the auto-response time outlives the eviction');
  assert.ok((after.instance as number) > (before.instance as number), `the room was evicted and built again (${String(before.instance)} → ${String(after.instance)})`);

  // The room's alarm wakes it (evicted again meanwhile) and reaches the connected sockets.
  await sleep(IDLE_MS * 5);
  const announced = await get(`/rooms/${room}/announce`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'closing soon', delayMs: IDLE_MS * 3 }) });
  assert.equal(announced.status, 202, announced.body);
  assert.equal((await bo.next('announcement')).text, 'closing soon');
  assert.equal((await ana.next('announcement')).text, 'closing soon');

  // A client leaving: the others are told, and a newcomer gets the history from SQL.
  await bo.close();
  assert.deepEqual(await ana.next('left'), { type: 'left', user: 'bo', present: ['ana'] });
  const cy = new Client(origin, room, 'cy', host);
  await cy.opened;
  const history = await cy.next('history');
  assert.deepEqual((history.messages as { text: string }[]).map((m) => m.text), ['hello', 'm2', 'm3', 'm4', 'm5', 'allowed again']);
  await cy.close();
  await ana.close();

  // The HTTP API, limited by client address: three per window, then 429 with Retry-After.
  const pings = [];
  for (let i = 0; i < 4; i++) pings.push(await get('/ping'));
  assert.deepEqual(pings.slice(0, 3).map((p) => json(p)), [{ pong: true, remaining: 2 }, { pong: true, remaining: 1 }, { pong: true, remaining: 0 }]);
  assert.equal(pings[3]?.status, 429);
  const retryAfter = String(pings[3]?.headers['retry-after']);
  assert.match(retryAfter, /^[1-9]$/);
  assert.ok(Number(retryAfter) <= Math.ceil(WINDOW_MS / 1000), `Retry-After ${retryAfter} within the window`);
  assert.equal((await get('/nowhere')).status, 404);
}

/** A fresh copy of the app with the limiter's window of these runs. */
function appCopy(): string {
  const dir = copyApp('limited-rooms');
  editConfig(dir, 'wrangler.toml', 'WINDOW_MS = "1500"', `WINDOW_MS = "${WINDOW_MS}"`);
  return dir;
}

// The three runs go at once, each on its own copy of the app: most of each is waiting (the limiter's window, the
// rooms' eviction and alarms, startups), which overlaps instead of adding up.
test('chat rooms with hibernatable WebSockets and a SQL rate limiter with alarms run unchanged under ledge dev and ledge serve', { timeout: 240_000, concurrency: true }, async (t) => {
  const runs = (['thread', 'process'] as const).map((isolation) =>
    t.test(`ledge dev (${isolation})`, async () => {
      const dir = appCopy();
      const output = await withDev(dir, (url) => exercise(url, (p, init) => call(`${url}${p}`, init)), { args: ['--isolation', isolation, '--state', `${dir}/.ledge-${isolation}`], env: { LEDGE_OBJECT_IDLE_MS: String(IDLE_MS) } });
      // The alarm pruned ana's first five hits over its firings (each re-armed for the oldest hit left), and the
      // sixth unless the run ended first.
      const pruned = [...output.matchAll(/\[limited-rooms\] limiter ana: pruned (\d+) hit\(s\), retry 0/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      assert.ok(pruned === 5 || pruned === 6, output);
      assert.doesNotMatch(output, /Error in (ChatRoom|RateLimiter)|uncaught/i);
    }));

  runs.push(t.test('ledge serve, after ledge deploy', async () => {
    const dir = appCopy();
    const previous = process.env.LEDGE_OBJECT_IDLE_MS;
    process.env.LEDGE_OBJECT_IDLE_MS = String(IDLE_MS);
    const platform = await startPlatform();
    try {
      assert.match((await platform.ledge(['deploy'], { cwd: dir })).out, /deployed limited-rooms: version/);
      await exercise(platform.serve.app, (p, init) => platform.visit(hostOf('limited-rooms'), p, init), hostOf('limited-rooms'));
    } finally {
      await platform.stop();
      if (previous === undefined) delete process.env.LEDGE_OBJECT_IDLE_MS;
      else process.env.LEDGE_OBJECT_IDLE_MS = previous;
    }
  }));
  await Promise.all(runs);
});
