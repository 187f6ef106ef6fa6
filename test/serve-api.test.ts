// The account API and hostname routing of `ledge serve`, end to end through a real platform (in process):
// bootstrap, scoped tokens, deployments with versions, default / preview / custom hostnames, rollback,
// the audit log, resources, validation, and every way a token is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { deployBody, moduleBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';

const HOUR = 3_600_000;

/** Creates a token through the API and returns its value and id. */
async function makeToken(p: TestPlatform, body: Record<string, unknown>, account = p.accountId, token?: string): Promise<{ value: string; id: string }> {
  const res = await p.call('POST', `/accounts/${account}/tokens`, { body, token });
  assert.equal(res.status, 201, res.text);
  return { value: res.body.result.value as string, id: res.body.result.id as string };
}

const key = (p: TestPlatform, suffix = '') => `com.ledge.api.account.${p.accountId}${suffix}`;

/** Everything the platform said, in its log and in the answers collected, as one string to search for secrets. */
function everything(p: TestPlatform, answers: string[]): string {
  return JSON.stringify(p.logs) + answers.join('\n');
}

test('bootstrap: a first start creates the administrator account and a token; the next start creates nothing', async () => {
  const p = await startTestPlatform();
  let second: TestPlatform | undefined;
  try {
    assert.match(p.token, /^ledge_[A-Za-z0-9_-]{43}$/);
    const verify = await p.call('GET', '/user/tokens/verify');
    assert.equal(verify.status, 200);
    assert.deepEqual(verify.body.messages, [{ code: 10000, message: 'This API Token is valid and active' }]);
    assert.equal(verify.body.result.status, 'active');
    assert.equal(verify.body.result.account_id, p.accountId);
    const accounts = await p.call('GET', '/accounts');
    assert.deepEqual(accounts.body.result.map((a: { subdomain: string }) => a.subdomain), ['admin']);
    assert.deepEqual(accounts.body.result_info, { page: 1, per_page: 20, count: 1, total_count: 1, total_pages: 1 });
    const members = await p.call('GET', `/accounts/${p.accountId}/members`);
    assert.deepEqual(members.body.result.map((m: { email: string; roles: string[] }) => [m.email, m.roles]), [['admin@localhost', ['administrator']]]);
    assert.equal(JSON.stringify(p.logs).includes(p.token), false, 'the bootstrap token is never logged');
    await p.close();
    second = await startTestPlatform(p.stateDir, p.token);
    assert.equal(second.bootstrap, null, 'no second bootstrap token');
    assert.equal((await second.call('GET', '/user/tokens/verify')).status, 200, 'the first token still works after a restart');
    assert.equal((await second.call('GET', '/accounts')).body.result.length, 1);
  } finally {
    await (second ?? p).close();
  }
});

