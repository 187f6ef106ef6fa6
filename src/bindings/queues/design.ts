import type { DesignContribution } from '../plugin.js';
import { resolveConsumer, type QueuesSection } from './schema.js';

/** A queues section in the design record: what the deployment sends, how deliveries reach it, what happens after the last retry. */
export function queuesDesign(section: unknown, at: string): DesignContribution[] {
  const { producers = [], consumers = [] } = (section as QueuesSection | undefined) ?? {};
  const out: DesignContribution[] = [];
  if (producers.length) {
    out.push({
      concern: 'data', blocks: ['queue'],
      decisions: producers.map((producer, i) => ({
        subject: `env.${producer.binding} sends to queue "${producer.queue}"`,
        value: `this deployment produces${producer.delivery_delay ? `; each message waits ${producer.delivery_delay} s before delivery` : ''}`,
        source: `${at}.producers[${i}]`,
      })),
    });
  }
  if (consumers.length) {
    const resolved = consumers.map(resolveConsumer);
    out.push({
      concern: 'execution', blocks: ['queue consumer'],
      decisions: resolved.flatMap((c, i) => [
        {
          subject: `delivery of queue "${c.queue}"`,
          value: c.type === 'worker'
            ? `pushed to queue(): batches of up to ${c.maxBatchSize} within ${c.maxBatchTimeoutMs / 1000} s, up to ${c.maxConcurrency} batches at once; at least once`
            : `pulled over HTTP, each message leased ${c.visibilityTimeoutMs / 1000} s; at least once`,
          source: `${at}.consumers[${i}]`,
        },
        {
          subject: `retries of queue "${c.queue}"`,
          value: `${c.maxRetries} retries, back-off from ${c.retryDelaySeconds} s, then ${c.deadLetterQueue === null ? 'the dead state (no dead_letter_queue)' : `dead-letter queue "${c.deadLetterQueue}"`}`,
          source: `${at}.consumers[${i}]`,
        },
        {
          subject: `completion semantics of queue "${c.queue}"`, value: null,
          source: 'delivery is at least once (SPEC: Events 1): say how the consumer absorbs a duplicate and when a message counts as done',
        },
      ]),
    });
    out.push({
      concern: 'recovery', blocks: resolved.some((c) => c.deadLetterQueue !== null) ? ['dead-letter queue'] : [],
      decisions: resolved.map((c, i) => ({
        subject: `dead letters of queue "${c.queue}"`, value: null,
        source: `${c.deadLetterQueue === null ? `they stay dead ("ledge queues dead list ${c.queue}")` : `"${c.deadLetterQueue}" collects them`} (${at}.consumers[${i}]); say which person or program processes them`,
      })),
    });
  }
  return out;
}
