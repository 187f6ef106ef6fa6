import { randomUUID } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { ApiError, fieldError } from '../api-error.js';
import { PRIVATE_ROUTE, PRIVATE_ROUTE_LISTED, VIRTUAL_NETWORK } from '../results.js';
import { defineRoute, paginate, PAGE_QUERY, type RouteDefinition } from '../router.js';
import type { ControlServices } from '../services.js';
import type { PrivateRouteRecord, VirtualNetworkRecord } from '../../storage/tunnels.js';
import { ACCOUNT_PARAMS } from './accounts.js';

/** Ranges the platform keeps for itself; a route inside one is refused (reference: overlap and uniqueness rules). */
const RESERVED = ['100.64.0.0/12', '100.96.0.0/12', '100.80.0.0/16', '100.112.0.0/16'].map((c) => ipaddr.parseCIDR(c));
/** The network-encoded route paths: declared only to refuse them. */
const REMOVED_PATH = '/accounts/{account_id}/teamnet/routes/network/'; // ledge-check: removed-route-guard (answers 410, never acts)
/** When the network-encoded route paths stopped acting (SPEC, Endpoints: Removed private routes). */
export const ROUTES_REMOVED_ON = '2026-10-05';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses a network: the normalised CIDR, or a message saying what is wrong (with the normalised form when host bits are set). */
export function parseNetwork(text: string): { cidr: string; parsed: Cidr } | { problem: string } {
  let parsed: Cidr;
  try {
    parsed = ipaddr.parseCIDR(text.trim());
  } catch {
    if (ipaddr.isValid(text.trim())) return { problem: `"${text}" is an address, not a network; add a prefix length, e.g. ${text.trim()}/${ipaddr.parse(text.trim()).kind() === 'ipv4' ? 32 : 128}` };
    return { problem: `"${text}" is not an IPv4 or IPv6 network in CIDR notation (e.g. 10.0.0.0/16 or fd00::/64)` };
  }
  const [addr, prefix] = parsed;
  const network = addr.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${addr.toString()}/${prefix}`) : ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/${prefix}`);
  const cidr = `${network.toString()}/${prefix}`;
  if (network.toString() !== addr.toString()) return { problem: `"${text}" has host bits set; use the network ${cidr}` };
  if (addr.kind() === 'ipv4' && RESERVED.some(([r, bits]) => addr.kind() === r.kind() && prefix >= bits && addr.match(r, bits))) {
    return { problem: `${cidr} lies inside a range the platform reserves (100.64.0.0/12, 100.96.0.0/12, 100.80.0.0/16, 100.112.0.0/16)` };
  }
  return { cidr, parsed: [network, prefix] };
}

/** True when `inner` lies inside `outer` (same family, longer or equal prefix). */
function within(inner: Cidr, outer: Cidr): boolean {
  return inner[0].kind() === outer[0].kind() && inner[1] >= outer[1] && inner[0].match(outer as [ipaddr.IPv4, number]);
}

const cidrOf = (network: string) => ipaddr.parseCIDR(network) as Cidr;
const BOOL = z.enum(['true', 'false']).transform((v) => v === 'true');
const NETWORK = z.string().transform((s, ctx) => {
  const found = parseNetwork(s);
  if ('problem' in found) { ctx.addIssue({ code: 'custom', message: found.problem }); return z.NEVER; }
  return found.cidr;
});
const ROUTE_PARAMS = ACCOUNT_PARAMS.extend({ route_id: z.string() });

/** The current path that does what `method` did (or would have done) on a removed network-encoded path. */
export function replacementFor(method: string): string {
  const routes = '/accounts/{account_id}/teamnet/routes';
  switch (method) {
    case 'POST': return `POST ${routes} with "network" and "tunnel_id" in the JSON body`;
    case 'PATCH': case 'DELETE': return `${method} ${routes}/{route_id} (find the route_id with GET ${routes}?network_subset=<network>)`;
    case 'GET': case 'HEAD': return `GET ${routes}?network_subset=<network>&network_superset=<network> for a network, or GET ${routes}/ip/{ip} for the route serving an address`;
    default: return `POST ${routes} to create, and GET, PATCH or DELETE ${routes}/{route_id} to read, change or delete a route`;
  }
}

