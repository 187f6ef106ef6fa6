// The access gateway end to end through a real platform: the reference's expected outcomes (SPEC,
// Authentication 9), the login on the team domain, sessions, service tokens, key rotation, and an
// application that verifies the assertion with ledge/access inside its isolate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bundle } from '../src/runtime/bundle.js';
import { makeProject, tempDir } from './helpers.js';
import { startTestPlatform, type TestPlatform } from './serve-helpers.js';

const DAY = 86_400_000;

/** An application that verifies the assertion with ledge/access and answers who it sees and in which role. */
const APP = `import { createAccessVerifier, createRoleMap, accessDenied } from 'ledge/access';
const roleOf = createRoleMap({ admin: ['alice@example.com'], viewer: ['@example.com'], robot: ['service:' + 'any'] });
let verify;
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/public')) return Response.json({ public: true, assertion: request.headers.get('edge-access-jwt-assertion'), identity: request.headers.get('edge-access-authenticated-user-email') });
    verify ??= createAccessVerifier({ issuer: env.ISSUER, audience: env.AUD, jwks: env.CERTS });
    try {
      const identity = await verify(request);
      return Response.json({ email: identity.email ?? null, common_name: identity.common_name ?? null, role: identity.email ? roleOf(identity) : 'robot' });
    } catch (err) {
      return accessDenied(err);
    }
  },
};`;

/** Bundles APP with the project's bundler, as ledge deploy would, and returns the PUT body's modules. */
async function bundledModules(): Promise<{ main_module: string; modules: { name: string; content_base64: string }[] }> {
  const dir = makeProject({ 'src/index.js': APP });
  const out = tempDir('ledge-access-bundle-');
  await bundle({ entry: path.join(dir, 'src/index.js'), projectDir: dir, outDir: out, compatibilityFlags: [], mode: 'production' }, 0);
  const names = readdirSync(out).filter((n) => n.startsWith('worker-0'));
  return { main_module: 'worker-0.js', modules: names.map((name) => ({ name, content_base64: readFileSync(path.join(out, name)).toString('base64') })) };
}

interface Setup {
  p: TestPlatform;
  aud: string;
  appId: string;
  versionId: string;
  login(email: string, password: string, host?: string): Promise<string>;
  get(host: string, pathname: string, headers?: Record<string, string>): Promise<{ status: number; body: string; headers: Headers }>;
}

