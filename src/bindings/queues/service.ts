import { randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import type { QueueStoragePort } from '../../storage/ports.js';
import type { CallHandlers } from '../protocol.js';
import type { QueuesProtocol } from './protocol.js';

/** A new message id: 32 hex digits, as the edge's ids look. */
export function newMessageId(): string {
  return randomUUID().replaceAll('-', '');
}

/** The host side of one producer binding: stores what the isolate encoded and checked. */
export function createQueueProducerHandlers(options: { queue: string; deliveryDelaySeconds: number; storage: QueueStoragePort; clock: Clock }): CallHandlers<QueuesProtocol> {
  const { queue, storage, clock } = options;
  return {
    async send([outgoing]) {
      const now = clock.now();
      const messages = outgoing.map((m) => ({
        id: newMessageId(),
        body: m.body,
        contentType: m.contentType,
        // An explicit delay, even 0, wins over the producer's delivery_delay.
        visibleAt: now + (m.delaySeconds ?? options.deliveryDelaySeconds) * 1000,
      }));
      // The backlog comes from counters kept with the messages; the oldest time needs a lookup, so only metrics() has it.
      const after = await storage.send(queue, messages, now);
      return { backlogCount: after.backlog, backlogBytes: after.backlogBytes, oldestMessageTimestamp: null };
    },
    async metrics() {
      const stats = await storage.stats(queue, clock.now());
      return { backlogCount: stats.backlog, backlogBytes: stats.backlogBytes, oldestMessageTimestamp: stats.oldestTimestamp };
    },
  };
}