const view = ({ account_id: _a, ...r }: PrivateRouteRecord) => r;
const find = async (services: ControlServices, accountId: string, id: string) => {
  const found = await services.tunnels.getRoute(accountId, id);
  if (!found || found.deleted_at !== null) throw new ApiError('object_not_found', `no route ${id} in this account`);
  return found;
};
const network = async (services: ControlServices, accountId: string, id: string | undefined, now: string, pointer: string): Promise<VirtualNetworkRecord> => {
  if (id === undefined) return services.tunnels.defaultNetwork(accountId, now);
  const found = await services.tunnels.getNetwork(accountId, id);
  if (!found || found.deleted_at !== null) throw fieldError(pointer, `no virtual network ${id} in this account`);
  return found;
};
const liveTunnel = async (services: ControlServices, accountId: string, id: string, pointer: string) => {
  const found = await services.tunnels.getTunnel(accountId, id);
  if (!found || found.deleted_at !== null) throw fieldError(pointer, `no tunnel ${id} in this account`);
  return found;
};
// Every method on a removed path gets the same 410, so no 405 ever advertises the removed methods in `allow`.
const removed = (tail: string) => defineRoute({
  id: `routes.removed${tail.includes('{prefix}') ? '.unencoded' : ''}`, method: 'ANY', path: `${REMOVED_PATH}${tail}`,
  summary: `Removed on ${ROUTES_REMOVED_ON}: answers 410 to every method and changes nothing`, auth: 'none', removed: ROUTES_REMOVED_ON,
  async handler({ method }) {
    throw new ApiError('endpoint_removed', `${method} ${REMOVED_PATH}{ip_network_encoded} was removed on ${ROUTES_REMOVED_ON}. Use ${replacementFor(method)}. Nothing was changed.`);
  },
});


