// Sign-in through a generic OpenID Connect provider: a real provider (oidc-provider) runs on a local port,
// the gateway sends the person there, the provider sends them back with a code, and the application gets
// an assertion naming the provider's verified email and groups.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { deployBody, startTestPlatform } from './serve-helpers.js';

const TEAM = 'admin.access.ledge.localhost';

/** A provider whose accounts are their email; `groups` come with the profile. */
async function startProvider(): Promise<{ issuer: string; server: Server }> {
  const probe = (await import('node:http')).createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'ledge', client_secret: 'provider-client-secret-value', redirect_uris: [`http://${TEAM}/oidc/callback`] }],
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: `sub-${id}`, email: id, email_verified: !id.startsWith('unverified'), groups: id.startsWith('carol') ? ['ops'] : [] }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['groups'] },
  });
  const server = provider.listen(port, '127.0.0.1') as Server;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { issuer, server };
}

/** Follows the provider's own pages with a cookie jar: the login form, then consent; returns our callback URL. */
async function throughProvider(authorizeUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) { const [pair] = c.split(';'); const eq = (pair as string).indexOf('='); jar.set((pair as string).slice(0, eq), (pair as string).slice(eq + 1)); }
    return res;
  };
  let url = authorizeUrl;
  for (let step = 0; step < 12; step++) {
    const res = await go(url);
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url} with ${res.status}`);
    const next = new URL(location, url);
    if (next.hostname === TEAM) return next;
    if (/\/interaction\/[^/]+$/.test(next.pathname)) {
      const page = await go(next.toString());
      const html = await page.text();
      const prompt = html.includes('name="login"') ? 'login' : 'consent';
      const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
      const submitted = await go(next.toString(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
      url = new URL(submitted.headers.get('location') as string, next).toString();
      continue;
    }
    url = next.toString();
  }
  throw new Error('the provider flow did not come back');
}

test('sign-in with a generic OpenID Connect provider: code flow with PKCE, verified email and groups, policies by group', async () => {
  const op = await startProvider();
  // The provider runs on loopback, which the egress policy refuses unless the operator allows it (--egress-allow).
  const p = await startTestPlatform(undefined, undefined, { egressAllow: ['127.0.0.1'] });
  try {
    const base = `/accounts/${p.accountId}`;
    const echo = `export default { fetch(request) { const t = request.headers.get('edge-access-jwt-assertion'); return Response.json(t ? JSON.parse(atob(t.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) : null); } };`;
    assert.equal((await p.call('PUT', `${base}/deployments/ops`, { body: deployBody(echo, { routes: ['ops.example.com'] }) })).status, 200);
    const app = await p.call('POST', `${base}/access/apps`, { body: { name: 'Ops', domain: 'ops.example.com', policies: [{ name: 'ops team', decision: 'allow', include: [{ group: { name: 'ops' } }] }] } });
    assert.equal(app.status, 201, app.text);
    const idp = await p.call('POST', `${base}/access/identity_providers`, { body: { name: 'Company SSO', type: 'oidc', config: { issuer: op.issuer, client_id: 'ledge', client_secret: 'provider-client-secret-value' } } });
    assert.equal(idp.status, 201, idp.text);
    assert.equal(idp.text.includes('provider-client-secret-value'), false, 'the client secret is never shown');

    const signIn = async (login: string): Promise<{ status: number; cookie?: string }> => {
      const challenge = await p.visit('ops.example.com', '/board', { headers: { accept: 'text/html' } });
      const loginPage = new URL(challenge.headers.get('location') as string);
      const html = await (await p.visit(TEAM, `${loginPage.pathname}${loginPage.search}`)).text();
      const href = /href="(\/oidc\/start\?[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&').replace(/&#38;/g, '&');
      assert.ok(href, 'the login page offers the provider');
      const start = await p.visit(TEAM, href);
      assert.equal(start.status, 302);
      const authorize = new URL(start.headers.get('location') as string);
      assert.equal(authorize.origin, op.issuer);
      assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
      assert.ok(authorize.searchParams.get('state') && authorize.searchParams.get('nonce'));
      const stateCookie = (start.headers.get('set-cookie') ?? '').split(';')[0] as string;
      assert.match(stateCookie, /^ledge_oidc_state=/);
      const back = await throughProvider(authorize.toString(), login);
      assert.equal((await p.visit(TEAM, `${back.pathname}${back.search}`)).status, 400, 'a provider answer carried to a browser without the state cookie is refused');
      const finished = await p.visit(TEAM, `${back.pathname}${back.search}`, { headers: { cookie: stateCookie } });
      if (finished.status !== 302) return { status: finished.status };
      // A state is good for one sign-in only.
      assert.equal((await p.visit(TEAM, `${back.pathname}${back.search}`, { headers: { cookie: stateCookie } })).status, 400);
      const toApp = new URL(finished.headers.get('location') as string);
      const set = await p.visit(toApp.host, `${toApp.pathname}${toApp.search}`);
      return { status: set.status, cookie: (set.headers.get('set-cookie') ?? '').split(';')[0] };
    };

    const carol = await signIn('carol@example.com');
    assert.equal(carol.status, 302);
    const seen = await p.visit('ops.example.com', '/board', { headers: { cookie: carol.cookie as string } });
    assert.equal(seen.status, 200);
    const claims = await seen.json() as Record<string, unknown>;
    assert.equal(claims.email, 'carol@example.com');
    assert.deepEqual(claims.groups, ['ops']);
    assert.equal(claims.idp, `oidc:${idp.body.result.id}`);
    assert.deepEqual(claims.aud, [app.body.result.aud]);

    const dave = await signIn('dave@example.com');
    assert.equal((await p.visit('ops.example.com', '/board', { headers: { cookie: dave.cookie as string } })).status, 403, 'signed in, but not in the ops group');
    assert.equal((await signIn('unverified@example.com')).status, 401, 'an unverified email is refused');
    assert.equal((await p.visit(TEAM, '/oidc/callback?state=forged&code=x')).status, 400, 'an unknown state is refused');
  } finally {
    await p.close();
    op.server.close();
  }
});
