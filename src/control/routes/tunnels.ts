import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../api-error.js';
import { CONNECTOR, CONNECTORS_REMOVED, TUNNEL, TUNNEL_CONFIGURATION } from '../results.js';
import { defineRoute, paginate, PAGE_QUERY, type RouteDefinition } from '../router.js';
import type { ControlServices } from '../services.js';
import type { TunnelRecord, TunnelType } from '../../storage/tunnels.js';
import { encodeTunnelToken } from '../../entry/tunnel/protocol.js';
import { validateIngress } from '../../entry/tunnel/ingress.js';
import { ACCOUNT_PARAMS } from './accounts.js';

const BOOL = z.enum(['true', 'false']).transform((v) => v === 'true');
const TUNNEL_PARAMS = ACCOUNT_PARAMS.extend({ tunnel_id: z.string() });
const SECRET = z.string().refine((s) => /^[A-Za-z0-9+/]+={0,2}$/.test(s) && Buffer.from(s, 'base64').length >= 32, { error: 'expected base64 of at least 32 bytes' });

/** Checks ingress rules a tunnel's configuration holds: problems refuse it, risks are answered as messages; both name the rule. */
function checkIngress(ingress: unknown[]): { problems: string[]; risks: string[] } {
  const checked = validateIngress({ ingress }, 'config.ingress');
  return { problems: checked.problems.map((p) => p.message), risks: [...checked.risks] };
}

/** The message code of an ingress risk in a PUT configurations answer (docs/api.md). */
export const INGRESS_RISK_MESSAGE = 10102;

/**
 * Tunnels (`edge_tunnel`) and mesh connectors (`mesh_connector`): the same records under two path segments.
 * Since 2026-10-05 list and get answers carry no `connections` field; connections are read only from
 * `.../{tunnel_id}/connections` (SPEC, Endpoints: Tunnel connections).
 */
export const TUNNEL_ROUTES: readonly RouteDefinition[] = tunnelRoutes();