/** Private routes (`teamnet/routes`) and virtual networks; the removed network-encoded paths answer 410 and never act. */
export const PRIVATE_ROUTE_ROUTES: readonly RouteDefinition[] = [
  removed('{ip_network_encoded}'), removed('{ip}/{prefix}'),
  defineRoute({
    id: 'routes.list', method: 'GET', path: '/accounts/{account_id}/teamnet/routes', summary: 'List private routes (deleted ones only with is_deleted=true)', result: z.array(PRIVATE_ROUTE_LISTED),
    auth: { group: 'routes:read', resource: 'any' }, params: ACCOUNT_PARAMS,
    query: PAGE_QUERY.extend({
      comment: z.string().optional(), is_deleted: BOOL.optional(), network_subset: NETWORK.optional(), network_superset: NETWORK.optional(),
      route_id: z.string().optional(), tunnel_id: z.string().optional(), virtual_network_id: z.string().optional(), tun_types: z.string().optional(),
      existed_at: z.iso.datetime({ offset: true }).optional(),
    }),
    async handler({ services, account, query, can }) {
      const names = new Map((await services.tunnels.listNetworks(account.id)).map((n) => [n.id, n.name]));
      const tunnelsById = new Map([...await services.tunnels.listTunnels(account.id, 'edge_tunnel'), ...await services.tunnels.listTunnels(account.id, 'mesh_connector')].map((t) => [t.id, t]));
      const types = query.tun_types?.split(',').map((t) => t.trim());
      const items = (await services.tunnels.listRoutes(account.id))
        .filter((r) => can('routes:read', 'route', r.id))
        .filter((r) => (query.is_deleted === true ? r.deleted_at !== null : r.deleted_at === null))
        .filter((r) => query.comment === undefined || r.comment === query.comment)
        .filter((r) => query.route_id === undefined || r.id === query.route_id)
        .filter((r) => query.tunnel_id === undefined || r.tunnel_id === query.tunnel_id)
        .filter((r) => query.virtual_network_id === undefined || r.virtual_network_id === query.virtual_network_id)
        .filter((r) => query.network_subset === undefined || within(cidrOf(r.network), cidrOf(query.network_subset)))
        .filter((r) => query.network_superset === undefined || within(cidrOf(query.network_superset), cidrOf(r.network)))
        .filter((r) => query.existed_at === undefined || (r.created_at <= new Date(query.existed_at).toISOString() && (r.deleted_at === null || r.deleted_at > new Date(query.existed_at).toISOString())))
        .map((r) => ({ ...view(r), tun_type: tunnelsById.get(r.tunnel_id)?.tun_type ?? null, tunnel_name: tunnelsById.get(r.tunnel_id)?.name ?? null, virtual_network_name: names.get(r.virtual_network_id) ?? null }))
        .filter((r) => types === undefined || (r.tun_type !== null && types.includes(r.tun_type)));
      return paginate(items, query);
    },
  }),
  defineRoute({
    id: 'routes.create', method: 'POST', path: '/accounts/{account_id}/teamnet/routes', summary: 'Route a private network through a tunnel', result: PRIVATE_ROUTE,
    auth: { group: 'routes:write', resource: () => ({ kind: 'route', name: '*' }) }, params: ACCOUNT_PARAMS, status: 201,
    body: z.strictObject({ network: NETWORK, tunnel_id: z.string().min(1), comment: z.string().max(100).default(''), virtual_network_id: z.string().optional() }),
    async handler({ services, account, body, now, require }) {
      require('tunnels:read', 'tunnel', body.tunnel_id);
      await liveTunnel(services, account.id, body.tunnel_id, '/body/tunnel_id');
      const vnet = await network(services, account.id, body.virtual_network_id, now, '/body/virtual_network_id');
      const route: PrivateRouteRecord = { id: randomUUID(), account_id: account.id, network: body.network, tunnel_id: body.tunnel_id, comment: body.comment, virtual_network_id: vnet.id, created_at: now, deleted_at: null };
      await services.tunnels.createRoute(route);
      return { result: view(route) };
    },
  }),
  defineRoute({
    id: 'routes.ip', method: 'GET', path: '/accounts/{account_id}/teamnet/routes/ip/{ip}', summary: 'The route that serves an address (longest prefix wins)', result: PRIVATE_ROUTE,
    auth: { group: 'routes:read', resource: 'any' }, params: ACCOUNT_PARAMS.extend({ ip: z.string().refine((s) => ipaddr.isValid(s), { error: 'expected an IPv4 or IPv6 address' }) }),
    query: z.object({ virtual_network_id: z.string().optional(), default_virtual_network_fallback: BOOL.optional() }),
    async handler({ services, account, params, query, now, can }) {
      const address = ipaddr.process(params.ip);
      const vnet = await network(services, account.id, query.virtual_network_id, now, '/query/virtual_network_id');
      const best = (await services.tunnels.listRoutes(account.id))
        .filter((r) => r.deleted_at === null && r.virtual_network_id === vnet.id && can('routes:read', 'route', r.id))
        .map((r) => ({ r, cidr: cidrOf(r.network) }))
        .filter(({ cidr }) => cidr[0].kind() === address.kind() && address.match(cidr as [ipaddr.IPv4, number]))
        .sort((a, b) => b.cidr[1] - a.cidr[1])[0];
      if (!best) throw new ApiError('object_not_found', `no route in the virtual network ${vnet.name} serves ${params.ip}`);
      return { result: view(best.r) };
    },
  }),
  defineRoute({
    id: 'routes.get', method: 'GET', path: '/accounts/{account_id}/teamnet/routes/{route_id}', summary: 'Get a private route', result: PRIVATE_ROUTE,
    auth: { group: 'routes:read', resource: (p) => ({ kind: 'route', name: p.route_id }) }, params: ROUTE_PARAMS,
    async handler({ services, account, params }) { return { result: view(await find(services, account.id, params.route_id)) }; },
  }),
  defineRoute({
    id: 'routes.update', method: 'PATCH', path: '/accounts/{account_id}/teamnet/routes/{route_id}', summary: 'Change a private route (only the fields given)', result: PRIVATE_ROUTE,
    auth: { group: 'routes:write', resource: (p) => ({ kind: 'route', name: p.route_id }) }, params: ROUTE_PARAMS,
    body: z.strictObject({ network: NETWORK.optional(), tunnel_id: z.string().min(1).optional(), comment: z.string().max(100).optional(), virtual_network_id: z.string().optional() }),
    async handler({ services, account, params, body, now, require }) {
      await find(services, account.id, params.route_id);
      if (body.tunnel_id !== undefined) { require('tunnels:read', 'tunnel', body.tunnel_id); await liveTunnel(services, account.id, body.tunnel_id, '/body/tunnel_id'); }
      const vnetId = body.virtual_network_id === undefined ? undefined : (await network(services, account.id, body.virtual_network_id, now, '/body/virtual_network_id')).id;
      const updated = await services.tunnels.updateRoute(account.id, params.route_id, { network: body.network, tunnel_id: body.tunnel_id, comment: body.comment, virtual_network_id: vnetId });
      return { result: view(updated as PrivateRouteRecord) };
    },
  }),
  defineRoute({
    id: 'routes.delete', method: 'DELETE', path: '/accounts/{account_id}/teamnet/routes/{route_id}', summary: 'Delete a private route (soft: it keeps deleted_at)', result: PRIVATE_ROUTE,
    auth: { group: 'routes:write', resource: (p) => ({ kind: 'route', name: p.route_id }) }, params: ROUTE_PARAMS,
    async handler({ services, account, params, now }) {
      await find(services, account.id, params.route_id);
      return { result: view(await services.tunnels.updateRoute(account.id, params.route_id, { deleted_at: now }) as PrivateRouteRecord) };
    },
  }),
  ...virtualNetworkRoutes(),
];

