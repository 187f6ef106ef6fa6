import type { IsolatePart } from '../isolate-part.js';
import { typedCall } from '../protocol.js';
import { WorkerQueue } from './binding.js';
import type { QueuesProtocol } from './protocol.js';

/** The isolate half of the queue kind: a producer (`WorkerQueue`) in `env`. */
export const ISOLATE_PART = {
  kind: 'queues',
  module: import.meta.url,
  create: (transport, context) => new WorkerQueue(typedCall<QueuesProtocol>(transport), context),
} satisfies IsolatePart;
