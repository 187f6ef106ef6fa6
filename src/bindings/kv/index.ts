import type { BindingPlugin } from '../plugin.js';
import { kvDesign } from './design.js';
import { KV_ENTRY_SCHEMA, type KvEntryConfig } from './schema.js';
import { createKvService } from './service.js';

/** The key-value binding kind: `kv_namespaces: [{ binding, id }]`. */
export const KV_PLUGIN: BindingPlugin<KvEntryConfig> = {
  kind: 'kv',
  configKey: 'kv_namespaces',
  entrySchema: KV_ENTRY_SCHEMA,
  resourceId: (entry) => entry.id,
  createService: (entry, context) => createKvService({ namespace: entry.id, storage: context.storage.kv, clock: context.clock }),
  design: kvDesign,
};
