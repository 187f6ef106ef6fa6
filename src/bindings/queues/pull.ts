import { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { QueueStoragePort } from '../../storage/ports.js';
import { parseLeaseId } from '../../storage/queue-lease.js';
import { backoffMs, policyOf, reportExhausted } from './consumer.js';
import { QUEUE_LIMITS } from './limits.js';
import type { ConsumerConfig } from './schema.js';

const PULL_BODY = z.strictObject({
  /** Milliseconds the pulled messages stay leased. */
  visibility_timeout_ms: z.number().int().min(1).max(QUEUE_LIMITS.maxDelaySeconds * 1000).optional(),
  /** The same, under the name older clients send. */
  visibility_timeout: z.number().int().min(1).max(QUEUE_LIMITS.maxDelaySeconds * 1000).optional(),
  batch_size: z.number().int().min(1).max(QUEUE_LIMITS.maxBatchSize).optional(),
});

const LEASE_ID = z.string().min(1).max(200);
const ACK_BODY = z.strictObject({
  acks: z.array(z.strictObject({ lease_id: LEASE_ID })).max(1000).optional(),
  retries: z.array(z.strictObject({ lease_id: LEASE_ID, delay_seconds: z.number().int().min(0).max(QUEUE_LIMITS.maxDelaySeconds).optional() })).max(1000).optional(),
});

/** Default number of messages one pull returns. */
const DEFAULT_PULL_BATCH = 5;

/** An answer in the API envelope. */
export interface ApiAnswer {
  status: number;
  body: { success: boolean; errors: { code: string; message: string; source?: { pointer: string } }[]; messages: string[]; result: unknown };
}

/**
 * Pull consumers over HTTP: `pull` leases a batch for a visibility timeout, `ack` acks or retries by lease
 * id. Only queues with a consumer of type `http_pull` can be pulled. Polling is short: an empty queue
 * answers an empty list at once. Acks are accepted after the timeout (the message may by then have gone to
 * another pull, which is the at-least-once duplicate); a retry counts only for the current lease.
 */
export function createPullApi(options: { consumers: readonly ConsumerConfig[]; storage: QueueStoragePort; clock: Clock; logger: Logger }) {
  const consumerOf = (queue: string): ConsumerConfig | ApiAnswer => {
    const found = options.consumers.find((c) => c.queue === queue);
    if (found?.type === 'http_pull') return found;
    const pullable = options.consumers.filter((c) => c.type === 'http_pull').map((c) => c.queue);
    return fail(404, 'queue_not_pullable', `queue "${queue}" has no consumer of type "http_pull" in this configuration${pullable.length ? ` (pullable: ${pullable.join(', ')})` : ''}`);
  };

  return {
    async pull(queue: string, body: unknown): Promise<ApiAnswer> {
      const consumer = consumerOf(queue);
      if ('status' in consumer) return consumer;
      const parsed = PULL_BODY.safeParse(body ?? {});
      if (!parsed.success) return invalid(parsed.error);
      const leaseMs = parsed.data.visibility_timeout_ms ?? parsed.data.visibility_timeout ?? consumer.visibilityTimeoutMs;
      const leased = await options.storage.lease(queue, { limit: parsed.data.batch_size ?? DEFAULT_PULL_BATCH, leaseMs, now: options.clock.now(), policy: policyOf(consumer) });
      reportExhausted(options.logger, consumer, leased);
      const messages = leased.messages.map((m) => ({
        id: m.id,
        lease_id: m.leaseId,
        timestamp_ms: m.timestamp,
        attempts: m.attempts,
        // Text travels as it is; JSON, bytes and structured-clone bodies as base64 of their stored bytes.
        body: m.contentType === 'text' ? Buffer.from(m.body).toString('utf8') : Buffer.from(m.body).toString('base64'),
        metadata: { 'Edge-Content-Type': m.contentType },
      }));
      return ok({ messages });
    },

    async ack(queue: string, body: unknown): Promise<ApiAnswer> {
      const consumer = consumerOf(queue);
      if ('status' in consumer) return consumer;
      const parsed = ACK_BODY.safeParse(body ?? {});
      if (!parsed.success) return invalid(parsed.error);
      const now = options.clock.now();
      const retries = (parsed.data.retries ?? []).map((r) => ({
        leaseId: r.lease_id,
        visibleAt: now + (r.delay_seconds !== undefined ? r.delay_seconds * 1000 : backoffMs(parseLeaseId(r.lease_id)?.attempts ?? 1, consumer.retryDelaySeconds)),
      }));
      const result = await options.storage.settle(queue, { acks: (parsed.data.acks ?? []).map((a) => a.lease_id), retries }, now, policyOf(consumer));
      reportExhausted(options.logger, consumer, result);
      return ok({
        ackCount: result.acked,
        retryCount: result.retried + result.deadLettered + result.dead,
        warnings: result.stale.map((leaseId) => `lease ${leaseId} names no message of queue "${queue}" that is still leased (already acked, expired and taken again, or unknown)`),
      });
    },
  };
}

function ok(result: unknown): ApiAnswer {
  return { status: 200, body: { success: true, errors: [], messages: [], result } };
}

function fail(status: number, code: string, message: string, pointer?: string): ApiAnswer {
  return { status, body: { success: false, errors: [{ code, message, ...(pointer === undefined ? {} : { source: { pointer } }) }], messages: [], result: null } };
}

function invalid(error: z.ZodError): ApiAnswer {
  const issue = error.issues[0] as z.core.$ZodIssue;
  const pointer = `/${issue.path.map(String).join('/')}`;
  return fail(400, 'invalid_body', `${pointer === '/' ? 'body' : pointer}: ${issue.message}`, pointer);
}