function tunnelRoutes(): RouteDefinition[] {
  const view = ({ connectors }: ControlServices, t: TunnelRecord) => ({
    id: t.id, account_tag: t.account_id, name: t.name, created_at: t.created_at, deleted_at: t.deleted_at,
    conns_active_at: t.conns_active_at, conns_inactive_at: t.conns_inactive_at, status: connectors.status(t),
    tun_type: t.tun_type, metadata: t.metadata, config_src: t.config_src,
  });
  const routes: RouteDefinition[] = [];
  for (const type of ['edge_tunnel', 'mesh_connector'] as TunnelType[]) {
    const base = `/accounts/{account_id}/${type}`;
    const find = async ({ tunnels }: ControlServices, accountId: string, id: string, allowDeleted = false) => {
      const found = await tunnels.getTunnel(accountId, id);
      if (!found || found.tun_type !== type || (!allowDeleted && found.deleted_at !== null)) throw new ApiError('object_not_found', `no ${type} ${id} in this account`);
      return found;
    };
    const byId = (p: { tunnel_id: string }) => ({ kind: 'tunnel' as const, name: p.tunnel_id });
    routes.push(
      defineRoute({
        id: `${type}.list`, method: 'GET', path: base, summary: `List ${type} records (deleted ones only with is_deleted=true)`, result: z.array(TUNNEL),
        auth: { group: 'tunnels:read', resource: 'any' }, params: ACCOUNT_PARAMS,
        query: PAGE_QUERY.extend({ name: z.string().optional(), is_deleted: BOOL.optional(), status: z.enum(['inactive', 'healthy', 'degraded', 'down']).optional(), uuid: z.string().optional() }),
        async handler({ services, account, query, can }) {
          const items = (await services.tunnels.listTunnels(account.id, type))
            .filter((t) => can('tunnels:read', 'tunnel', t.id))
            .filter((t) => (query.is_deleted === true ? t.deleted_at !== null : t.deleted_at === null))
            .filter((t) => query.name === undefined || t.name === query.name)
            .filter((t) => query.uuid === undefined || t.id === query.uuid)
            .map((t) => view(services, t))
            .filter((t) => query.status === undefined || t.status === query.status);
          return paginate(items, query);
        },
      }),
      defineRoute({
        id: `${type}.create`, method: 'POST', path: base, summary: `Create a ${type}`, result: TUNNEL,
        auth: { group: 'tunnels:write', resource: () => ({ kind: 'tunnel', name: '*' }) }, params: ACCOUNT_PARAMS, status: 201,
        body: z.strictObject({
          name: z.string().trim().min(1).max(100),
          config_src: z.enum(['local', 'platform']).default('local'),
          tunnel_secret: SECRET.optional(),
        }),
        async handler({ services, account, body, now }) {
          const { tunnels } = services;
          if ((await tunnels.listTunnels(account.id, type)).some((t) => t.deleted_at === null && t.name === body.name)) throw new ApiError('conflict', `a ${type} named "${body.name}" already exists`);
          const tunnel: TunnelRecord = {
            id: randomUUID(), account_id: account.id, name: body.name, tun_type: type, secret: body.tunnel_secret ?? randomBytes(32).toString('base64'),
            config_src: body.config_src, config: null, config_version: 0, metadata: {}, created_at: now, deleted_at: null, conns_active_at: null, conns_inactive_at: null,
          };
          await tunnels.createTunnel(tunnel);
          return { result: view(services, tunnel) };
        },
      }),
      defineRoute({
        id: `${type}.get`, method: 'GET', path: `${base}/{tunnel_id}`, summary: `Get a ${type} (no connections field: see its connections path)`, result: TUNNEL,
        auth: { group: 'tunnels:read', resource: byId }, params: TUNNEL_PARAMS,
        async handler({ services, account, params }) { return { result: view(services, await find(services, account.id, params.tunnel_id, true)) }; },
      }),
      defineRoute({
        id: `${type}.update`, method: 'PATCH', path: `${base}/{tunnel_id}`, summary: `Rename a ${type}`, result: TUNNEL,
        auth: { group: 'tunnels:write', resource: byId }, params: TUNNEL_PARAMS, body: z.strictObject({ name: z.string().trim().min(1).max(100) }),
        async handler({ services, account, params, body }) {
          await find(services, account.id, params.tunnel_id);
          return { result: view(services, await services.tunnels.updateTunnel(account.id, params.tunnel_id, { name: body.name }) as TunnelRecord) };
        },
      }),
      defineRoute({
        id: `${type}.delete`, method: 'DELETE', path: `${base}/{tunnel_id}`, summary: `Delete a ${type} (soft: it keeps deleted_at)`, result: TUNNEL,
        auth: { group: 'tunnels:write', resource: byId }, params: TUNNEL_PARAMS,
        async handler({ services, account, params, now }) {
          const { tunnels, connectors } = services;
          const tunnel = await find(services, account.id, params.tunnel_id);
          if (connectors.connectors(tunnel.id).length) throw new ApiError('conflict', `the ${type} ${tunnel.name} has connected connectors; stop them or remove them with DELETE .../connections first`);
          const routesOf = (await tunnels.listRoutes(account.id)).filter((r) => r.tunnel_id === tunnel.id && r.deleted_at === null);
          if (routesOf.length) throw new ApiError('conflict', `the ${type} ${tunnel.name} still serves ${routesOf.length} private route(s) (${routesOf.map((r) => r.network).join(', ')}); delete them first`);
          const domains = (await services.store.listDomains(account.id)).filter((d) => d.tunnel_id === tunnel.id);
          for (const d of domains) await services.store.deleteDomain(account.id, d.id);
          const deleted = await tunnels.updateTunnel(account.id, tunnel.id, { deleted_at: now }) as TunnelRecord;
          await services.changed(account.id);
          return { result: view(services, deleted) };
        },
      }),
      defineRoute({
        id: `${type}.token`, method: 'GET', path: `${base}/{tunnel_id}/token`, summary: 'The token a connector runs with (it holds the tunnel secret)', result: z.string(),
        auth: { group: 'tunnels:write', resource: byId }, params: TUNNEL_PARAMS,
        async handler({ services, account, params }) {
          const tunnel = await find(services, account.id, params.tunnel_id);
          return { result: encodeTunnelToken({ a: account.id, t: tunnel.id, s: tunnel.secret, e: services.connectUrl() }) };
        },
      }),
      defineRoute({
        id: `${type}.connections`, method: 'GET', path: `${base}/{tunnel_id}/connections`, summary: 'The live connectors of the tunnel, each with its connections', result: z.array(CONNECTOR),
        auth: { group: 'tunnels:read', resource: byId }, params: TUNNEL_PARAMS,
        async handler({ services, account, params }) {
          const tunnel = await find(services, account.id, params.tunnel_id, true);
          return { result: services.connectors.connectors(tunnel.id) };
        },
      }),
      defineRoute({
        id: `${type}.connections.delete`, method: 'DELETE', path: `${base}/{tunnel_id}/connections`, summary: 'Remove a stale connector (client_id), or all', result: CONNECTORS_REMOVED,
        auth: { group: 'tunnels:write', resource: byId }, params: TUNNEL_PARAMS, query: z.object({ client_id: z.string().optional() }),
        async handler({ services, account, params, query }) {
          const tunnel = await find(services, account.id, params.tunnel_id, true);
          return { result: { removed: services.connectors.disconnect(tunnel.id, query.client_id) } };
        },
      }),
    );
  }
  const CONFIG = z.strictObject({ config: z.strictObject({ ingress: z.array(z.unknown()).min(1, { error: 'at least one ingress rule needs to be defined' }) }) });
  routes.push(
    defineRoute({
      id: 'edge_tunnel.configurations.get', method: 'GET', path: '/accounts/{account_id}/edge_tunnel/{tunnel_id}/configurations', summary: 'The ingress rules the platform keeps for the tunnel', result: TUNNEL_CONFIGURATION,
      auth: { group: 'tunnels:read', resource: (p) => ({ kind: 'tunnel', name: p.tunnel_id }) }, params: TUNNEL_PARAMS,
      async handler({ services, account, params }) {
        const tunnel = await services.tunnels.getTunnel(account.id, params.tunnel_id);
        if (!tunnel || tunnel.tun_type !== 'edge_tunnel') throw new ApiError('object_not_found', `no edge_tunnel ${params.tunnel_id} in this account`);
        return { result: { tunnel_id: tunnel.id, account_id: account.id, config: tunnel.config, version: tunnel.config_version, source: tunnel.config_src } };
      },
    }),
    defineRoute({
      id: 'edge_tunnel.configurations.put', method: 'PUT', path: '/accounts/{account_id}/edge_tunnel/{tunnel_id}/configurations', summary: 'Set the ingress rules connectors without a local file use', result: TUNNEL_CONFIGURATION,
      auth: { group: 'tunnels:write', resource: (p) => ({ kind: 'tunnel', name: p.tunnel_id }) }, params: TUNNEL_PARAMS, body: CONFIG,
      async handler({ services: { tunnels }, account, params, body }) {
        const tunnel = await tunnels.getTunnel(account.id, params.tunnel_id);
        if (!tunnel || tunnel.tun_type !== 'edge_tunnel' || tunnel.deleted_at !== null) throw new ApiError('object_not_found', `no edge_tunnel ${params.tunnel_id} in this account`);
        const { problems, risks } = checkIngress(body.config.ingress);
        if (problems.length) throw new ApiError('invalid_field', problems.join('; '), { pointer: '/body/config/ingress' });
        const updated = await tunnels.updateTunnel(account.id, tunnel.id, { config: body.config, config_version: tunnel.config_version + 1, config_src: 'platform' }) as TunnelRecord;
        return {
          result: { tunnel_id: updated.id, account_id: account.id, config: updated.config, version: updated.config_version, source: updated.config_src },
          messages: risks.map((message) => ({ code: INGRESS_RISK_MESSAGE, message })),
        };
      },
    }),
  );
  return routes;
}
