import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { QueueBatchEvent, QueueOutcome } from './delivery.js';
import type { DeliveryPolicy, LeasedMessage, QueueSettleResult, QueueSettlement, QueueStoragePort } from '../../storage/ports.js';
import { QUEUE_LIMITS } from './limits.js';
import { createPump } from '../pump.js';
import type { ConsumerConfig } from './schema.js';

/** How long a pushed batch holds its messages; renewed every third of it while the batch runs, so only a dead process lets it lapse. */
export const PUSH_LEASE_MS = 15_000;
/** How often a consumer looks for messages sent by another process (its own sends wake it at once). */
const POLL_MS = 1_000;

/** The delivery policy of a consumer: `max_retries + 1` deliveries, then its dead-letter queue or the dead state. */
export function policyOf(consumer: ConsumerConfig): DeliveryPolicy {
  return { maxAttempts: consumer.maxRetries + 1, deadLetterQueue: consumer.deadLetterQueue };
}

/**
 * The wait before a retried message comes back when its retry named no delay: `retry_delay` doubled per
 * delivery so far, plus up to a quarter more of jitter (so retries of one batch spread out), at most 12 hours.
 * `retry_delay: 0` retries at once.
 */
export function backoffMs(attempts: number, retryDelaySeconds: number, random: () => number = Math.random): number {
  if (retryDelaySeconds <= 0) return 0;
  const base = retryDelaySeconds * 1000 * 2 ** Math.min(Math.max(attempts - 1, 0), 20);
  return Math.round(Math.min(base * (1 + random() * 0.25), QUEUE_LIMITS.maxDelaySeconds * 1000));
}

/** Logs what a settlement or a lease did with messages whose deliveries were used up. */
export function reportExhausted(logger: Logger, consumer: ConsumerConfig, ended: { deadLettered: number; dead: number }): void {
  if (ended.deadLettered) logger.warn(`queue "${consumer.queue}": ${ended.deadLettered} message(s) used up ${consumer.maxRetries} retries and moved to the dead-letter queue "${consumer.deadLetterQueue}"`);
  if (ended.dead) logger.warn(`queue "${consumer.queue}": ${ended.dead} message(s) used up ${consumer.maxRetries} retries and are kept in the dead state (no dead_letter_queue); see them with "ledge queues dead list ${consumer.queue}"`);
}

/** Options of one push consumer. */
export interface QueueConsumerOptions {
  consumer: ConsumerConfig;
  storage: QueueStoragePort;
  clock: Clock;
  logger: Logger;
  /** Runs one batch in the deployment's `queue()` handler. */
  deliver: (batch: QueueBatchEvent) => Promise<QueueOutcome>;
  /** Deliver by real timers (false in tests that drive `tick()` with a manual clock). @default true */
  timers?: boolean;
  /** Jitter source. @default Math.random */
  random?: () => number;
}

/** A running push consumer. */
export interface QueueConsumer {
  /** Delivers every batch due now and waits until they are settled, again until none is due; resolves with how many batches ran. */
  tick(): Promise<number>;
  /** Starts no new batch; resolves once the batches already running have settled (stop their isolate to cut them off). */
  stop(): Promise<void>;
}

/**
 * Pushes one queue's messages to a deployment in batches: a batch goes out when `max_batch_size` messages
 * are ready or the oldest ready one has waited `max_batch_timeout`, at most `max_concurrency` at a time.
 * Every message of a batch is leased to it alone; whatever the handler did not ack is retried with back-off
 * and, once its deliveries are used up, moved to the dead-letter queue or kept dead. Nothing is dropped.
 */