test('deploy, custom domain, default and preview hostnames off and on, rollback, audit log', async () => {
  const p = await startTestPlatform();
  const answers: string[] = [];
  const track = async <T extends { text: string }>(answer: Promise<T>) => { const a = await answer; answers.push(a.text); return a; };
  try {
    const kv = await track(p.call('POST', `/accounts/${p.accountId}/storage/kv/namespaces`, { body: { title: 'shop-cache' } }));
    assert.equal(kv.status, 201);
    const kvId = kv.body.result.id as string;
    // A CI token: only the shop deployment, its hostname, and reading its namespace.
    const config = { kv_namespaces: [{ binding: 'CACHE', id: kvId }], routes: [{ pattern: 'shop.example.com', custom_domain: true }] };
    const deployOnly = { effect: 'allow', permission_groups: ['deployments:write', 'domains:write'], resources: { [key(p, '.deployment.shop')]: '*', [key(p, '.domain.shop.example.com')]: '*' } };
    // Without read access to the namespace, the token cannot hand it to code.
    const blind = await makeToken(p, { name: 'blind', policies: [deployOnly] });
    const refused = await track(p.call('PUT', `/accounts/${p.accountId}/deployments/shop`, { token: blind.value, body: deployBody(moduleBody('v1'), config) }));
    assert.deepEqual([refused.status, refused.body.errors[0]?.code, refused.body.errors[0]?.source?.pointer], [403, 10004, '/body/config/kv_namespaces/0/id']);
    // A CI token: only the shop deployment, its hostname, and reading the namespace it binds.
    const ci = await makeToken(p, { name: 'ci shop deploy', policies: [deployOnly, { permission_groups: ['kv:read'], resources: { [key(p, `.kv.${kvId}`)]: '*' } }] });

    const v1 = await track(p.call('PUT', `/accounts/${p.accountId}/deployments/shop`, { token: ci.value, body: deployBody(moduleBody('v1'), config, 'first') }));
    assert.equal(v1.status, 200, v1.text);
    const v1Id = v1.body.result.version.id as string;
    assert.equal(v1.body.result.version.number, 1);
    assert.equal(v1.body.result.deployment.current_version_id, v1Id);
    assert.deepEqual(v1.body.result.deployment.hostnames, {
      default: 'shop.admin.ledge.localhost', preview: `${v1Id.slice(0, 8)}-shop.admin.ledge.localhost`, custom: ['shop.example.com'],
    });

    // The custom domain answers; the default and preview hostnames are off (edge_dev and preview_urls default to false).
    assert.equal(await (await p.visit('shop.example.com')).text(), 'v1');
    assert.equal(await (await p.visit('SHOP.example.com:443', '/x')).text(), 'v1', 'hostnames match without case or port');
    for (const host of ['shop.admin.ledge.localhost', `${v1Id.slice(0, 8)}-shop.admin.ledge.localhost`, 'other.example.com', '127.0.0.1']) {
      const res = await p.visit(host);
      assert.equal(res.status, 404, host);
      assert.equal(res.headers.get('ledge-origin'), 'platform', `${host}: the 404 comes from the platform, not an application`);
      assert.deepEqual(await res.json(), { error: 'not_found', message: 'No deployment answers for this hostname.', request_id: res.headers.get('ledge-request-id') });
    }

    const v2 = await track(p.call('PUT', `/accounts/${p.accountId}/deployments/shop`, { token: ci.value, body: deployBody(moduleBody('v2'), { ...config, edge_dev: true, preview_urls: true }) }));
    assert.equal(v2.status, 200, v2.text);
    const v2Id = v2.body.result.version.id as string;
    assert.equal(v2.body.result.version.number, 2);
    assert.equal(await (await p.visit('shop.example.com')).text(), 'v2');
    assert.equal(await (await p.visit('shop.admin.ledge.localhost')).text(), 'v2', 'edge_dev: true opens the default hostname');
    assert.equal(await (await p.visit(`${v1Id.slice(0, 8)}-shop.admin.ledge.localhost`)).text(), 'v1', 'a preview hostname serves its own version');
    assert.equal(await (await p.visit(`${v2Id.slice(0, 8)}-shop.admin.ledge.localhost`)).text(), 'v2');

    const versions = await track(p.call('GET', `/accounts/${p.accountId}/deployments/shop/versions`, { token: ci.value }));
    assert.deepEqual(versions.body.result.map((v: { number: number; message: string | null }) => [v.number, v.message]), [[2, null], [1, 'first']]);

    const rollback = await track(p.call('POST', `/accounts/${p.accountId}/deployments/shop/rollback`, { token: ci.value, body: {} }));
    assert.equal(rollback.status, 200, rollback.text);
    assert.equal(rollback.body.result.deployment.current_version_id, v1Id);
    assert.match(rollback.body.messages[0]?.message ?? '', /Data is not rolled back/);
    const afterRollback = await p.visit('shop.example.com');
    assert.equal(await afterRollback.text(), 'v1');
    assert.equal(afterRollback.headers.get('x-visits'), '7', 'data written by v2 stays after the rollback: the visit counter kept counting');
    assert.equal((await p.visit('shop.admin.ledge.localhost')).status, 404, 'v1 has edge_dev off again: the rollback brings back its configuration');
    assert.equal((await p.call('POST', `/accounts/${p.accountId}/deployments/shop/rollback`, { token: ci.value, body: { version_id: v2Id } })).status, 200, 'forward again by id');
    assert.equal(await (await p.visit('shop.admin.ledge.localhost')).text(), 'v2');

    const audit = await track(p.call('GET', `/accounts/${p.accountId}/audit_logs`));
    const rows = audit.body.result as { action: string; actor: { token_name: string } | null; result: string; status: number; resource: string; time: string }[];
    assert.deepEqual(rows.slice(0, 4).map((r) => [r.action, r.actor?.token_name, r.result]), [
      ['deployments.rollback', 'ci shop deploy', 'success'],
      ['deployments.rollback', 'ci shop deploy', 'success'],
      ['deployments.put', 'ci shop deploy', 'success'],
      ['deployments.put', 'ci shop deploy', 'success'],
    ]);
    assert.equal(rows[0]?.resource, key(p, '.deployment.shop'));
    assert.ok(rows.some((r) => r.action === 'tokens.create' && r.actor?.token_name === 'bootstrap'));
    assert.ok(rows.every((r) => !Number.isNaN(Date.parse(r.time))));
    const said = everything(p, answers);
    assert.equal(said.includes(ci.value), false, 'the CI token value never appears in logs or later answers');
    assert.equal(said.includes(p.token), false, 'the bootstrap token value never appears in logs or answers');
  } finally {
    await p.close();
  }
});

