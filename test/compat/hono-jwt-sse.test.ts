// Compatibility suite: chat rooms on Hono (test/compat/hono-jwt-sse, wrangler.toml): hono/jwt tokens signed with a
// secret from .dev.vars or `ledge secret put`, read from the Authorization header or a cookie; sessions in KV a
// sign-out revokes; hono/cors with credentials for an origin from a var; messages in D1 through c.env; and
// hono/streaming's streamSSE, read live over HTTP while another client posts, resumed with Last-Event-ID, and cut
// off by a client that goes away. Under ledge dev (both isolations) and ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { runCli } from '../cli.js';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

/** Where the app answers: a base URL, and the Host header `ledge serve` routes by. */
interface Site { base: string; host?: string }
interface Message { id: number; room: string; author: string; body: string; created_at: string }
interface SseEvent { event: string; data: string; id?: string }

const get = (site: Site, pathname: string, init: Parameters<typeof call>[1] = {}): Promise<Answer> => call(`${site.base}${pathname}`, { ...init, ...(site.host ? { host: site.host } : {}) });

/** An event stream read as it arrives: `next()` answers each event in turn. */
class EventStream {
  private buffer = '';
  private readonly events: SseEvent[] = [];
  private waiting: (() => void) | undefined;
  private ended = false;
  constructor(readonly response: IncomingMessage, private readonly req: ClientRequest) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.buffer += chunk;
      let cut;
      while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
        const block = this.buffer.slice(0, cut);
        this.buffer = this.buffer.slice(cut + 2);
        const event: SseEvent = { event: 'message', data: '' };
        for (const line of block.split('\n')) {
          const [field, ...rest] = line.split(': ');
          const value = rest.join(': ');
          if (field === 'event') event.event = value;
          else if (field === 'data') event.data = value;
          else if (field === 'id') event.id = value;
        }
        this.events.push(event);
      }
      this.waiting?.();
    });
    response.on('end', () => { this.ended = true; this.waiting?.(); });
  }

  static open(site: Site, pathname: string, headers: Record<string, string>): Promise<EventStream> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${site.base}${pathname}`, { headers: { ...headers, ...(site.host ? { host: site.host } : {}) } }, (res) => resolve(new EventStream(res, req)));
      req.on('error', reject);
      req.end();
    });
  }

  async next(): Promise<SseEvent> {
    for (const end = Date.now() + 20_000; Date.now() < end;) {
      const event = this.events.shift();
      if (event) return event;
      if (this.ended) return assert.fail('the event stream ended');
      await new Promise<void>((resolve) => { this.waiting = resolve; setTimeout(resolve, 500); });
    }
    return assert.fail('no event within 20 s');
  }

  async endsAfter(): Promise<void> {
    while (!this.ended) await new Promise<void>((resolve) => { this.waiting = resolve; setTimeout(resolve, 500); });
    assert.deepEqual(this.events, []);
  }

  close(): void { this.req.destroy(); }
}

/** A token with the claims the app signs, but made with `key` (not the app's secret) and the header `header`. */
function forge(key: string, header: Record<string, string> = { alg: 'HS256', typ: 'JWT' }): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode(header)}.${encode({ sub: 'admin', jti: 'x', role: 'admin', exp: Math.floor(Date.now() / 1000) + 600 })}`;
  return `${body}.${header.alg === 'none' ? '' : createHmac('sha256', key).update(body).digest('base64url')}`;
}

