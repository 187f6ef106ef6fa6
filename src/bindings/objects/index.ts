import type { BindingPlugin } from '../plugin.js';
import { objectsDesign } from './design.js';
import { BUCKET_ENTRY_SCHEMA, type BucketEntryConfig } from './schema.js';
import { createObjectService } from './service.js';

/** The object store binding kind: `buckets: [{ binding, bucket_name, lifecycle? }]`. */
export const OBJECTS_PLUGIN: BindingPlugin<BucketEntryConfig> = {
  kind: 'objects',
  configKey: 'buckets',
  entrySchema: BUCKET_ENTRY_SCHEMA,
  resourceId: (entry) => entry.bucket_name,
  createService: (entry, context) => createObjectService({ bucket: entry.bucket_name, storage: context.storage.objects, clock: context.clock }),
  design: objectsDesign,
};