test('token scopes: a token for deployment A cannot touch B, lists show only what it may read, and it cannot grant more than it holds', async () => {
  const p = await startTestPlatform();
  try {
    const body = deployBody(moduleBody('x'), {});
    assert.equal((await p.call('PUT', `/accounts/${p.accountId}/deployments/beta`, { body })).status, 200);
    const a = await makeToken(p, { name: 'alpha only', policies: [{ permission_groups: ['deployments:write', 'tokens:write'], resources: { [key(p, '.deployment.alpha')]: '*' } }] });
    assert.equal((await p.call('PUT', `/accounts/${p.accountId}/deployments/alpha`, { token: a.value, body })).status, 200);
    const refused = await p.call('PUT', `/accounts/${p.accountId}/deployments/beta`, { token: a.value, body: deployBody(moduleBody('hijack'), {}) });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.errors[0]?.code, 10004);
    assert.match(refused.body.errors[0]?.message ?? '', /deployments:write.*deployment\.beta/);
    assert.equal(await (await p.call('DELETE', `/accounts/${p.accountId}/deployments/beta`, { token: a.value })).status, 403);
    assert.equal((await p.call('POST', `/accounts/${p.accountId}/deployments/beta/rollback`, { token: a.value, body: {} })).status, 403);
    const listed = await p.call('GET', `/accounts/${p.accountId}/deployments`, { token: a.value });
    assert.deepEqual(listed.body.result.map((d: { name: string }) => d.name), ['alpha'], 'the list hides beta');
    assert.equal((await p.call('GET', `/accounts/${p.accountId}/storage/kv/namespaces`, { token: a.value })).status, 403, 'no kv permission at all');
    // Its tokens:write on alpha does not let it mint a token for beta, or for the whole account.
    const wider = await p.call('POST', `/accounts/${p.accountId}/tokens`, { token: a.value, body: { name: 'wider', policies: [{ permission_groups: ['deployments:write'], resources: { [key(p)]: '*' } }] } });
    assert.equal(wider.status, 403, wider.text);
    // A deny wins over an allow.
    const denied = await makeToken(p, { name: 'all but beta', policies: [
      { permission_groups: ['deployments:write'], resources: { [key(p)]: '*' } },
      { effect: 'deny', permission_groups: ['deployments:write'], resources: { [key(p, '.deployment.beta')]: '*' } },
    ] });
    assert.equal((await p.call('PUT', `/accounts/${p.accountId}/deployments/beta`, { token: denied.value, body })).status, 403);
    assert.equal((await p.call('GET', `/accounts/${p.accountId}/deployments/beta`, { token: denied.value })).status, 200, 'deny on write leaves read');
    assert.equal((await p.call('PUT', `/accounts/${p.accountId}/deployments/gamma`, { token: denied.value, body })).status, 200);
    // A token under a deny cannot mint one without it: an account-wide grant would reach beta again.
    const minter = await makeToken(p, { name: 'minter', policies: [
      { permission_groups: ['deployments:write', 'tokens:write'], resources: { [key(p)]: '*' } },
      { effect: 'deny', permission_groups: ['deployments:write'], resources: { [key(p, '.deployment.beta')]: '*' } },
    ] });
    const escalate = await p.call('POST', `/accounts/${p.accountId}/tokens`, { token: minter.value, body: { name: 'wide', policies: [{ permission_groups: ['deployments:write'], resources: { [key(p)]: '*' } }] } });
    assert.equal(escalate.status, 403, escalate.text);
    assert.equal((await p.call('POST', `/accounts/${p.accountId}/tokens`, { token: minter.value, body: { name: 'gamma only', policies: [{ permission_groups: ['deployments:write'], resources: { [key(p, '.deployment.gamma')]: '*' } }] } })).status, 201);
    // Refused calls are audited as failures, with the token's label.
    const audit = (await p.call('GET', `/accounts/${p.accountId}/audit_logs`)).body.result as { action: string; actor: { token_name: string } | null; result: string; status: number }[];
    assert.ok(audit.some((r) => r.action === 'deployments.put' && r.actor?.token_name === 'alpha only' && r.result === 'failure' && r.status === 403));
  } finally {
    await p.close();
  }
});

test('refused tokens: missing, malformed, unknown, expired, exp at now, revoked, not yet valid, another account', async () => {
  const p = await startTestPlatform();
  try {
    const path = `/accounts/${p.accountId}/deployments`;
    const code = async (token: string | null, headers?: Record<string, string>) => {
      const res = await p.call('GET', path, { token, headers });
      return [res.status, res.body.errors[0]?.code, res.body.success, res.body.result];
    };
    assert.deepEqual(await code(null), [401, 9106, false, null]);
    assert.deepEqual(await code(null, { authorization: 'Basic dXNlcjpwYXNz' }), [400, 6003, false, null]);
    assert.deepEqual(await code(null, { authorization: 'Bearer' }), [400, 6003, false, null]);
    assert.deepEqual(await code(null, { authorization: `Bearer ${p.token} extra` }), [400, 6003, false, null]);
    assert.deepEqual(await code(`ledge_${'A'.repeat(43)}`), [401, 10000, false, null]);
    const malformed = await p.call('GET', path, { token: null, headers: { authorization: 'Token abc' } });
    assert.deepEqual(malformed.body.errors[0]?.error_chain, [{ code: 6111, message: 'Invalid format for Authorization header: expected "Bearer <token>"' }]);

    const policies = [{ permission_groups: ['deployments:read'], resources: { [key(p)]: '*' } }];
    const now = p.clock.now();
    const expiring = await makeToken(p, { name: 'expiring', policies, expires_on: new Date(now + HOUR).toISOString() });
    const later = await makeToken(p, { name: 'later', policies, not_before: new Date(now + HOUR).toISOString() });
    const revoked = await makeToken(p, { name: 'revoked', policies });
    assert.deepEqual(await code(expiring.value), [200, undefined, true, []]);
    assert.deepEqual(await code(later.value), [401, 10003, false, null]);
    assert.deepEqual(await code(revoked.value), [200, undefined, true, []]);
    assert.equal((await p.call('DELETE', `/accounts/${p.accountId}/tokens/${revoked.id}`)).status, 200);
    assert.deepEqual(await code(revoked.value), [401, 10002, false, null], 'revocation takes effect at once');
    p.clock.advance(HOUR);
    assert.deepEqual(await code(expiring.value), [401, 10001, false, null], 'expires_on equal to now is expired');
    assert.deepEqual(await code(later.value), [200, undefined, true, []], 'valid from not_before on');
    const listed = (await p.call('GET', `/accounts/${p.accountId}/tokens`)).body.result as { name: string; status: string; value?: string }[];
    assert.deepEqual(Object.fromEntries(listed.map((t) => [t.name, t.status])), { bootstrap: 'active', expiring: 'expired', later: 'active', revoked: 'revoked' });
    assert.ok(listed.every((t) => t.value === undefined && !('hash' in t)), 'lists never show values or hashes');
    assert.equal((await p.call('POST', `/accounts/${p.accountId}/tokens`, { body: { name: 'past', policies, expires_on: new Date(now - 1000).toISOString() } })).status, 400);

    // Another account: its token reaches nothing in the first one, and the other way round.
    const other = await p.call('POST', '/accounts', { body: { name: 'Other Team' } });
    assert.equal(other.status, 201, other.text);
    assert.equal(other.body.result.subdomain, 'other-team');
    const otherId = other.body.result.id as string;
    const otherToken = await makeToken(p, { name: 'other admin', policies: [{ permission_groups: ['deployments:write', 'tokens:write'], resources: { [`com.ledge.api.account.${otherId}`]: '*' } }] }, otherId);
    const cross = await p.call('GET', path, { token: otherToken.value });
    assert.deepEqual([cross.status, cross.body.errors[0]?.code], [403, 10004]);
    assert.deepEqual((await p.call('GET', '/accounts', { token: otherToken.value })).body.result.map((a: { id: string }) => a.id), [otherId]);
    assert.equal((await p.call('GET', `/accounts/${p.accountId}/tokens/verify`, { token: otherToken.value })).status, 403);
    assert.equal((await p.call('GET', `/accounts/${otherId}/tokens/verify`, { token: otherToken.value })).status, 200);
    const smuggle = await p.call('POST', `/accounts/${otherId}/tokens`, { token: otherToken.value, body: { name: 'x', policies: [{ permission_groups: ['deployments:write'], resources: { [key(p)]: '*' } }] } });
    assert.equal(smuggle.status, 400, 'a token cannot name another account');
    assert.equal((await p.call('POST', '/accounts', { token: otherToken.value, body: { name: 'mine' } })).status, 403, 'only a token over every account creates accounts');
    // Resources are per account: the other account cannot bind this one's namespace, even knowing its id.
    const ns = await p.call('POST', `/accounts/${p.accountId}/storage/kv/namespaces`, { body: { title: 'private' } });
    const steal = await p.call('PUT', `/accounts/${otherId}/deployments/thief`, { token: otherToken.value, body: deployBody(moduleBody('x'), { kv_namespaces: [{ binding: 'LOOT', id: ns.body.result.id }] }) });
    assert.deepEqual([steal.status, steal.body.errors[0]?.source?.pointer], [400, '/body/config/kv_namespaces/0/id']);
    assert.equal((await p.call('GET', `/accounts/${'0'.repeat(32)}`)).status, 404);

    // The audit log names refused tokens, known ones included, and ignores calls that name nobody.
    assert.equal((await p.call('POST', `/accounts/${p.accountId}/storage/kv/namespaces`, { token: revoked.value, body: { title: 'x' } })).status, 401);
    assert.equal((await p.call('POST', `/accounts/${p.accountId}/storage/kv/namespaces`, { token: null, body: { title: 'y' } })).status, 401);
    const audit = (await p.call('GET', `/accounts/${p.accountId}/audit_logs`)).body.result as { action: string; actor: { token_name: string }; status: number }[];
    assert.deepEqual([audit[0]?.action, audit[0]?.actor.token_name, audit[0]?.status], ['kv.create', 'revoked', 401]);
    assert.ok(audit.every((r) => r.actor !== null), 'anonymous calls are not recorded');
  } finally {
    await p.close();
  }
});

