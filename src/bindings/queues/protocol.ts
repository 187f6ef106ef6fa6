import { z } from 'zod';
import type { CallSchemas } from '../protocol.js';
import type { QueueContentType } from './codec.js';
import { QUEUE_LIMITS } from './limits.js';

/** One message as it travels to the host: encoded bytes, their content type, and its own delay if it gave one. */
export interface OutgoingMessage {
  body: Uint8Array;
  contentType: QueueContentType;
  delaySeconds: number | null;
}

/** What the host reports about a queue after a send and from `metrics()`: the oldest time only from `metrics()`. */
export interface WireMetrics {
  backlogCount: number;
  backlogBytes: number;
  oldestMessageTimestamp: number | null;
}

/** The calls of a queue producer binding (isolate: binding.ts, host: service.ts). Bodies are encoded and checked by the isolate. */
export interface QueuesProtocol {
  send: { args: [messages: OutgoingMessage[]]; result: WireMetrics };
  metrics: { args: []; result: WireMetrics };
}

const MESSAGE = z.strictObject({
  body: z.instanceof(Uint8Array),
  contentType: z.enum(['text', 'bytes', 'json', 'v8']),
  delaySeconds: z.number().int().min(0).max(QUEUE_LIMITS.maxDelaySeconds).nullable(),
});

/** The argument schemas the host checks every producer call against. */
export const QUEUES_CALLS = {
  send: z.tuple([z.array(MESSAGE).min(1).max(QUEUE_LIMITS.maxBatchSize)]),
  metrics: z.tuple([]),
} satisfies CallSchemas<QueuesProtocol>;