async function setup(): Promise<Setup> {
  const p = await startTestPlatform();
  const base = `/accounts/${p.accountId}`;
  const issuer = 'https://admin.access.ledge.localhost';
  // The aud is fixed when the application is created; the deployment is told it through a var.
  assert.equal((await p.call('PUT', `${base}/deployments/portal`, { body: { ...await bundledModules(), config: { compatibility_date: '2026-10-01' } } })).status, 200);
  const app = await p.call('POST', `${base}/access/apps`, { body: {
    name: 'Portal', domain: 'portal.example.com', session_duration: '720h',
    policies: [{ name: 'staff', decision: 'allow', include: [{ email_domain: { domain: 'example.com' } }] }, { name: 'no mallory', decision: 'deny', include: [{ email: { email: 'mallory@example.com' } }] }],
  } });
  assert.equal(app.status, 400, 'a hostname the account does not have yet cannot be protected');
  const config = { compatibility_date: '2026-10-01', edge_dev: true, preview_urls: true, routes: ['portal.example.com'] };
  assert.equal((await p.call('PUT', `${base}/deployments/portal`, { body: { ...await bundledModules(), config } })).status, 200);
  const created = await p.call('POST', `${base}/access/apps`, { body: {
    name: 'Portal', domain: 'portal.example.com', session_duration: '720h',
    policies: [{ name: 'staff', decision: 'allow', include: [{ email_domain: { domain: 'example.com' } }] }, { name: 'no mallory', decision: 'deny', include: [{ email: { email: 'mallory@example.com' } }] }],
  } });
  assert.equal(created.status, 201, created.text);
  const aud = created.body.result.aud as string;
  assert.match(aud, /^[0-9a-f]{64}$/);
  // The keys at the team domain, as an operator would configure it. The platform's own listeners (the API's
  // /access/certs among them) stay refused to outbound fetch; the platform answers this public JWKS in-process.
  const vars = { ISSUER: issuer, AUD: aud, CERTS: `${issuer}/access/certs` };
  const put = await p.call('PUT', `${base}/deployments/portal`, { body: { ...await bundledModules(), config: { ...config, vars } } });
  assert.equal(put.status, 200, put.text);
  assert.equal((await p.call('POST', `${base}/domains`, { body: { hostname: 'portal2.example.com', deployment: 'portal' } })).status, 201);
  for (const [email, password] of [['alice@example.com', 'correct horse battery'], ['bob@elsewhere.org', 'another long password'], ['mallory@example.com', 'mallory long password']]) {
    assert.equal((await p.call('POST', `${base}/access/users`, { body: { email, password } })).status, 201);
  }
  const get: Setup['get'] = async (host, pathname, headers = {}) => {
    const res = await p.visit(host, pathname, { headers });
    return { status: res.status, body: await res.text(), headers: res.headers };
  };
  const login: Setup['login'] = async (email, password, host = 'portal.example.com') => {
    const challenge = await get(host, '/dashboard?x=1', { accept: 'text/html', 'sec-fetch-mode': 'navigate' });
    assert.equal(challenge.status, 302);
    const location = new URL(challenge.headers.get('location') as string);
    assert.equal(location.hostname, 'admin.access.ledge.localhost');
    const page = await p.visit(location.host, `${location.pathname}${location.search}`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<form method="post"/);
    const form = new URLSearchParams({ email, password, app: location.searchParams.get('app') as string, redirect_url: location.searchParams.get('redirect_url') as string });
    const posted = await p.visit(location.host, '/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    if (posted.status !== 302) return `refused ${posted.status}`;
    const back = new URL(posted.headers.get('location') as string);
    assert.equal(back.hostname, host);
    const callback = await p.visit(back.host, `${back.pathname}${back.search}`);
    assert.equal(callback.status, 302);
    assert.equal(callback.headers.get('location'), '/dashboard?x=1');
    const cookie = callback.headers.get('set-cookie') as string;
    assert.match(cookie, /^Edge_Authorization=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    return cookie.split(';')[0] as string;
  };
  return { p, aud, appId: created.body.result.id as string, versionId: put.body.result.version.id as string, login, get };
}

test('expected outcomes: anonymous, allowed, not entitled, forged, and no entry bypasses the boundary', async () => {
  const s = await setup();
  const { p } = s;
  try {
    // Anonymous: a navigation is sent to the login page; anything else gets a JSON 401. The app never runs.
    const nav = await s.get('portal.example.com', '/dashboard', { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' });
    assert.equal(nav.status, 302);
    assert.match(nav.headers.get('location') ?? '', /^http:\/\/admin\.access\.ledge\.localhost\/login\?app=[0-9a-f]{64}&redirect_url=/);
    const api = await s.get('portal.example.com', '/dashboard', { accept: 'application/json' });
    assert.equal(api.status, 401);
    assert.deepEqual(JSON.parse(api.body), { error: 'unauthorized', message: 'Authentication required: sign in, or present a service token.' });
    assert.equal((await p.visit('portal.example.com', '/x', { method: 'POST', body: 'a=1', headers: { accept: 'text/html' } })).status, 401, 'a POST is never redirected');

    // Every reachable entry of the deployment is guarded: other custom domain, default and preview hostnames.
    const preview = `${s.versionId.slice(0, 8)}-portal.admin.ledge.localhost`;
    for (const host of ['portal2.example.com', 'portal.admin.ledge.localhost', preview]) assert.equal((await s.get(host, '/')).status, 401, host);
    // Adjacent and disguised paths of the guarded application.
    for (const pathname of ['/', '/public/../dashboard', '//dashboard', '/%64ashboard', '/DASHBOARD']) assert.equal((await s.get('portal.example.com', pathname)).status, 401, pathname);

    // An allowed user: signs in on the team domain, then the app verifies the assertion and maps a role.
    assert.equal(await s.login('alice@example.com', 'wrong password'), 'refused 401');
    const alice = await s.login('alice@example.com', 'correct horse battery');
    const ok = await s.get('portal.example.com', '/dashboard', { cookie: alice });
    assert.equal(ok.status, 200, ok.body);
    assert.deepEqual(JSON.parse(ok.body), { email: 'alice@example.com', common_name: null, role: 'admin' });
    // The session of one hostname is a cookie of that hostname; the same identity works on the others after their own sign-in.
    const alice2 = await s.login('alice@example.com', 'correct horse battery', 'portal2.example.com');
    assert.equal((await s.get('portal2.example.com', '/', { cookie: alice2 })).status, 200);

    // Signed in, but not entitled: another domain, or denied by name.
    const bob = await s.login('bob@elsewhere.org', 'another long password');
    assert.equal((await s.get('portal.example.com', '/dashboard', { cookie: bob })).status, 403);
    const mallory = await s.login('mallory@example.com', 'mallory long password');
    assert.equal((await s.get('portal.example.com', '/dashboard', { cookie: mallory })).status, 403, 'deny wins over allow');

    // Forged sessions and forged headers.
    const [head, body] = (alice.split('=')[1] as string).split('.');
    const forgedBody = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body as string, 'base64url').toString()), email: 'root@example.com' })).toString('base64url');
    assert.equal((await s.get('portal.example.com', '/', { cookie: `Edge_Authorization=${head}.${forgedBody}.AAAA` })).status, 401, 'a tampered session fails');
    const noneAlg = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    assert.equal((await s.get('portal.example.com', '/', { cookie: `Edge_Authorization=${noneAlg}` })).status, 401);
    // A forged assertion header with a valid session is replaced by the gateway's own.
    const replaced = await s.get('portal.example.com', '/', { cookie: alice, 'Edge-Access-Jwt-Assertion': `${head}.${forgedBody}.AAAA` });
    assert.equal(JSON.parse(replaced.body).email, 'alice@example.com');

    // An unguarded deployment never sees client-supplied identity headers either.
    assert.equal((await p.call('PUT', `/accounts/${p.accountId}/deployments/open`, { body: { ...await bundledModules(), config: { compatibility_date: '2026-10-01', routes: ['open.example.com'] } } })).status, 200);
    const open = JSON.parse((await s.get('open.example.com', '/public', { 'Edge-Access-Jwt-Assertion': 'forged', 'EDGE-ACCESS-AUTHENTICATED-USER-EMAIL': 'root@example.com' })).body);
    assert.deepEqual(open, { public: true, assertion: null, identity: null });

    // A removed user's session stops at once.
    const users = (await p.call('GET', `/accounts/${p.accountId}/access/users`)).body.result as { id: string; email: string }[];
    assert.equal((await p.call('DELETE', `/accounts/${p.accountId}/access/users/${users.find((u) => u.email === 'alice@example.com')?.id}`)).status, 200);
    assert.equal((await s.get('portal.example.com', '/dashboard', { cookie: alice })).status, 403);
    assert.equal(JSON.stringify(p.logs).includes('correct horse battery'), false, 'passwords never reach the log');
  } finally {
    await p.close();
  }
});

