// ledge/access and ledge/csrf inside a real isolate: a tiny application imports them, Ledge bundles it, and
// `ledge dev` (in process) serves it. The key set comes from a real HTTP server on 127.0.0.1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { makeProject, startProject } from './helpers.js';

const ISSUER = 'https://team.ledge.test';
const AUD = 'd'.repeat(64);
const ORIGIN = 'https://notes.example.com';

const APP = `
import { createAccessVerifier, createRoleMap, createAuthorizer, accessDenied } from 'ledge/access';
import { createCsrfGuard, withCsrfVary } from 'ledge/csrf';

const roleOf = createRoleMap({ admin: ['alice@example.com'], viewer: ['@example.com'] });
const authorize = createAuthorizer({ admin: { notes: ['read', 'write'] }, viewer: { notes: ['read'] } });
const csrfGuard = createCsrfGuard({ origins: ['${ORIGIN}'], sessionCookie: 'sid' });
let verifyAccess;

export default {
  async fetch(request, env) {
    // No cooldown, so the test can show an unseen key being fetched (the default waits 30 s between fetches).
    verifyAccess ??= createAccessVerifier({ issuer: env.ISSUER, audience: env.AUD, jwks: env.JWKS_URL, remoteKeys: { cooldownMs: 0 } });
    const refused = csrfGuard(request);
    if (refused) return refused;
    let identity;
    try {
      identity = await verifyAccess(request);
    } catch (err) {
      console.log('access refused: ' + err.code + ': ' + err.message);
      return accessDenied(err);
    }
    const role = roleOf(identity);
    if (!authorize(role, 'notes', request.method === 'GET' ? 'read' : 'write')) return accessDenied(403);
    return withCsrfVary(Response.json({ email: identity.email, role, type: identity.type }));
  },
};
`;

test('an application bundled with ledge/access and ledge/csrf verifies, maps roles, guards writes and fails closed in an isolate', async (t) => {
  const key = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(key.publicKey)), kid: 'current', alg: 'RS256', use: 'sig' };
  const keyServer = { up: true, fetches: 0 };
  const server = createServer((_req, res) => {
    keyServer.fetches++;
    if (!keyServer.up) return void res.writeHead(503).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => { server.closeAllConnections(); server.close(); });
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;

  const dir = makeProject({ 'src/index.js': APP }, { vars: { ISSUER, AUD, JWKS_URL: jwksUrl } });
  const app = await startProject(dir);
  t.after(() => app.close());

  const mint = async (email: string, signer: CryptoKey = key.privateKey, kid = 'current') => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email, sub: `u-${email}`, type: 'app', identity_nonce: 'n' }).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(ISSUER).setAudience([AUD]).setIssuedAt(now).setExpirationTime(now + 60).sign(signer);
  };
  const call = (headers: Record<string, string>, method = 'GET') =>
    app.request(new Request(`${ORIGIN}/notes`, { method, headers, body: method === 'GET' ? null : 'text=hi' }));
  const alice = await mint('alice@example.com');
  const bob = await mint('bob@example.com');

  const ok = await call({ 'edge-access-jwt-assertion': alice });
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { email: 'alice@example.com', role: 'admin', type: 'app' });
  assert.equal(ok.headers.get('vary'), 'Origin, Sec-Fetch-Site');

  // Anonymous, forged and wrong-audience requests get the generic 401; the reason stays in the log.
  const anonymous = await call({});
  assert.equal(anonymous.status, 401);
  assert.deepEqual(await anonymous.json(), { error: 'unauthorized' });
  const forger = await generateKeyPair('RS256', { extractable: true });
  const forged = await call({ 'edge-access-jwt-assertion': await mint('alice@example.com', forger.privateKey) });
  assert.equal(forged.status, 401);
  assert.deepEqual(await forged.json(), { error: 'unauthorized' });
  const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${alice.split('.')[1]}.`;
  assert.equal((await call({ 'edge-access-jwt-assertion': unsigned })).status, 401);

  // A signed-in user without entitlement is denied; the allowed one succeeds with the right role.
  assert.equal((await call({ 'edge-access-jwt-assertion': bob })).status, 200);
  const denied = await call({ 'edge-access-jwt-assertion': bob, 'sec-fetch-site': 'same-origin', cookie: 'sid=1' }, 'POST');
  assert.equal(denied.status, 403);
  assert.deepEqual(await denied.json(), { error: 'forbidden' });
  assert.equal((await call({ 'edge-access-jwt-assertion': alice, 'sec-fetch-site': 'same-origin', cookie: 'sid=1' }, 'POST')).status, 200);

  // A cross-site cookie-session write is refused by the guard, even with a valid assertion.
  const csrf = await call({ 'edge-access-jwt-assertion': alice, 'sec-fetch-site': 'cross-site', origin: 'https://evil.test', cookie: 'sid=1' }, 'POST');
  assert.equal(csrf.status, 403);
  assert.equal(csrf.headers.get('vary'), 'Origin, Sec-Fetch-Site');
  assert.equal(keyServer.fetches, 1, 'the key set is cached across requests inside the isolate');
  const unknownKid = await call({ 'edge-access-jwt-assertion': await mint('alice@example.com', forger.privateKey, 'made-up') });
  assert.equal(unknownKid.status, 401, 'an unknown kid is refused after one refetch');
  assert.equal(keyServer.fetches, 2);

  // The key endpoint goes down: a key the isolate has not seen cannot be verified, and the answer is 503.
  keyServer.up = false;
  const rotated = await generateKeyPair('RS256', { extractable: true });
  const unavailable = await call({ 'edge-access-jwt-assertion': await mint('alice@example.com', rotated.privateKey, 'rotated') });
  assert.equal(unavailable.status, 503);
  assert.deepEqual(await unavailable.json(), { error: 'unavailable' });

  const logs = app.logText();
  assert.match(logs, /access refused: access_missing/);
  assert.match(logs, /access refused: access_invalid/);
  assert.match(logs, /access refused: access_keys_unavailable/);
  for (const token of [alice, bob]) assert.ok(!logs.includes(token), 'no token in the log');
});
