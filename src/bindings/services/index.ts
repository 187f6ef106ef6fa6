import type { BindingPlugin } from '../plugin.js';
import { servicesDesign } from './design.js';
import { ISOLATE_PART } from './isolate.js';
import { SERVICES_CALLS, type ServicesProtocol } from './protocol.js';
import { SERVICE_ENTRY_SCHEMA, type ServiceEntryConfig } from './schema.js';
import { createServiceHandlers } from './service.js';

/** The service binding kind: `services: [{ binding, service, entrypoint?, props? }]` (docs/bindings/services.md). */
export const SERVICES_PLUGIN = {
  kind: 'services',
  configKey: 'services',
  entrySchema: SERVICE_ENTRY_SCHEMA,
  resourceId: (entry) => entry.service,
  // A service binding points at a deployment of the same account: deployments are the resource, guarded by
  // their own area; the account API creates none through this kind (no `api`), and a deploy checks the name.
  resource: { field: 'service', key: 'deployment', area: 'deployments', areaLabel: 'deployments and their versions' },
  calls: SERVICES_CALLS,
  handlers: (entry, context) => createServiceHandlers(entry, context),
  isolate: ISOLATE_PART,
  design: servicesDesign,
} as const satisfies BindingPlugin<ServiceEntryConfig, ServicesProtocol>;
