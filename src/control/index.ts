import { readFileSync } from 'node:fs';
import { SYSTEM_CLOCK } from '../platform/clock.js';
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
import { COORDINATION_ROUTES } from './routes/coordination.js';
import { DOMAIN_ROUTES } from './routes/domains.js';
import { CACHE_ROUTES } from './routes/cache.js';
import { tunnelRoutes } from './routes/tunnels.js';
import { PRIVATE_ROUTE_ROUTES } from './routes/private-routes.js';
import { accessRoutes } from './routes/access.js';
import { SECRET_ROUTES } from './routes/secrets.js';
import { OBSERVABILITY_ROUTES } from './routes/observability.js';
import { WEBHOOK_ROUTES } from './routes/webhooks.js';
import { validateIngress } from '../entry/tunnel/ingress.js';
import { BINDINGS, type BindingRegistry } from '../bindings/registry.js';
import { resourceKindsOf } from './permissions.js';

export { API_BASE } from './api.js';
export type { ControlServices } from './services.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * Every route of the account API, in matching order (fixed paths before parameters). Most lists are static
 * values whose handlers get the services in their request context (RouteContext.services); tokens',
 * deployments' and resources' follow the binding kinds given; tunnels' and access's are still built over
 * the services (to be made static alike).
 */
export function controlRoutes(services: ControlServices): RouteDefinition[] {
  const checkIngress = (ingress: unknown[]) => {
    const checked = validateIngress({ ingress }, 'config.ingress');
    return { problems: checked.problems.map((p) => p.message), risks: [...checked.risks] };
  };
  return [
    ...ACCOUNT_ROUTES, ...tokenRoutes(services.bindings), ...deploymentRoutes(services), ...ASSET_ROUTES, ...SECRET_ROUTES, ...DOMAIN_ROUTES, ...resourceRoutes(services), ...WORKFLOW_ROUTES, ...COORDINATION_ROUTES,
    ...tunnelRoutes(services, checkIngress), ...PRIVATE_ROUTE_ROUTES, ...accessRoutes(services), ...CACHE_ROUTES, ...OBSERVABILITY_ROUTES, ...WEBHOOK_ROUTES,
    ...LIMIT_ROUTES,
  ];
}

/**
 * The OpenAPI document of the account API (docs/openapi.json is this, checked in). It needs the routes'
 * schemas only, so the routes are declared over services that hold no store: a handler never runs here, and
 * any service used while declaring would throw.
 */
export function controlOpenApi(): Record<string, unknown> {
  return toOpenApi(controlRouteDeclarations(), VERSION);
}

/** Every route's declaration (schemas, permission, status) for a list of binding kinds, for documents and checks; no handler may run. */
export function controlRouteDeclarations(registry: BindingRegistry = BINDINGS): RouteDefinition[] {
  return controlRoutes(declarationServices(registry));
}

/** Services for declaring routes only: every operation throws, nothing is opened. */
function declarationServices(registry: BindingRegistry): ControlServices {
  const unused = (name: string): never => new Proxy({}, {
    get: (_target, key) => () => { throw new Error(`${name}.${String(key)} is not used to build the OpenAPI document`); },
  }) as never;
  return {
    store: unused('store'), tunnels: unused('tunnels'), access: unused('access'), keyring: unused('keyring'), connectors: unused('connectors'),
    vault: unused('vault'), clock: SYSTEM_CLOCK, platformDomain: 'ledge.localhost', bindings: registry,
    changed: unused('changed'), connectUrl: unused('connectUrl'), data: unused('data'), assetContent: unused('assetContent'), secretsChanged: unused('secretsChanged'), observability: unused('observability'),
  };
}

/** The account API as a dispatcher for the API listener. */
export function createControlPlane(services: ControlServices, logger: Logger): Dispatcher {
  const routes = controlRoutes(services);
  const document = toOpenApi(routes, VERSION);
  return createControlApi({ services, logger, routes, openapi: () => document, resourceKinds: resourceKindsOf(services.bindings) });
}
