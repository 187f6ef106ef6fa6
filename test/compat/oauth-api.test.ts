// Compatibility suite: test/compat/oauth-api, a remote API protected with @cloudflare/workers-oauth-provider 1.x
// (`new OAuthProvider({...})` as the default export, state in the KV namespace OAUTH_KV), unchanged, driven by a
// real OAuth client over HTTP on loopback: discovery (RFC 8414 and RFC 9728 metadata, found from the 401's
// challenge), dynamic client registration, authorization with PKCE (the app's /authorize completes the grant with
// env.OAUTH_PROVIDER.completeAuthorization), the token exchange, API calls with the grant's props, and the failure
// paths: no token or a wrong one (401 with WWW-Authenticate), a token for another resource (invalid_target) and a
// token presented to another resource (wrong audience: 401), step-up
// to a wider scope by re-authorizing (refresh can only narrow), a revoked grant, an expired access token (the
// library's accessTokenTTL at its 60 s minimum). Under `ledge dev` with thread and with process isolation, and
// deployed to `ledge serve` (process isolation) with --public-scheme https, as behind a TLS-terminating proxy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

const REDIRECT = 'http://127.0.0.1:9/callback';

interface Tokens { access_token: string; refresh_token?: string; token_type: string; expires_in: number; scope: string; resource?: string }

/** The refresh token of a token response that must carry one. */
const refreshOf = (tokens: Tokens) => tokens.refresh_token ?? assert.fail(`no refresh token in ${JSON.stringify(Object.keys(tokens))}`);

/** A free loopback port: the app's public URL (its issuer and resource) names it, so it is chosen before start. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/**
 * The client side of the protocol against one running app: `origin` is its public URL (issuer and resource);
 * requests go to the listener at `listener` with the origin's host as Host, as through a proxy or DNS.
 */
function client(origin: string, listener: string, adminKey: string) {
  const host = new URL(origin).host;
  const send = (pathname: string, init: Parameters<typeof call>[1] = {}) => call(`${listener}${pathname.replace(origin, '')}`, { ...init, host });
  const api = (pathname: string, token?: string, init: { method?: string; body?: string } = {}) =>
    send(pathname, { ...init, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const token = (fields: Record<string, string>) => send('/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(fields) });

  /** Authorization with PKCE as `user`: answers the redirect back to the client (code, state, iss) and the verifier. */
  async function authorize(clientId: string, user: string | undefined, scope: string, extra: Record<string, string> = {}) {
    const verifier = base64url(randomBytes(32));
    const challenge = base64url(createHash('sha256').update(verifier).digest());
    const state = base64url(randomBytes(8));
    const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, scope, state, code_challenge: challenge, code_challenge_method: 'S256', resource: `${origin}/api/`, ...extra });
    const answer = await send(`/authorize?${query}`, { headers: user ? { cookie: `session=${user}` } : {} });
    return { answer, verifier, state, redirect: answer.status === 302 ? new URL(String(answer.headers.location)) : undefined };
  }

  /** Authorization then the code exchange: the token response. */
  async function signIn(clientId: string, user: string, scope: string): Promise<Tokens> {
    const { answer, verifier, state, redirect } = await authorize(clientId, user, scope);
    assert.equal(answer.status, 302, answer.body);
    const back = redirect ?? assert.fail('no redirect');
    assert.equal(back.origin + back.pathname, REDIRECT);
    assert.equal(back.searchParams.get('state'), state);
    assert.equal(back.searchParams.get('iss'), origin, 'RFC 9207: the redirect names the issuer');
    const code = back.searchParams.get('code') ?? assert.fail('no code');
    const exchanged = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier });
    assert.equal(exchanged.status, 200, exchanged.body);
    return json<Tokens>(exchanged) as unknown as Tokens;
  }

  return { origin, send, api, token, authorize, signIn, admin: (method: string, user: string, key = adminKey) => send(`/admin/grants/${user}`, { method, headers: { 'x-admin-key': key } }) };
}

