/**
 * A queue batch as the consumer hands it to a version's `queue()` handler and the outcome it gets back: the
 * queues kind's shapes, carried by the runtime's protocol (runtime/protocol.ts) between host and isolate.
 */

/** One message of a queue batch as it crosses to the isolate: the body still encoded. */
export interface QueueDeliveryMessage {
  id: string;
  /** When it was sent (epoch ms). */
  timestamp: number;
  body: Uint8Array;
  contentType: string;
  attempts: number;
}

/** A batch for the module's `queue()` handler. */
export interface QueueBatchEvent {
  queue: string;
  messages: QueueDeliveryMessage[];
}

/** What became of one message: acked, or retried (after its own delay, or the consumer's back-off when null). */
export type QueueDecision = { ack: true } | { ack: false; delaySeconds: number | null };

/** How a queue event ended, with one decision per message in batch order. */
export interface QueueOutcome {
  outcome: 'ok' | 'exception' | 'no-handler';
  decisions: QueueDecision[];
  /** The handler's error as it crossed the thread (the runtime's SerializedError). */
  error?: { name: string; message: string; stack?: string };
}
