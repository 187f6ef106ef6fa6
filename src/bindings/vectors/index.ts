import type { BindingPlugin } from '../plugin.js';
import { createVectorAdmin } from './admin.js';
import { vectorsDesign } from './design.js';
import { ISOLATE_PART } from './isolate.js';
import { VECTORS_CALLS, type VectorsProtocol } from './protocol.js';
import { VECTORS_ENTRY_SCHEMA, type VectorsEntryConfig } from './schema.js';
import { createVectorHandlers } from './service.js';

/**
 * The vector index binding kind: `vector_indexes: [{ binding, index_name }]` (the original's `vectorize`).
 * Indexes are made with their dimensions and metric before a binding uses them (`ledge vectors create`, or
 * the account API), so the account API has routes of its own (control/routes/vectors.ts) rather than the
 * generic resource routes, which create a resource from its name alone.
 */
export const VECTORS_PLUGIN = {
  kind: 'vectors',
  configKey: 'vector_indexes',
  entrySchema: VECTORS_ENTRY_SCHEMA,
  resourceId: (entry) => entry.index_name,
  resource: { field: 'index_name', key: 'vector_index', area: 'vectors', areaLabel: 'vector indexes, their metadata indexes and vectors' },
  calls: VECTORS_CALLS,
  handlers: (entry, context) => createVectorHandlers({ index: entry.index_name, storage: () => context.storage.vectors, clock: context.clock, account: context.scope?.account ?? '' }),
  isolate: ISOLATE_PART,
  design: vectorsDesign,
  admin: { open: createVectorAdmin },
} as const satisfies BindingPlugin<VectorsEntryConfig, VectorsProtocol>;
