/**
 * The tunnel storage port: tunnels and mesh connectors, virtual networks and private routes. Live
 * connections are not stored (they belong to the process holding the socket); when a tunnel was last seen
 * connected or disconnected is. Deletion is soft: records keep `deleted_at`.
 */

/** The two kinds of tunnel the API serves under their own path segment. */
export type TunnelType = 'edge_tunnel' | 'mesh_connector';

/** A tunnel or mesh connector. */
export interface TunnelRecord {
  id: string;
  account_id: string;
  name: string;
  tun_type: TunnelType;
  /** Base64 of the secret a connector proves with its token. */
  secret: string;
  /** Where the ingress rules come from: the connector's own file, or the platform (`configurations`). */
  config_src: 'local' | 'platform';
  /** Ingress rules kept by the platform, with their version. */
  config: { ingress: unknown[] } | null;
  config_version: number;
  metadata: Record<string, unknown>;
  created_at: string;
  deleted_at: string | null;
  conns_active_at: string | null;
  conns_inactive_at: string | null;
}

/** A virtual network: a separate routing table for private routes. */
export interface VirtualNetworkRecord {
  id: string;
  account_id: string;
  name: string;
  comment: string;
  is_default_network: boolean;
  created_at: string;
  deleted_at: string | null;
}

/** A private route: an IP network reached through a tunnel, in one virtual network. */
export interface PrivateRouteRecord {
  id: string;
  account_id: string;
  /** Normalised CIDR (host bits clear). */
  network: string;
  tunnel_id: string;
  comment: string;
  virtual_network_id: string;
  created_at: string;
  deleted_at: string | null;
}

/** Tunnel state. A second live route for one network in one virtual network throws a LedgeError `conflict`. */
export interface TunnelStoragePort {
  createTunnel(tunnel: TunnelRecord): Promise<void>;
  getTunnel(accountId: string, id: string): Promise<TunnelRecord | null>;
  listTunnels(accountId: string, type: TunnelType): Promise<TunnelRecord[]>;
  updateTunnel(accountId: string, id: string, patch: Partial<Pick<TunnelRecord, 'name' | 'config' | 'config_version' | 'config_src' | 'deleted_at' | 'conns_active_at' | 'conns_inactive_at'>>): Promise<TunnelRecord | null>;

  /** The account's default virtual network, created on first use. */
  defaultNetwork(accountId: string, now: string): Promise<VirtualNetworkRecord>;
  createNetwork(network: VirtualNetworkRecord): Promise<void>;
  getNetwork(accountId: string, id: string): Promise<VirtualNetworkRecord | null>;
  listNetworks(accountId: string): Promise<VirtualNetworkRecord[]>;
  /** Renames, re-comments, or makes a network the default (the previous default stops being it). */
  updateNetwork(accountId: string, id: string, patch: Partial<Pick<VirtualNetworkRecord, 'name' | 'comment' | 'is_default_network' | 'deleted_at'>>): Promise<VirtualNetworkRecord | null>;

  createRoute(route: PrivateRouteRecord): Promise<void>;
  getRoute(accountId: string, id: string): Promise<PrivateRouteRecord | null>;
  listRoutes(accountId: string): Promise<PrivateRouteRecord[]>;
  updateRoute(accountId: string, id: string, patch: Partial<Pick<PrivateRouteRecord, 'network' | 'tunnel_id' | 'comment' | 'virtual_network_id' | 'deleted_at'>>): Promise<PrivateRouteRecord | null>;
}