/** The Bearer challenge's parameters. */
function challenge(answer: Answer): Record<string, string> {
  const header = String(answer.headers['www-authenticate'] ?? '');
  assert.match(header, /^Bearer /, `a Bearer challenge (status ${answer.status})`);
  return Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

/** The whole protocol; `otherOrigin`, when given, is a Host header under which the same app is another resource. */
async function scenario(origin: string, listener: string, adminKey: string, otherOrigin?: string): Promise<void> {
  const c = client(origin, listener, adminKey);
  const resource = `${c.origin}/api/`;

  // Discovery: a client with nothing but the API's URL gets a 401 naming the resource metadata and the baseline
  // scope, then the resource metadata names the authorization server, whose metadata names its endpoints.
  const anonymous = await c.api('/api/me');
  assert.equal(anonymous.status, 401);
  const first = challenge(anonymous);
  assert.equal(first.scope, 'notes:read');
  const resourceMeta = json(await c.send(first.resource_metadata ?? assert.fail('no resource_metadata in the challenge')));
  assert.equal(resourceMeta.resource, resource);
  assert.deepEqual(resourceMeta.authorization_servers, [c.origin]);
  assert.deepEqual(resourceMeta.scopes_supported, ['notes:read']);
  const asMeta = json(await c.send('/.well-known/oauth-authorization-server'));
  assert.equal(asMeta.issuer, c.origin);
  assert.equal(asMeta.token_endpoint, `${c.origin}/oauth/token`);
  assert.equal(asMeta.authorization_endpoint, `${c.origin}/authorize`);
  assert.deepEqual(asMeta.code_challenge_methods_supported, ['S256']);
  assert.deepEqual(asMeta.scopes_supported, ['notes:read', 'notes:write', 'offline_access']);

  // Dynamic client registration (RFC 7591): a public client (PKCE, no secret).
  const registered = await c.send(String(asMeta.registration_endpoint), {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'notes tool', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] }),
  });
  assert.equal(registered.status, 201, registered.body);
  const clientId = String(json(registered).client_id);
  assert.ok(clientId.length > 0);
  const refused = await c.send('/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['javascript:alert(1)'] }) });
  assert.equal(refused.status, 400, 'a dangerous redirect URI is refused at registration');

  // Bob signs in first: his token is left to expire while the rest runs (accessTokenTTL is 60 s).
  const bob = await c.signIn(clientId, 'bob', 'notes:read');
  assert.equal(bob.expires_in, 60);
  const bobIssued = Date.now();

  // The authorize step: not signed in, unknown client, and a redirect URI that was not registered.
  assert.equal((await c.authorize(clientId, undefined, 'notes:read')).answer.status, 401);
  const unknown = await c.authorize('no-such-client', 'alice', 'notes:read');
  assert.equal(unknown.answer.status, 400, 'an unknown client is answered here, never redirected');
  const otherRedirect = await c.authorize(clientId, 'alice', 'notes:read', { redirect_uri: 'http://127.0.0.1:9/elsewhere' });
  assert.equal(otherRedirect.answer.status, 400);
  assert.equal(otherRedirect.answer.headers.location, undefined);

  // Authorization with PKCE, then the code exchange.
  const { answer, redirect } = await c.authorize(clientId, 'alice', 'notes:read offline_access');
  assert.equal(answer.status, 302, answer.body);
  const code = redirect?.searchParams.get('code') ?? assert.fail('no code');
  const badVerifier = await c.token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: base64url(randomBytes(32)) });
  assert.equal(badVerifier.status, 400);
  assert.equal(json(badVerifier).error, 'invalid_grant', 'a wrong PKCE verifier is refused');
  // A failed verifier attempt burns the code (it is single-use either way): sign in again.
  const alice = await c.signIn(clientId, 'alice', 'notes:read offline_access');
  assert.equal(alice.token_type.toLowerCase(), 'bearer');
  assert.ok(alice.refresh_token, 'offline_access brings a refresh token');
  assert.deepEqual(alice.scope.split(' ').sort(), ['notes:read', 'offline_access']);

  // The API with the token: the grant's props reach the handler.
  const me = await c.api('/api/me', alice.access_token);
  assert.equal(me.status, 200, me.body);
  assert.deepEqual(json(me), { props: { userId: 'alice', displayName: 'Alice Example' }, scope: ['notes:read', 'offline_access'], clientId, userId: 'alice' });

  // No token, a made-up one, and a real one with its secret altered: 401 with the challenge.
  for (const bad of [undefined, 'not-a-token', `${alice.access_token.slice(0, -4)}AAAA`, alice.refresh_token]) {
    const answer = await c.api('/api/me', bad);
    assert.equal(answer.status, 401, `token ${bad === undefined ? '(none)' : 'altered'}`);
    const params = challenge(answer);
    assert.equal(params.resource_metadata, `${c.origin}/.well-known/oauth-protected-resource/api/`);
    if (bad !== undefined) assert.equal(params.error, 'invalid_token');
  }
  assert.ok(!JSON.stringify((await c.api('/api/me', 'not-a-token')).headers).includes(alice.access_token));

  // Another resource (audience): neither the authorize step nor the token endpoint issue for it.
  const otherResource = await c.authorize(clientId, 'alice', 'notes:read', { resource: `${c.origin}/admin/` });
  assert.equal(otherResource.answer.status, 302, 'the client is told (its redirect URI is valid)');
  assert.equal(otherResource.redirect?.searchParams.get('error'), 'invalid_target');
  const retarget = await c.token({ grant_type: 'refresh_token', refresh_token: refreshOf(alice), client_id: clientId, resource: 'http://localhost:1/api/' });
  assert.equal(retarget.status, 400);
  assert.equal(json(retarget).error, 'invalid_target');
  // Wrong audience: the same route reached on another origin is another resource, and the token, bound to
  // ${resource}, is refused there.
  if (otherOrigin) {
    const elsewhere = await call(`${listener}/api/me`, { host: otherOrigin, headers: { authorization: `Bearer ${alice.access_token}` } });
    assert.equal(elsewhere.status, 401, elsewhere.body);
    assert.equal(challenge(elsewhere).error, 'invalid_token');
    assert.ok(!elsewhere.body.includes('Alice Example'));
  }

  // Writing needs notes:write: a 403 naming every scope needed (step-up).
  const write = await c.api('/api/notes', alice.access_token, { method: 'POST', body: 'buy milk' });
  assert.equal(write.status, 403);
  const stepUp = challenge(write);
  assert.equal(stepUp.error, 'insufficient_scope');
  assert.equal(stepUp.scope, 'notes:read notes:write');
  // A refresh cannot widen the grant: asking for more narrows to what it holds; asking only for what it lacks is refused.
  const wider = await c.token({ grant_type: 'refresh_token', refresh_token: refreshOf(alice), client_id: clientId, scope: 'notes:read notes:write' });
  assert.equal(wider.status, 200, wider.body);
  const widerTokens = json<Tokens>(wider) as unknown as Tokens;
  assert.equal(widerTokens.scope, 'notes:read');
  assert.equal((await c.api('/api/notes', widerTokens.access_token, { method: 'POST', body: 'x' })).status, 403);
  const lacking = await c.token({ grant_type: 'refresh_token', refresh_token: refreshOf(widerTokens), client_id: clientId, scope: 'notes:write' });
  assert.equal(lacking.status, 400);
  assert.equal(json(lacking).error, 'invalid_scope');
  // Scope upgrade: the client re-authorizes for the wider scope; the new grant replaces the old one.
  const upgraded = await c.signIn(clientId, 'alice', 'notes:read notes:write offline_access');
  const saved = await c.api('/api/notes', upgraded.access_token, { method: 'POST', body: 'buy milk' });
  assert.equal(saved.status, 201, saved.body);
  assert.deepEqual(json(saved), { saved: 'buy milk', by: 'alice' });
  assert.deepEqual(json(await c.api('/api/notes', upgraded.access_token)), { note: 'buy milk' });
  assert.equal((await c.api('/api/me', widerTokens.access_token)).status, 401, 'the replaced grant\'s tokens no longer work');
  // And a refresh may narrow it again, for a token that carries less.
  const narrowed = await c.token({ grant_type: 'refresh_token', refresh_token: refreshOf(upgraded), client_id: clientId, scope: 'notes:read' });
  assert.equal(narrowed.status, 200, narrowed.body);
  const narrowTokens = json<Tokens>(narrowed) as unknown as Tokens;
  assert.equal(narrowTokens.scope, 'notes:read');
  assert.equal((await c.api('/api/notes', narrowTokens.access_token, { method: 'POST', body: 'y' })).status, 403);
  assert.equal((await c.api('/api/notes', narrowTokens.access_token)).status, 200);

  // Revocation of the entitlement: listUserGrants then revokeGrant; every token of the grant then fails.
  assert.equal((await c.admin('GET', 'alice', 'wrong-key')).status, 403);
  const listed = json<{ grants: { clientId: string; scope: string[] }[] }>(await c.admin('GET', 'alice'));
  assert.deepEqual(listed.grants.map((g) => [g.clientId, [...g.scope].sort()]), [[clientId, ['notes:read', 'notes:write', 'offline_access']]]);
  assert.equal((await c.admin('DELETE', 'alice')).status, 200);
  assert.deepEqual(json(await c.admin('GET', 'alice')), { grants: [] });
  const revoked = await c.api('/api/me', narrowTokens.access_token);
  assert.equal(revoked.status, 401);
  assert.equal(challenge(revoked).error, 'invalid_token');
  const refreshRevoked = await c.token({ grant_type: 'refresh_token', refresh_token: refreshOf(narrowTokens), client_id: clientId });
  assert.equal(refreshRevoked.status, 400);
  assert.equal(json(refreshRevoked).error, 'invalid_grant');
  // Bob's grant was not touched.
  assert.equal((await c.api('/api/me', bob.access_token)).status, 200);

  // Expiry: bob's access token stops working once its 60 s are over (plus a margin for KV's clock).
  const wait = bobIssued + 62_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const expired = await c.api('/api/me', bob.access_token);
  assert.equal(expired.status, 401, expired.body);
  assert.equal(challenge(expired).error, 'invalid_token');
}

