/**
 * Every message that crosses the MessagePort between the host and a deployment's isolate. Both sides
 * import this union, so a change on one side that the other does not follow fails to compile.
 */

import type { SocketHostMessage, SocketIsolateMessage } from './websockets/protocol.js';
import type { TcpHostMessage, TcpIsolateMessage } from './tcp/protocol.js';
import type { QueueBatchEvent, QueueOutcome } from '../bindings/queues/delivery.js';
import type { FlatHeaders, SerializedError } from './wire.js';
import type { WorkflowRunEvent, WorkflowRunOutcome } from '../bindings/workflows/protocol.js';
import type { CarriedWrites, ObjectEvent, ObjectLease, ObjectOutcome } from '../bindings/coordination/protocol.js';
import type { RpcHostMessage, RpcIsolateMessage } from './rpc/protocol.js';
import type { RpcOutcome } from './rpc/errors.js';

export type { FlatHeaders, SerializedError } from './wire.js';

/** What the isolate needs to start, passed as workerData. */
export interface IsolateInit {
  /** Absolute path of the bundled entry module. */
  bundlePath: string;
  /** Deployment name, used as the log prefix. */
  name: string;
  /** The account the deployment belongs to (`local` under ledge dev), when the host knows it: ids and stubs of coordination objects arriving over RPC must be of its namespaces. */
  account?: string;
  /** The deployment's compatibility date (bindings pick defaults by it). */
  compatibilityDate: string;
  vars: Record<string, unknown>;
  /** The bindings to build in `env`: each name with its kind and the URL of the kind's isolate module (bindings/isolate-part.ts). */
  bindings: { name: string; kind: string; module: string; options?: Record<string, string>; /** The host pushes this binding's writes to it (`binding-push`): its half may keep a read cache. */ watched?: true }[];
  subrequestLimit: number;
  /** Give each Request a signal that aborts when the client goes away (flag `enable_request_signal`). */
  requestSignal: boolean;
  /** The deployment has `nodejs_compat`: the global scope gets its stand-ins and its node: modules (runtime/globals). */
  nodejsCompat: boolean;
  /** The deployment has `nodejs_als` (without `nodejs_compat`): application code may import node:async_hooks, nothing else of Node. */
  nodejsAls: boolean;
  /** `process.env` holds the text vars and secrets (`nodejs_compat` from 2025-04-01 on; runtime/globals/process-env.ts). */
  populateProcessEnv: boolean;
  /** Per-event bound on ctx.waitUntil work, in milliseconds. */
  waitUntilMs: number;
  /** Int32Array view: [0] is a heartbeat the isolate bumps while its event loop turns. */
  heartbeat: SharedArrayBuffer;
}

/** The logical window a cron firing stands for: `[start, end)` in UTC epoch ms, `end` being its scheduled time. */
export interface CronWindow {
  start: number;
  end: number;
}

/** One cron window to run: `scheduledTime` is the logical window time, not the wall clock. */
export interface ScheduledFiring {
  cron: string;
  scheduledTime: number;
  /** The window the firing stands for: from the cron's previous time up to `scheduledTime` (SPEC: Events 2). */
  window: CronWindow;
  /** Stable identity of the window: (deployment, cron, scheduled time). */
  firingId: string;
  /** True when the window fires after its time, catching up after downtime. */
  late: boolean;
}

/** How a scheduled event ended. */
export interface ScheduledOutcome {
  outcome: 'ok' | 'exception' | 'no-handler';
  noRetry: boolean;
  error?: SerializedError;
}

// The queue event shapes belong to the queues kind (its consumer builds and reads them); the runtime carries them.
export type { QueueBatchEvent, QueueDecision, QueueDeliveryMessage, QueueOutcome } from '../bindings/queues/delivery.js';

/** Host to isolate. */
export type HostMessage =
  | ({ t: 'scheduled'; id: number } & ScheduledFiring)
  | ({ t: 'queue'; id: number } & QueueBatchEvent)
  | { t: 'workflow'; id: number; run: WorkflowRunEvent }
  /** An event for a coordination object whose instance this isolate holds or creates (bindings/coordination). */
  | { t: 'object'; id: number; event: ObjectEvent }
  /** Forget the instance of this object: it was evicted, or moved to another isolate. */
  | { t: 'object-drop'; namespace: string; objectId: string }
  /** How the commit of the writes an object's result carried went (bindings/coordination/storage.ts `takeForResult`). */
  | { t: 'object-written'; seq: number; error?: string }
  /** The object, placed in this isolate, is leased to it: its own RPC calls to it run there (bindings/coordination/leases.ts). */
  | { t: 'object-lease'; lease: ObjectLease }
  /** Give the lease back once no call runs under it (`object-lease-ended`); with `idleMs`, keep it if used within that time. */
  | { t: 'object-lease-end'; seq: number; namespace: string; objectId: string; idleMs?: number }
  | { t: 'req'; id: number; method: string; url: string; headers: FlatHeaders; hasBody: boolean; httpProtocol?: string | undefined }
  | { t: 'req-chunk'; id: number; chunk: Uint8Array }
  | { t: 'req-end'; id: number }
  | { t: 'abort'; id: number; reason: string }
  /** The host's reader has taken every chunk sent so far: `read` bytes of the body in all, its head's included. */
  | { t: 'res-credit'; id: number; read: number }
  | { t: 'call-result'; id: number; value?: unknown; error?: SerializedError }
  /** A write to what a watched binding reads (BindingService.watch), sent before the write is acknowledged: for its isolate half. */
  | { t: 'binding-push'; binding: string; data: unknown }
  /** A call through a service binding (docs/bindings/services.md): `method` of the entrypoint, its arguments encoded on the host's link `link`. */
  | ({ t: 'rpc-event'; id: number } & RpcEventCall)
  | RpcHostMessage
  | SocketHostMessage
  | TcpHostMessage;