export function startQueueConsumer(options: QueueConsumerOptions): QueueConsumer {
  const { consumer, storage, clock, logger } = options;
  const policy = policyOf(consumer);
  const timers = options.timers !== false;
  let delivered = 0;
  const pumper = createPump({
    pumpOnce, timers, retryMs: POLL_MS,
    onError: (err) => logger.error(`queue "${consumer.queue}": delivery failed: ${(err as Error)?.stack ?? String(err)}`),
  });

  const unwatch = storage.watch(consumer.queue, () => { if (timers) void pumper.pump(); });

  /** Looks again at `at` (at most POLL_MS from now, for messages sent by another process). */
  function wakeAt(at: number | null): void {
    pumper.wakeIn(at === null ? POLL_MS : Math.min(Math.max(0, at - clock.now()), POLL_MS));
  }

  async function pumpOnce(): Promise<void> {
    while (!pumper.stopped && pumper.running < consumer.maxConcurrency) {
      const now = clock.now();
      const head = await storage.peek(consumer.queue, now, consumer.maxBatchSize);
      const due = head.ready >= consumer.maxBatchSize || (head.ready > 0 && (head.firstVisibleAt as number) + consumer.maxBatchTimeoutMs <= now);
      if (!due) {
        wakeAt(head.ready > 0 ? (head.firstVisibleAt as number) + consumer.maxBatchTimeoutMs : head.nextVisibleAt);
        return;
      }
      const leased = await storage.lease(consumer.queue, { limit: consumer.maxBatchSize, leaseMs: PUSH_LEASE_MS, now, policy });
      reportExhausted(logger, consumer, leased);
      if (leased.messages.length === 0) continue;
      delivered++;
      pumper.track(runBatch(leased.messages));
    }
    // At the concurrency bound: the next batch to finish pumps again; meanwhile poll as a safety net.
    wakeAt(null);
  }

  async function runBatch(messages: LeasedMessage[]): Promise<void> {
    const leaseIds = messages.map((m) => m.leaseId);
    const renew = timers ? setInterval(() => {
      storage.extend(consumer.queue, leaseIds, clock.now() + PUSH_LEASE_MS).catch((err: unknown) => logger.error(`queue "${consumer.queue}": lease renewal failed: ${(err as Error).message}`));
    }, PUSH_LEASE_MS / 3) : undefined;
    let outcome: QueueOutcome;
    let cutOff = false;
    try {
      outcome = await options.deliver({
        queue: consumer.queue,
        messages: messages.map((m) => ({ id: m.id, timestamp: m.timestamp, body: m.body, contentType: m.contentType, attempts: m.attempts })),
      });
      if (outcome.outcome === 'no-handler') logger.error(`queue "${consumer.queue}": the deployment has a consumer for it but its module exports no queue() handler; the batch is retried`);
    } catch (err) {
      // The isolate stopped under the batch (a limit, a crash or shutdown): nothing it decided counts.
      cutOff = true;
      logger.error(`queue "${consumer.queue}": a batch of ${messages.length} was cut off: ${(err as Error).message}`);
      outcome = { outcome: 'exception', decisions: messages.map(() => ({ ack: false, delaySeconds: null })) };
    } finally {
      clearInterval(renew);
    }
    const now = clock.now();
    const settlement: QueueSettlement = { acks: [], retries: [] };
    messages.forEach((m, i) => {
      const decision = outcome.decisions[i] ?? { ack: false, delaySeconds: null };
      if (decision.ack) settlement.acks.push(m.leaseId);
      else {
        // A batch cut off by shutdown comes back as soon as the next process starts.
        const delay = pumper.stopped && cutOff ? 0 : decision.delaySeconds !== null ? decision.delaySeconds * 1000 : backoffMs(m.attempts, consumer.retryDelaySeconds, options.random);
        settlement.retries.push({ leaseId: m.leaseId, visibleAt: now + delay });
      }
    });
    let result: QueueSettleResult;
    try {
      result = await storage.settle(consumer.queue, settlement, now, policy);
    } catch (err) {
      // The lease runs out and the messages come back: at least once, never lost.
      logger.error(`queue "${consumer.queue}": settling a batch failed; its messages return when their lease expires: ${(err as Error).message}`);
      return;
    }
    reportExhausted(logger, consumer, result);
  }

  if (timers) void pumper.pump();

  return {
    async tick() {
      const before = delivered;
      await pumper.drain();
      return delivered - before;
    },
    async stop() {
      unwatch();
      await pumper.stop();
    },
  };
}
