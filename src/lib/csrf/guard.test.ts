// The CSRF and Origin guard: issue 7 section 5 (cross-site, same-site, missing headers, every content type)
// and the reference's cases (identity.md 6.5). The guard sees only method and headers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCsrfGuard, type CsrfRefusalReason } from './guard.js';
import { withCsrfVary } from './vary.js';

const APP = 'https://app.example.com';
const SESSION = '__Host-session=s3ss10n';

function post(headers: Record<string, string>, method = 'POST', body: BodyInit | null = 'a=1'): Request {
  return new Request(`${APP}/settings`, { method, headers: { cookie: SESSION, ...headers }, body: method === 'GET' || method === 'HEAD' ? null : body });
}

/** A cookie-session application: the guard runs first; only an allowed request reaches the session and the body. */
function appWith(guard: ReturnType<typeof createCsrfGuard>) {
  const seen = { sessionReads: 0, bodyReads: 0 };
  async function handle(request: Request): Promise<Response> {
    const refused = guard(request);
    if (refused) return refused;
    seen.sessionReads++;
    if (request.body) { await request.text(); seen.bodyReads++; }
    return withCsrfVary(new Response('saved'));
  }
  return { handle, seen };
}

async function isRefusal(response: Response | null, what: string): Promise<void> {
  assert.ok(response, `${what}: refused`);
  assert.equal(response.status, 403, what);
  assert.deepEqual(await response.json(), { error: 'forbidden' }, `${what}: constant body`);
  assert.equal(response.headers.get('vary'), 'Origin, Sec-Fetch-Site', what);
  assert.equal(response.headers.get('cache-control'), 'no-store', what);
}

