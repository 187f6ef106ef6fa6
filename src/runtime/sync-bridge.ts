/**
 * The isolate's half of the synchronous bridge (sync-relay.ts is the other): a binding call that returns its
 * answer before the calling code goes on, as the original platform's synchronous storage API does (its SQLite
 * runs in the isolate's thread; here it runs in the host's store). The call is posted with the isolate's other
 * messages (flushed first, so it never overtakes them) and the thread blocks in `Atomics.wait` until the relay
 * posts the answer on the bridge's port. The time spent blocked counts as the isolate's busy time (its CPU
 * limit bounds a bridge that never answers, as it bounds a loop).
 */
import { receiveMessageOnPort } from 'node:worker_threads';
import type { HostMessage, IsolateMessage } from './protocol.js';
import type { SyncBridgeEnd } from './sync-relay.js';

// Taken now: application code may replace the globals later, and only its own calls would suffer, but plainly.
const { load, wait } = Atomics;

/** Longest a synchronous call waits for its answer: the largest CPU limit (5 minutes). */
export const SYNC_CALL_TIMEOUT_MS = 300_000;

type CallResult = Extract<HostMessage, { t: 'call-result' }>;

/** Posts a `call` message and flushes it (and everything queued before it) to the relay at once. */
export interface SyncPoster {
  (message: IsolateMessage): void;
  flush(): void;
}

/** Makes synchronous calls over `end`; without one (an isolate started by something that relays no answers) each call throws. */
export function createSyncCaller(end: SyncBridgeEnd | undefined, post: SyncPoster): (call: Extract<IsolateMessage, { t: 'call' }>) => CallResult {
  const flag = end ? new Int32Array(end.flag) : undefined;
  // The port is only ever read synchronously: it must not keep the isolate's loop alive.
  end?.port.unref();
  return function callSync(call) {
    if (!end || !flag) throw new Error('synchronous storage calls are not available in this isolate (no bridge)');
    let seen = load(flag, 0);
    post({ ...call, sync: true });
    post.flush();
    const deadline = Date.now() + SYNC_CALL_TIMEOUT_MS;
    for (;;) {
      const received = receiveMessageOnPort(end.port) as { message: CallResult } | undefined;
      if (received) {
        // An answer to an earlier call that gave up waiting is dropped.
        if (received.message.id === call.id) return received.message;
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the storage did not answer a synchronous ${call.method}() within ${SYNC_CALL_TIMEOUT_MS / 1000} s`);
      wait(flag, 0, seen, left);
      seen = load(flag, 0);
    }
  };
}
