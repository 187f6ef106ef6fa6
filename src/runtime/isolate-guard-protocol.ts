import type { MessagePort } from 'node:worker_threads';
import type { HostMessage } from './protocol.js';
import type { SyncBridgeEnd } from './sync-relay.js';

/** Exit code of a worker stopped past `limits.memory_mb`: by its guard, or by the watch of a turn that never yields (memory-watch.ts). */
export const MEMORY_EXIT_CODE = 87;

/** What a worker gets in `workerData` beside its `IsolateInit`: read by the guard (isolate-guard.ts) before the isolate starts. */
export interface WorkerExtras {
  /** Heap plus external memory allowed to the isolate, in bytes (`limits.memory_mb`). */
  memoryBytes: number;
  /** Where the guard publishes each figure of heap plus external memory for the parent thread's watch (memory-watch.ts). */
  memoryReport?: SharedArrayBuffer;
  /** Where outbound fetch goes (the host's egress policy); absent when the isolate keeps Node's own fetch. */
  egress?: MessagePort;
  /** Where answers to synchronous calls arrive (sync-relay.ts); absent when nothing relays them. */
  sync?: SyncBridgeEnd;
  /** Messages per batch the isolate posts without waiting for the end of its turn (batch-port.ts); absent: the default. */
  batchLimit?: number;
}

/** How many events (requests, cron windows, queue batches) a batch of host messages starts. */
export function eventsIn(messages: readonly HostMessage[]): number {
  let n = 0;
  for (const m of messages) if (m.t === 'req' || m.t === 'scheduled' || m.t === 'queue') n++;
  return n;
}
