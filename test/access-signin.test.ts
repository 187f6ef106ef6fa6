// Sign-in on the team domain against a real platform listener: the page returned to after sign-in stays on
// the application's origin whatever the return target says, the one-use code goes only to that origin, and
// failed password attempts are limited per user and per client address (issue 11, item 9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { deployBody, moduleBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';

const TEAM = 'admin.access.ledge.localhost';
const APP_HOST = 'shop.example.com';

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: string }

interface Setup {
  p: TestPlatform;
  port: number;
  /** The application's origin as a browser on this listener sees it. */
  origin: string;
  aud: string;
  send(host: string, method: string, target: string, options?: { body?: string; from?: string; headers?: Record<string, string> }): Promise<Answer>;
  /** Posts the login form; `from` is the client's loopback address. */
  signIn(email: string, password: string, options?: { from?: string; redirectUrl?: string }): Promise<Answer>;
}

async function setup(): Promise<Setup> {
  const p = await startTestPlatform();
  const base = `/accounts/${p.accountId}`;
  assert.equal((await p.call('PUT', `${base}/deployments/shop`, { body: deployBody(moduleBody('shop'), { routes: [APP_HOST] }) })).status, 200);
  const app = await p.call('POST', `${base}/access/apps`, { body: { name: 'Shop admin', domain: `${APP_HOST}/admin`, policies: [{ name: 'staff', decision: 'allow', include: [{ email_domain: { domain: 'example.com' } }] }] } });
  assert.equal(app.status, 201, app.text);
  for (const [email, password] of [['alice@example.com', 'correct horse battery'], ['bob@example.com', 'another long password']]) {
    assert.equal((await p.call('POST', `${base}/access/users`, { body: { email, password } })).status, 201);
  }
  const port = Number(new URL(p.appUrl).port);
  const origin = `http://${APP_HOST}:${port}`;
  const send: Setup['send'] = (host, method, target, options = {}) => new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, localAddress: options.from ?? '127.0.0.1', headers: { host: `${host}:${port}`, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
  const aud = app.body.result.aud as string;
  const signIn: Setup['signIn'] = (email, password, options = {}) => {
    const form = new URLSearchParams({ email, password, app: aud, redirect_url: options.redirectUrl ?? `${origin}/admin/users?x=1` });
    return send(TEAM, 'POST', '/login', { body: form.toString(), from: options.from, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  };
  return { p, port, origin, aud, send, signIn };
}

test('after sign-in the return page stays on the application origin, whatever the redirect says', async () => {
  const s = await setup();
  try {
    const callbackWith = async (redirect: string): Promise<Answer> => {
      const posted = await s.signIn('alice@example.com', 'correct horse battery');
      assert.equal(posted.status, 302, posted.body);
      const back = new URL(posted.headers.location as string);
      assert.equal(back.origin, s.origin, 'the one-use code goes to the application origin');
      back.searchParams.set('redirect', redirect);
      return s.send(APP_HOST, 'GET', `${back.pathname}${back.search}`);
    };
    const legit = await callbackWith('/admin/users?x=1');
    assert.equal(legit.status, 302);
    assert.equal(legit.headers.location, '/admin/users?x=1');

    const hostile = [
      '/.//evil.example', '//evil.example', '/\\evil.example', '\\\\evil.example', '/\\/evil.example', '\\/evil.example',
      'https:evil.example', 'http:evil.example', 'https:/evil.example', 'http:\\\\evil.example', 'http://evil.example/', 'https://evil.example',
      `//${APP_HOST}@evil.example`, `http://${APP_HOST}:${s.port}@evil.example/`, `http://${APP_HOST}/admin`, `https://${APP_HOST}:${s.port}/admin`,
      '/%2f/evil.example', '%2f%2fevil.example', '/%5c/evil.example', '/.%2f/evil.example', '/./%2fevil.example', '/..//evil.example', '/.././/evil.example',
      '/\t/evil.example', '/\n/evil.example', '\t//evil.example', ' //evil.example', '/.\t//evil.example', '/\r\n/evil.example', '/\u0000/evil.example',
      '\u000b//evil.example', '/ /evil.example', 'javascript:alert(1)', 'data:text/html,x', '///evil.example', '////evil.example',
    ];
    for (const redirect of hostile) {
      const done = await callbackWith(redirect);
      assert.equal(done.status, 302, JSON.stringify(redirect));
      const location = done.headers.location as string;
      // As a browser reads the Location of a page on the application origin.
      assert.equal(new URL(location, `${s.origin}/.ledge-access/callback`).origin, s.origin, `${JSON.stringify(redirect)} -> ${location}`);
      assert.match(location, /^\/(?![/\\])/, `${JSON.stringify(redirect)} -> ${location}: a path of this origin only`);
    }
  } finally {
    await s.p.close();
  }
});

test('the one-use code goes only to the application origin: another port, scheme, host or credentials in the return URL are refused', async () => {
  const s = await setup();
  try {
    const refused = [
      `http://${APP_HOST}:${s.port + 1}/admin`, `https://${APP_HOST}:${s.port}/admin`, `http://${APP_HOST}/admin`,
      `http://user:pass@${APP_HOST}:${s.port}/admin`, `http://evil.example:${s.port}/admin`, `ws://${APP_HOST}:${s.port}/admin`, `${s.origin}/public`,
    ];
    for (const redirectUrl of refused) {
      const posted = await s.signIn('alice@example.com', 'correct horse battery', { redirectUrl });
      assert.equal(posted.status, 400, `${redirectUrl}: ${posted.status} ${posted.headers.location ?? ''}`);
      assert.equal(posted.headers.location, undefined);
    }
    const ok = await s.signIn('alice@example.com', 'correct horse battery', { redirectUrl: `${s.origin}/admin` });
    assert.equal(ok.status, 302);
    assert.equal(new URL(ok.headers.location as string).origin, s.origin);
  } finally {
    await s.p.close();
  }
});

test('failed sign-ins are limited per user and per client address: 429 with retry-after, the same for unknown users, no success while limited', async () => {
  const s = await setup();
  const wrong = (email: string, from?: string) => s.signIn(email, 'not the password', { from });
  try {
    // Per user: five failures, then even the right password is refused until the window has passed.
    for (let i = 0; i < 5; i++) assert.equal((await wrong('alice@example.com')).status, 401);
    const limited = await s.signIn('alice@example.com', 'correct horse battery');
    assert.equal(limited.status, 429, 'a right password does not get past the limit');
    assert.equal(limited.headers.location, undefined);
    assert.equal(limited.headers['retry-after'], '900');
    // An unknown email is limited the same way, with the same answer: the limit tells nothing about who exists.
    for (let i = 0; i < 5; i++) assert.equal((await wrong('nobody@example.com')).status, 401);
    const unknown = await s.signIn('nobody@example.com', 'correct horse battery');
    assert.deepEqual([unknown.status, unknown.headers['retry-after'], unknown.body], [limited.status, limited.headers['retry-after'], limited.body]);
    // Another user from the same address is not limited (10 failures are under the address limit).
    assert.equal((await s.signIn('bob@example.com', 'another long password')).status, 302);
    // The window slides: the retry-after counts down, and when it has passed the right password works.
    s.p.clock.advance(10 * 60_000);
    assert.equal((await s.signIn('alice@example.com', 'correct horse battery')).headers['retry-after'], '300');
    s.p.clock.advance(5 * 60_000);
    assert.equal((await s.signIn('alice@example.com', 'correct horse battery')).status, 302);

    // Per address: twenty failures over twenty emails from one address; then nobody signs in from it,
    // while the same user from another address does.
    for (let i = 0; i < 20; i++) assert.equal((await wrong(`guess${i}@example.com`, '127.0.0.2')).status, 401);
    const fromAttacker = await s.signIn('bob@example.com', 'another long password', { from: '127.0.0.2' });
    assert.equal(fromAttacker.status, 429);
    assert.equal(fromAttacker.headers['retry-after'], '900');
    assert.equal((await s.signIn('bob@example.com', 'another long password', { from: '127.0.0.3' })).status, 302);
    s.p.clock.advance(15 * 60_000);
    assert.equal((await s.signIn('bob@example.com', 'another long password', { from: '127.0.0.2' })).status, 302);

    // Parallel guesses are counted as they start: of ten at once, five are checked and five refused.
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => wrong('carol@example.com', '127.0.0.4')))).map((a) => a.status);
    assert.deepEqual([statuses.filter((x) => x === 401).length, statuses.filter((x) => x === 429).length], [5, 5]);

    const log = s.p.logs.map((r) => r.message).join('\n');
    assert.match(log, /sign-in to Shop admin limited for one user after 5 failed attempts in 15 minutes/);
    assert.match(log, /sign-in limited for 127\.0\.0\.2 after 20 failed attempts in 15 minutes/);
    assert.doesNotMatch(log, /not the password|correct horse|nobody@example\.com/, 'no password and no email in the log');
  } finally {
    await s.p.close();
  }
});
