import type { BindingPlugin } from '../plugin.js';
import { ISOLATE_PART } from './isolate.js';
import { COORDINATION_CALLS, type CoordinationProtocol } from './protocol.js';
import { COORDINATION_ENTRY_SCHEMA, COORDINATION_SECTION_SCHEMA, coordinationEntries, type CoordinationEntry } from './schema.js';
import { bindingNamespace, createCoordinationHandlers } from './service.js';
import { startAlarmRunner } from './runner.js';
import { COORDINATION_ADMIN } from './admin.js';

/** Coordination objects: `durable_objects: { bindings: [{ name, class_name, script_name? }] }` (docs/bindings/coordination.md). */
export const COORDINATION_PLUGIN = {
  kind: 'coordination',
  configKey: 'durable_objects',
  entrySchema: COORDINATION_ENTRY_SCHEMA,
  sectionSchema: COORDINATION_SECTION_SCHEMA,
  entries: coordinationEntries,
  resourceId: (entry) => `${entry.script_name ?? ''}/${entry.class_name}`,
  // A class comes into being with the deployment that exports it (through its migrations): nothing to create first.
  resource: { field: 'class_name', key: 'coordination', area: 'coordination', areaLabel: 'coordination objects' },
  calls: COORDINATION_CALLS,
  handlers: createCoordinationHandlers,
  // `ownClass`: a class of this deployment itself, which `exports` of the runtime module lists (runtime-hooks.ts).
  isolateOptions: (entry, context) => ({ namespace: bindingNamespace(entry, context), ...(entry.script_name === undefined || entry.script_name === context.scope?.deployment ? { ownClass: entry.class_name } : {}) }),
  isolate: ISOLATE_PART,
  runner: { start: startAlarmRunner },
  admin: COORDINATION_ADMIN,
} as const satisfies BindingPlugin<CoordinationEntry, CoordinationProtocol>;
