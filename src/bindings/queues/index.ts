import { z } from 'zod';
import type { BindingPlugin } from '../plugin.js';
import { queuesDesign } from './design.js';
import { ISOLATE_PART } from './isolate.js';
import { QUEUES_CALLS, type QueuesProtocol } from './protocol.js';
import { startQueueConsumers } from './runner.js';
import { consumersOf, PRODUCER_SCHEMA, QUEUE_NAME, QUEUES_SECTION_SCHEMA, checkQueuesSection, type ProducerConfig, type QueuesSection } from './schema.js';
import { createQueueProducerHandlers } from './service.js';
import { QUEUES_ADMIN } from './admin.js';

/** The queue binding kind: `queues: { producers: [{ binding, queue }], consumers: [...] }`; producers are the bindings. */
export const QUEUES_PLUGIN = {
  kind: 'queues',
  configKey: 'queues',
  entrySchema: PRODUCER_SCHEMA,
  sectionSchema: QUEUES_SECTION_SCHEMA,
  entries: (section) => ((section as QueuesSection).producers ?? []).map((entry, i) => ({ entry, path: `.producers[${i}]` })),
  check: (section, at) => checkQueuesSection(section as QueuesSection, at),
  resourceId: (entry) => entry.queue,
  resource: {
    field: 'queue', key: 'queue', area: 'queues', areaLabel: 'queues',
    api: {
      path: '/queues', param: 'queue_id', label: 'queue', refIsName: true, idStyle: 'hex',
      body: z.strictObject({ queue_name: QUEUE_NAME }).transform((b) => ({ name: b.queue_name })),
      view: (r) => ({ queue_id: r.id, queue_name: r.name, created_on: r.created_on }),
      result: z.object({ queue_id: z.string(), queue_name: z.string(), created_on: z.string() }),
    },
  },
  // A consumer reads its queue and may dead-letter to another: both must exist and be readable by the deployer.
  extraResources: (section) => consumersOf(section).flatMap((consumer, i) => [
    { ref: consumer.queue, binding: `consumer of ${consumer.queue}`, path: `.consumers[${i}].queue` },
    ...(consumer.deadLetterQueue === null ? [] : [{ ref: consumer.deadLetterQueue, binding: `dead-letter queue of ${consumer.queue}`, path: `.consumers[${i}].dead_letter_queue` }]),
  ]),
  calls: QUEUES_CALLS,
  handlers: (entry, context) => createQueueProducerHandlers({ queue: entry.queue, deliveryDelaySeconds: entry.delivery_delay ?? 0, storage: context.storage.queues, clock: context.clock }),
  isolate: ISOLATE_PART,
  runner: { start: startQueueConsumers },
  design: queuesDesign,
  admin: QUEUES_ADMIN,
} as const satisfies BindingPlugin<ProducerConfig, QueuesProtocol>;
