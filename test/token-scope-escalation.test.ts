// Attack: token scope escalation in the account API (red team). A token that may manage tokens in one account
// tries to reach further: mint a broader token, a token for another account or for every account, shed a deny,
// outlive its parent, and revoke a token that holds more than it does (the operator's), which would lock the
// operator out. Each attempt is refused and the stronger token keeps working.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestPlatform, type TestPlatform } from './serve-helpers.js';

let p: TestPlatform;
let other: string;
before(async () => {
  p = await startTestPlatform();
  const created = await p.call('POST', '/accounts', { body: { name: 'other' } });
  assert.equal(created.status, 201, created.text);
  other = created.body.result.id as string;
});
after(async () => { await p?.close(); });

const accountKey = (id: string, suffix = '') => `com.ledge.api.account.${id}${suffix}`;

async function mint(body: Record<string, unknown>, token?: string): Promise<{ value: string; id: string }> {
  const res = await p.call('POST', `/accounts/${p.accountId}/tokens`, { body, token });
  assert.equal(res.status, 201, res.text);
  return { value: res.body.result.value as string, id: res.body.result.id as string };
}

/** The operator's token still works: it lists every account. */
async function operatorWorks(): Promise<void> {
  const res = await p.call('GET', '/accounts');
  assert.equal(res.status, 200, res.text);
}

test('a token manager of one account cannot mint more than it holds, for another account, or for every account', async () => {
  const manager = await mint({ name: 'manager', policies: [{ permission_groups: ['tokens:write', 'deployments:read'], resources: { [accountKey(p.accountId)]: '*' } }] });
  for (const policies of [
    [{ permission_groups: ['deployments:write'], resources: { [accountKey(p.accountId)]: '*' } }],
    [{ permission_groups: ['tokens:write'], resources: { [accountKey(other)]: '*' } }],
    [{ permission_groups: ['tokens:write'], resources: { 'com.ledge.api.account.*': '*' } }],
    [{ permission_groups: ['accounts:write'], resources: { [accountKey(p.accountId)]: '*' } }],
  ]) {
    const res = await p.call('POST', `/accounts/${p.accountId}/tokens`, { token: manager.value, body: { name: 'wider', policies } });
    assert.ok(res.status === 403 || res.status === 400, `${JSON.stringify(policies)}: ${res.status} ${res.text}`);
  }
  const elsewhere = await p.call('POST', `/accounts/${other}/tokens`, { token: manager.value, body: { name: 'x', policies: [{ permission_groups: ['deployments:read'], resources: { [accountKey(other)]: '*' } }] } });
  assert.ok(elsewhere.status === 403 || elsewhere.status === 404, elsewhere.text);
  const account = await p.call('POST', '/accounts', { token: manager.value, body: { name: 'mine' } });
  assert.equal(account.status, 403, account.text);
  const limits = await p.call('PUT', `/accounts/${p.accountId}/limits`, { token: manager.value, body: { memory_mb: 100000 } });
  assert.equal(limits.status, 403, limits.text);
});

test('a token cannot shed a deny by minting a child without it', async () => {
  const denied = await mint({ name: 'denied', policies: [
    { permission_groups: ['tokens:write', 'deployments:write'], resources: { [accountKey(p.accountId)]: '*' } },
    { effect: 'deny', permission_groups: ['deployments:write'], resources: { [accountKey(p.accountId, '.deployment.prod')]: '*' } },
  ] });
  const res = await p.call('POST', `/accounts/${p.accountId}/tokens`, { token: denied.value, body: { name: 'shed', policies: [{ permission_groups: ['deployments:write'], resources: { [accountKey(p.accountId)]: '*' } }] } });
  assert.equal(res.status, 403, res.text);
});

test('a token manager cannot revoke a token that holds more than it does (the operator\'s); it may revoke what it could have made', async () => {
  const manager = await mint({ name: 'narrow manager', policies: [{ permission_groups: ['tokens:write', 'tokens:read'], resources: { [accountKey(p.accountId)]: '*' } }] });
  const tokens = (await p.call('GET', `/accounts/${p.accountId}/tokens?per_page=100`)).body.result as { id: string; name: string }[];
  const operator = tokens.find((t) => t.name === 'bootstrap');
  assert.ok(operator, JSON.stringify(tokens));
  const broad = await mint({ name: 'deployer', policies: [{ permission_groups: ['deployments:write'], resources: { [accountKey(p.accountId)]: '*' } }] });
  for (const target of [operator.id, broad.id]) {
    const res = await p.call('DELETE', `/accounts/${p.accountId}/tokens/${target}`, { token: manager.value });
    assert.equal(res.status, 403, `revoking ${target}: ${res.text}`);
    assert.match(res.body.errors[0]?.message ?? '', /cannot revoke a token that holds more than the token revoking it/);
  }
  await operatorWorks();
  assert.equal((await p.call('GET', `/accounts/${p.accountId}/deployments`, { token: broad.value })).status, 200, 'the deployer token still works');
  // What the manager could have made itself, and the manager itself, it may revoke.
  const small = await mint({ name: 'small', policies: [{ permission_groups: ['tokens:read'], resources: { [accountKey(p.accountId)]: '*' } }] });
  assert.equal((await p.call('DELETE', `/accounts/${p.accountId}/tokens/${small.id}`, { token: manager.value })).status, 200);
  assert.equal((await p.call('DELETE', `/accounts/${p.accountId}/tokens/${manager.id}`, { token: manager.value })).status, 200);
});