test('a cross-site write with a valid session cookie is refused before the session or the body is read', async () => {
  const { handle, seen } = appWith(createCsrfGuard({ origins: [APP] }));
  const request = post({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.test', 'content-type': 'application/x-www-form-urlencoded' });
  await isRefusal(await handle(request), 'cross-site form post');
  assert.equal(request.bodyUsed, false, 'the body was not read');
  assert.deepEqual(seen, { sessionReads: 0, bodyReads: 0 }, 'no session read, no side effect');
  const ok = await handle(post({ 'sec-fetch-site': 'same-origin', origin: APP }));
  assert.equal(ok.status, 200, 'positive control: same-origin with a matching Origin');
  assert.equal(ok.headers.get('vary'), 'Origin, Sec-Fetch-Site', 'the app response carries Vary too');
  assert.deepEqual(seen, { sessionReads: 1, bodyReads: 1 });
});

test('every content type is checked the same way (no content-type gate)', async () => {
  const guard = createCsrfGuard({ origins: [APP] });
  const types = [
    'application/x-www-form-urlencoded', 'multipart/form-data; boundary=----x', 'text/plain', 'TEXT/PLAIN', 'text/plain;charset=UTF-8',
    'application/json', 'application/json; charset=utf-8', 'text/ping', 'application/octet-stream', null,
  ];
  for (const type of types) {
    const headers: Record<string, string> = type ? { 'content-type': type } : {};
    await isRefusal(guard(post({ ...headers, 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' })), `cross-site ${type}`);
    await isRefusal(guard(post({ ...headers })), `no Sec-Fetch-Site and no Origin, ${type}`);
    await isRefusal(guard(post({ ...headers, origin: 'https://evil.test' })), `Origin mismatch, ${type}`);
    assert.equal(guard(post({ ...headers, 'sec-fetch-site': 'same-origin' })), null, `same-origin ${type}`);
    assert.equal(guard(post({ ...headers, origin: APP })), null, `matching Origin without Sec-Fetch-Site, ${type}`);
  }
  const form = new FormData();
  form.set('title', 'hello');
  await isRefusal(guard(post({ 'sec-fetch-site': 'cross-site' }, 'POST', form)), 'a real multipart body');
});

test('same-site is refused unless allow-listed, by allowSameSite or by listing the sibling origin', async () => {
  const sibling = { 'sec-fetch-site': 'same-site', origin: 'https://blog.example.com' };
  await isRefusal(createCsrfGuard({ origins: [APP] })(post(sibling)), 'same-site by default');
  assert.equal(createCsrfGuard({ origins: [APP], allowSameSite: true })(post(sibling)), null, 'allowSameSite');
  assert.equal(createCsrfGuard({ origins: [APP, 'https://blog.example.com'] })(post(sibling)), null, 'the sibling listed');
  await isRefusal(createCsrfGuard({ origins: [APP, 'https://blog.example.com'] })(post({ ...sibling, origin: 'https://user-content.example.com' })), 'another sibling');
  await isRefusal(createCsrfGuard({ origins: [APP], allowSameSite: true })(post({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' })), 'allowSameSite does not open cross-site');
});

test('without Sec-Fetch-Site, Origin must equal a configured origin exactly; with neither header the request is refused', async () => {
  const guard = createCsrfGuard({ origins: [APP, 'http://localhost:8787'] });
  for (const origin of ['https://app.example.com.attacker.test', 'https://app.example.com:8443', 'http://app.example.com', 'null', 'https://APP.example.com', `${APP}/`, '']) {
    await isRefusal(guard(post({ origin })), `Origin ${JSON.stringify(origin)}`);
  }
  await isRefusal(guard(post({})), 'neither header');
  await isRefusal(guard(post({ 'sec-fetch-site': 'none' })), 'Sec-Fetch-Site none without Origin');
  await isRefusal(guard(post({ 'sec-fetch-site': 'something-new' })), 'an unknown Sec-Fetch-Site value falls back to Origin');
  assert.equal(guard(post({ origin: 'http://localhost:8787' })), null, 'a second configured origin');
  // The target origin comes from configuration, never from Host or X-Forwarded-Host.
  await isRefusal(guard(post({ origin: 'https://evil.test', host: 'evil.test', 'x-forwarded-host': 'evil.test' })), 'spoofed Host');
});

test('every unsafe method is checked, safe methods pass even cross-site', async () => {
  const guard = createCsrfGuard({ origins: [APP] });
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'patch']) {
    await isRefusal(guard(post({ 'sec-fetch-site': 'cross-site' }, method)), method);
  }
  for (const method of ['GET', 'HEAD', 'OPTIONS']) {
    assert.equal(guard(post({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' }, method)), null, `${method} cross-site navigation`);
  }
});

test('sessionCookie: a request without the session cookie is not a cookie-session request; with it, it is checked', async () => {
  const guard = createCsrfGuard({ origins: [APP], sessionCookie: '__Host-session' });
  const bearer = new Request(`${APP}/api`, { method: 'POST', headers: { authorization: 'Bearer x', 'content-type': 'application/json' }, body: '{}' });
  assert.equal(guard(bearer), null, 'bearer-only, no cookie: passes (no cookie to forge with)');
  await isRefusal(guard(post({ authorization: 'Bearer x', 'sec-fetch-site': 'cross-site' })), 'bearer plus the session cookie');
  assert.equal(guard(post({ cookie: 'theme=dark; x__Host-session=1' })), null, 'other cookies only, including a longer name');
  await isRefusal(guard(post({ cookie: 'theme=dark; __Host-session=abc' })), 'the session cookie among others');
  await isRefusal(guard(post({ cookie: 'theme=dark, __Host-session=abc' })), 'cookie headers joined with a comma');
  await isRefusal(guard(post({ cookie: '__Host-session' })), 'a cookie without a value');
  const several = createCsrfGuard({ origins: [APP], sessionCookie: ['sid', 'remember'] });
  await isRefusal(several(post({ cookie: 'remember=1' })), 'any of several session cookies');
  // Without sessionCookie every unsafe request is checked, cookie or not.
  await isRefusal(createCsrfGuard({ origins: [APP] })(bearer), 'default: no cookie is still checked');
});

test('onRefuse learns the reason, never a header value', () => {
  const reasons: CsrfRefusalReason[] = [];
  const guard = createCsrfGuard({ origins: [APP], onRefuse: ({ reason }) => reasons.push(reason) });
  guard(post({ 'sec-fetch-site': 'cross-site' }));
  guard(post({ 'sec-fetch-site': 'same-site' }));
  guard(post({ origin: 'https://evil.test' }));
  guard(post({}));
  guard(post({ 'sec-fetch-site': 'same-origin' }));
  assert.deepEqual(reasons, ['cross_site', 'same_site', 'origin_mismatch', 'no_origin']);
});

test('options are validated when the guard is created', () => {
  for (const origins of [[], ['app.example.com'], ['https://app.example.com/path'], ['https://app.example.com?x'], ['null'], ['ftp://app.example.com'], ['https://u:p@app.example.com'], [42]]) {
    assert.throws(() => createCsrfGuard({ origins: origins as string[] }), TypeError, JSON.stringify(origins));
  }
  assert.throws(() => createCsrfGuard({ origins: [APP], sessionCookie: 'bad name' }), TypeError);
  assert.throws(() => createCsrfGuard({ origins: [APP], sessionCookie: [] }), TypeError);
  assert.throws(() => createCsrfGuard({ origins: [APP], allowSameSite: 'yes' as unknown as boolean }), TypeError);
  assert.equal(createCsrfGuard({ origins: ['https://app.example.com/'] })(post({ origin: APP })), null, 'a trailing slash is tolerated in configuration');
});

test('withCsrfVary adds Origin and Sec-Fetch-Site to Vary, keeps what is there, and copies immutable responses', async () => {
  assert.equal(withCsrfVary(new Response('x')).headers.get('vary'), 'Origin, Sec-Fetch-Site');
  assert.equal(withCsrfVary(new Response('x', { headers: { vary: 'Accept-Encoding' } })).headers.get('vary'), 'Accept-Encoding, Origin, Sec-Fetch-Site');
  assert.equal(withCsrfVary(new Response('x', { headers: { vary: 'origin' } })).headers.get('vary'), 'origin, Sec-Fetch-Site');
  assert.equal(withCsrfVary(new Response('x', { headers: { vary: '*' } })).headers.get('vary'), '*');
  const immutable = Response.redirect(`${APP}/done`, 303);
  const copy = withCsrfVary(immutable);
  assert.equal(copy.status, 303);
  assert.equal(copy.headers.get('location'), `${APP}/done`);
  assert.equal(copy.headers.get('vary'), 'Origin, Sec-Fetch-Site');
});
