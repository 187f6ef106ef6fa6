import { z } from 'zod';
import type { BindingPlugin } from '../plugin.js';
import { kvDesign } from './design.js';
import { ISOLATE_PART } from './isolate.js';
import { KV_CALLS, type KvProtocol } from './protocol.js';
import { KV_ENTRY_SCHEMA, type KvEntryConfig } from './schema.js';
import { createKvHandlers } from './service.js';
import { announceKvWrite, watchKvWrites } from './writes.js';

/** The key-value binding kind: `kv_namespaces: [{ binding, id }]`. */
export const KV_PLUGIN = {
  kind: 'kv',
  configKey: 'kv_namespaces',
  entrySchema: KV_ENTRY_SCHEMA,
  resourceId: (entry) => entry.id,
  resource: {
    field: 'id', key: 'kv', area: 'kv', areaLabel: 'key-value namespaces',
    api: {
      path: '/storage/kv/namespaces', param: 'namespace_id', label: 'key-value namespace', refIsName: false, idStyle: 'hex',
      body: z.strictObject({ title: z.string().trim().min(1).max(512) }).transform((b) => ({ name: b.title })),
      view: (r) => ({ id: r.id, title: r.name, created_on: r.created_on }),
      result: z.object({ id: z.string(), title: z.string(), created_on: z.string() }),
    },
  },
  calls: KV_CALLS,
  handlers: (entry, context) => createKvHandlers({ namespace: entry.id, storage: context.storage.kv, clock: context.clock, announce: (keys) => announceKvWrite(context.storage, entry.id, keys) }),
  // Isolates in a sandbox keep a read cache (read-cache.ts): every write to the namespace, from any binding on the account's store, drops its keys there.
  watch: (entry, context, push) => watchKvWrites(context.storage, entry.id, push),
  isolate: ISOLATE_PART,
  design: kvDesign,
} as const satisfies BindingPlugin<KvEntryConfig, KvProtocol>;
