// Contract of the tunnel storage port (tunnels.ts): tunnels, virtual networks and private routes of an account.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TunnelRecord, TunnelStoragePort } from '../tunnels.js';

/** Opens a fresh, empty adapter; `close` releases it. */
export type TunnelPortFactory = () => { tunnels: TunnelStoragePort; close(): void };

const T0 = '2026-01-01T00:00:00.000Z';

function tunnel(id: string, type: TunnelRecord['tun_type'] = 'edge_tunnel'): TunnelRecord {
  return {
    id, account_id: 'acc', name: `name-${id}`, tun_type: type, secret: `secret-${id}`, config_src: 'local', config: null, config_version: 0,
    metadata: {}, created_at: T0, deleted_at: null, conns_active_at: null, conns_inactive_at: null,
  };
}

/** Registers the tunnel port's contract tests for one adapter, named `name`. */
export function tunnelStorageContract(name: string, open: TunnelPortFactory): void {
  test(`${name} tunnels: tunnels are kept per account and type, and updated in place`, async (t) => {
    const store = open();
    t.after(() => store.close());
    const { tunnels } = store;
    await tunnels.createTunnel(tunnel('t1'));
    await tunnels.createTunnel(tunnel('m1', 'mesh_connector'));
    assert.deepEqual((await tunnels.listTunnels('acc', 'edge_tunnel')).map((x) => x.id), ['t1']);
    assert.deepEqual((await tunnels.listTunnels('acc', 'mesh_connector')).map((x) => x.id), ['m1']);
    assert.equal(await tunnels.getTunnel('other', 't1'), null, 'another account sees nothing');
    const updated = await tunnels.updateTunnel('acc', 't1', { name: 'renamed', config: { ingress: [{ service: 'http_status:404' }] }, config_version: 1, config_src: 'platform' });
    assert.equal(updated?.name, 'renamed');
    const read = await tunnels.getTunnel('acc', 't1');
    assert.deepEqual(read && [read.name, read.config, read.config_version, read.config_src, read.secret], ['renamed', { ingress: [{ service: 'http_status:404' }] }, 1, 'platform', 'secret-t1']);
    assert.equal(await tunnels.updateTunnel('acc', 'missing', { name: 'x' }), null);
  });

  test(`${name} tunnels: one default virtual network, made on first use; a new default replaces the old one`, async (t) => {
    const store = open();
    t.after(() => store.close());
    const { tunnels } = store;
    const first = await tunnels.defaultNetwork('acc', T0);
    assert.equal(first.is_default_network, true);
    assert.equal((await tunnels.defaultNetwork('acc', T0)).id, first.id, 'the same network on the next call');
    await tunnels.createNetwork({ id: 'n2', account_id: 'acc', name: 'second', comment: '', is_default_network: false, created_at: T0, deleted_at: null });
    await tunnels.updateNetwork('acc', 'n2', { is_default_network: true });
    const defaults = (await tunnels.listNetworks('acc')).filter((n) => n.is_default_network).map((n) => n.id);
    assert.deepEqual(defaults, ['n2']);
    assert.equal((await tunnels.getNetwork('acc', first.id))?.is_default_network, false);
  });

  test(`${name} tunnels: private routes are stored, updated and soft-deleted`, async (t) => {
    const store = open();
    t.after(() => store.close());
    const { tunnels } = store;
    await tunnels.createTunnel(tunnel('t1'));
    const network = await tunnels.defaultNetwork('acc', T0);
    await tunnels.createRoute({ id: 'r1', account_id: 'acc', network: '10.0.0.0/24', tunnel_id: 't1', comment: 'office', virtual_network_id: network.id, created_at: T0, deleted_at: null });
    assert.equal((await tunnels.getRoute('acc', 'r1'))?.network, '10.0.0.0/24');
    assert.equal((await tunnels.updateRoute('acc', 'r1', { comment: 'lab' }))?.comment, 'lab');
    await tunnels.updateRoute('acc', 'r1', { deleted_at: '2026-01-02T00:00:00.000Z' });
    assert.deepEqual((await tunnels.listRoutes('acc')).map((r) => [r.id, r.deleted_at]), [['r1', '2026-01-02T00:00:00.000Z']]);
    assert.deepEqual(await tunnels.listRoutes('other'), []);
  });
}
