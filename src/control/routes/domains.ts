import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError, fieldError } from '../api-error.js';
import { DELETED_ID, DOMAIN } from '../results.js';
import { defineRoute, paginate, PAGE_QUERY, type RouteDefinition } from '../router.js';
import type { ControlServices } from '../services.js';
import { HOSTNAME } from '../../config/deploy.js';
import { customDomainProblem } from '../../entry/custom-domains.js';
import type { DomainRecord } from '../../storage/control.js';
import { ACCOUNT_PARAMS, DNS_LABEL } from './accounts.js';

const DOMAIN_PARAMS = ACCOUNT_PARAMS.extend({ domain_id: z.string() });

const view = (d: DomainRecord) => ({ id: d.id, hostname: d.hostname, deployment: d.deployment, tunnel_id: d.tunnel_id, created_on: d.created_on });
const find = async (services: ControlServices, accountId: string, id: string) => {
  const found = await services.store.getDomain(accountId, id);
  if (!found) throw new ApiError('object_not_found', `no domain ${id} in this account`);
  return found;
};

/** Custom hostnames, each bound to a deployment or to a tunnel. */
export const DOMAIN_ROUTES: readonly RouteDefinition[] = [
  defineRoute({
    id: 'domains.list', method: 'GET', path: '/accounts/{account_id}/domains', summary: 'List custom domains', result: z.array(DOMAIN),
    auth: { group: 'domains:read', resource: 'any' }, params: ACCOUNT_PARAMS, query: PAGE_QUERY,
    async handler({ services, account, query, can }) {
      return paginate((await services.store.listDomains(account.id)).filter((d) => can('domains:read', 'domain', d.hostname)).map(view), query);
    },
  }),
  defineRoute({
    id: 'domains.create', method: 'POST', path: '/accounts/{account_id}/domains', summary: 'Bind a custom hostname to a deployment or a tunnel', result: DOMAIN,
    auth: { group: 'domains:write', resource: 'any' }, params: ACCOUNT_PARAMS, status: 201,
    body: z.strictObject({
      // Checked first thing in the handler (customDomainProblem, which needs the platform's domain), so an IP
      // address or a public suffix is named as such.
      hostname: z.string().trim().toLowerCase().meta({ pattern: HOSTNAME.source }),
      deployment: DNS_LABEL.optional(),
      tunnel_id: z.string().optional(),
    }).refine((b) => (b.deployment === undefined) !== (b.tunnel_id === undefined), { error: 'give either deployment or tunnel_id' }),
    async handler({ services, account, body, now, require }) {
      const problem = customDomainProblem(body.hostname, services.platformDomain);
      if (problem !== null) throw fieldError('/body/hostname', `/body/hostname: ${problem}`);
      require('domains:write', 'domain', body.hostname);
      if (body.deployment !== undefined) {
        require('deployments:write', 'deployment', body.deployment);
        if (!(await services.store.getDeployment(account.id, body.deployment))) throw fieldError('/body/deployment', `no deployment ${body.deployment} in this account`);
      } else {
        require('tunnels:write', 'tunnel', body.tunnel_id);
        const tunnel = await services.tunnels.getTunnel(account.id, body.tunnel_id as string);
        if (!tunnel || tunnel.deleted_at !== null) throw fieldError('/body/tunnel_id', `no tunnel ${body.tunnel_id} in this account`);
      }
      const existing = await services.store.domainByHostname(body.hostname);
      if (existing) {
        const owner = existing.deployment !== null ? `the deployment ${existing.deployment}` : `the tunnel ${existing.tunnel_id}`;
        throw new ApiError('conflict', existing.account_id === account.id ? `${body.hostname} is already bound to ${owner}` : `${body.hostname} is already bound on this platform`);
      }
      const domain: DomainRecord = { id: randomUUID().replace(/-/g, ''), account_id: account.id, hostname: body.hostname, deployment: body.deployment ?? null, tunnel_id: body.tunnel_id ?? null, created_on: now };
      await services.store.addDomain(domain);
      await services.changed(account.id);
      return { result: view(domain) };
    },
  }),
  defineRoute({
    id: 'domains.get', method: 'GET', path: '/accounts/{account_id}/domains/{domain_id}', summary: 'Get a custom domain', result: DOMAIN,
    auth: { group: 'domains:read', resource: 'any' }, params: DOMAIN_PARAMS,
    async handler({ services, account, params, require }) {
      const found = await find(services, account.id, params.domain_id);
      require('domains:read', 'domain', found.hostname);
      return { result: view(found) };
    },
  }),
  defineRoute({
    id: 'domains.delete', method: 'DELETE', path: '/accounts/{account_id}/domains/{domain_id}', summary: 'Remove a custom domain', result: DELETED_ID,
    auth: { group: 'domains:write', resource: 'any' }, params: DOMAIN_PARAMS,
    async handler({ services, account, params, require }) {
      const found = await find(services, account.id, params.domain_id);
      require('domains:write', 'domain', found.hostname);
      await services.store.deleteDomain(account.id, found.id);
      await services.changed(account.id);
      return { result: { id: found.id } };
    },
  }),
];
