import { z } from 'zod';
import { BINDING_NAME } from '../names.js';
import { QUEUE_LIMITS } from './limits.js';

/** A queue's name: lowercase letters, digits, dashes and underscores, 1-63 characters. */
export const QUEUE_NAME = z.string().regex(/^[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?$/, {
  error: 'expected a queue name of lowercase letters, digits, - and _ (1-63 characters, starting and ending with a letter or digit)',
});

/** `queues.producers[]`: a binding that sends to a queue. */
export const PRODUCER_SCHEMA = z.strictObject({
  /** The name application code reads from `env`. */
  binding: BINDING_NAME,
  queue: QUEUE_NAME,
  /** Seconds every message waits before delivery unless a send gives its own `delaySeconds`. @default 0 */
  delivery_delay: z.number().int().min(0).max(QUEUE_LIMITS.maxDelaySeconds).optional(),
});

/** `queues.consumers[]`: how one queue's messages reach this deployment. */
export const CONSUMER_SCHEMA = z.strictObject({
  queue: QUEUE_NAME,
  /** `worker` pushes batches to the module's `queue()` handler; `http_pull` waits for pulls over HTTP. @default "worker" */
  type: z.enum(['worker', 'http_pull']).optional(),
  /** @default 10 */
  max_batch_size: z.number().int().min(1).max(QUEUE_LIMITS.maxBatchSize).optional(),
  /** Seconds a partial batch waits for more messages. @default 5 */
  max_batch_timeout: z.number().min(0).max(60).optional(),
  /** Deliveries after the first; then the message goes to the dead-letter queue or the dead state. @default 3 */
  max_retries: z.number().int().min(0).max(100).optional(),
  /** Seconds before a retried message comes back; the base of the exponential back-off. @default 1 */
  retry_delay: z.number().int().min(0).max(QUEUE_LIMITS.maxDelaySeconds).optional(),
  dead_letter_queue: QUEUE_NAME.optional(),
  /** Batches delivered at once. @default 10 */
  max_concurrency: z.number().int().min(1).max(250).nullable().optional(),
  /** Pull consumers: milliseconds a pulled message stays leased. @default 30000 */
  visibility_timeout_ms: z.number().int().min(1).max(QUEUE_LIMITS.maxDelaySeconds * 1000).optional(),
});

/** The `queues` section of ledge.jsonc. */
export const QUEUES_SECTION_SCHEMA = z.strictObject({
  producers: z.array(PRODUCER_SCHEMA).optional(),
  consumers: z.array(CONSUMER_SCHEMA).optional(),
});

export type ProducerConfig = z.infer<typeof PRODUCER_SCHEMA>;
export type ConsumerEntry = z.infer<typeof CONSUMER_SCHEMA>;
export type QueuesSection = z.infer<typeof QUEUES_SECTION_SCHEMA>;

/** A consumer with every default applied. */
export interface ConsumerConfig {
  queue: string;
  type: 'worker' | 'http_pull';
  maxBatchSize: number;
  maxBatchTimeoutMs: number;
  maxRetries: number;
  retryDelaySeconds: number;
  deadLetterQueue: string | null;
  maxConcurrency: number;
  visibilityTimeoutMs: number;
}

/** Applies the documented defaults (docs/bindings/queues.md). */
export function resolveConsumer(entry: ConsumerEntry): ConsumerConfig {
  return {
    queue: entry.queue,
    type: entry.type ?? 'worker',
    maxBatchSize: entry.max_batch_size ?? 10,
    maxBatchTimeoutMs: Math.round((entry.max_batch_timeout ?? 5) * 1000),
    maxRetries: entry.max_retries ?? 3,
    retryDelaySeconds: entry.retry_delay ?? 1,
    deadLetterQueue: entry.dead_letter_queue ?? null,
    maxConcurrency: entry.max_concurrency ?? 10,
    visibilityTimeoutMs: entry.visibility_timeout_ms ?? 30_000,
  };
}

/** The consumers of a `queues` section, resolved. */
export function consumersOf(section: unknown): ConsumerConfig[] {
  return ((section as QueuesSection | undefined)?.consumers ?? []).map(resolveConsumer);
}

/** Refusals and warnings about one `queues` section; `at` prefixes each path. */
export function checkQueuesSection(section: QueuesSection, at: string): { problems: string[]; warnings: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  const seen = new Map<string, number>();
  for (const [i, consumer] of (section.consumers ?? []).entries()) {
    const place = `${at}consumers[${i}]`;
    const earlier = seen.get(consumer.queue);
    if (earlier !== undefined) problems.push(`${place}: queue "${consumer.queue}" already has a consumer (${at}consumers[${earlier}]); a queue has one consumer per deployment`);
    else seen.set(consumer.queue, i);
    if (consumer.dead_letter_queue === consumer.queue) problems.push(`${place}.dead_letter_queue: "${consumer.queue}" is the queue itself; name another queue`);
    if (consumer.dead_letter_queue === undefined) {
      warnings.push(`${place}: queue "${consumer.queue}" has no dead_letter_queue: messages that use up max_retries (${consumer.max_retries ?? 3}) are kept in the dead state, not delivered again; see them with "ledge queues dead list ${consumer.queue}"`);
    }
    if (consumer.type !== 'http_pull' && consumer.visibility_timeout_ms !== undefined) warnings.push(`${place}.visibility_timeout_ms: only pull consumers (type "http_pull") use it; push batches keep their lease while they run`);
  }
  return { problems, warnings };
}
