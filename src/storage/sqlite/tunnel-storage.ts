import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { unlessTaken } from './conflict.js';
import type { PrivateRouteRecord, TunnelRecord, TunnelStoragePort, VirtualNetworkRecord } from '../tunnels.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tunnels (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, name TEXT NOT NULL, tun_type TEXT NOT NULL, secret TEXT NOT NULL,
  config_src TEXT NOT NULL, config TEXT, config_version INTEGER NOT NULL, metadata TEXT NOT NULL, created_at TEXT NOT NULL, deleted_at TEXT,
  conns_active_at TEXT, conns_inactive_at TEXT);
CREATE INDEX IF NOT EXISTS tunnels_account ON tunnels (account_id, tun_type);
CREATE TABLE IF NOT EXISTS virtual_networks (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, name TEXT NOT NULL, comment TEXT NOT NULL,
  is_default_network INTEGER NOT NULL, created_at TEXT NOT NULL, deleted_at TEXT);
CREATE UNIQUE INDEX IF NOT EXISTS virtual_networks_default ON virtual_networks (account_id) WHERE is_default_network = 1 AND deleted_at IS NULL;
CREATE TABLE IF NOT EXISTS private_routes (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, network TEXT NOT NULL, tunnel_id TEXT NOT NULL, comment TEXT NOT NULL,
  virtual_network_id TEXT NOT NULL, created_at TEXT NOT NULL, deleted_at TEXT);
