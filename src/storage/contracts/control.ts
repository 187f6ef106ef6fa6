// Contract of the control storage port (control.ts): accounts, tokens, versions, domains, resources, secrets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ControlStoragePort, TokenRecord, VersionRecord } from '../control.js';

/** Opens a fresh, empty adapter (the port closes itself). */
export type ControlPortFactory = () => ControlStoragePort;

const T0 = '2026-01-01T00:00:00.000Z';

function token(id: string, extra: Partial<TokenRecord> = {}): TokenRecord {
  return { id, account_id: 'acc', name: id, hash: `hash-${id}`, policies: [], not_before: null, expires_on: null, issued_on: T0, last_used_on: null, revoked_on: null, parent_id: null, ...extra };
}

function version(id: string, deployment: string, number: number): VersionRecord {
  return { id, account_id: 'acc', deployment, number, message: null, created_on: T0, main_module: 'index.js', config: { name: deployment } };
}

/** Registers the control port's contract tests for one adapter, named `name`. */
export function controlStorageContract(name: string, open: ControlPortFactory): void {
  test(`${name} control: accounts and tokens; a hash is unique, a revocation reaches the token's children`, async (t) => {
    const store = open();
    t.after(() => store.close());
    await store.createAccount({ id: 'acc', name: 'Acme', subdomain: 'acme', created_on: T0 }, [], [token('root')]);
    assert.equal((await store.getAccount('acc'))?.name, 'Acme');
    assert.equal((await store.tokenByHash('hash-root'))?.id, 'root');
    await store.createToken(token('child', { parent_id: 'root' }));
    await assert.rejects(store.createToken(token('dup', { hash: 'hash-root' })), { code: 'conflict' });
    assert.deepEqual((await store.listTokens('acc')).map((x) => x.id).sort(), ['child', 'root']);
    const revoked = await store.revokeToken('acc', 'root', '2026-01-02T00:00:00.000Z');
    assert.deepEqual(revoked, ['child']);
    assert.equal((await store.getToken('acc', 'child'))?.revoked_on, '2026-01-02T00:00:00.000Z');
    assert.equal(await store.revokeToken('acc', 'missing', T0), null);
  });

  test(`${name} control: versions number up, a deployment points at one, modules and domains come with it`, async (t) => {
    const store = open();
    t.after(() => store.close());
    await store.createAccount({ id: 'acc', name: 'Acme', subdomain: 'acme', created_on: T0 });
    const first = await store.writeVersion({ version: version('v1', 'app', 1), modules: [{ name: 'index.js', content: new TextEncoder().encode('export default {}') }], domains: [{ id: 'd1', account_id: 'acc', hostname: 'shop.example.com', deployment: 'app', tunnel_id: null, created_on: T0 }] });
    assert.equal(first.current_version_id, 'v1');
    await store.writeVersion({ version: version('v2', 'app', 2), modules: [], domains: [] });
    assert.equal((await store.getDeployment('acc', 'app'))?.current_version_id, 'v2');
    assert.deepEqual((await store.listVersions('acc', 'app')).map((v) => v.number).sort(), [1, 2]);
    assert.equal(new TextDecoder().decode((await store.getModules('v1'))[0]?.content), 'export default {}');
    assert.deepEqual((await store.getVersion('v1'))?.config, { name: 'app' });
    assert.equal((await store.pointAt('acc', 'app', 'v1', T0))?.current_version_id, 'v1');
    assert.equal((await store.domainByHostname('shop.example.com'))?.deployment, 'app');
    await assert.rejects(store.addDomain({ id: 'd2', account_id: 'acc', hostname: 'shop.example.com', deployment: 'app', tunnel_id: null, created_on: T0 }), { code: 'conflict' });
    assert.equal(await store.deleteDeployment('acc', 'app'), true);
    assert.equal(await store.getDeployment('acc', 'app'), null);
  });

  test(`${name} control: resources by id or reference, secrets replaced by name, the audit log pages`, async (t) => {
    const store = open();
    t.after(() => store.close());
    await store.createAccount({ id: 'acc', name: 'Acme', subdomain: 'acme', created_on: T0 });
    await store.createResource({ account_id: 'acc', kind: 'bucket', ref: 'photos', id: 'r1', name: 'photos', created_on: T0 });
    await assert.rejects(store.createResource({ account_id: 'acc', kind: 'bucket', ref: 'photos', id: 'r2', name: 'photos', created_on: T0 }), { code: 'conflict' });
    assert.equal((await store.getResource('acc', 'bucket', 'photos'))?.id, 'r1');
    assert.equal((await store.getResource('acc', 'bucket', 'r1'))?.ref, 'photos');
    assert.equal(await store.getResource('acc', 'kv', 'photos'), null, 'kinds are separate');
    assert.equal(await store.deleteResource('acc', 'bucket', 'r1'), true);
    await store.putSecret({ account_id: 'acc', deployment: 'app', name: 'KEY', sealed: 'sealed-1', created_on: T0, modified_on: T0 });
    await store.putSecret({ account_id: 'acc', deployment: 'app', name: 'KEY', sealed: 'sealed-2', created_on: T0, modified_on: '2026-01-02T00:00:00.000Z' });
    assert.deepEqual((await store.listSecrets('acc', 'app')).map((s) => s.sealed), ['sealed-2']);
    assert.equal(await store.deleteSecret('acc', 'app', 'KEY'), true);
    for (let i = 0; i < 3; i++) {
      await store.appendAudit({ id: `a${i}`, time: T0, account_id: 'acc', actor: { token_id: 'root', token_name: 'root' }, action: 'x.get', method: 'GET', path: '/x', resource: 'x', status: 200, result: 'success' });
    }
    const page = await store.listAudit('acc', { offset: 1, limit: 1 });
    assert.equal(page.total, 3);
    assert.equal(page.items.length, 1);
  });
}
