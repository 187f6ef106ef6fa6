import { z } from 'zod';
import { ApiError, fieldError } from '../api-error.js';
import { DELETED_NAME, SECRET } from '../results.js';
import { defineRoute, paginate, PAGE_QUERY, type RouteDefinition } from '../router.js';
import { secretContext } from '../secret-vault.js';
import { BINDING_NAME } from '../../bindings/names.js';
import { storedDeployConfig, type DeployConfig } from '../../config/deploy.js';
import type { BindingRegistry } from '../../bindings/registry.js';
import { sectionEntries } from '../../bindings/plugin.js';
import type { SecretRecord } from '../../storage/control.js';
import { ACCOUNT_PARAMS, DNS_LABEL } from './accounts.js';

/** Largest secret value in bytes (the original platform's limit). */
export const SECRET_VALUE_LIMIT = 5 * 1024;
/** Most secrets one deployment may hold. */
export const SECRETS_PER_DEPLOYMENT = 128;

const DEPLOYMENT_PARAMS = ACCOUNT_PARAMS.extend({ name: DNS_LABEL });
const SECRET_NAME = BINDING_NAME.max(255, { error: 'expected at most 255 characters' });

/** The names a deployment configuration gives code in `env` (vars and bindings), each with its JSON pointer in a deploy body. */
export function envNames(config: DeployConfig, registry: BindingRegistry): { name: string; pointer: string }[] {
  const names = Object.keys(config.vars ?? {}).map((name) => ({ name, pointer: `/body/config/vars/${name}` }));
  for (const plugin of registry) {
    for (const { entry, path } of sectionEntries(plugin, (config as Record<string, unknown>)[plugin.configKey])) {
      names.push({ name: entry.binding, pointer: `/body/config/${plugin.configKey}${path.replace(/\[(\d+)\]/g, '/$1').replace(/\./g, '/')}/binding` });
    }
  }
  return names;
}

const view = (s: SecretRecord) => ({ name: s.name, type: 'secret_text', created_on: s.created_on, modified_on: s.modified_on });
const deploymentAuth = (group: 'deployments:read' | 'deployments:write') => ({ group, resource: (p: { name: string }) => ({ kind: 'deployment' as const, name: p.name }) });

/**
 * A deployment's secrets: write-only through the API (a list shows names and dates, never values), sealed
 * at rest under the platform key, given to code as strings in `env`. Changing one restarts the
 * deployment's isolates so the next event sees it (requests in flight finish on the old ones).
 */
export const SECRET_ROUTES: readonly RouteDefinition[] = [
  defineRoute({
    id: 'secrets.list', method: 'GET', path: '/accounts/{account_id}/deployments/{name}/secrets', summary: "List a deployment's secrets: names and dates, never values",
    result: z.array(SECRET), auth: deploymentAuth('deployments:read'), params: DEPLOYMENT_PARAMS, query: PAGE_QUERY,
    async handler({ services, account, params, query }) {
      return paginate((await services.store.listSecrets(account.id, params.name)).map(view), query);
    },
  }),
  defineRoute({
    id: 'secrets.put', method: 'PUT', path: '/accounts/{account_id}/deployments/{name}/secrets', summary: 'Set a secret of a deployment (write-only); the deployment need not exist yet', result: SECRET,
    auth: deploymentAuth('deployments:write'), params: DEPLOYMENT_PARAMS,
    body: z.strictObject({ name: SECRET_NAME, text: z.string(), type: z.literal('secret_text').optional() }),
    async handler({ services, account, params, body, now }) {
      const bytes = Buffer.byteLength(body.text, 'utf8');
      // Sizes only: the value never appears in an answer or a log.
      if (bytes === 0) throw fieldError('/body/text', 'the secret is empty');
      if (bytes > SECRET_VALUE_LIMIT) throw fieldError('/body/text', `the secret is ${bytes} bytes; at most ${SECRET_VALUE_LIMIT} are accepted`);
      const existing = await services.store.listSecrets(account.id, params.name);
      if (!existing.some((s) => s.name === body.name) && existing.length >= SECRETS_PER_DEPLOYMENT) {
        throw new ApiError('conflict', `${params.name} already has ${SECRETS_PER_DEPLOYMENT} secrets, the most a deployment may hold; delete one first`);
      }
      const deployment = await services.store.getDeployment(account.id, params.name);
      const version = deployment ? await services.store.getVersion(deployment.current_version_id) : null;
      if (version) {
        const clash = envNames(storedDeployConfig(version, services.bindings), services.bindings).find((n) => n.name === body.name);
        if (clash) throw new ApiError('conflict', `"${body.name}" is already the name of a ${clash.pointer.includes('/vars/') ? 'var' : 'binding'} of ${params.name}'s current version; a secret needs its own name (rename one of them, or deploy without it first)`, { pointer: '/body/name' });
      }
      const sealed = services.vault.seal(body.text, secretContext(account.id, params.name, body.name));
      const stored = await services.store.putSecret({ account_id: account.id, deployment: params.name, name: body.name, sealed, created_on: now, modified_on: now });
      await services.secretsChanged(account.id, params.name);
      return { result: view(stored) };
    },
  }),
  defineRoute({
    id: 'secrets.delete', method: 'DELETE', path: '/accounts/{account_id}/deployments/{name}/secrets/{secret_name}', summary: 'Delete a secret of a deployment', result: DELETED_NAME,
    auth: deploymentAuth('deployments:write'), params: DEPLOYMENT_PARAMS.extend({ secret_name: SECRET_NAME }),
    async handler({ services, account, params }) {
      if (!(await services.store.deleteSecret(account.id, params.name, params.secret_name))) throw new ApiError('object_not_found', `${params.name} has no secret ${params.secret_name}`);
      await services.secretsChanged(account.id, params.name);
      return { result: { name: params.secret_name } };
    },
  }),
];
