import type { IsolateBindingContext } from '../isolate-part.js';
import type { BindingCall } from '../protocol.js';
import { CONTENT_TYPES, defaultContentType, encodeBody, type QueueContentType } from './codec.js';
import { QUEUE_LIMITS } from './limits.js';
import type { OutgoingMessage, QueuesProtocol, WireMetrics } from './protocol.js';

/** What the host reports about a queue after a send, and from `metrics()`. */
export interface QueueMetrics {
  backlogCount: number;
  backlogBytes: number;
  oldestMessageTimestamp?: Date;
}

/**
 * The producer object application code finds in `env` (isolate side): encodes and checks every message
 * here, synchronously, with the errors existing code expects, then stores the whole call in one step.
 */
export class WorkerQueue {
  readonly #call: BindingCall<QueuesProtocol>;
  readonly #defaultType: QueueContentType;

  constructor(call: BindingCall<QueuesProtocol>, context: IsolateBindingContext) {
    this.#call = call;
    this.#defaultType = defaultContentType(context.compatibilityDate);
  }

  async send(body: unknown, options: { contentType?: QueueContentType; delaySeconds?: number } = {}): Promise<{ metadata: { metrics: QueueMetrics } }> {
    const message = this.#encode(body, options, 'send');
    return this.#store([message]);
  }

  async sendBatch(messages: Iterable<{ body: unknown; contentType?: QueueContentType; delaySeconds?: number }>, options: { delaySeconds?: number } = {}): Promise<{ metadata: { metrics: QueueMetrics } }> {
    if (messages === null || typeof messages !== 'object' || typeof (messages as Iterable<unknown>)[Symbol.iterator] !== 'function') {
      throw new TypeError('sendBatch() requires an iterable of messages.');
    }
    const batchDelay = checkDelay(options?.delaySeconds, 'sendBatch');
    const list = [...messages];
    if (list.length === 0) throw new TypeError('sendBatch() requires at least one message');
    if (list.length > QUEUE_LIMITS.maxBatchSize) throw new Error(`Queue sendBatch failed: batch of ${list.length} messages exceeds limit of ${QUEUE_LIMITS.maxBatchSize}`);
    const encoded = list.map((m, i) => {
      if (m === null || typeof m !== 'object') throw new TypeError(`sendBatch(): message ${i} must be an object with a body`);
      const out = this.#encode(m.body, m, `sendBatch message ${i}`);
      if (out.delaySeconds === null && batchDelay !== undefined) out.delaySeconds = batchDelay;
      return out;
    });
    const total = encoded.reduce((sum, m) => sum + m.body.byteLength + QUEUE_LIMITS.metadataBytes, 0);
    if (total > QUEUE_LIMITS.maxBatchBytes) throw new Error(`Queue sendBatch failed: total size of ${total} bytes exceeds limit of ${QUEUE_LIMITS.maxBatchBytes}`);
    return this.#store(encoded);
  }

  async metrics(): Promise<QueueMetrics> {
    return toMetrics(await this.#call('metrics', []));
  }

  #encode(body: unknown, options: { contentType?: QueueContentType; delaySeconds?: number }, where: string): OutgoingMessage {
    if (body === undefined) throw new TypeError('Message body cannot be undefined');
    const contentType = options?.contentType ?? this.#defaultType;
    if (!CONTENT_TYPES.includes(contentType)) throw new TypeError(`Unknown content type "${String(contentType)}"; expected "text", "bytes", "json" or "v8".`);
    const bytes = encodeBody(body, contentType);
    const size = bytes.byteLength + QUEUE_LIMITS.metadataBytes;
    if (size > QUEUE_LIMITS.maxMessageBytes) throw new Error(`Queue ${where} failed: message length of ${size} bytes exceeds limit of ${QUEUE_LIMITS.maxMessageBytes}`);
    return { body: bytes, contentType, delaySeconds: checkDelay(options?.delaySeconds, where) ?? null };
  }

  async #store(messages: OutgoingMessage[]): Promise<{ metadata: { metrics: QueueMetrics } }> {
    return { metadata: { metrics: toMetrics(await this.#call('send', [messages])) } };
  }
}

function checkDelay(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > QUEUE_LIMITS.maxDelaySeconds) {
    throw new TypeError(`${where}: delaySeconds must be an integer from 0 to ${QUEUE_LIMITS.maxDelaySeconds} (12 hours), got ${String(value)}`);
  }
  return value;
}

function toMetrics(m: WireMetrics): QueueMetrics {
  const out: QueueMetrics = { backlogCount: m.backlogCount, backlogBytes: m.backlogBytes };
  if (m.oldestMessageTimestamp !== null) out.oldestMessageTimestamp = new Date(m.oldestMessageTimestamp);
  return out;
}