// The three runs go at once: each spends most of its time waiting a minute for a token to expire.
test('an OAuth-protected API on @cloudflare/workers-oauth-provider runs unchanged under ledge dev (both isolations) and ledge serve', { timeout: 500_000, concurrency: true }, async (t) => {
  const runs = (['thread', 'process'] as const).map((isolation) =>
    t.test(`ledge dev, ${isolation} isolation: discovery, registration, PKCE, tokens, step-up, revocation, expiry`, async () => {
      const dir = copyApp('oauth-api');
      const port = await freePort();
      const adminKey = base64url(randomBytes(16));
      // What a developer keeps in .dev.vars: where the app is reached, and the admin secret.
      writeFileSync(path.join(dir, '.dev.vars'), `PUBLIC_URL=http://localhost:${port}\nADMIN_KEY=${adminKey}\n`);
      const output = await withDev(dir, async () => {
        await scenario(`http://localhost:${port}`, `http://127.0.0.1:${port}`, adminKey, `127.0.0.1:${port}`);
      }, { args: ['--port', String(port), ...(isolation === 'process' ? ['--isolation', 'process'] : [])] });
      assert.ok(!output.includes(adminKey), 'the admin secret is never printed');
    }));

  runs.push(t.test('ledge serve (process isolation) behind a TLS-terminating proxy (--public-scheme https): the same protocol', async () => {
    // The library accepts http only on a loopback host; a deployment's hostname is not one, so clients reach it
    // over https through a proxy, which `--public-scheme https` tells ledge serve (request URLs are https).
    const platform = await startPlatform(['--public-scheme', 'https']);
    try {
      const dir = copyApp('oauth-api');
      const kv = await platform.create('kv', 'oauth-api-kv');
      editConfig(dir, 'wrangler.jsonc', '"oauth-kv-placeholder"', `"${kv}"`);
      const origin = `https://${hostOf('oauth-api')}:${new URL(platform.serve.app).port}`;
      editConfig(dir, 'wrangler.jsonc', '"PUBLIC_URL": "http://localhost:8787"', `"PUBLIC_URL": "${origin}"`);
      const adminKey = base64url(randomBytes(16));
      await platform.ledge(['secret', 'put', 'ADMIN_KEY'], { cwd: dir, stdin: `${adminKey}\n` });
      const deployed = await platform.ledge(['deploy'], { cwd: dir });
      assert.match(deployed.out, /deployed oauth-api/);
      await scenario(origin, platform.serve.app, adminKey);
      assert.ok(!platform.outputs().join('\n').includes(adminKey), 'the admin secret is never printed');
    } finally {
      await platform.stop();
    }
  }));
  await Promise.all(runs);
});