test('service tokens: service_auth only, strict headers, wrong secret, rotation grace, disable, expiry, revocation, logs without secrets', async () => {
  const s = await setup();
  const { p } = s;
  const base = `/accounts/${p.accountId}/access`;
  try {
    const made = await p.call('POST', `${base}/service_tokens`, { body: { name: 'nightly report', duration: '200h' } });
    assert.equal(made.status, 201, made.text);
    const { id, client_id: clientId, client_secret: secret } = made.body.result as { id: string; client_id: string; client_secret: string };
    const other = (await p.call('POST', `${base}/service_tokens`, { body: { name: 'other purpose' } })).body.result as { id: string; client_id: string; client_secret: string };
    const listed = await p.call('GET', `${base}/service_tokens`);
    assert.equal(listed.text.includes(secret), false, 'lists never show secrets');
    assert.equal(listed.body.result[0].client_secret, undefined);
    assert.equal((await p.call('POST', `${base}/service_tokens`, { body: { name: 'x', duration: '1d' } })).status, 400, 'days are not a Go duration');

    const as = (cid: string, sec: string, extra: Record<string, string> = {}) => s.get('portal.example.com', '/report', { 'Edge-Access-Client-Id': cid, 'Edge-Access-Client-Secret': sec, ...extra });
    assert.equal((await as(clientId, secret)).status, 403, 'an allow policy never admits a machine');
    const app = await p.call('GET', `${base}/apps/${s.appId}`);
    const policies = [...app.body.result.policies, { name: 'report job', decision: 'service_auth', include: [{ service_token: { token_id: id } }] }];
    assert.equal((await p.call('PUT', `${base}/apps/${s.appId}`, { body: { name: 'Portal', domain: 'portal.example.com', session_duration: '720h', policies } })).status, 200);

    const pass = await as(clientId, secret);
    assert.equal(pass.status, 200, pass.body);
    assert.deepEqual(JSON.parse(pass.body), { email: null, common_name: clientId, role: 'robot' });
    assert.equal((await as(other.client_id, other.client_secret)).status, 403, 'a token the policy does not name');
    assert.equal((await as(clientId, `${secret}x`)).status, 401, 'wrong secret');
    assert.equal((await as('unknown.access', secret)).status, 401, 'unknown client id');
    assert.equal((await s.get('portal.example.com', '/', { 'Edge-Access-Client-Id': clientId })).status, 401, 'id without secret');
    const dup = await p.app(new Request('http://portal.example.com/', { headers: [['host', 'portal.example.com'], ['edge-access-client-id', clientId], ['edge-access-client-id', clientId], ['edge-access-client-secret', secret]] }));
    assert.equal(dup.status, 401, 'duplicate headers');

    // Rotation with a grace period: both secrets work, then only the new one.
    const rotated = await p.call('POST', `${base}/service_tokens/${id}/rotate`, { body: { previous_client_secret_grace: '1h' } });
    const fresh = rotated.body.result.client_secret as string;
    assert.equal((await as(clientId, secret)).status, 200, 'old secret within grace');
    assert.equal((await as(clientId, fresh)).status, 200);
    // From here the platform's clock runs ahead of the isolate's, whose verifier would refuse assertions
    // "issued in the future": what is checked is whether the gateway let the request through to the application.
    const reached = async (cid: string, sec: string) => (await as(cid, sec)).headers.get('ledge-origin') !== 'platform';
    p.clock.advance(3_600_001);
    assert.equal((await as(clientId, secret)).status, 401, 'old secret after grace');
    assert.equal(await reached(clientId, fresh), true);
    // Disabled, then enabled; expiry warning 7 days ahead, once; expiry; revocation.
    assert.equal((await p.call('PATCH', `${base}/service_tokens/${id}`, { body: { enabled: false } })).status, 200);
    assert.equal((await as(clientId, fresh)).status, 401);
    await p.call('PATCH', `${base}/service_tokens/${id}`, { body: { enabled: true } });
    assert.equal(await reached(clientId, fresh), true, 'enabled again');
    assert.equal(await p.checkServiceTokenExpiries(), 0, '200 hours is more than 7 days away');
    p.clock.advance(2 * DAY);
    assert.equal(await p.checkServiceTokenExpiries(), 1);
    assert.equal(await p.checkServiceTokenExpiries(), 0, 'logged once');
    assert.ok(p.logs.some((r) => /service token "nightly report" \([0-9a-f]{32}\.access\) expires in 6 day\(s\)/.test(r.message)));
    p.clock.advance(7 * DAY);
    assert.equal((await as(clientId, fresh)).status, 401, 'expired');
    assert.equal((await p.call('PATCH', `${base}/service_tokens/${id}`, { body: { duration: '24h' } })).status, 200);
    assert.equal(await reached(clientId, fresh), true, 'renewed');
    assert.equal((await p.call('DELETE', `${base}/service_tokens/${id}`)).status, 200);
    assert.equal((await as(clientId, fresh)).status, 401, 'a revoked token cannot read under its old rights, at once');

    const log = p.logs.map((r) => `${r.message} ${JSON.stringify(r.fields ?? {})}`).join('\n');
    for (const value of [secret, fresh, other.client_secret]) assert.equal(log.includes(value), false, 'no secret in the log');
    assert.match(log, /access: service token "nightly report" \(.*\) passed on Portal/);
    assert.match(log, /access: service token "nightly report" \(.*\) denied on Portal: wrong secret/);
    assert.match(log, /denied on Portal: disabled/);
    assert.match(log, /denied on Portal: expired/);
    assert.doesNotMatch(log, /unknown\.access/, 'an unknown client id is not logged');
  } finally {
    await p.close();
  }
});

