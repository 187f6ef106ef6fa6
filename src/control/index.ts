import { readFileSync } from 'node:fs';
import type { Dispatcher } from '../entry/serve.js';
import type { Logger } from '../platform/logger.js';
import { createControlApi } from './api.js';
import { toOpenApi } from './openapi.js';
import type { RouteDefinition } from './router.js';
import type { ControlServices } from './services.js';
import { ACCOUNT_ROUTES } from './routes/accounts.js';
import { LIMIT_ROUTES } from './routes/limits.js';
import { tokenRoutes } from './routes/tokens.js';
import { deploymentRoutes } from './routes/deployments.js';
import { ASSET_ROUTES } from './routes/assets.js';
import { resourceRoutes } from './routes/resources.js';
import { WORKFLOW_ROUTES } from './routes/workflows.js';
import { VECTOR_ROUTES } from './routes/vectors.js';
import { COORDINATION_ROUTES } from './routes/coordination.js';
import { DOMAIN_ROUTES } from './routes/domains.js';
import { CACHE_ROUTES } from './routes/cache.js';
import { TUNNEL_ROUTES } from './routes/tunnels.js';
import { PRIVATE_ROUTE_ROUTES } from './routes/private-routes.js';
import { ACCESS_ROUTES } from './routes/access.js';
import { SECRET_ROUTES } from './routes/secrets.js';
import { OBSERVABILITY_ROUTES } from './routes/observability.js';
import { WEBHOOK_ROUTES } from './routes/webhooks.js';
import { BINDINGS, type BindingRegistry } from '../bindings/registry.js';
import { resourceKindsOf } from './permissions.js';

export { API_BASE } from './api.js';
export type { ControlServices } from './services.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * Every route of the account API, in matching order (fixed paths before parameters). Each list is a static value
 * whose handlers get the services in their request context (RouteContext.services), so the routes hold no store;
 * tokens', deployments' and resources' follow the binding kinds of `registry` (data, not a service).
 */
export function controlRoutes(registry: BindingRegistry = BINDINGS): RouteDefinition[] {
  return [
    ...ACCOUNT_ROUTES, ...tokenRoutes(registry), ...deploymentRoutes(registry), ...ASSET_ROUTES, ...SECRET_ROUTES, ...DOMAIN_ROUTES, ...resourceRoutes(registry), ...WORKFLOW_ROUTES, ...VECTOR_ROUTES, ...COORDINATION_ROUTES,
    ...TUNNEL_ROUTES, ...PRIVATE_ROUTE_ROUTES, ...ACCESS_ROUTES, ...CACHE_ROUTES, ...OBSERVABILITY_ROUTES, ...WEBHOOK_ROUTES,
    ...LIMIT_ROUTES,
  ];
}

/**
 * The OpenAPI document of the account API for a list of binding kinds (docs/openapi.json is this for BINDINGS,
 * checked in). It is made from the routes' declarations alone: no state directory, store or service is opened.
 */
export function controlOpenApi(registry: BindingRegistry = BINDINGS): Record<string, unknown> {
  return toOpenApi(controlRoutes(registry), VERSION);
}

/** The account API as a dispatcher for the API listener. */
export function createControlPlane(services: ControlServices, logger: Logger): Dispatcher {
  const routes = controlRoutes(services.bindings);
  const document = toOpenApi(routes, VERSION);
  return createControlApi({ services, logger, routes, openapi: () => document, resourceKinds: resourceKindsOf(services.bindings) });
}
