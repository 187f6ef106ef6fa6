// SPEC, Endpoints (Private routes, Tunnel connections): the connector's `tunnel route ip add` and
// `tunnel route ip delete`, upgraded to the route_id paths, as real CLI processes against a real platform.
// The original takes the comment as an optional third argument (`route ip add <CIDR> <TUNNEL> [COMMENT]`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from './cli.js';
import { tempDir } from './helpers.js';
import { startTestPlatform } from './serve-helpers.js';

test('ledge tunnel route ip add takes the comment as its third argument; delete by network goes through the route_id path', { timeout: 120_000 }, async () => {
  const p = await startTestPlatform();
  try {
    const env = { LEDGE_API_TOKEN: p.token, LEDGE_API_URL: p.apiUrl, HOME: tempDir(), XDG_CONFIG_HOME: tempDir() };
    const ledge = async (...args: string[]) => {
      const proc = runCli(['tunnel', ...args], { env });
      return { code: await proc.exited, out: proc.output() };
    };
    const created = await ledge('create', 'office');
    assert.equal(created.code, 0, created.out);

    const added = await ledge('route', 'ip', 'add', '10.20.0.0/16', 'office', 'lab network');
    assert.equal(added.code, 0, added.out);
    const routes = await p.call('GET', `/accounts/${p.accountId}/teamnet/routes`);
    assert.deepEqual(routes.body.result.map((r: { network: string; comment: string }) => [r.network, r.comment]), [['10.20.0.0/16', 'lab network']]);

    // The comment given twice, differently, is refused before anything is sent.
    const twice = await ledge('route', 'ip', 'add', '10.30.0.0/16', 'office', 'one', '--comment', 'two');
    assert.equal(twice.code, 2, twice.out);
    assert.match(twice.out, /give the comment once/);
    const same = await ledge('route', 'ip', 'add', '10.30.0.0/16', 'office', 'same', '--comment', 'same');
    assert.equal(same.code, 0, same.out);
    const tooMany = await ledge('route', 'ip', 'add', '10.40.0.0/16', 'office', 'c', 'extra');
    assert.notEqual(tooMany.code, 0, 'a fourth argument is refused');
    assert.equal((await p.call('GET', `/accounts/${p.accountId}/teamnet/routes?network_subset=10.40.0.0/16`)).body.result.length, 0);

    // --vnet takes a virtual network's id or its name, as the original connector does.
    const lab = await p.call('POST', `/accounts/${p.accountId}/teamnet/virtual_networks`, { body: { name: 'lab' } });
    assert.equal(lab.status, 201, lab.text);
    const inLab = await ledge('route', 'ip', 'add', '10.20.0.0/16', 'office', '--vnet', 'lab');
    assert.equal(inLab.code, 0, inLab.out);
    assert.match((await ledge('route', 'ip', 'get', '10.20.1.1', '--vnet', 'lab')).out, /10\.20\.1\.1 is served by 10\.20\.0\.0\/16/);
    const unknownVnet = await ledge('route', 'ip', 'add', '10.50.0.0/16', 'office', '--vnet', 'nowhere');
    assert.notEqual(unknownVnet.code, 0);
    assert.match(unknownVnet.out, /--vnet: no virtual network "nowhere"/);
    assert.equal((await ledge('route', 'ip', 'delete', '10.20.0.0/16', '--vnet', lab.body.result.name)).code, 0);
    const labRoutes = await p.call('GET', `/accounts/${p.accountId}/teamnet/routes?virtual_network_id=${lab.body.result.id}`);
    assert.deepEqual(labRoutes.body.result, [], 'the route in lab was deleted, by the vnet name');

    // Delete by network: the CLI finds the route_id and uses DELETE .../teamnet/routes/{route_id}; the audit
    // log shows that path, never the removed network-encoded one.
    const deleted = await ledge('route', 'ip', 'delete', '10.20.0.0/16');
    assert.equal(deleted.code, 0, deleted.out);
    const routeId = routes.body.result[0].id as string;
    assert.match(deleted.out, new RegExp(`deleted route ${routeId}`));
    const audit = await p.call('GET', `/accounts/${p.accountId}/audit_logs?per_page=100`);
    const paths = audit.body.result.map((r: { method: string; path: string }) => `${r.method} ${r.path}`);
    assert.ok(paths.includes(`DELETE /api/v1/accounts/${p.accountId}/teamnet/routes/${routeId}`), paths.join('\n'));
    assert.ok(!paths.some((line: string) => line.includes('/teamnet/routes/network/')), 'the removed paths are never called'); // ledge-check: removed-route-guard
    const after = await p.call('GET', `/accounts/${p.accountId}/teamnet/routes?is_deleted=true`);
    assert.ok(after.body.result.some((r: { id: string; deleted_at: string | null }) => r.id === routeId && r.deleted_at !== null), 'the delete is soft');
  } finally {
    await p.close();
  }
});
