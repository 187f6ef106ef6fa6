// The verifier against a local key set and a fake clock: every negative of issue 7 section 5 that concerns
// the assertion, plus the reference's (identity.md 6.1). Failures are asserted by code; no token is printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CompactSign, SignJWT, exportJWK, exportSPKI, generateKeyPair, importJWK, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { createManualClock } from '../../platform/clock.js';
import { ACCESS_JWT_HEADER, createAccessVerifier, isServiceIdentity, verifyAccessJwt, type AccessVerifyOptions } from './verify.js';
import type { AccessErrorCode } from './errors.js';

const ISSUER = 'https://team.ledge.test';
const AUD = 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1';
const NOW = Math.floor(Date.UTC(2026, 9, 1) / 1000);
const clock = createManualClock(NOW * 1000);

const main = await generateKeyPair('RS256', { extractable: true });
const other = await generateKeyPair('RS256', { extractable: true });
const KID = 'k'.repeat(64);
const publicJwk: JWK = { ...(await exportJWK(main.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
const JWKS = { keys: [publicJwk] };
const OPTIONS: AccessVerifyOptions = { issuer: ISSUER, audience: AUD, jwks: JWKS, clock };

const USER: JWTPayload = {
  aud: [AUD], email: 'alice@example.com', sub: '7335d417-61da-459d-899c-0a01c76a2f94', iss: ISSUER,
  iat: NOW - 10, nbf: NOW - 10, exp: NOW + 60, type: 'app', identity_nonce: '6ei69kawdKzMIAPF', country: 'NL',
};

async function mint(claims: JWTPayload, header: { kid?: unknown; alg?: string } = {}, key: CryptoKey | Uint8Array = main.privateKey): Promise<string> {
  const protectedHeader = { alg: 'RS256', kid: KID, typ: 'JWT', ...header } as { alg: string };
  return new SignJWT(claims).setProtectedHeader(protectedHeader).sign(key);
}

function requestWith(token: string | null, extra: Record<string, string> = {}): Request {
  const headers = new Headers(extra);
  if (token !== null) headers.set(ACCESS_JWT_HEADER, token);
  return new Request('https://app.example.com/private', { headers });
}

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Asserts a refusal with `code`, and that its message carries neither the token nor a claim value. */
async function refuses(token: string | null, code: AccessErrorCode, what: string, options: AccessVerifyOptions = OPTIONS, extra: Record<string, string> = {}) {
  await assert.rejects(verifyAccessJwt(requestWith(token, extra), options), (err: Error & { code?: string; status?: number }) => {
    assert.equal(err.code, code, `${what}: expected ${code}, got ${err.code} (${err.message})`);
    const parts = (token ?? '').split('.').filter((part) => part.length > 16);
    assert.ok(!token || (!err.message.includes(token) && parts.every((part) => !err.message.includes(part))), `${what}: the message must not carry the token`);
    assert.ok(!err.message.includes('alice@example.com'), `${what}: the message must not carry a claim value`);
    return true;
  }, what);
}

test('a valid user assertion resolves to the verified identity', async () => {
  const identity = await verifyAccessJwt(requestWith(await mint(USER)), OPTIONS);
  assert.equal(identity.email, 'alice@example.com');
  assert.equal(identity.sub, USER.sub);
  assert.equal(identity.iss, ISSUER);
  assert.deepEqual(identity.aud, [AUD]);
  assert.equal(identity.type, 'app');
  assert.equal(identity.identity_nonce, '6ei69kawdKzMIAPF');
  assert.equal(identity.country, 'NL', 'other claims are kept');
  assert.equal(isServiceIdentity(identity), false);
  const verify = createAccessVerifier(OPTIONS);
  assert.equal((await verify(requestWith(await mint({ ...USER, aud: AUD })))).email, 'alice@example.com', 'aud as a single string');
  assert.ok(await verify(requestWith(await mint({ ...USER, aud: ['another-app', AUD] }))), 'aud array containing the tag among others');
  assert.ok(await verify(requestWith(await mint({ ...USER, nbf: undefined, identity_nonce: undefined }))), 'nbf and identity_nonce are optional');
});

test('a service-token assertion (empty sub, common_name) is a service identity; anything else without a person is refused', async () => {
  const service = { aud: [AUD], iss: ISSUER, iat: NOW, exp: NOW + 60, type: 'app', sub: '', common_name: 'e367826f93b8d71185e03fe518aff3b4.access' };
  const identity = await verifyAccessJwt(requestWith(await mint(service)), OPTIONS);
  assert.ok(isServiceIdentity(identity));
  assert.equal(identity.common_name, service.common_name);
  await refuses(await mint({ ...service, common_name: undefined }), 'access_invalid', 'empty sub without common_name');
  await refuses(await mint({ ...USER, email: undefined }), 'access_invalid', 'user without email');
  await refuses(await mint({ ...USER, sub: undefined }), 'access_invalid', 'no sub');
  await refuses(await mint({ ...USER, type: 'org' }), 'access_invalid', 'type org');
  await refuses(await mint({ ...USER, type: undefined }), 'access_invalid', 'type missing');
});

test('presence of the header is not verification: missing, empty, cookie-only, garbage and unsigned assertions are refused', async () => {
  await refuses(null, 'access_missing', 'no header');
  await refuses('', 'access_missing', 'an empty header');
  await refuses(null, 'access_missing', 'assertion only in a cookie', OPTIONS, { cookie: `Edge_Authorization=${await mint(USER)}` });
  const header = b64({ alg: 'RS256', kid: KID, typ: 'JWT' });
  const payload = b64(USER);
  for (const [what, token] of [
    ['garbage', 'not-a-jwt'],
    ['two parts', `${header}.${payload}`],
    ['forged header without signature', `${header}.${payload}.`],
    ['empty parts', '..'],
    ['bad base64url', `${header}.@@@.${b64('sig')}`],
    ['non-JSON header', `${b64('nope')}.${payload}.${b64('sig')}`],
    ['non-JSON payload', `${header}.${b64('nope')}.${b64('sig')}`],
    ['a made-up signature', `${header}.${payload}.${b64('x'.repeat(256))}`],
  ] as const) await refuses(token, 'access_invalid', what);
  const huge = await mint({ ...USER, padding: 'x'.repeat(20_000) });
  await refuses(huge, 'access_invalid', 'an oversized assertion');
  const a = await mint(USER);
  const twice = new Headers();
  twice.append(ACCESS_JWT_HEADER, a);
  twice.append(ACCESS_JWT_HEADER, a);
  await assert.rejects(verifyAccessJwt(new Request('https://app.example.com/', { headers: twice }), OPTIONS), { code: 'access_invalid' });
});

test('alg none, HS256 signed with the public key, and any algorithm but RS256 are refused', async () => {
  const payload = b64(USER);
  await refuses(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, 'access_invalid', 'alg none with trailing dot');
  await refuses(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}`, 'access_invalid', 'alg none without trailing dot');
  await refuses(`${b64({ alg: 'none', kid: KID })}.${payload}.`, 'access_invalid', 'alg none naming our kid');
  // Algorithm confusion: the RSA public key's bytes (PEM, and the JWK modulus) used as an HMAC secret.
  const pem = new TextEncoder().encode(await exportSPKI(main.publicKey));
  await refuses(await mint(USER, { alg: 'HS256' }, pem), 'access_invalid', 'HS256 with the public PEM as secret');
  await refuses(await mint(USER, { alg: 'HS256' }, Buffer.from(publicJwk.n as string, 'base64url')), 'access_invalid', 'HS256 with the modulus as secret');
  for (const alg of ['RS512', 'PS256']) {
    const { privateKey } = await generateKeyPair(alg, { extractable: true });
    await refuses(await mint(USER, { alg }, privateKey), 'access_invalid', `${alg} by a key we do not publish`);
  }
  const ps = await generateKeyPair('PS256', { extractable: true });
  await refuses(await mint(USER, { alg: 'PS256' }, ps.privateKey), 'access_invalid', 'PS256 under our kid');
  // A key set whose keys do not name their algorithm still verifies RS256 only: the pin, not the key set, decides.
  const loose = { ...OPTIONS, jwks: { keys: [{ ...publicJwk, alg: undefined }] } };
  assert.ok(await verifyAccessJwt(requestWith(await mint(USER)), loose), 'RS256 under a key without alg');
  const privateJwk = await exportJWK(main.privateKey);
  for (const alg of ['PS256', 'RS512']) {
    const sameKey = await importJWK({ ...privateJwk, alg }, alg) as CryptoKey;
    await refuses(await mint(USER, { alg }, sameKey), 'access_invalid', `${alg} by our own key`, loose);
  }
  const ec = await generateKeyPair('ES256', { extractable: true });
  await refuses(await mint(USER, { alg: 'ES256' }, ec.privateKey), 'access_invalid', 'ES256');
});

test('unknown, missing or non-string kid, another key under our kid, and tampering are refused', async () => {
  await refuses(await mint(USER, { kid: 'f'.repeat(64) }), 'access_invalid', 'unknown kid');
  await refuses(await mint(USER, { kid: undefined }), 'access_invalid', 'no kid');
  await refuses(await mint(USER, { kid: 7 }), 'access_invalid', 'numeric kid');
  await refuses(await mint(USER, {}, other.privateKey), 'access_invalid', "another team's key under our kid");
  const good = await mint(USER);
  const [h, p, s] = good.split('.') as [string, string, string];
  await refuses(`${h}.${b64({ ...USER, email: 'mallory@example.com' })}.${s}`, 'access_invalid', 'payload changed, signature kept');
  const flipped = s.slice(0, 10) + (s[10] === 'A' ? 'B' : 'A') + s.slice(11);
  await refuses(`${h}.${p}.${flipped}`, 'access_invalid', 'signature changed');
});

test('expiry: expired, exp equal to now, missing exp and non-numeric exp are refused; exp gets no leeway', async () => {
  await refuses(await mint({ ...USER, exp: NOW - 3600 }), 'access_expired', 'expired an hour ago');
  await refuses(await mint({ ...USER, exp: NOW }), 'access_expired', 'exp equal to now');
  await refuses(await mint({ ...USER, exp: NOW - 2 }), 'access_expired', 'expired within the leeway');
  assert.ok(await verifyAccessJwt(requestWith(await mint({ ...USER, exp: NOW + 1 })), OPTIONS), 'one second left is valid');
  await refuses(await mint({ ...USER, exp: undefined }), 'access_invalid', 'missing exp');
  await refuses(await mint({ ...USER, exp: String(NOW + 60) as unknown as number }), 'access_invalid', 'exp as a string');
  // 1e999 parses to Infinity: a token that never expires is not a token.
  const infinite = await new CompactSign(new TextEncoder().encode(JSON.stringify({ ...USER, exp: 0 }).replace('"exp":0', '"exp":1e999')))
    .setProtectedHeader({ alg: 'RS256', kid: KID }).sign(main.privateKey);
  await refuses(infinite, 'access_invalid', 'exp of 1e999');
});

test('iat and nbf: missing iat, and iat or nbf in the future beyond the leeway, are refused', async () => {
  await refuses(await mint({ ...USER, iat: undefined }), 'access_invalid', 'missing iat');
  await refuses(await mint({ ...USER, iat: NOW + 60 }), 'access_invalid', 'iat in the future');
  await refuses(await mint({ ...USER, nbf: NOW + 60 }), 'access_invalid', 'nbf in the future');
  await refuses(await mint({ ...USER, iat: NOW + 6 }), 'access_invalid', 'iat one second beyond the default leeway');
  await refuses(await mint({ ...USER, nbf: NOW + 6 }), 'access_invalid', 'nbf one second beyond the default leeway');
  await refuses(await mint({ ...USER, iat: 'yesterday' as unknown as number }), 'access_invalid', 'non-numeric iat');
  assert.ok(await verifyAccessJwt(requestWith(await mint({ ...USER, iat: NOW + 5, nbf: NOW + 5 })), OPTIONS), 'within the 5 s leeway');
  const strict = { ...OPTIONS, leewaySeconds: 0 };
  await refuses(await mint({ ...USER, iat: NOW + 1, nbf: NOW }), 'access_invalid', 'iat one second ahead with no leeway', strict);
  assert.ok(await verifyAccessJwt(requestWith(await mint({ ...USER, iat: NOW, nbf: NOW })), strict), 'iat and nbf equal to now with no leeway');
});

test('the issuer is compared exactly and the audience must contain the tag', async () => {
  for (const [what, iss] of [
    ['another team', 'https://other.ledge.test'], ['http', 'http://team.ledge.test'], ['trailing slash', `${ISSUER}/`],
    ['different case', 'https://Team.ledge.test'], ['missing', undefined],
  ] as const) await refuses(await mint({ ...USER, iss }), 'access_invalid', `iss: ${what}`);
  for (const [what, aud] of [
    ["another application's tag", ['f'.repeat(64)]], ['empty array', []], ['missing', undefined], ['tag as a prefix', [`${AUD}x`]],
  ] as const) await refuses(await mint({ ...USER, aud: aud as string[] | undefined }), 'access_invalid', `aud: ${what}`);
  // An assertion minted for application A, replayed to application B.
  await refuses(await mint(USER), 'access_invalid', 'replayed to another application', { ...OPTIONS, audience: 'b'.repeat(64) });
});

test('wrong options are reported when the verifier is created, as access_config', async () => {
  for (const [what, options] of [
    ['no issuer', { ...OPTIONS, issuer: '' }],
    ['no audience', { ...OPTIONS, audience: undefined }],
    ['negative leeway', { ...OPTIONS, leewaySeconds: -1 }],
    ['huge leeway', { ...OPTIONS, leewaySeconds: 3600 }],
    ['plain http key URL', { ...OPTIONS, jwks: 'http://keys.example.com/certs' }],
    ['relative key URL', { ...OPTIONS, jwks: '/certs' }],
    ['not a key set', { ...OPTIONS, jwks: { keys: 'nope' } }],
    ['a broken RSA key', { ...OPTIONS, jwks: { keys: [{ kty: 'RSA', n: '!!', e: 'AQAB', kid: 'k' }] } }],
    ['bad cache duration', { ...OPTIONS, jwks: 'https://team.ledge.test/certs', remoteKeys: { cacheMaxAgeMs: -1 } }],
  ] as const) {
    assert.throws(() => createAccessVerifier(options as unknown as AccessVerifyOptions), { code: 'access_config' }, what);
    await assert.rejects(verifyAccessJwt(requestWith('x'), options as unknown as AccessVerifyOptions), { code: 'access_config' }, `${what} (as a rejection)`);
  }
  assert.ok(createAccessVerifier({ ...OPTIONS, jwks: 'http://127.0.0.1:9/certs' }), 'http is allowed on loopback');
});
