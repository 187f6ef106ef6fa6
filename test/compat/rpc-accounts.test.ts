// Compatibility suite: two Workers talking over RPC (test/compat/rpc-accounts: gateway/ and accounts/, each with its
// own wrangler.jsonc) as the original's service-binding docs write them: a named `WorkerEntrypoint`
// (`entrypoint: "AccountsService"`) whose methods the gateway calls, an `RpcTarget` session returned by reference
// and disposed with `using`, promise pipelining on another, a callback passed as an argument, errors that keep their class; the gateway on Hono
// reads `env` of `cloudflare:workers` and `process.env` at module scope (`nodejs_compat_populate_process_env` on
// a date before it became the default), calls `waitUntil` of `cloudflare:workers` from an EventEmitter listener,
// keeps request ids in AsyncLocalStorage across awaits and RPC, hashes with node:crypto, decodes Basic credentials
// with node:buffer, streams with node:stream, and says which version answered (`version_metadata`). Under one
// `ledge dev gateway accounts` (both isolations) and deployed one by one to ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { runCli, interrupt } from '../cli.js';
import { call, copyApp, editConfig, hostOf, json, startPlatform, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;
interface Version { id: string; tag: string; timestamp: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** What the gateway's users see; answers the version metadata the gateway reported. */
async function exercise(get: Fetch): Promise<Version> {
  const send = (method: string, pathname: string, body: unknown, headers: Record<string, string> = {}) => get(pathname, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  // Module scope saw env of cloudflare:workers and process.env (vars, under nodejs_compat_populate_process_env).
  assert.deepEqual(json(await get('/')), { app: 'Accounts', booted: { appName: 'Accounts', cookieName: 'sid', logLevel: 'debug' } });

  const version = json<Version>(await get('/version'));
  assert.match(version.id, UUID);
  assert.equal(version.tag, '');
  assert.ok(!Number.isNaN(Date.parse(version.timestamp)) && new Date(version.timestamp).toISOString() === version.timestamp, version.timestamp);
  assert.deepEqual(json(await get('/version')), version, 'one version answers both requests');

  // RPC: results, and thrown errors that keep their class (RangeError → 400, Error → 409).
  const made = await send('POST', '/signup', { email: 'ana@example.com', password: 'correct horse' });
  assert.equal(made.status, 201, made.body);
  const profile = json<{ id: string; email: string; created: string }>(made);
  assert.match(profile.id, UUID);
  assert.equal(profile.email, 'ana@example.com');
  assert.deepEqual(json(await send('POST', '/signup', { email: 'not-an-email', password: 'correct horse' })), { error: 'not an email address: not-an-email', kind: 'RangeError' });
  assert.deepEqual(json(await send('POST', '/signup', { email: 'bo@example.com', password: 'short' })), { error: 'the password needs at least 8 characters', kind: 'RangeError' });
  const taken = await send('POST', '/signup', { email: 'ana@example.com', password: 'another one' });
  assert.equal(taken.status, 409);
  assert.deepEqual(json(taken), { error: 'ana@example.com is taken', kind: 'Error' });
  assert.equal((await send('POST', '/signup', { email: 'bo@example.com', password: 'hunter2hunter2' })).status, 201);

  // Basic credentials decoded with node:buffer; the token signed by the accounts service with its secret.
  assert.equal((await get('/signin', { method: 'POST' })).status, 401);
  const wrong = await get('/signin', { method: 'POST', headers: { authorization: basic('ana@example.com', 'correct horsE') } });
  assert.equal(wrong.status, 401);
  assert.deepEqual(json(wrong), { error: 'wrong email or password' });
  const signedIn = await get('/signin', { method: 'POST', headers: { authorization: basic('ana@example.com', 'correct horse') } });
  assert.equal(signedIn.status, 200, signedIn.body);
  const cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
  assert.match(cookie, /^sid=[\w-]+\.[\w-]+$/);
  assert.match(String(signedIn.headers['set-cookie']), /HttpOnly; SameSite=Lax/);

  // The session comes back as an RpcTarget stub: its methods run in the accounts service.
  const me = await get('/me', { headers: { cookie } });
  assert.equal(me.status, 200, me.body);
  assert.deepEqual(json(me), profile);
  const etag = String(me.headers.etag);
  assert.match(etag, /^"[\w-]{16}"$/);
  assert.equal((await get('/me', { headers: { cookie, 'if-none-match': etag } })).status, 304);
  const [payload, signature = ''] = cookie.slice(4).split('.');
  const forged = `sid=${payload}.${signature.slice(0, -3)}${signature.endsWith('AAA') ? 'BBB' : 'AAA'}`;
  assert.deepEqual(json(await get('/me', { headers: { cookie: forged } })), { error: 'not signed in' });
  assert.equal((await get('/me')).status, 401);

  // A method of the stub that writes, and its error (thrown there, a RangeError here).
  assert.deepEqual(json(await send('PUT', '/me/email', { email: 'bo@example.com' }, { cookie })), { error: 'bo@example.com is taken', kind: 'Error' });
  assert.deepEqual(json(await send('PUT', '/me/email', { email: 'nope' }, { cookie })), { error: 'not an email address: nope', kind: 'RangeError' });
  assert.deepEqual(json(await send('PUT', '/me/email', { email: 'ana@example.org' }, { cookie })), { ...profile, email: 'ana@example.org' });
  assert.deepEqual(json(await get('/me', { headers: { cookie } })), { ...profile, email: 'ana@example.org' });
  assert.notEqual((await get('/me', { headers: { cookie, 'if-none-match': etag } })).status, 304, 'the etag follows the profile');

  // A callback passed over RPC, called back once per account; the answer streamed through node:stream.
  const emails = await get('/emails');
  assert.equal(emails.headers['content-type'], 'text/plain; charset=utf-8');
  assert.equal(emails.body, 'ana@example.org\nbo@example.com\n# 2 accounts\n');

  // Promise pipelining: methods called on the promise of an RpcTarget before it arrives.
  assert.deepEqual(json(await get('/directory/bo@example.com')), { count: 2, found: { email: 'bo@example.com' } });
  assert.deepEqual(json(await get('/directory/nobody@example.com')), { count: 2, found: null });

  // AsyncLocalStorage keeps the request's id across a timer and an RPC round trip.
  assert.deepEqual(json(await get('/trace', { headers: { 'x-request-id': 'trace-7' } })), { requestId: 'trace-7', lines: ['[trace-7] GET /trace', '[trace-7] traced'] });

  // The audit trail: written by an EventEmitter listener through waitUntil of cloudflare:workers, after each answer.
  // /trace signs in as nobody through RPC only: that is no audit event of the gateway's. A failed sign-in sent
  // after it is one: once its event is in the trail, an event /trace had written (its write started before /trace
  // answered) would be there too, so the trail is read when that last event is in, not after a fixed wait.
  assert.equal((await get('/signin', { method: 'POST', headers: { authorization: basic('last@example.com', 'whatever') } })).status, 401);
  const wanted = [['signup', 'ana@example.com'], ['signup', 'bo@example.com'], ['signin-failed', 'ana@example.com'], ['signin', 'ana@example.com'], ['rename', 'ana@example.org'], ['signin-failed', 'last@example.com']];
  let trail: { type: string; email: string; requestId: string }[] = [];
  for (const end = Date.now() + 20_000; !trail.some((e) => e.email === 'last@example.com') && Date.now() < end;) {
    trail = json<typeof trail>(await get('/audit'));
    if (!trail.some((e) => e.email === 'last@example.com')) await new Promise((resolve) => setTimeout(resolve, 150));
  }
  assert.deepEqual(trail.map((e) => [e.type, e.email]), wanted);
  for (const event of trail) assert.match(event.requestId, UUID, 'the listener ran inside the request that emitted');
  assert.equal(new Set(trail.map((e) => e.requestId)).size, wanted.length);
  return version;
}

// The three runs go at once, each on its own copy of the apps: most of each is waiting on processes (two
// Workers' startups, a reload, the deploys), which overlap instead of adding up.
test('two Workers over RPC with nodejs_compat, module-scope env and waitUntil, and version metadata run unchanged under ledge dev and ledge serve', { timeout: 240_000, concurrency: true }, async (t) => {
  const fresh = () => {
    const dir = copyApp('rpc-accounts');
    copyFileSync(path.join(dir, 'accounts', '.dev.vars.example'), path.join(dir, 'accounts', '.dev.vars'));
    return dir;
  };

  const devVersions: string[] = [];
  const runs = (['thread', 'process'] as const).map((isolation) =>
    t.test(`ledge dev gateway accounts (${isolation})`, async () => {
      // `--state` holds the first project's data; the accounts service keeps its own in accounts/.ledge (docs/cli.md).
      const dir = fresh();
      const dev = runCli(['dev', 'gateway', 'accounts', '--port', '0', '--isolation', isolation, '--state', path.join(dir, `.ledge-${isolation}`)], { cwd: dir });
      try {
        const url = (await dev.waitFor(/accounts-gateway ready on (http:\/\/\S+)/, 90_000))[1] as string;
        const version = await exercise((p, init) => call(`${url}${p}`, init));
        devVersions.push(version.id);
        if (isolation === 'thread') {
          // A reload is a version of its own, as in the original's local development: a fresh id, a later time.
          editConfig(dir, 'gateway/wrangler.jsonc', '"LOG_LEVEL": "debug"', '"LOG_LEVEL": "info"');
          await dev.waitFor(/reloaded accounts-gateway \(version 2\)/, 60_000);
          const reloaded = json<Version>(await call(`${url}/version`));
          assert.match(reloaded.id, UUID);
          assert.notEqual(reloaded.id, version.id);
          assert.ok(reloaded.timestamp >= version.timestamp, `${reloaded.timestamp} after ${version.timestamp}`);
          assert.equal(json<{ booted: { logLevel: string } }>(await call(`${url}/`)).booted.logLevel, 'info', 'the module ran again with the new process.env');
        }
        assert.match(dev.output(), /\[accounts-gateway\] \[trace-7\] traced/);
        assert.match(dev.output(), /secrets from \.dev\.vars: TOKEN_KEY \(values hidden\)/);
        assert.ok(!dev.output().includes('dev-only-token-key-change-me'), 'the secret was printed');
      } catch (err) {
        throw new Error(`${(err as Error).message}\n--- ledge dev output ---\n${dev.output()}`, { cause: err });
      } finally {
        await interrupt(dev);
      }
    }));

  runs.push(t.test('ledge serve: the accounts service and the gateway deployed on their own', async () => {
    const dir = fresh();
    const platform = await startPlatform();
    try {
      editConfig(dir, 'accounts/wrangler.jsonc', 'a1b2c3d4e5f60718293a4b5c6d7e8f90', await platform.create('kv', 'USERS'));
      editConfig(dir, 'gateway/wrangler.jsonc', '0f1e2d3c4b5a69788796a5b4c3d2e1f0', await platform.create('kv', 'AUDIT'));
      const secret = randomBytes(32).toString('hex');
      await platform.ledge(['secret', 'put', 'TOKEN_KEY'], { cwd: path.join(dir, 'accounts'), stdin: `${secret}\n` });
      assert.match((await platform.ledge(['deploy'], { cwd: path.join(dir, 'accounts') })).out, /deployed accounts-service: version/);
      const deployed = (await platform.ledge(['deploy'], { cwd: path.join(dir, 'gateway') })).out;
      const versionId = /deployed accounts-gateway: version (\S+)/.exec(deployed)?.[1] ?? assert.fail(deployed);
      const version = await exercise((p, init) => platform.visit(hostOf('accounts-gateway'), p, init));
      assert.equal(version.id, versionId, 'version_metadata.id is the deployed version');
      // The accounts service has workers_dev: false: no hostname of its own.
      assert.equal((await platform.visit(hostOf('accounts-service'), '/')).status, 404);
      for (const out of platform.outputs()) assert.ok(!out.includes(secret), 'the secret was printed');
    } finally {
      await platform.stop();
    }
  }));
  await Promise.all(runs);
  assert.equal(devVersions.length, 2);
  assert.notEqual(devVersions[0], devVersions[1], 'each ledge dev run is a version of its own');
});
