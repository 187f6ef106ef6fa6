// From a verified identity to a role, then to resource and action authorization, then to the response.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRoleMap } from './roles.js';
import { createAuthorizer } from './policy.js';
import { accessDenied } from './deny.js';
import { AccessError } from './errors.js';
import type { AccessIdentity } from './verify.js';

const base = { iss: 'https://team.ledge.test', aud: ['t'], iat: 1, exp: 2, type: 'app' };
const user = (email: string): AccessIdentity => ({ ...base, sub: `id-${email}`, email });
const service = (commonName: string): AccessIdentity => ({ ...base, sub: '', common_name: commonName });

test('createRoleMap: emails any case, whole domains exactly, service client ids exactly; the first listed role wins', () => {
  const roleOf = createRoleMap({
    admin: ['Alice@Example.com'],
    editor: ['@example.com', 'carol@partner.test'],
    reporter: ['service:e367826f.access'],
  });
  assert.equal(roleOf(user('alice@example.com')), 'admin', 'admin is listed first, so it wins over the domain rule');
  assert.equal(roleOf(user('ALICE@EXAMPLE.COM')), 'admin');
  assert.equal(roleOf(user('bob@example.com')), 'editor');
  assert.equal(roleOf(user('carol@partner.test')), 'editor');
  assert.equal(roleOf(user('dave@partner.test')), null);
  assert.equal(roleOf(user('eve@sub.example.com')), null, 'a domain rule does not cover subdomains');
  assert.equal(roleOf(user('eve@example.com.attacker.test')), null);
  assert.equal(roleOf(user('eve@attackerexample.com')), null);
  assert.equal(roleOf(service('e367826f.access')), 'reporter');
  assert.equal(roleOf(service('other.access')), null);
  // A service token whose client id looks like an email does not match email rules, and the reverse.
  assert.equal(createRoleMap({ admin: ['@example.com'] })(service('x@example.com')), null);
  assert.equal(createRoleMap({ admin: ['service:alice@example.com'] })(user('alice@example.com')), null);
});

test('createRoleMap refuses malformed entries when it is created', () => {
  for (const entry of ['', '@', 'alice', 'alice@', '@a@b', 'a@b@c', ' alice@example.com', 'service:', 'al ice@example.com', 42]) {
    assert.throws(() => createRoleMap({ admin: [entry as string] }), TypeError, JSON.stringify(entry));
  }
  assert.throws(() => createRoleMap({ admin: 'alice@example.com' as unknown as string[] }), TypeError);
});

test('createAuthorizer: only what the table lists is allowed; wildcards; no prototype keys', () => {
  const authorize = createAuthorizer({
    admin: { '*': ['*'] },
    editor: { posts: ['read', 'write'], comments: ['*'] },
    viewer: { posts: ['read'] },
  });
  assert.equal(authorize('admin', 'billing', 'delete'), true);
  assert.equal(authorize('editor', 'posts', 'write'), true);
  assert.equal(authorize('editor', 'comments', 'delete'), true);
  assert.equal(authorize('editor', 'posts', 'delete'), false);
  assert.equal(authorize('editor', 'billing', 'read'), false);
  assert.equal(authorize('viewer', 'posts', 'read'), true);
  assert.equal(authorize('viewer', 'posts', 'write'), false, 'a signed-in user without entitlement is denied');
  assert.equal(authorize(null, 'posts', 'read'), false, 'no role, no access');
  assert.equal(authorize('constructor', 'posts', 'read'), false);
  assert.equal(authorize('__proto__', 'toString', 'read'), false);
  assert.equal(authorize('viewer', 'constructor', 'read'), false);
  assert.throws(() => createAuthorizer({ admin: { posts: 'read' as unknown as string[] } }), TypeError);
  assert.throws(() => createAuthorizer({ admin: { posts: [''] } }), TypeError);
});

test('accessDenied answers a generic JSON body and never the reason', async () => {
  const cases: Array<[unknown, number, string]> = [
    [undefined, 401, 'unauthorized'],
    [403, 403, 'forbidden'],
    [new AccessError('access_invalid', 'claim "aud" check failed'), 401, 'unauthorized'],
    [new AccessError('access_expired', 'the assertion has expired'), 401, 'unauthorized'],
    [new AccessError('access_missing', 'no header'), 401, 'unauthorized'],
    [new AccessError('access_keys_unavailable', 'the key set could not be fetched: timed out'), 503, 'unavailable'],
    [structuredClone({ code: 'access_invalid', message: 'crossed a thread' }), 401, 'unauthorized'],
    [new Error('database password is hunter2'), 500, 'internal_error'],
  ];
  for (const [reason, status, error] of cases) {
    const response = accessDenied(reason);
    assert.equal(response.status, status);
    assert.equal(response.headers.get('content-type'), 'application/json');
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await response.json(), { error });
  }
});
