// The verifier against a real key-set server on 127.0.0.1: caching across requests, key rotation overlap,
// unknown-kid refetch limits, and failing closed when the endpoint is down (issue 7 section 5; identity.md 6.1).
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { ACCESS_JWT_HEADER, verifyAccessJwt, type AccessVerifyOptions } from './verify.js';

const ISSUER = 'https://team.ledge.test';
const AUD = 'c'.repeat(64);

interface KeyPair { kid: string; privateKey: CryptoKey; jwk: JWK }

async function makeKey(kid: string): Promise<KeyPair> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** A key-set endpoint whose answer the test controls, and which can be switched off. */
async function startKeyServer(t: TestContext, keys: KeyPair[]) {
  const state = { keys, mode: 'up' as 'up' | 'error' | 'not-json' | 'not-a-set' | 'hang', fetches: 0 };
  const server: Server = createServer((req, res) => {
    state.fetches++;
    if (state.mode === 'hang') return;
    if (state.mode === 'error') return void res.writeHead(500).end('down for maintenance');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (state.mode === 'not-json') return void res.end('<html>login</html>');
    if (state.mode === 'not-a-set') return void res.end('{"keys":"none"}');
    res.end(JSON.stringify({ keys: state.keys.map((k) => k.jwk) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cdn-access/certs`;
  const stop = async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  t.after(stop);
  return { state, url, stop };
}

async function mint(key: KeyPair, kid = key.kid): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ aud: [AUD], email: 'bob@example.com', sub: 'u-1', type: 'app', identity_nonce: 'n' })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).setIssuer(ISSUER).setIssuedAt(now).setExpirationTime(now + 60).sign(key.privateKey);
}

const request = (token: string) => new Request('https://app.example.com/', { headers: { [ACCESS_JWT_HEADER]: token } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('the key set is fetched from the certs URL once and cached across requests (string or URL)', async (t) => {
  const key = await makeKey('current');
  const { state, url } = await startKeyServer(t, [key]);
  const token = await mint(key);
  for (let i = 0; i < 5; i++) {
    const jwks = i % 2 ? new URL(url) : url;
    assert.equal((await verifyAccessJwt(request(token), { issuer: ISSUER, audience: AUD, jwks })).email, 'bob@example.com');
  }
  assert.equal(state.fetches, 1, 'one fetch for five requests');
});

test('key rotation overlap: the older key verifies while both are published, and fails once it is removed', async (t) => {
  const older = await makeKey('older');
  const newer = await makeKey('newer');
  const { state, url } = await startKeyServer(t, [older]);
  const options: AccessVerifyOptions = { issuer: ISSUER, audience: AUD, jwks: url, remoteKeys: { cacheMaxAgeMs: 150, cooldownMs: 0 } };
  const byOlder = await mint(older);
  assert.ok(await verifyAccessJwt(request(byOlder), options));
  // Rotation: the newer key is published beside the older one. A token by a key not yet cached causes a refetch.
  state.keys = [newer, older];
  assert.ok(await verifyAccessJwt(request(await mint(newer)), options), 'a new key is fetched on first sight');
  assert.equal(state.fetches, 2);
  assert.ok(await verifyAccessJwt(request(byOlder), options), 'the older key still verifies during the overlap');
  // The overlap ends: the older key is withdrawn; once the cache is refreshed its tokens fail.
  state.keys = [newer];
  await sleep(200);
  await assert.rejects(verifyAccessJwt(request(byOlder), options), { code: 'access_invalid' });
  assert.ok(await verifyAccessJwt(request(await mint(newer)), options));
});

test('a flood of unknown kids is refused and causes no refetch within the cooldown', async (t) => {
  const key = await makeKey('current');
  const attacker = await makeKey('attacker');
  const { state, url } = await startKeyServer(t, [key]);
  const options: AccessVerifyOptions = { issuer: ISSUER, audience: AUD, jwks: url, remoteKeys: { cooldownMs: 30_000 } };
  assert.ok(await verifyAccessJwt(request(await mint(key)), options));
  for (let i = 0; i < 20; i++) {
    await assert.rejects(verifyAccessJwt(request(await mint(attacker, `made-up-${i}`)), options), { code: 'access_invalid' });
  }
  await assert.rejects(verifyAccessJwt(request(await mint(attacker, 'current')), options), { code: 'access_invalid' }, "another key under the published kid");
  assert.equal(state.fetches, 1, 'no refetch during the cooldown');
});

test('key endpoint down at cold start, or answering garbage: fails closed, and the failure is never cached as a pass', async (t) => {
  const key = await makeKey('current');
  const token = await mint(key);
  const { state, url, stop } = await startKeyServer(t, [key]);
  const options: AccessVerifyOptions = { issuer: ISSUER, audience: AUD, jwks: url, remoteKeys: { timeoutMs: 300 } };
  for (const mode of ['error', 'not-json', 'not-a-set', 'hang'] as const) {
    state.mode = mode;
    for (let attempt = 0; attempt < 2; attempt++) {
      await assert.rejects(verifyAccessJwt(request(token), options), (err: Error & { code?: string; status?: number }) => {
        assert.equal(err.code, 'access_keys_unavailable', `${mode}, attempt ${attempt}: ${err.message}`);
        assert.equal(err.status, 503);
        assert.ok(!err.message.includes('login') && !err.message.includes('maintenance'), 'the response body is not echoed');
        return true;
      });
    }
  }
  await stop();
  await assert.rejects(verifyAccessJwt(request(token), options), { code: 'access_keys_unavailable' }, 'connection refused');
  await assert.rejects(verifyAccessJwt(request(token), options), { code: 'access_keys_unavailable' }, 'still refused on the next request');
});

test('key endpoint down after a good fetch: only cached keys verify, unknown kids fail, and expired cache fails closed', async (t) => {
  const key = await makeKey('current');
  const rotated = await makeKey('rotated');
  const { url, stop } = await startKeyServer(t, [key]);
  const options: AccessVerifyOptions = { issuer: ISSUER, audience: AUD, jwks: url, remoteKeys: { cacheMaxAgeMs: 250, cooldownMs: 0 } };
  const token = await mint(key);
  assert.ok(await verifyAccessJwt(request(token), options));
  await stop();
  assert.ok(await verifyAccessJwt(request(token), options), 'within the cache age, the cached key still verifies');
  await assert.rejects(verifyAccessJwt(request(await mint(rotated)), options), { code: 'access_keys_unavailable' }, 'an unseen kid needs the endpoint');
  await sleep(300);
  await assert.rejects(verifyAccessJwt(request(token), options), { code: 'access_keys_unavailable' }, 'stale keys are not used once the cache has expired');
});