CREATE UNIQUE INDEX IF NOT EXISTS private_routes_unique ON private_routes (virtual_network_id, network) WHERE deleted_at IS NULL;
`;

type Row = Record<string, unknown>;

const toTunnel = (r: Row): TunnelRecord => ({
  ...(r as unknown as TunnelRecord),
  config: r.config === null ? null : JSON.parse(r.config as string) as TunnelRecord['config'],
  metadata: JSON.parse(r.metadata as string) as Record<string, unknown>,
});
const toNetwork = (r: Row): VirtualNetworkRecord => ({ ...(r as unknown as VirtualNetworkRecord), is_default_network: r.is_default_network === 1 });

/** Runs an UPDATE of the given columns; names come from the port's typed patch, never from outside. */
function update(db: Database.Database, table: string, accountId: string, id: string, patch: Record<string, unknown>, what = 'a record with these values'): boolean {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return (db.prepare(`SELECT 1 FROM ${table} WHERE account_id = ? AND id = ?`).get(accountId, id)) !== undefined;
  const sets = entries.map(([k]) => `${k} = ?`).join(', ');
  const values = entries.map(([, v]) => (typeof v === 'boolean' ? Number(v) : v !== null && typeof v === 'object' ? JSON.stringify(v) : v));
  return unlessTaken(what, () => db.prepare(`UPDATE ${table} SET ${sets} WHERE account_id = ? AND id = ?`).run(...values, accountId, id).changes > 0);
}

/** Tunnels, virtual networks and private routes in the control database. */
export function createSqliteTunnelStorage(db: Database.Database): TunnelStoragePort {
  db.exec(SCHEMA);
  const q = {
    insertTunnel: db.prepare(`INSERT INTO tunnels (id, account_id, name, tun_type, secret, config_src, config, config_version, metadata, created_at, deleted_at, conns_active_at, conns_inactive_at)
      VALUES (@id, @account_id, @name, @tun_type, @secret, @config_src, @config, @config_version, @metadata, @created_at, @deleted_at, @conns_active_at, @conns_inactive_at)`),
    getTunnel: db.prepare('SELECT * FROM tunnels WHERE account_id = ? AND id = ?'),
    listTunnels: db.prepare('SELECT * FROM tunnels WHERE account_id = ? AND tun_type = ? ORDER BY rowid'),
    defaultNetwork: db.prepare('SELECT * FROM virtual_networks WHERE account_id = ? AND is_default_network = 1 AND deleted_at IS NULL'),
    insertNetwork: db.prepare(`INSERT INTO virtual_networks (id, account_id, name, comment, is_default_network, created_at, deleted_at)
      VALUES (@id, @account_id, @name, @comment, @is_default_network, @created_at, @deleted_at)`),
    getNetwork: db.prepare('SELECT * FROM virtual_networks WHERE account_id = ? AND id = ?'),
    listNetworks: db.prepare('SELECT * FROM virtual_networks WHERE account_id = ? ORDER BY rowid'),
    clearDefault: db.prepare('UPDATE virtual_networks SET is_default_network = 0 WHERE account_id = ? AND id != ?'),
    insertRoute: db.prepare(`INSERT INTO private_routes (id, account_id, network, tunnel_id, comment, virtual_network_id, created_at, deleted_at)
      VALUES (@id, @account_id, @network, @tunnel_id, @comment, @virtual_network_id, @created_at, @deleted_at)`),
    getRoute: db.prepare('SELECT * FROM private_routes WHERE account_id = ? AND id = ?'),
    listRoutes: db.prepare('SELECT * FROM private_routes WHERE account_id = ? ORDER BY rowid'),
  };
  const networkRow = (n: VirtualNetworkRecord) => ({ ...n, is_default_network: n.is_default_network ? 1 : 0 });
  const defaultNetwork = db.transaction((accountId: string, now: string): VirtualNetworkRecord => {
    const found = q.defaultNetwork.get(accountId) as Row | undefined;
    if (found) return toNetwork(found);
    const created: VirtualNetworkRecord = { id: randomUUID(), account_id: accountId, name: 'default', comment: 'the default virtual network of the account', is_default_network: true, created_at: now, deleted_at: null };
    q.insertNetwork.run(networkRow(created));
    return created;
  });
  const updateNetwork = db.transaction((accountId: string, id: string, patch: Partial<VirtualNetworkRecord>) => {
    if (patch.is_default_network === true) q.clearDefault.run(accountId, id);
    return update(db, 'virtual_networks', accountId, id, patch);
  });

  return {
    async createTunnel(tunnel) { q.insertTunnel.run({ ...tunnel, config: tunnel.config === null ? null : JSON.stringify(tunnel.config), metadata: JSON.stringify(tunnel.metadata) }); },
    async getTunnel(accountId, id) { const r = q.getTunnel.get(accountId, id) as Row | undefined; return r ? toTunnel(r) : null; },
    async listTunnels(accountId, type) { return (q.listTunnels.all(accountId, type) as Row[]).map(toTunnel); },
    async updateTunnel(accountId, id, patch) {
      if (!update(db, 'tunnels', accountId, id, patch)) return null;
      return toTunnel(q.getTunnel.get(accountId, id) as Row);
    },

    async defaultNetwork(accountId, now) { return defaultNetwork(accountId, now); },
    async createNetwork(network) { q.insertNetwork.run(networkRow(network)); },
    async getNetwork(accountId, id) { const r = q.getNetwork.get(accountId, id) as Row | undefined; return r ? toNetwork(r) : null; },
    async listNetworks(accountId) { return (q.listNetworks.all(accountId) as Row[]).map(toNetwork); },
    async updateNetwork(accountId, id, patch) {
      if (!updateNetwork(accountId, id, patch)) return null;
      return toNetwork(q.getNetwork.get(accountId, id) as Row);
    },

    async createRoute(route) {
      unlessTaken(`a route for ${route.network} in the virtual network ${route.virtual_network_id}`, () => q.insertRoute.run(route));
    },
    async getRoute(accountId, id) { return (q.getRoute.get(accountId, id) as PrivateRouteRecord | undefined) ?? null; },
    async listRoutes(accountId) { return q.listRoutes.all(accountId) as PrivateRouteRecord[]; },
    async updateRoute(accountId, id, patch) {
      if (!update(db, 'private_routes', accountId, id, patch, 'a route for this network in the virtual network')) return null;
      return q.getRoute.get(accountId, id) as PrivateRouteRecord;
    },
  };
}