test('signing keys rotate: the previous key stays published for 7 days, then sessions it signed fail', async () => {
  const s = await setup();
  const { p } = s;
  try {
    const alice = await s.login('alice@example.com', 'correct horse battery');
    const certs = async () => (await (await p.api(new Request(`http://api.test/api/v1/accounts/${p.accountId}/access/certs`))).json()) as { keys: { kid: string; alg: string; kty: string; d?: unknown }[] };
    const before = await certs();
    assert.equal(before.keys.length, 1);
    assert.deepEqual([before.keys[0]?.alg, before.keys[0]?.kty, before.keys[0]?.d], ['RS256', 'RSA', undefined], 'only public halves are published');
    const team = await (await p.visit('admin.access.ledge.localhost', '/access/certs')).json() as { keys: unknown[] };
    assert.deepEqual(team, before, 'the same set on the team domain');
    assert.equal((await p.call('POST', `/accounts/${p.accountId}/access/keys/rotate`)).status, 200);
    assert.equal((await certs()).keys.length, 2, 'current and previous');
    assert.equal((await s.get('portal.example.com', '/', { cookie: alice })).status, 200, 'a session signed by the previous key still works');
    const fresh = await s.login('alice@example.com', 'correct horse battery');
    p.clock.advance(7 * DAY + 1000);
    assert.equal((await certs()).keys.length, 1, 'the previous key is gone after 7 days');
    assert.equal((await s.get('portal.example.com', '/', { cookie: alice })).status, 401, 'its sessions fail');
    assert.equal((await s.get('portal.example.com', '/', { cookie: fresh })).status, 200);
    // Keys also rotate by age: six weeks after, a new key signs.
    p.clock.advance(42 * DAY);
    await s.login('alice@example.com', 'correct horse battery');
    const kids = (await certs()).keys.map((k) => k.kid);
    assert.equal(kids.length, 2);
  } finally {
    await p.close();
  }
});

