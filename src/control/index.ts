import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { SYSTEM_CLOCK } from '../lib/clock.js';
import { createSqliteControlStorage } from '../storage/sqlite/control-storage.js';
import type { Dispatcher } from '../entry/serve.js';
import type { Logger } from '../lib/logger.js';
import { createControlApi } from './api.js';
import { toOpenApi } from './openapi.js';
import type { RouteDefinition } from './router.js';
import type { ControlServices } from './services.js';
import { accountRoutes } from './routes/accounts.js';
import { tokenRoutes } from './routes/tokens.js';
import { deploymentRoutes } from './routes/deployments.js';
import { assetRoutes } from './routes/assets.js';
import { resourceRoutes } from './routes/resources.js';
import { workflowRoutes } from '../bindings/workflows/routes.js';
import { domainRoutes } from './routes/domains.js';
import { tunnelRoutes } from './routes/tunnels.js';
import { privateRouteRoutes } from './routes/private-routes.js';
import { accessRoutes } from './routes/access.js';
import { secretRoutes } from './routes/secrets.js';
import { createSqliteAccessStorage } from '../storage/sqlite/access-storage.js';
import { createKeyring } from '../identity/keys.js';
import { validateIngress } from '../entry/tunnel/ingress.js';
import { createSqliteTunnelStorage } from '../storage/sqlite/tunnel-storage.js';
import { createConnectorRegistry } from '../entry/tunnel/registry.js';
import { createLogger } from '../lib/logger.js';

export { API_BASE } from './api.js';
export type { ControlServices } from './services.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Every route of the account API, in matching order (fixed paths before parameters). */
export function controlRoutes(services: ControlServices): RouteDefinition[] {
  const checkIngress = (ingress: unknown[]) => {
    const checked = validateIngress({ ingress }, 'config.ingress');
    return { problems: checked.problems.map((p) => p.message), risks: [...checked.risks] };
  };
  return [
    ...accountRoutes(services), ...tokenRoutes(services), ...deploymentRoutes(services), ...assetRoutes(services), ...secretRoutes(services), ...domainRoutes(services), ...resourceRoutes(services), ...workflowRoutes(services),
    ...tunnelRoutes(services, checkIngress), ...privateRouteRoutes(services), ...accessRoutes(services),
  ];
}

/** The OpenAPI document of the account API (docs/openapi.json is this, checked in); routes are declared over a throw-away in-memory store. */
export function controlOpenApi(): Record<string, unknown> {
  const db = new Database(':memory:');
  const store = createSqliteControlStorage(db);
  const tunnels = createSqliteTunnelStorage(db);
  const access = createSqliteAccessStorage(db);
  const connectors = createConnectorRegistry({ tunnels, clock: SYSTEM_CLOCK, logger: createLogger(() => undefined) });
  try {
    const services: ControlServices = {
      store, tunnels, access, keyring: createKeyring(access, SYSTEM_CLOCK), connectors, clock: SYSTEM_CLOCK, platformDomain: 'ledge.localhost', changed: async () => {}, connectUrl: () => '',
      data: () => { throw new Error('not used to build the document'); },
      assetContent: () => { throw new Error('not used to build the document'); },
      vault: { seal: () => { throw new Error('not used to build the document'); }, open: () => { throw new Error('not used to build the document'); } },
      secretsChanged: async () => {},
    };
    return toOpenApi(controlRoutes(services), VERSION);
  } finally {
    void connectors.close();
    store.close();
  }
}

/** The account API as a dispatcher for the API listener. */
export function createControlPlane(services: ControlServices, logger: Logger): Dispatcher {
  const routes = controlRoutes(services);
  const document = toOpenApi(routes, VERSION);
  return createControlApi({ store: services.store, clock: services.clock, logger, routes, openapi: () => document });
}
