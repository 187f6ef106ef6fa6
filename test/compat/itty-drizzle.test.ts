// Compatibility suite: a plain module worker (test/compat/itty-drizzle, wrangler.toml) as such workers are written:
// a WorkerEntrypoint class from cloudflare:workers with fetch, scheduled and queue; itty-router 5 (AutoRouter);
// drizzle-orm 0.44 on D1 with migrations; jose HS256 tokens signed with a secret; zod; a queue sent from
// ctx.waitUntil and consumed by the same worker; caches.default and HTMLRewriter; crypto.subtle; Node's streams,
// events, crypto, util and async_hooks under nodejs_compat. Under ledge dev (both isolations) and ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../cli.js';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  let value = await read();
  for (const end = Date.now() + 20_000; !done(value) && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    value = await read();
  }
  assert.ok(done(value), `${what}: ${JSON.stringify(value)}`);
  return value;
}

/** What the link shortener's clients do; answers the link made, for the caller's cron check. */
async function exercise(get: Fetch): Promise<void> {
  const post = (pathname: string, body: unknown, token?: string) => get(pathname, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  assert.deepEqual(json(await post('/token', {})), { status: 400, error: 'user is required' });
  const { token } = json<{ token: string }>(await post('/token', { user: 'ana' }));
  assert.match(token, /^eyJhbGciOiJIUzI1NiJ9\.[\w-]+\.[\w-]+$/);

  assert.equal((await post('/links', { url: 'https://example.com/a' })).status, 401);
  assert.equal((await post('/links', { url: 'https://example.com/a' }, `${token.slice(0, -2)}xx`)).status, 401);
  const bad = await post('/links', { url: 'ftp://example.com', slug: 'A' }, token);
  assert.equal(bad.status, 400);
  assert.deepEqual(json(bad), { status: 400, error: 'invalid link', issues: ['url: Invalid URL', 'slug: Invalid string: must match pattern /^[a-z0-9-]{3,32}$/'] });
  const made = await post('/links', { url: 'https://example.com/a?x=1', slug: 'docs' }, token);
  assert.equal(made.status, 201, made.body);
  assert.deepEqual(json(made), { id: 'docs', url: 'https://example.com/a?x=1', owner: 'ana', clicks: 0, createdAt: '1970-01-01T00:00:00.000Z', short: 'https://sho.rt/l/docs' });
  assert.deepEqual(json(await post('/links', { url: 'https://example.com/b', slug: 'docs' }, token)), { status: 409, error: 'slug docs is taken' });
  const { token: other } = json<{ token: string }>(await post('/token', { user: 'bo' }));
  assert.deepEqual(json(await get('/links', { headers: { authorization: `Bearer ${other}` } })), [], 'drizzle filters by owner');

  // A visit redirects at once and counts through the queue, sent from ctx.waitUntil and consumed by queue().
  const visit = await get('/l/docs');
  assert.equal(visit.status, 302);
  assert.equal(visit.headers.location, 'https://example.com/a?x=1');
  assert.equal((await get('/l/nothing')).status, 404);
  const mine = () => get('/links', { headers: { authorization: `Bearer ${token}` } }).then((a) => json<{ clicks: number }[]>(a));
  await until(mine, (rows) => rows[0]?.clicks === 1, 'the click reaches D1 through the queue');

  // The card: HTMLRewriter fills the template (text escaped), caches.default keeps it.
  const card = await get('/card/docs');
  assert.equal(card.status, 200, card.body);
  assert.equal(card.headers['x-cache'], 'MISS');
  assert.match(card.body, /<title>docs → https:\/\/example\.com\/a\?x=1<\/title>/);
  assert.match(card.body, /<a id="go" href="https:\/\/example\.com\/a\?x=1">go<\/a><p class="clicks">1 clicks &lt;so far&gt;<\/p>/);
  const cached = await until(() => get('/card/docs'), (a) => a.headers['x-cache'] === 'HIT', 'the card is served from the cache');
  assert.equal(cached.body, card.body);

  assert.deepEqual(json(await get('/digest?text=abc')), { sha256: createHash('sha256').update('abc').digest('hex') });
  assert.deepEqual(json(await get('/node')), {
    store: 'req-1', ready: 'yes', streamed: 'ABC', slept: 'slept', sha1: createHash('sha1').update('abc').digest('hex'), hmacEqual: true,
    random: 8, b64url: 'aGk_Pg', formatted: 'n=42', inspected: '{ a: [ 1, { b: 2 } ] }', isPromise: true, origin: 'https://sho.rt',
  });
}

// The three runs go at once, each on its own copy of the app (with the developer's .dev.vars): their startups,
// queue deliveries and cron runs overlap instead of adding up.
test('a plain module worker with itty-router, drizzle-orm on D1, jose, queues, a cron, the Cache API and HTMLRewriter runs unchanged', { timeout: 240_000, concurrency: true }, async (t) => {
  const appCopy = () => {
    const dir = copyApp('itty-drizzle');
    copyFileSync(path.join(dir, '.dev.vars.example'), path.join(dir, '.dev.vars'));
    return dir;
  };
  const local = async (dir: string, args: string[]) => {
    const proc = runCli(args, { cwd: dir });
    assert.equal(await proc.exited, 0, proc.output());
    return proc.output();
  };

  const runs = (['thread', 'process'] as const).map((isolation) =>
    t.test(`ledge dev (${isolation})`, async () => {
      const dir = appCopy();
      const state = path.join(dir, `.ledge-${isolation}`);
      assert.match(await local(dir, ['db', 'migrations', 'apply', 'short-links', '--state', state]), /applied 0001_links\.sql/);
      const output = await withDev(dir, async (url) => {
        await exercise((p, init) => call(`${url}${p}`, init));
        // The cron runs the class's scheduled(): a row through drizzle's upsert, twice.
        for (let i = 0; i < 2; i++) {
          const cron = runCli(['cron', 'trigger', '--url', url]);
          assert.equal(await cron.exited, 0, cron.output());
        }
        assert.deepEqual(json(await call(`${url}/stats`)), { sweeps: 2 });
      }, { args: ['--isolation', isolation, '--state', state] });
      assert.match(output, /secrets from \.dev\.vars: JWT_SECRET \(values hidden\)/);
      assert.match(output, /\[short-links\] swept at \*\/30 \* \* \* \*/);
    }));

  runs.push(t.test('ledge serve: database created and migrated with --remote, the secret put, ledge deploy', async () => {
    const dir = appCopy();
    const platform = await startPlatform();
    try {
      const db = await platform.create('sql', 'short-links');
      editConfig(dir, 'wrangler.toml', 'database_id = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f"', `database_id = "${db}"`);
      assert.match((await platform.ledge(['db', 'migrations', 'apply', 'short-links', '--remote'], { cwd: dir })).out, /applied 0001_links\.sql/);
      // What `wrangler queues create` does: the platform keeps queues as resources of the account.
      await platform.create('queue', 'short-links-clicks');
      const secret = randomBytes(32).toString('hex');
      await platform.ledge(['secret', 'put', 'JWT_SECRET'], { cwd: dir, stdin: `${secret}\n` });
      assert.match((await platform.ledge(['deploy'], { cwd: dir })).out, /deployed short-links: version/);
      await exercise((p, init) => platform.visit(hostOf('short-links'), p, init));
      for (const out of platform.outputs()) assert.ok(!out.includes(secret), 'the secret was printed');
    } finally {
      await platform.stop();
    }
  }));
  await Promise.all(runs);
});