async function exercise(site: Site): Promise<void> {
  const send = (method: string, pathname: string, body: unknown, headers: Record<string, string> = {}) => get(site, pathname, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  assert.equal((await get(site, '/')).body, 'hono-rooms');

  // Signing in.
  assert.equal((await send('POST', '/auth/token', {})).status, 400);
  assert.deepEqual(json(await send('POST', '/auth/token', { user: 'Ana!' })), { error: 'user must be 2-32 lowercase letters, digits or _' });
  const signedIn = await send('POST', '/auth/token', { user: 'ana' });
  const { token } = json<{ token: string }>(signedIn);
  assert.equal(JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()).alg, 'HS256');
  assert.match(String(signedIn.headers['set-cookie']), /^token=[\w.-]+; Max-Age=3600; Path=\/api; HttpOnly; SameSite=Lax$/);
  const { token: admin } = json<{ token: string }>(await send('POST', '/auth/token', { user: 'admin' }));

  // hono/jwt: a missing, tampered, forged or unsigned token is refused; the header and the cookie both work.
  assert.equal((await get(site, '/api/me')).status, 401);
  assert.equal((await get(site, '/api/me', { headers: bearer(`${token.slice(0, -3)}abc`) })).status, 401);
  assert.equal((await get(site, '/api/me', { headers: bearer(forge('guessed-secret')) })).status, 401);
  assert.equal((await get(site, '/api/me', { headers: bearer(forge('', { alg: 'none', typ: 'JWT' })) })).status, 401);
  assert.deepEqual(json(await get(site, '/api/me', { headers: bearer(token) })), { user: 'ana', role: 'member' });
  assert.deepEqual(json(await get(site, '/api/me', { headers: { cookie: `token=${admin}` } })), { user: 'admin', role: 'admin' });

  // hono/cors: the app's origin gets its preflight and credentials; another origin gets no allowance.
  const preflight = await get(site, '/api/rooms/lobby/messages', { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers['access-control-allow-origin'], 'https://app.example.com');
  assert.equal(preflight.headers['access-control-allow-credentials'], 'true');
  assert.equal(preflight.headers['access-control-allow-methods'], 'GET,POST,DELETE');
  assert.equal(preflight.headers['access-control-allow-headers'], 'Authorization,Content-Type,Last-Event-ID');
  assert.equal(preflight.headers['access-control-max-age'], '600');
  const foreign = await get(site, '/api/rooms/lobby/messages', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
  assert.notEqual(foreign.headers['access-control-allow-origin'], 'https://evil.example');

  // Messages in D1, posted from the app's origin.
  const first = await send('POST', '/api/rooms/lobby/messages', { body: 'hello <everyone>' }, { ...bearer(token), origin: 'https://app.example.com' });
  assert.equal(first.status, 201, first.body);
  assert.equal(first.headers['access-control-allow-origin'], 'https://app.example.com');
  assert.equal(first.headers['access-control-expose-headers'], 'X-Message-Id');
  const one = json<Message>(first);
  assert.deepEqual({ ...one, created_at: undefined }, { id: one.id, room: 'lobby', author: 'ana', body: 'hello <everyone>', created_at: undefined });
  assert.equal(first.headers['x-message-id'], String(one.id));
  assert.match(one.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.deepEqual(json(await send('POST', '/api/rooms/lobby/messages', { body: '' }, bearer(token))), { error: 'body: a string of 1-500 characters' });
  assert.equal((await send('POST', '/api/rooms/Lobby!/messages', { body: 'x' }, bearer(token))).status, 400);
  assert.equal((await send('POST', '/api/rooms/lobby/messages', { body: 'x' })).status, 401);

  // A live stream: the message already there, then one another client posts while it is open, then `bye`.
  const live = await EventStream.open(site, '/api/rooms/lobby/events?wait=4000', bearer(token));
  assert.equal(live.response.statusCode, 200);
  assert.match(String(live.response.headers['content-type']), /^text\/event-stream/);
  assert.deepEqual(await live.next(), { event: 'hello', data: JSON.stringify({ room: 'lobby', user: 'ana' }) });
  assert.deepEqual(await live.next(), { event: 'message', id: String(one.id), data: JSON.stringify(one) });
  const two = json<Message>(await send('POST', '/api/rooms/lobby/messages', { body: 'second' }, { cookie: `token=${admin}` }));
  assert.deepEqual(await live.next(), { event: 'message', id: String(two.id), data: JSON.stringify(two) });
  assert.deepEqual(await live.next(), { event: 'bye', data: String(two.id) });
  await live.endsAfter();

  // Resumed after the first message, by cookie alone (what EventSource sends).
  const resumed = await EventStream.open(site, '/api/rooms/lobby/events', { cookie: `token=${token}`, 'last-event-id': String(one.id) });
  assert.equal((await resumed.next()).event, 'hello');
  assert.deepEqual(await resumed.next(), { event: 'message', id: String(two.id), data: JSON.stringify(two) });
  assert.deepEqual(await resumed.next(), { event: 'bye', data: String(two.id) });
  await resumed.endsAfter();

  // A client that goes away mid-stream: the platform carries on.
  const dropped = await EventStream.open(site, '/api/rooms/lobby/events?wait=20000', bearer(token));
  assert.equal((await dropped.next()).event, 'hello');
  dropped.close();
  assert.deepEqual(json<Message[]>(await get(site, '/api/rooms/lobby/messages', { headers: bearer(token) })).map((m) => m.body), ['hello <everyone>', 'second']);

  // Roles from the token; a sign-out revokes the session in KV.
  assert.equal((await get(site, `/api/rooms/lobby/messages/${one.id}`, { method: 'DELETE', headers: bearer(token) })).status, 403);
  assert.deepEqual(json(await get(site, `/api/rooms/lobby/messages/${one.id}`, { method: 'DELETE', headers: bearer(admin) })), { deleted: 1 });
  assert.equal((await get(site, '/api/session', { method: 'DELETE', headers: bearer(token) })).status, 204);
  const revoked = await get(site, '/api/me', { headers: bearer(token) });
  assert.equal(revoked.status, 401);
  assert.equal(revoked.body, 'session revoked');
  assert.deepEqual(json<Message[]>(await get(site, '/api/rooms/lobby/messages', { headers: bearer(admin) })).map((m) => m.body), ['second']);
}

/** A fresh copy of the app with the developer's .dev.vars (each run has its own: the runs go at once). */
function appCopy(): string {
  const dir = copyApp('hono-jwt-sse');
  copyFileSync(path.join(dir, '.dev.vars.example'), path.join(dir, '.dev.vars'));
  return dir;
}

// The three runs go at once: much of each is the live streams' own waits (wait=4000 and the stream a client
// drops), which overlap instead of adding up.
test('a Hono app with hono/jwt, hono/cors, KV, D1 and server-sent events runs unchanged under ledge dev and ledge serve', { timeout: 240_000, concurrency: true }, async (t) => {
  const runs = (['thread', 'process'] as const).map((isolation) =>
    t.test(`ledge dev (${isolation})`, async () => {
      const dir = appCopy();
      const state = path.join(dir, `.ledge-${isolation}`);
      const migrate = runCli(['db', 'migrations', 'apply', 'hono-rooms', '--state', state], { cwd: dir });
      assert.equal(await migrate.exited, 0, migrate.output());
      assert.match(migrate.output(), /applied 0001_messages\.sql/);
      const output = await withDev(dir, (url) => exercise({ base: url }), { args: ['--isolation', isolation, '--state', state] });
      assert.match(output, /secrets from \.dev\.vars: JWT_SECRET \(values hidden\)/);
    }));

  runs.push(t.test('ledge serve: database created and migrated with --remote, the secret put, ledge deploy', async () => {
    const dir = appCopy();
    const platform = await startPlatform();
    try {
      const db = await platform.create('sql', 'hono-rooms');
      editConfig(dir, 'wrangler.toml', '2b4d6f8a-1c3e-4a5b-9d7f-0e2c4a6b8d0f', db);
      editConfig(dir, 'wrangler.toml', '5f4e3d2c1b0a49f8e7d6c5b4a3928170', await platform.create('kv', 'SESSIONS'));
      assert.match((await platform.ledge(['db', 'migrations', 'apply', 'hono-rooms', '--remote'], { cwd: dir })).out, /applied 0001_messages\.sql/);
      const secret = randomBytes(32).toString('hex');
      await platform.ledge(['secret', 'put', 'JWT_SECRET'], { cwd: dir, stdin: `${secret}\n` });
      assert.match((await platform.ledge(['deploy'], { cwd: dir })).out, /deployed hono-rooms: version/);
      await exercise({ base: platform.serve.app, host: hostOf('hono-rooms') });
      for (const out of platform.outputs()) assert.ok(!out.includes(secret), 'the secret was printed');
    } finally {
      await platform.stop();
    }
  }));
  await Promise.all(runs);
});
