import type { BackgroundRunner, RunnerContext } from '../plugin.js';
import { startQueueConsumer } from './consumer.js';
import { consumersOf } from './schema.js';

/**
 * The queues kind's background work for one deployment version: a push consumer for each `worker`
 * consumer of its section (`http_pull` ones are served on request, pull.ts). The queue store is opened only
 * when there is a consumer to run, so a damaged one fails nothing else.
 */
export function startQueueConsumers(context: RunnerContext): Promise<BackgroundRunner> {
  const workers = consumersOf(context.section).filter((consumer) => consumer.type === 'worker');
  const storage = workers.length ? context.storage.queues : undefined;
  const consumers = storage ? workers.map((consumer) => startQueueConsumer({
    consumer, storage, clock: context.clock, logger: context.logger, timers: context.timers,
    deliver: (batch) => context.events.runQueue(batch),
  })) : [];
  return Promise.resolve({
    async tick() {
      return (await Promise.all(consumers.map((c) => c.tick()))).reduce((sum, n) => sum + n, 0);
    },
    async stop() {
      await Promise.all(consumers.map((c) => c.stop()));
    },
  });
}
