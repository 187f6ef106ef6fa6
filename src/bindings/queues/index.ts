import type { BindingPlugin } from '../plugin.js';
import { queuesDesign } from './design.js';
import { PRODUCER_SCHEMA, QUEUES_SECTION_SCHEMA, checkQueuesSection, type ProducerConfig, type QueuesSection } from './schema.js';
import { createQueueProducerService } from './service.js';

/** The queue binding kind: `queues: { producers: [{ binding, queue }], consumers: [...] }`; producers are the bindings. */
export const QUEUES_PLUGIN: BindingPlugin<ProducerConfig> = {
  kind: 'queues',
  configKey: 'queues',
  entrySchema: PRODUCER_SCHEMA,
  sectionSchema: QUEUES_SECTION_SCHEMA,
  entries: (section) => ((section as QueuesSection).producers ?? []).map((entry, i) => ({ entry, path: `.producers[${i}]` })),
  check: (section, at) => checkQueuesSection(section as QueuesSection, at),
  resourceId: (entry) => entry.queue,
  createService: (entry, context) => createQueueProducerService({ queue: entry.queue, deliveryDelaySeconds: entry.delivery_delay ?? 0, storage: context.storage.queues, clock: context.clock }),
  design: queuesDesign,
};
