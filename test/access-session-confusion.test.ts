// Attack (red team): sessions and assertions carried where they were not issued. A session of one access
// application presented to another of the same account (audience), a session of another account (its key and
// issuer) on this account's application, an HS256 token keyed with this account's published public key (algorithm
// confusion), an RS256 token of another account's key under this account's key id, and an unsigned one: each gets
// 401 from the gateway and the application never runs. (test/access-gateway.test.ts covers tampering, `alg: none`,
// expiry and forged headers on one application.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHmac } from 'node:crypto';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';

const ECHO = `export default { fetch(request) {
  const t = request.headers.get('edge-access-jwt-assertion');
  const claims = t ? JSON.parse(atob(t.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) : {};
  return new Response('app ran for ' + (claims.email ?? 'nobody'));
} };`;

/** Deploys `name` on `host` in `account`, guards it with an application allowing everyone signed in, adds a user; answers the app's aud. */
async function guarded(p: TestPlatform, account: string, name: string, host: string, email: string): Promise<string> {
  const base = `/accounts/${account}`;
  assert.equal((await p.call('PUT', `${base}/deployments/${name}`, { body: deployBody(ECHO, { routes: [host] }) })).status, 200);
  const app = await p.call('POST', `${base}/access/apps`, { body: { name, domain: host, policies: [{ name: 'all', decision: 'allow', include: [{ everyone: {} }] }] } });
  assert.equal(app.status, 201, app.text);
  const user = await p.call('POST', `${base}/access/users`, { body: { email, password: `${email} long password` } });
  assert.ok(user.status === 201 || user.status === 409, user.text);
  return app.body.result.aud as string;
}

/** Signs in on `host` through its team domain; answers the session cookie (`Edge_Authorization=...`). */
async function login(p: TestPlatform, host: string, email: string): Promise<string> {
  const challenge = await p.visit(host, '/', { headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
  assert.equal(challenge.status, 302);
  const location = new URL(challenge.headers.get('location') as string);
  const form = new URLSearchParams({ email, password: `${email} long password`, app: location.searchParams.get('app') as string, redirect_url: location.searchParams.get('redirect_url') as string });
  const posted = await p.visit(location.host, '/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  assert.equal(posted.status, 302, await posted.text());
  const back = new URL(posted.headers.get('location') as string);
  const callback = await p.visit(back.host, `${back.pathname}${back.search}`);
  assert.equal(callback.status, 302);
  return (callback.headers.get('set-cookie') as string).split(';')[0] as string;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

test('a session works only on the application and account that issued it; key and algorithm confusion get 401', { timeout: 60_000 }, async (t) => {
  const p = await startTestPlatform();
  t.after(() => p.close());
  const a = p.accountId;
  const created = await p.call('POST', '/accounts', { body: { name: 'bee' } });
  assert.equal(created.status, 201, created.text);
  const b = created.body.result.id as string;
  await guarded(p, a, 'portal', 'portal.example.com', 'alice@example.com');
  await guarded(p, a, 'billing', 'billing.example.com', 'alice@example.com');
  await guarded(p, b, 'shop', 'shop.example.net', 'eve@example.net');
  const ran = async (host: string, cookie: string) => {
    const res = await p.visit(host, '/', { headers: { cookie, accept: 'application/json' } });
    return { status: res.status, text: await res.text() };
  };

  const portal = await login(p, 'portal.example.com', 'alice@example.com');
  assert.deepEqual(await ran('portal.example.com', portal), { status: 200, text: 'app ran for alice@example.com' });
  const eve = await login(p, 'shop.example.net', 'eve@example.net');
  assert.equal((await ran('shop.example.net', eve)).status, 200);

  // The same account's other application: same key, same issuer, another audience.
  assert.equal((await ran('billing.example.com', portal)).status, 401, 'a session of another application of the account');
  // Another account's session: its own key and issuer.
  assert.equal((await ran('portal.example.com', eve)).status, 401, 'a session of another account');

  const [headPart, bodyPart] = (portal.split('=')[1] as string).split('.') as [string, string];
  const head = JSON.parse(Buffer.from(headPart, 'base64url').toString()) as { kid: string; alg: string };
  assert.equal(head.alg, 'RS256');
  const certs = await (await p.visit('admin.access.ledge.localhost', '/access/certs')).json() as { keys: { kid: string; n: string }[]; public_cert?: unknown };
  const published = certs.keys.find((k) => k.kid === head.kid);
  assert.ok(published, 'the session names a published key');
  // Algorithm confusion: HS256 "signed" with the published public key, in every form a verifier might take as the secret.
  for (const secret of [JSON.stringify(published), published.n, Buffer.from(published.n, 'base64url')]) {
    const hsHead = b64({ alg: 'HS256', kid: head.kid, typ: 'JWT' });
    const signature = createHmac('sha256', secret).update(`${hsHead}.${bodyPart}`).digest('base64url');
    assert.equal((await ran('portal.example.com', `Edge_Authorization=${hsHead}.${bodyPart}.${signature}`)).status, 401, 'HS256 with the public key');
  }
  // Another account's signature under this account's key id, and this account's claims: the key id finds A's key, which does not verify it.
  const [, , eveSignature] = (eve.split('=')[1] as string).split('.');
  assert.equal((await ran('portal.example.com', `Edge_Authorization=${headPart}.${bodyPart}.${eveSignature}`)).status, 401, 'a signature of another key');
  const eveParts = (eve.split('=')[1] as string).split('.') as [string, string, string];
  const eveAsA = `${b64({ ...JSON.parse(Buffer.from(eveParts[0], 'base64url').toString()), kid: head.kid })}.${eveParts[1]}.${eveParts[2]}`;
  assert.equal((await ran('portal.example.com', `Edge_Authorization=${eveAsA}`)).status, 401, 'another account\'s token relabelled with this key id');
  for (const alg of ['none', 'None', 'NONE']) {
    assert.equal((await ran('portal.example.com', `Edge_Authorization=${b64({ alg, kid: head.kid })}.${bodyPart}.`)).status, 401, `alg ${alg}`);
  }
  // The platform still serves the rightful sessions after all of it.
  assert.equal((await ran('portal.example.com', portal)).status, 200);
  assert.equal((await ran('shop.example.net', eve)).status, 200);
});
