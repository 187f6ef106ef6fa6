import type { Clock } from '../../platform/clock.js';
import type { DeadMessage, QueueStats, QueueStoragePort } from '../../storage/ports.js';
import { serveProtocol } from '../host-protocol.js';
import type { BindingService } from '../plugin.js';
import { QUEUES_CALLS } from './protocol.js';
import { consumersOf, type ConsumerConfig, type ProducerConfig } from './schema.js';
import { createQueueProducerHandlers } from './service.js';

/** A project's queues as tools work on them: the configuration, what the store holds, and the dead letters. */
export interface QueuesAdmin {
  producers: readonly ProducerConfig[];
  /** The consumers with their defaults applied. */
  consumers: readonly ConsumerConfig[];
  /** Every queue the configuration names (producers, consumers, dead-letter queues) or the store holds, sorted. */
  known(): Promise<string[]>;
  stats(queue: string): Promise<QueueStats>;
  /** A producer service of `queue` (the queue's configured delivery delay, else 0), checked like a binding's calls. */
  producer(queue: string): BindingService;
  /** The dead messages of a queue, oldest first, at most `limit`. */
  listDead(queue: string, limit: number): Promise<DeadMessage[]>;
  /** Makes dead messages ready again with fresh attempts (all, or those of `ids`); returns how many. */
  replayDead(queue: string, ids: string[] | null): Promise<number>;
  /** Deletes dead messages (all, or those of `ids`); returns how many. */
  purgeDead(queue: string, ids: string[] | null): Promise<number>;
}

/**
 * The queues kind's admin surface over its storage port and a `queues` section: what `ledge queues` lists,
 * inspects, sends, replays and purges, declared with the kind (`QUEUES_PLUGIN.admin`) rather than in the CLI.
 */
export const QUEUES_ADMIN = {
  open(store: QueueStoragePort, clock: Clock, producers: readonly ProducerConfig[], section: unknown): QueuesAdmin {
    const consumers = consumersOf(section);
    return {
      producers,
      consumers,
      async known() {
        const names = new Set([...producers.map((p) => p.queue), ...consumers.map((c) => c.queue), ...await store.queues()]);
        for (const c of consumers) if (c.deadLetterQueue !== null) names.add(c.deadLetterQueue);
        return [...names].sort();
      },
      stats: (queue) => store.stats(queue, clock.now()),
      producer(queue) {
        const delivery = producers.find((p) => p.queue === queue)?.delivery_delay ?? 0;
        // Checked against the producer's protocol like a binding's calls (host-protocol.ts).
        return serveProtocol('queues', QUEUES_CALLS, createQueueProducerHandlers({ queue, deliveryDelaySeconds: delivery, storage: store, clock }));
      },
      listDead: (queue, limit) => store.listDead(queue, limit),
      replayDead: (queue, ids) => store.replayDead(queue, ids, clock.now()),
      purgeDead: (queue, ids) => store.purgeDead(queue, ids),
    };
  },
};