/** Virtual networks: separate routing tables; every account has a default one. */
function virtualNetworkRoutes(): RouteDefinition[] {
  const view = ({ account_id: _a, ...v }: VirtualNetworkRecord) => v;
  const PARAMS = ACCOUNT_PARAMS.extend({ virtual_network_id: z.string() });
  const find = async (services: ControlServices, accountId: string, id: string) => {
    const found = await services.tunnels.getNetwork(accountId, id);
    if (!found || found.deleted_at !== null) throw new ApiError('object_not_found', `no virtual network ${id} in this account`);
    return found;
  };
  return [
    defineRoute({
      id: 'virtual_networks.list', method: 'GET', path: '/accounts/{account_id}/teamnet/virtual_networks', summary: 'List virtual networks', result: z.array(VIRTUAL_NETWORK),
      auth: { group: 'routes:read' }, params: ACCOUNT_PARAMS, query: z.object({ is_deleted: BOOL.optional() }),
      async handler({ services, account, query, now }) {
        await services.tunnels.defaultNetwork(account.id, now);
        return { result: (await services.tunnels.listNetworks(account.id)).filter((v) => (query.is_deleted === true ? v.deleted_at !== null : v.deleted_at === null)).map(view) };
      },
    }),
    defineRoute({
      id: 'virtual_networks.create', method: 'POST', path: '/accounts/{account_id}/teamnet/virtual_networks', summary: 'Create a virtual network', result: VIRTUAL_NETWORK,
      auth: { group: 'routes:write' }, params: ACCOUNT_PARAMS, status: 201,
      body: z.strictObject({ name: z.string().trim().min(1).max(100), comment: z.string().max(100).default(''), is_default_network: z.boolean().default(false) }),
      async handler({ services, account, body, now }) {
        await services.tunnels.defaultNetwork(account.id, now);
        const record: VirtualNetworkRecord = { id: randomUUID(), account_id: account.id, name: body.name, comment: body.comment, is_default_network: false, created_at: now, deleted_at: null };
        await services.tunnels.createNetwork(record);
        const result = body.is_default_network ? await services.tunnels.updateNetwork(account.id, record.id, { is_default_network: true }) as VirtualNetworkRecord : record;
        return { result: view(result) };
      },
    }),
    defineRoute({
      id: 'virtual_networks.update', method: 'PATCH', path: '/accounts/{account_id}/teamnet/virtual_networks/{virtual_network_id}', summary: 'Rename a virtual network or make it the default', result: VIRTUAL_NETWORK,
      auth: { group: 'routes:write' }, params: PARAMS,
      body: z.strictObject({ name: z.string().trim().min(1).max(100).optional(), comment: z.string().max(100).optional(), is_default_network: z.literal(true).optional() }),
      async handler({ services, account, params, body }) {
        await find(services, account.id, params.virtual_network_id);
        return { result: view(await services.tunnels.updateNetwork(account.id, params.virtual_network_id, body) as VirtualNetworkRecord) };
      },
    }),
    defineRoute({
      id: 'virtual_networks.delete', method: 'DELETE', path: '/accounts/{account_id}/teamnet/virtual_networks/{virtual_network_id}', summary: 'Delete a virtual network without routes (not the default)', result: VIRTUAL_NETWORK,
      auth: { group: 'routes:write' }, params: PARAMS,
      async handler({ services, account, params, now }) {
        const found = await find(services, account.id, params.virtual_network_id);
        if (found.is_default_network) throw new ApiError('conflict', 'the default virtual network cannot be deleted; make another one the default first');
        if ((await services.tunnels.listRoutes(account.id)).some((r) => r.deleted_at === null && r.virtual_network_id === found.id)) throw new ApiError('conflict', `the virtual network ${found.name} still has routes; delete them first`);
        return { result: view(await services.tunnels.updateNetwork(account.id, found.id, { deleted_at: now }) as VirtualNetworkRecord) };
      },
    }),
  ];
}