test('a path-scoped application: sign-in completes on its hostname, links are single-use, returns stay on the origin, ;-paths do not walk around it', async () => {
  const s = await setup();
  const { p } = s;
  try {
    const base = `/accounts/${p.accountId}`;
    assert.equal((await p.call('PUT', `${base}/deployments/shop`, { body: { ...await bundledModules(), config: { compatibility_date: '2026-10-01', routes: ['shop.example.com'] } } })).status, 200);
    const admin = await p.call('POST', `${base}/access/apps`, { body: { name: 'Shop admin', domain: 'shop.example.com/admin', policies: [{ name: 'alice', decision: 'allow', include: [{ email: { email: 'alice@example.com' } }] }] } });
    assert.equal(admin.status, 201, admin.text);
    const vars = { ISSUER: 'https://admin.access.ledge.localhost', AUD: admin.body.result.aud, CERTS: 'https://admin.access.ledge.localhost/access/certs' };
    assert.equal((await p.call('PUT', `${base}/deployments/shop`, { body: { ...await bundledModules(), config: { compatibility_date: '2026-10-01', routes: ['shop.example.com'], vars } } })).status, 200);
    assert.equal((await s.get('shop.example.com', '/public/x')).status, 200, 'outside the path: open');
    for (const pathname of ['/admin', '/admin/users', '/public/..;/admin', '/admin;jsessionid=1', '/Admin/', '/%2561dmin']) {
      assert.equal((await s.get('shop.example.com', pathname)).status, 401, pathname);
    }
    const challenge = await s.get('shop.example.com', '/admin/users', { accept: 'text/html' });
    const location = new URL(challenge.headers.get('location') as string);
    const form = new URLSearchParams({ email: 'alice@example.com', password: 'correct horse battery', app: location.searchParams.get('app') as string, redirect_url: location.searchParams.get('redirect_url') as string });
    const posted = await p.visit(location.host, '/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    const back = new URL(posted.headers.get('location') as string);
    assert.equal(back.searchParams.get('token'), null, 'the session never travels in the URL');
    // A tampered return page stays on this origin.
    back.searchParams.set('redirect', '/\t/evil.example/x');
    const done = await p.visit(back.host, `${back.pathname}${back.search}`);
    assert.equal(done.status, 302, 'the sign-in completes on a path-scoped application');
    assert.equal(done.headers.get('location'), '/');
    const cookie = (done.headers.get('set-cookie') as string).split(';')[0] as string;
    assert.equal((await p.visit(back.host, `${back.pathname}${back.search}`)).status, 401, 'the link works once');
    const seen = await s.get('shop.example.com', '/admin/users', { cookie });
    assert.equal(JSON.parse(seen.body).email, 'alice@example.com');
  } finally {
    await p.close();
  }
});
