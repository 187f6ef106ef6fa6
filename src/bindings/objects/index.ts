import { z } from 'zod';
import type { BindingPlugin } from '../plugin.js';
import { objectsDesign } from './design.js';
import { ISOLATE_PART } from './isolate.js';
import { OBJECTS_CALLS, type ObjectsProtocol } from './protocol.js';
import { startLifecycleRunner } from './runner.js';
import { BUCKET_ENTRY_SCHEMA, type BucketEntryConfig } from './schema.js';
import { createObjectHandlers } from './service.js';

const BUCKET_NAME = z.string().regex(/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/, { error: 'expected a bucket name: 3-63 lowercase letters, digits and dashes, no leading or trailing dash' });

/**
 * The object store binding kind: `buckets: [{ binding, bucket_name, lifecycle? }]`. Its one name in code is
 * `objects`; `buckets` (config key, permission area) and `bucket` (resource keys) are the public names users have.
 */
export const OBJECTS_PLUGIN = {
  kind: 'objects',
  configKey: 'buckets',
  entrySchema: BUCKET_ENTRY_SCHEMA,
  resourceId: (entry) => entry.bucket_name,
  resource: {
    field: 'bucket_name', key: 'bucket', area: 'buckets', areaLabel: 'object store buckets',
    api: {
      path: '/buckets', param: 'bucket_name', label: 'bucket', refIsName: true, idStyle: 'hex',
      body: z.strictObject({ name: BUCKET_NAME }),
      view: (r) => ({ name: r.name, created_on: r.created_on }),
      result: z.object({ name: z.string(), created_on: z.string() }),
    },
    refuseDelete: async (record, storage) => ((await storage.objects.list(record.ref, { prefix: '', after: null, limit: 1 })).length > 0
      ? `the bucket ${record.name} is not empty; delete its objects first` : null),
  },
  calls: OBJECTS_CALLS,
  handlers: (entry, context) => createObjectHandlers({ bucket: entry.bucket_name, storage: context.storage.objects, clock: context.clock }),
  isolate: ISOLATE_PART,
  runner: {
    start: (context) => startLifecycleRunner({
      buckets: z.array(BUCKET_ENTRY_SCHEMA).parse(context.section ?? []), storage: context.storage.objects, clock: context.clock, logger: context.logger, intervalMs: context.intervalMs,
    }),
  },
  design: objectsDesign,
} as const satisfies BindingPlugin<BucketEntryConfig, ObjectsProtocol>;