test('bad input: validation pointers, JSON, media type, size, unknown paths and methods, never a stack trace', async () => {
  const p = await startTestPlatform();
  try {
    const base = `/accounts/${p.accountId}`;
    const answers: string[] = [];
    const bad = async (method: string, path: string, body: unknown, headers?: Record<string, string>) => {
      const res = await p.call(method, path, { body, headers });
      answers.push(res.text);
      return { status: res.status, code: res.body.errors[0]?.code, pointer: res.body.errors[0]?.source?.pointer, message: res.body.errors[0]?.message ?? '', headers: res.headers };
    };
    let r = await bad('PUT', `${base}/deployments/app`, deployBody(moduleBody('x'), { compatibility_date: '2026-13-01' }));
    assert.deepEqual([r.status, r.code, r.pointer], [400, 1001, '/body/config/compatibility_date']);
    r = await bad('PUT', `${base}/deployments/app`, deployBody(moduleBody('x'), { compatibility_date: '2999-01-01' }));
    assert.deepEqual([r.status, r.pointer], [400, '/body/config/compatibility_date']);
    assert.match(r.message, /in the future/);
    r = await bad('PUT', `${base}/deployments/app`, deployBody(moduleBody('x'), { kv_namespaces: [{ binding: 'CACHE', id: 'f'.repeat(32) }] }));
    assert.deepEqual([r.status, r.pointer], [400, '/body/config/kv_namespaces/0/id']);
    assert.match(r.message, /CACHE: no kv resource/);
    r = await bad('PUT', `${base}/deployments/app`, deployBody(moduleBody('x'), { queues: { consumers: [{ queue: 'missing' }] } }));
    assert.deepEqual([r.status, r.pointer], [400, '/body/config/queues/consumers/0/queue']);
    r = await bad('PUT', `${base}/deployments/app`, { ...deployBody(moduleBody('x'), {}), main_module: 'other.js' });
    assert.deepEqual([r.status, r.pointer], [400, '/body/main_module']);
    r = await bad('PUT', `${base}/deployments/app`, { ...deployBody(moduleBody('x'), {}), surprise: 1 });
    assert.deepEqual([r.status, r.pointer], [400, '/body']);
    r = await bad('PUT', `${base}/deployments/Bad_Name`, deployBody(moduleBody('x'), {}));
    assert.deepEqual([r.status, r.pointer], [400, '/params/name']);
    r = await bad('PUT', `${base}/deployments/app`, deployBody(moduleBody('x'), { routes: ['app.ledge.localhost'] }));
    assert.deepEqual([r.status, r.pointer], [400, '/body/config/routes/0']);
    r = await bad('PUT', `${base}/deployments/app`, deployBody(moduleBody('x'), { routes: ['shop.example.com/api/*'] }));
    assert.deepEqual([r.status, r.pointer], [400, '/body/config/routes/0']);
    r = await bad('POST', `${base}/storage/kv/namespaces`, '{"title": ');
    assert.deepEqual([r.status, r.code], [400, 1002]);
    r = await bad('POST', `${base}/storage/kv/namespaces`, '{"title":"x"}', { 'content-type': 'text/plain' });
    assert.deepEqual([r.status, r.code], [415, 1006]);
    r = await bad('POST', `${base}/tokens`, { name: 'x', policies: [{ permission_groups: ['everything:write'], resources: { 'com.other.api': '*' } }] });
    assert.deepEqual([r.status, r.pointer], [400, '/body/policies/0/permission_groups/0']);
    r = await bad('GET', `${base}/deployments?per_page=1000`, undefined);
    assert.deepEqual([r.status, r.pointer], [400, '/query/per_page']);
    r = await bad('GET', '/no/such/path', undefined);
    assert.deepEqual([r.status, r.code], [404, 7000]);
    r = await bad('PATCH', `${base}/deployments/app`, {});
    assert.deepEqual([r.status, r.code], [405, 7001]);
    assert.equal(r.headers.get('allow'), 'GET, PUT, DELETE');
    const huge = await p.api(new Request(`http://api.test/api/v1${base}/storage/kv/namespaces`, {
      method: 'POST', headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' }, body: `{"title":"${'x'.repeat(33 * 1024 * 1024)}"}`,
    }));
    const hugeBody = await huge.json() as { errors: { code: number }[] };
    assert.deepEqual([huge.status, hugeBody.errors[0]?.code], [413, 1003]);
    for (const text of answers) assert.doesNotMatch(text, /\n\s+at |node:internal|\/src\//, 'no stack trace or source path in an answer');
    assert.equal((await p.call('GET', `${base}/deployments`)).body.result.length, 0, 'nothing was created by the refused calls');
  } finally {
    await p.close();
  }
});

test('domains: conflicts, platform names refused, removal; resources in use cannot be deleted; buckets must be empty', async () => {
  const p = await startTestPlatform();
  try {
    const base = `/accounts/${p.accountId}`;
    const bucket = await p.call('POST', `${base}/buckets`, { body: { name: 'assets' } });
    assert.equal(bucket.status, 201);
    assert.equal((await p.call('POST', `${base}/buckets`, { body: { name: 'assets' } })).status, 409);
    const source = `export default { async fetch(req, env) { await env.FILES.put('a.txt', 'hello'); return new Response('ok'); } };`;
    assert.equal((await p.call('PUT', `${base}/deployments/site`, { body: deployBody(source, { buckets: [{ binding: 'FILES', bucket_name: 'assets' }] }) })).status, 200);
    assert.equal((await p.call('PUT', `${base}/deployments/blog`, { body: deployBody(moduleBody('blog'), {}) })).status, 200);
    const added = await p.call('POST', `${base}/domains`, { body: { hostname: 'WWW.Example.com', deployment: 'site' } });
    assert.equal(added.status, 201, added.text);
    assert.equal(added.body.result.hostname, 'www.example.com');
    assert.equal(await (await p.visit('www.example.com')).text(), 'ok');
    const conflict = await p.call('POST', `${base}/domains`, { body: { hostname: 'www.example.com', deployment: 'blog' } });
    assert.deepEqual([conflict.status, conflict.body.errors[0]?.code], [409, 1004]);
    assert.match(conflict.body.errors[0]?.message ?? '', /already bound to the deployment site/);
    const viaRoutes = await p.call('PUT', `${base}/deployments/blog`, { body: deployBody(moduleBody('blog'), { routes: ['www.example.com/*'] }) });
    assert.equal(viaRoutes.status, 409, 'a route cannot take a hostname bound to another deployment');
    assert.equal((await p.call('GET', `${base}/deployments/blog/versions`)).body.result.length, 1, 'the refused version was not stored');
    assert.equal((await p.call('POST', `${base}/domains`, { body: { hostname: 'x.admin.ledge.localhost', deployment: 'blog' } })).status, 400);
    assert.equal((await p.call('POST', `${base}/domains`, { body: { hostname: 'api.example.com', deployment: 'missing' } })).status, 400);

    const inUse = await p.call('DELETE', `${base}/buckets/assets`);
    assert.deepEqual([inUse.status, inUse.body.errors[0]?.code], [409, 1004]);
    assert.match(inUse.body.errors[0]?.message ?? '', /bound by the deployment site/);
    assert.equal((await p.call('PUT', `${base}/deployments/site`, { body: deployBody(moduleBody('plain'), {}) })).status, 200);
    const notEmpty = await p.call('DELETE', `${base}/buckets/assets`);
    assert.equal(notEmpty.status, 409);
    assert.match(notEmpty.body.errors[0]?.message ?? '', /not empty/);

    const domainId = added.body.result.id as string;
    assert.equal((await p.call('DELETE', `${base}/domains/${domainId}`)).status, 200);
    assert.equal((await p.visit('www.example.com')).status, 404, 'a removed domain stops answering at once');
    assert.equal((await p.call('DELETE', `${base}/deployments/blog`)).status, 200);
    assert.equal((await p.call('GET', `${base}/deployments/blog`)).status, 404);
  } finally {
    await p.close();
  }
});

test('SQL databases: bookmark and restore through the API undo writes made through a deployment', async () => {
  const p = await startTestPlatform();
  try {
    const base = `/accounts/${p.accountId}`;
    const db = await p.call('POST', `${base}/sql/databases`, { body: { name: 'orders' } });
    assert.equal(db.status, 201, db.text);
    const dbId = db.body.result.uuid as string;
    const source = `export default { async fetch(req, env) {
      const url = new URL(req.url);
      await env.DB.exec('CREATE TABLE IF NOT EXISTS t (n INTEGER)');
      if (url.pathname === '/add') await env.DB.prepare('INSERT INTO t VALUES (?)').bind(Number(url.searchParams.get('n'))).run();
      const { results } = await env.DB.prepare('SELECT n FROM t ORDER BY n').all();
      return Response.json(results.map((r) => r.n));
    } };`;
    assert.equal((await p.call('PUT', `${base}/deployments/orders`, { body: deployBody(source, { sql_databases: [{ binding: 'DB', database_name: 'orders', database_id: dbId }], routes: ['orders.example.com'] }) })).status, 200);
    assert.deepEqual(await (await p.visit('orders.example.com', '/add?n=1')).json(), [1]);
    const bookmark = await p.call('GET', `${base}/sql/databases/${dbId}/time_travel/bookmark`);
    assert.equal(bookmark.status, 200);
    assert.deepEqual(await (await p.visit('orders.example.com', '/add?n=2')).json(), [1, 2]);
    const restored = await p.call('POST', `${base}/sql/databases/${dbId}/time_travel/restore`, { body: { bookmark: bookmark.body.result.bookmark } });
    assert.equal(restored.status, 200, restored.text);
    assert.deepEqual(await (await p.visit('orders.example.com')).json(), [1]);
    const undo = await p.call('POST', `${base}/sql/databases/${dbId}/time_travel/restore`, { body: { bookmark: restored.body.result.previous_bookmark } });
    assert.equal(undo.status, 200);
    assert.deepEqual(await (await p.visit('orders.example.com')).json(), [1, 2], 'the restore is undone with the bookmark it returned');
    assert.equal((await p.call('POST', `${base}/sql/databases/${dbId}/time_travel/restore`, { body: { bookmark: 'nonsense' } })).status, 400);
    assert.equal((await p.call('DELETE', `${base}/sql/databases/${dbId}`)).status, 409, 'bound by the deployment');
  } finally {
    await p.close();
  }
});

test('the OpenAPI document is served, generated from the route schemas, and checked in as docs/openapi.json', async () => {
  const p = await startTestPlatform();
  try {
    const res = await p.api(new Request('http://api.test/api/v1/openapi.json'));
    assert.equal(res.status, 200);
    const served = await res.json() as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    assert.equal(served.openapi, '3.1.0');
    assert.equal(served.paths['/accounts/{account_id}/deployments/{name}']?.put?.operationId, 'deployments.put');
    const onDisk = JSON.parse(readFileSync(new URL('../docs/openapi.json', import.meta.url), 'utf8'));
    assert.deepEqual(onDisk, served, 'run `npm run schema` to regenerate docs/openapi.json');
    const doc = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8');
    for (const [path, methods] of Object.entries(served.paths)) {
      for (const method of Object.keys(methods)) {
        // Mesh connectors share the tunnels' paths, and the docs say so once.
        const same = path.replace('/mesh_connector', '/edge_tunnel');
        assert.ok(doc.includes(same) || doc.includes(same.replace(/\/\{[a-z_]+\}$/, '')), `docs/api.md mentions ${method.toUpperCase()} ${path}`);
      }
    }
  } finally {
    await p.close();
  }
});

test('idle versions give their isolate back and start again on the next request', async () => {
  const p = await startTestPlatform();
  try {
    assert.equal((await p.call('PUT', `/accounts/${p.accountId}/deployments/quiet`, { body: deployBody(moduleBody('awake'), { routes: ['quiet.example.com'] }) })).status, 200);
    assert.equal(await (await p.visit('quiet.example.com')).text(), 'awake');
    assert.equal(p.hosting.running(), 1);
    p.clock.advance(5 * 60_000);
    assert.equal(p.hosting.sweepIdle(), 0, 'used five minutes ago: kept');
    p.clock.advance(6 * 60_000);
    assert.equal(p.hosting.sweepIdle(), 1);
    assert.equal(p.hosting.running(), 0);
    assert.equal(await (await p.visit('quiet.example.com')).text(), 'awake', 'started again');
    assert.equal(p.hosting.running(), 1);
  } finally {
    await p.close();
  }
});

test('token lineage: a token never outlives the token that created it, and revoking it revokes what it created, transitively', async () => {
  const p = await startTestPlatform();
  try {
    const base = `/accounts/${p.accountId}`;
    const minting = [{ permission_groups: ['tokens:write', 'deployments:read'], resources: { [key(p)]: '*' } }];
    const status = async (token: string) => {
      const res = await p.call('GET', `${base}/deployments`, { token });
      return [res.status, res.body.errors[0]?.code];
    };
    const now = p.clock.now();
    const parentExpiry = new Date(now + HOUR).toISOString();

    // Expiry: a child defaults to its parent's expires_on, may choose an earlier one, and is refused a later one.
    const parent = await makeToken(p, { name: 'parent', policies: minting, expires_on: parentExpiry });
    const child = await makeToken(p, { name: 'child', policies: minting }, p.accountId, parent.value);
    const childView = await p.call('GET', `${base}/tokens/${child.id}`);
    assert.equal(childView.body.result.expires_on, parentExpiry, 'a child without expires_on inherits its parent\'s');
    const later = await p.call('POST', `${base}/tokens`, { token: parent.value, body: { name: 'later', policies: minting, expires_on: new Date(now + 2 * HOUR).toISOString() } });
    assert.deepEqual([later.status, later.body.errors[0]?.code, later.body.errors[0]?.source?.pointer], [400, 1001, '/body/expires_on'], later.text);
    assert.match(later.body.errors[0]?.message ?? '', /expires_on: must not be later than .* when the token creating it \(parent\) expires/);
    const earlier = await makeToken(p, { name: 'earlier', policies: minting, expires_on: new Date(now + HOUR / 2).toISOString() }, p.accountId, parent.value);
    const grandchild = await makeToken(p, { name: 'grandchild', policies: minting }, p.accountId, child.value);
    for (const t of [parent, child, earlier, grandchild]) assert.deepEqual(await status(t.value), [200, undefined]);
    p.clock.advance(HOUR);
    for (const t of [parent, child, earlier, grandchild]) assert.deepEqual(await status(t.value), [401, 10001], 'the whole lineage expired with the parent');

    // Revocation: revoking a token revokes its children and grandchildren, and nothing else.
    const root = await makeToken(p, { name: 'root', policies: minting });
    const sibling = await makeToken(p, { name: 'sibling', policies: minting });
    const a = await makeToken(p, { name: 'a', policies: minting }, p.accountId, root.value);
    const b = await makeToken(p, { name: 'b', policies: minting }, p.accountId, a.value);
    const c = await makeToken(p, { name: 'c', policies: minting }, p.accountId, b.value);
    const fromSibling = await makeToken(p, { name: 'from sibling', policies: minting }, p.accountId, sibling.value);
    const revokeA = await p.call('DELETE', `${base}/tokens/${a.id}`);
    assert.equal(revokeA.status, 200, revokeA.text);
    assert.deepEqual([...revokeA.body.result.also_revoked].sort(), [b.id, c.id].sort());
    for (const t of [a, b, c]) assert.deepEqual(await status(t.value), [401, 10002], 'revoked with its ancestor');
    for (const t of [root, sibling, fromSibling]) assert.deepEqual(await status(t.value), [200, undefined], 'the parent and other branches stay');
    assert.equal((await p.call('DELETE', `${base}/tokens/${sibling.id}`)).status, 200);
    assert.deepEqual(await status(fromSibling.value), [401, 10002]);
    const listed = (await p.call('GET', `${base}/tokens?per_page=100`)).body.result as { name: string; status: string }[];
    assert.deepEqual(listed.filter((t) => ['a', 'b', 'c', 'from sibling'].includes(t.name)).map((t) => t.status), ['revoked', 'revoked', 'revoked', 'revoked']);
    // A revoked token cannot create a child to escape through.
    assert.deepEqual(await status(root.value), [200, undefined]);
    assert.equal((await p.call('POST', `${base}/tokens`, { token: c.value, body: { name: 'escape', policies: minting } })).status, 401);
  } finally {
    await p.close();
  }
});

test('request bodies: deep nesting is 400 (never 500), a repeated key is refused by name, and names that are not valid Unicode are refused, not altered', async () => {
  const p = await startTestPlatform();
  try {
    const base = `/accounts/${p.accountId}`;
    const raw = (method: string, path: string, body: string | Buffer) => p.api(new Request(`http://api.test/api/v1${path}`, {
      method, headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' }, body: typeof body === 'string' ? body : new Uint8Array(body),
    })).then(async (res) => ({ status: res.status, body: await res.json() as { errors: { code: number; message: string; source?: { pointer: string } }[] } }));
    const deploy = JSON.stringify(deployBody(moduleBody('x'), {}));
    const withVars = (vars: string) => deploy.replace('"config":{', `"config":{"vars":${vars},`);
    const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

    // Nesting: 3,000 levels of vars, arrays in arrays, and far deeper, answer 400 with the limit named.
    for (const vars of [`{"X":${objects(3000)}}`, `{"X":${arrays(3000)}}`, `{"X":${objects(200_000)}}`, `{"X":[${arrays(100_000)}]}`]) {
      const res = await raw('PUT', `${base}/deployments/deep`, withVars(vars));
      assert.deepEqual([res.status, res.body.errors[0]?.code], [400, 1002], res.body.errors[0]?.message);
      assert.match(res.body.errors[0]?.message ?? '', /nests objects and arrays more than 64 levels deep/);
    }
    const fine = await raw('PUT', `${base}/deployments/deep`, withVars(`{"X":${objects(50)}}`));
    assert.equal(fine.status, 200, 'nesting within the limit is accepted');

    // A repeated key: refused, naming it, wherever it is.
    let res = await raw('POST', `${base}/storage/kv/namespaces`, '{"title":"cache","title":"other"}');
    assert.deepEqual([res.status, res.body.errors[0]?.source?.pointer], [400, '/body/title']);
    assert.match(res.body.errors[0]?.message ?? '', /the key "title" appears twice/);
    res = await raw('PUT', `${base}/deployments/dupes`, withVars('{"A":"1","B":{"x":1},"A":"2"}'));
    assert.deepEqual([res.status, res.body.errors[0]?.source?.pointer], [400, '/body/config/vars/A']);
    res = await raw('POST', `${base}/tokens`, `{"name":"t","policies":[{"permission_groups":["kv:read"],"resources":{"${key(p)}":"*","${key(p)}":"*"}}]}`);
    assert.deepEqual([res.status, res.body.errors[0]?.source?.pointer], [400, `/body/policies/0/resources/${key(p)}`]);

    // Lone surrogates in names and keys, invalid UTF-8 in a body, a path or a query: refused, never replaced by U+FFFD.
    res = await raw('POST', `${base}/tokens`, `{"name":"ci\\ud800","policies":[{"permission_groups":["kv:read"],"resources":{"${key(p)}":"*"}}]}`);
    assert.deepEqual([res.status, res.body.errors[0]?.source?.pointer], [400, '/body/name']);
    assert.match(res.body.errors[0]?.message ?? '', /not valid Unicode/);
    res = await raw('POST', `${base}/buckets`, '{"name":"a\\udc00b"}');
    assert.deepEqual([res.status, res.body.errors[0]?.source?.pointer], [400, '/body/name']);
    res = await raw('POST', `${base}/domains`, '{"hostname":"shop\\ud83d.example.com","deployment":"deep"}');
    assert.deepEqual([res.status, res.body.errors[0]?.source?.pointer], [400, '/body/hostname']);
    res = await raw('PUT', `${base}/deployments/keys`, withVars('{"NAME\\udfff":"x"}'));
    assert.deepEqual([res.status, res.body.errors[0]?.code], [400, 1001]);
    assert.match(res.body.errors[0]?.source?.pointer ?? '', /^\/body\/config\/vars\/NAME\\udfff$/);
    res = await raw('POST', `${base}/storage/kv/namespaces`, Buffer.concat([Buffer.from('{"title":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]));
    assert.deepEqual([res.status, res.body.errors[0]?.code], [400, 1002]);
    assert.match(res.body.errors[0]?.message ?? '', /not valid UTF-8/);
    for (const path of [`${base}/deployments/%ED%A0%80`, `${base}/deployments/ab%FF`]) assert.equal((await p.call('GET', path)).status, 400, path);
    const query = await p.call('GET', `${base}/edge_tunnel?name=%FF%FE`);
    assert.deepEqual([query.status, query.body.errors[0]?.source?.pointer], [400, '/query/name']);
    assert.equal((await p.call('GET', `${base}/edge_tunnel?name=caf%C3%A9`)).status, 200, 'valid UTF-8 in a query is fine');

    // None of the refused calls stored anything.
    assert.deepEqual((await p.call('GET', `${base}/storage/kv/namespaces`)).body.result, []);
    assert.deepEqual((await p.call('GET', `${base}/buckets`)).body.result, []);
    assert.deepEqual((await p.call('GET', `${base}/deployments`)).body.result.map((d: { name: string }) => d.name), ['deep']);
    assert.equal((await p.call('GET', `${base}/tokens`)).body.result.length, 1);
    assert.ok(!JSON.stringify(p.logs).includes('RangeError'), 'no stack overflow anywhere');
  } finally {
    await p.close();
  }
});

test('custom domains: IP addresses in any spelling, localhost, single labels, public suffixes and platform names are refused; a request by IP reaches no application', async () => {
  const p = await startTestPlatform();
  let again: TestPlatform | undefined;
  try {
    const base = `/accounts/${p.accountId}`;
    assert.equal((await p.call('PUT', `${base}/deployments/site`, { body: deployBody(moduleBody('site'), {}) })).status, 200);
    const refusals: [string, RegExp][] = [
      ['127.0.0.1', /is an IP address \(127\.0\.0\.1\)/], ['10.1.2.3', /IP address/], ['[::1]', /IP address \(::1\)/], ['::1', /IP address/],
      ['[::ffff:127.0.0.1]', /IP address/], ['2130706433', /IP address \(127\.0\.0\.1\)/], ['0x7f000001', /IP address \(127\.0\.0\.1\)/],
      ['0x7f.1', /IP address \(127\.0\.0\.1\)/], ['0177.0.0.1', /IP address \(127\.0\.0\.1\)/], ['127.1', /IP address/],
      ['localhost', /loopback/], ['app.localhost', /loopback/], ['intranet', /single label/], ['com', /single label/],
      ['co.uk', /public suffix/], ['github.io', /public suffix/], ['s3.amazonaws.com', /public suffix/], ['shop.123', /ends in a number/],
      ['site.admin.ledge.localhost', /under the platform domain/], ['ledge.localhost', /under the platform domain/],
    ];
    for (const [hostname, message] of refusals) {
      const res = await p.call('POST', `${base}/domains`, { body: { hostname, deployment: 'site' } });
      assert.deepEqual([res.status, res.body.errors[0]?.source?.pointer], [400, '/body/hostname'], `${hostname}: ${res.text}`);
      assert.match(res.body.errors[0]?.message ?? '', message, hostname);
      const viaRoutes = await p.call('PUT', `${base}/deployments/site`, { body: deployBody(moduleBody('site'), { routes: [hostname] }) });
      assert.equal(viaRoutes.status, 400, `routes: ${hostname}`);
    }
    for (const hostname of ['shop.example.com', 'www.example.co.uk', 'mine.github.io']) {
      assert.equal((await p.call('POST', `${base}/domains`, { body: { hostname, deployment: 'site' } })).status, 201, hostname);
    }
    assert.deepEqual((await p.call('GET', `${base}/domains`)).body.result.map((d: { hostname: string }) => d.hostname), ['mine.github.io', 'shop.example.com', 'www.example.co.uk']);

    // A domain stored before these rules (an IP address) still never serves a request by IP.
    await p.close();
    const db = new Database(path.join(p.stateDir, 'control.sqlite'));
    db.prepare("UPDATE domains SET hostname = '127.0.0.1' WHERE hostname = 'shop.example.com'").run();
    db.prepare("UPDATE domains SET hostname = '2130706433' WHERE hostname = 'mine.github.io'").run();
    db.close();
    again = await startTestPlatform(p.stateDir, p.token);
    assert.equal(await (await again.visit('www.example.co.uk')).text(), 'site');
    const port = new URL(again.appUrl).port;
    const direct = await fetch(again.appUrl);
    assert.deepEqual([direct.status, direct.headers.get('ledge-origin')], [404, 'platform'], `a real request to ${again.appUrl} (Host: 127.0.0.1:${port})`);
    for (const host of ['127.0.0.1', `127.0.0.1:${port}`, '2130706433', '0x7f000001', '[::1]', `[::1]:${port}`, '127.0.0.1.']) {
      const res = await again.visit(host);
      assert.equal(res.status, 404, host);
      assert.equal(res.headers.get('ledge-origin'), 'platform', `${host}: answered by the platform, never an application`);
    }
  } finally {
    await (again ?? p).close();
  }
});