/** What the host's record of a call run under a lease says of it (its `startedAt` by the isolate's clock). */
export interface LeasedCallTrace {
  namespace: string;
  objectId: string;
  method: string;
  startedAt: number;
}

/** An incoming call through a service binding, as the isolate receives it. */
export interface RpcEventCall {
  /** The host's number of the link the call's values are encoded on (runtime/rpc). */
  link: number;
  /** The named export (a WorkerEntrypoint class), or null for the default export. */
  entrypoint: string | null;
  /** `ctx.props`: what the binding's configuration gives the callee. */
  props: Record<string, unknown>;
  /** The deployment that called, as the platform knows it (never as the caller says). */
  caller: string;
  method: string;
  args: unknown[];
}

/** Isolate to host. */
export type IsolateMessage =
  | { t: 'ready'; hasFetch: boolean }
  | { t: 'load-error'; error: SerializedError }
  | { t: 'head'; id: number; status: number; statusText: string; headers: FlatHeaders; body: string | Uint8Array | null; streaming: boolean; done?: true; /** A 101 answer: the isolate's socket the client connection joins (websockets/protocol.ts). */ webSocket?: number; /** A 101 answer whose socket a coordination object's host holds: its one-time token (bindings/coordination/websockets-handoff.ts). */ webSocketHandoff?: string }
  | { t: 'res-chunk'; id: number; chunk: Uint8Array }
  | { t: 'res-end'; id: number }
  | { t: 'res-error'; id: number; error: SerializedError }
  | { t: 'req-credit'; id: number }
  | { t: 'fail'; id: number; code: 'internal_error' | 'no_fetch_handler' | 'invalid_response' | 'too_many_subrequests'; error: SerializedError }
  | { t: 'done'; id: number }
  /** Outbound fetches the event has made so far (sent before its end when there were any). */
  | { t: 'usage'; id: number; subrequests: number }
  | ({ t: 'scheduled-result'; id: number } & ScheduledOutcome)
  | ({ t: 'queue-result'; id: number } & QueueOutcome)
  | { t: 'workflow-result'; id: number; result: WorkflowRunOutcome }
  | { t: 'object-result'; id: number; outcome: ObjectOutcome; /** What the object threw, with its stack: for its own record only, never sent to the caller. */ exception?: SerializedError; /** The event is over too (it left no ctx.waitUntil work): no `done` follows. */ done?: true; /** The instance's queued writes, for the host to commit before it releases the result. */ writes?: CarriedWrites }
  | { t: 'rpc-result'; id: number; outcome: RpcOutcome; /** What the callee threw, with its stack: for the callee's own record only, never sent to the caller. */ exception?: SerializedError }
  /** The answer to `object-lease-end`: `unused` (ms since its last call) when the lease is kept, absent when given back. */
  | { t: 'object-lease-ended'; seq: number; unused?: number }
  /**
   * A call the isolate runs under its lease (bindings/coordination/leases.ts) is an event of the object's own,
   * numbered by the isolate below zero. `object-local` announces it, only once it has a log line to send (which
   * names it); `object-local-end` ends it (with what it threw), and says what it was (`call`) if never announced.
   */
  | ({ t: 'object-local'; id: number } & LeasedCallTrace)
  | { t: 'object-local-end'; id: number; exception?: SerializedError; call?: LeasedCallTrace }
  | RpcIsolateMessage
  | { t: 'call'; id: number; binding: string; method: string; args: readonly unknown[]; event?: number; /** The isolate waits blocked for the answer (sync-bridge.ts): its relay delivers it, and strips this mark. */ sync?: true }
  /** `event`: the fetch event the line belongs to, when there is one (the host adds its request id). */
  | { t: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; message: string; event?: number }
  | SocketIsolateMessage
  | TcpIsolateMessage;

/** Bytes one side may send ahead of the other's consumption before it waits for credit. */
export const STREAM_WINDOW_BYTES = 1 << 20;

/**
 * What the host holds of a response body its client has not read, beyond the largest chunk of that body: an isolate
 * that waits for credit keeps it near a window and a chunk, so more means it sent past its credit (code that replaced
 * the realm's built-ins can put any message in its batches), and the response is cut off rather than held.
 */
export const RESPONSE_UNREAD_LIMIT_BYTES = 16 * STREAM_WINDOW_BYTES;

/** Converts an error from application code into its thread-safe form. */
export function serializeError(err: unknown): SerializedError {
  if (err instanceof Error) {
    const out: SerializedError = { name: err.name, message: err.message };
    if (err.stack !== undefined) out.stack = err.stack;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string') out.code = code;
    if ((err as { remote?: unknown }).remote === true) out.remote = true;
    return out;
  }
  return { name: 'NonError', message: `a non-Error value was thrown: ${safeString(err)}` };
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'string' ? JSON.stringify(value) : String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
