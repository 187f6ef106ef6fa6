/**
 * The isolate side of a deployment: runs inside a worker thread, loads the bundled application and
 * turns host messages into `fetch(request, env, ctx)` events. Application code shares this realm, so
 * web-standard classes are the real ones and `instanceof` works across libraries. Before the bundle
 * loads, globals/ takes Node's host objects out of the global scope and guards imports, so this file
 * uses `process` only through its own import (docs/architecture.md says what this does not protect).
 */
import process from 'node:process';
import { parentPort, workerData } from 'node:worker_threads';
import { AsyncLocalStorage } from 'node:async_hooks';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { ISOLATE_PART_EXPORT, isIsolatePart, type RpcCallee } from '../bindings/isolate-part.js';
import { typedCall } from '../bindings/protocol.js';
import { decodeBody } from '../bindings/queues/codec.js';
import { QUEUE_LIMITS } from '../bindings/queues/limits.js';
import { runWorkflow } from '../bindings/workflows/run.js';
import type { WorkflowRunEvent } from '../bindings/workflows/protocol.js';
import { dropInstance, gateRunningObjectAnswer, releaseOutcome, runObjectEvent, runningObjectGate, runningObjectUnconfirmed, settleCarriedWrites, thrownOf, type InstanceContext } from '../bindings/coordination/instances.js';
import { setObjectValuesAccount } from '../bindings/coordination/rpc-values.js';
import { endLease, grantLease, installLeasedRunner } from '../bindings/coordination/leases.js';
import { WebSocketRequestResponsePair, installObjectSockets, takeSocketFlush } from '../bindings/coordination/websockets-isolate.js';
import { createObjectSocketSupport } from './websockets/object-sockets.js';
import type { CarriedWrites, ObjectEvent, ObjectOutcome } from '../bindings/coordination/protocol.js';
import { OBJECT_STORAGE_SERVICE } from '../bindings/coordination/service-name.js';
import { BATCH_LIMIT, batchLimitOf, createBatchSender, isolateMessageBytes } from './batch-port.js';
import { createConsoleBudget } from './console-budget.js';
import { createSyncCaller } from './sync-bridge.js';
import type { WorkerExtras } from './isolate-guard-protocol.js';
import { RUNTIME_USER_AGENT } from './globals/web/navigator.js';
import { toProcessEnv } from './globals/process-env.js';
import { defineRequestCf, guardApplicationImports, installGlobalScope } from './globals/index.js';
import { installResponse, responseWebSocket, takeBodySource } from './response.js';
import { createIncomingRequest, installIncomingRequestSignal } from './incoming-request.js';
import { installCaches } from '../bindings/cache/caches.js';
import { CACHE_SERVICE } from '../bindings/cache/limits.js';
import type { CacheProtocol } from '../bindings/cache/protocol.js';
import { createIsolateSockets, installWebSocketGlobals, isWebSocketRequest } from './websockets/isolate-sockets.js';
import { setSocketOutputGate } from './websockets/output-gate.js';
import { LOOPBACK_BINDING, type LoopbackStubs } from '../bindings/services/loopback-isolate.js';
import { installRuntimeHooks, completeLoopbackExports, loopbackExports, toEventHandler } from './runtime-hooks.js';
import { createIsolateTcp } from './tcp/isolate-tcp.js';
import { createIsolateRpc, sendable } from './rpc/isolate-side.js';
import { disposeStubs } from './rpc/session.js';
import { callEntrypoint } from './rpc/entrypoint.js';
import { STREAM_WINDOW_BYTES, serializeError, type LeasedCallTrace, type RpcEventCall, type HostMessage, type IsolateMessage, type FlatHeaders, type SerializedError, type ScheduledFiring, type QueueBatchEvent, type QueueDecision } from './protocol.js';
// Last: a standby isolate waits here for its init, with everything above already loaded.
import { init, onHostMessages } from './isolate-init.js';

interface ExecutionContext {
  waitUntil(promise: unknown): void;
  passThroughOnException(): void;
  readonly props: Record<string, unknown>;
  /** The deployment's loopback bindings, as `exports` of the runtime module (runtime-hooks.ts). */
  readonly exports: Readonly<Record<string, unknown>>;
}

interface FetchHandler {
  fetch?: (request: Request, env: Record<string, unknown>, ctx: ExecutionContext) => unknown;
  scheduled?: (controller: unknown, env: Record<string, unknown>, ctx: ExecutionContext) => unknown;
  queue?: (batch: unknown, env: Record<string, unknown>, ctx: ExecutionContext) => unknown;
}

interface EventState {
  subrequests: number;
  /** The event's ctx.waitUntil list, which `waitUntil` from ledge:workers extends too. */
  waits: Promise<unknown>[];
  /** The event's id: its log lines and binding calls name it, so the host logs them with its request id and records them with the event. */
  fetchId?: number;
  /** RPC links the event opened (its calls through service bindings): closed when the event ends, releasing their stubs. */
  links?: number[];
}

interface RequestState {
  id: number;
  abort: AbortController;
  /**
   * Whether the host aborted the event. Read here rather than `abort.signal.aborted`: Node makes the signal
   * lazily and making it costs about 3 µs, so an event whose handler never asks for it should not pay for it.
   */
  aborted: boolean;
  body: ReadableStreamDefaultController<Uint8Array> | undefined;
  queued: Uint8Array[];
  ended: boolean;
  pullWaiter: (() => void) | undefined;
  reader: ReadableStreamDefaultReader<unknown> | undefined;
  outstanding: number;
  creditWaiter: (() => void) | undefined;
}

const port = parentPort;
if (!port) throw new Error('isolate-main must run in a worker thread');
// A sandbox's isolate batches more per post, bounded by bytes too (batch-port.ts, CHANNEL_BATCH_LIMIT).
const batchLimit = batchLimitOf((workerData as Partial<WorkerExtras> | null)?.batchLimit);
const send = createBatchSender<IsolateMessage>(port, batchLimit, batchLimit > BATCH_LIMIT ? isolateMessageBytes : undefined);

process.setSourceMapsEnabled(true);
const heartbeat = new Int32Array(init.heartbeat);
setInterval(() => Atomics.add(heartbeat, 0, 1), 5);

installConsole();
installResponse();
installIncomingRequestSignal();
installWebSocketGlobals();
const sockets = createIsolateSockets(send);
const objectSockets = createObjectSocketSupport(sockets);
installObjectSockets(objectSockets);
// What a coordination object sends on a WebSocket waits for the writes it made before (reference §4.2, output gate).
setSocketOutputGate(runningObjectUnconfirmed);
Object.defineProperty(globalThis, 'WebSocketRequestResponsePair', { value: WebSocketRequestResponsePair, writable: true, configurable: true });
const tcp = createIsolateTcp(send);
Object.defineProperty(globalThis, 'self', { value: globalThis, writable: true, configurable: true });
Object.defineProperty(globalThis, 'navigator', { value: Object.freeze({ userAgent: RUNTIME_USER_AGENT }), writable: true, configurable: true });

const events = new AsyncLocalStorage<EventState>();
installSubrequestLimit();

process.on('unhandledRejection', (reason) => log('error', `Uncaught (in promise) ${describe(reason)}`));
process.on('uncaughtException', (err) => log('error', `Uncaught ${describe(err)}`));

// Links a call opens belong to the event making it: they close (and their stubs are released) when it ends.
// A call a coordination object makes waits at its output gate (bindings/coordination/instances.ts).
const rpc = createIsolateRpc(send, {
  onOpen(link) {
    const event = events.getStore();
    if (event) (event.links ??= []).push(link);
  },
  outputGate: runningObjectGate,
  answerGate: gateRunningObjectAnswer,
});
// Coordination-object ids and stubs arriving over RPC must name a namespace of this account (rpc-values.ts).
setObjectValuesAccount(init.account);
const rpcCaller = { call: rpc.session.call.bind(rpc.session), callLocal: rpc.session.callLocal.bind(rpc.session) };
/** The callee side of the session, as a coordination object's events use it (bindings/coordination/instances.ts). */
const objectRpc: RpcCallee = {
  accept(link, guard) {
    rpc.session.accept(link);
    rpc.session.guard(link, guard);
  },
  decode: (link, value, made) => rpc.session.decode(link, value, made),
  encode: (link, value) => rpc.session.encode(link, value),
  release: disposeStubs,
  finish: (link) => rpc.session.finishIncoming(link),
};

/** Ends the RPC links an event opened. */
function closeLinks(event: EventState): void {
  const links = event.links;
  if (!links || links.length === 0) return;
  for (const link of links.splice(0)) rpc.session.close(link);
}

const calls = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
let nextCall = 1;
const env: Record<string, unknown> = { ...init.vars };
// First: a standby isolate's import guard holds every import until it has its policy (globals/index.ts).
guardApplicationImports({ bundlePath: init.bundlePath, nodejsCompat: init.nodejsCompat, nodejsAls: init.nodejsAls });
// Each kind's isolate half comes from the module its plugin names (bindings/isolate-part.ts): the worker
// loads exactly the kinds this deployment binds, before application code runs (as Ledge's code, which the guard lets through).
/** Listeners of the bindings whose writes the host pushes (`binding-push`), by binding name. */
const pushListeners = new Map<string, (data: unknown) => void>();
for (const { name, kind, module, options, watched } of init.bindings) {
  const loaded: unknown = await import(module);
  const part = typeof loaded === 'object' && loaded !== null && ISOLATE_PART_EXPORT in loaded ? loaded[ISOLATE_PART_EXPORT] : undefined;
  if (!isIsolatePart(part, kind)) throw new Error(`${module} does not export the isolate part of the binding kind ${kind}`);
  const onPush = watched ? (listener: (data: unknown) => void) => { pushListeners.set(name, listener); } : undefined;
  env[name] = part.create((method, args) => callBinding(name, method, args), { compatibilityDate: init.compatibilityDate, ...(options ? { options } : {}), rpc: rpcCaller, webSockets: objectSockets, ...(onPush ? { onPush } : {}) });
}
// The platform's own bindings (names no configuration can take: `ledge:loopback`, `ledge:class:<Class>`) only make
// `exports` (runtime-hooks.ts), and leave `env`.
const loopback = env[LOOPBACK_BINDING] as LoopbackStubs | undefined;
const ownExports = loopbackExports(init.bindings, env);
for (const { name } of init.bindings) if (name.startsWith('ledge:')) Reflect.deleteProperty(env, name);
installCaches(typedCall<CacheProtocol>((method, args) => callBinding(CACHE_SERVICE, method, args)));
installRuntimeHooks({
  env,
  waitUntil(promise) {
    const event = events.getStore();
    if (!event) throw new Error('waitUntil() was called outside of an event; call it while handling a request, a cron window or a queue batch');
    event.waits.push(Promise.resolve(promise));
  },
  connect: (address, options) => tcp.connect(address, options),
  exports: ownExports,
});

/** One call to a binding's host-side service; errors come back as the TypeError or Error the service chose. */
function callBinding(binding: string, method: string, args: readonly unknown[]): Promise<unknown> {
  // A coordination object's calls to other bindings wait at its output gate; its calls to its own storage never do.
  if (binding === OBJECT_STORAGE_SERVICE) return postCall(binding, method, args);
  // Their answers wait at its input gate (reference §4.2), as incoming events do.
  const gate = runningObjectGate();
  return gateRunningObjectAnswer(gate ? gate.then(() => postCall(binding, method, args)) : postCall(binding, method, args));
}

function postCall(binding: string, method: string, args: readonly unknown[]): Promise<unknown> {
  const id = nextCall++;
  return new Promise((resolve, reject) => {
    calls.set(id, { resolve, reject });
    send({ t: 'call', id, binding, method, args, event: events.getStore()?.fetchId });
  });
}

const syncCall = createSyncCaller((workerData as Partial<WorkerExtras> | undefined)?.sync, send);

/** One call to a binding's host-side service that blocks until its answer (sync-bridge.ts): the synchronous storage API's. */
function callBindingSync(binding: string, method: string, args: readonly unknown[]): unknown {
  const id = nextCall++;
  const answer = syncCall({ t: 'call', id, binding, method, args, event: events.getStore()?.fetchId });
  if (answer.error) throw callError(answer.error);
  return answer.value;
}

function callError(error: SerializedError): Error {
  const options = error.cause === undefined ? undefined : { cause: new Error(error.cause) };
  return error.name === 'TypeError' ? new TypeError(error.message, options) : new Error(error.message, options);
}

function settleCall(id: number, value: unknown, error: SerializedError | undefined): void {
  const pending = calls.get(id);
  if (!pending) return;
  calls.delete(id);
  if (error) pending.reject(callError(error));
  else pending.resolve(value);
}
const requests = new Map<number, RequestState>();
let handler: FetchHandler | undefined;
let moduleExports: Record<string, unknown> = {};

onHostMessages((messages) => {
  for (const message of messages) receive(message);
});

function receive(message: HostMessage): void {
  switch (message.t) {
    case 'req': void runFetch(message.id, message.method, message.url, message.headers, message.hasBody, message.httpProtocol); break;
    case 'req-chunk': pushBody(message.id, message.chunk); break;
    case 'req-end': endBody(message.id); break;
    case 'abort': abortRequest(message.id, message.reason); break;
    case 'res-credit': credit(message.id); break;
    case 'call-result': settleCall(message.id, message.value, message.error); break;
    case 'binding-push': pushListeners.get(message.binding)?.(message.data); break;
    case 'scheduled': void runScheduled(message); break;
    case 'queue': void runQueue(message); break;
    case 'ws-message': case 'ws-close': case 'ws-drained': case 'ws-opened': case 'ws-refused': sockets.receive(message); break;
    case 'tcp-opened': case 'tcp-data': case 'tcp-written': case 'tcp-eof': case 'tcp-closed': tcp.receive(message); break;
    case 'workflow': void runWorkflowEvent(message.id, message.run); break;
    case 'object': void runObject(message.id, message.event); break;
    case 'object-drop': dropInstance(message.namespace, message.objectId); break;
    case 'object-written': settleCarriedWrites(message.seq, message.error); break;
    case 'object-lease': grantLease(message.lease); break;
    case 'object-lease-end': void endLease(message.namespace, message.objectId, message.idleMs).then((unused) => send(unused === undefined ? { t: 'object-lease-ended', seq: message.seq } : { t: 'object-lease-ended', seq: message.seq, unused })); break;
    case 'rpc-event': void runRpcEvent(message.id, message); break;
    case 'rpc-reply': case 'rpc-invoke': case 'rpc-release': case 'rpc-close': rpc.receive(message); break;
  }
}

try {
  installGlobalScope({ bundlePath: init.bundlePath, nodejsCompat: init.nodejsCompat, processEnv: init.populateProcessEnv ? toProcessEnv(init.vars) : {} });
  const mod = (await import(pathToFileURL(init.bundlePath).href)) as { default?: FetchHandler };
  moduleExports = mod as Record<string, unknown>;
  completeLoopbackExports(ownExports, moduleExports, loopback);
  handler = toEventHandler(mod.default) as FetchHandler | undefined;
  send({ t: 'ready', hasFetch: typeof handler?.fetch === 'function' });
} catch (err) {
  send({ t: 'load-error', error: serializeError(err) });
}

async function runFetch(id: number, method: string, url: string, flat: FlatHeaders, hasBody: boolean, httpProtocol: string | undefined): Promise<void> {
  const state: RequestState = { id, abort: new AbortController(), aborted: false, body: undefined, queued: [], ended: false, pullWaiter: undefined, reader: undefined, outstanding: 0, creditWaiter: undefined };
  requests.set(id, state);
  const waits: Promise<unknown>[] = [];
  const ctx: ExecutionContext = {
    waitUntil(promise) { waits.push(Promise.resolve(promise)); },
    passThroughOnException() { /* No origin stands behind a Ledge deployment; an exception still yields the 500 (docs/runtime.md). */ },
    props: {},
    exports: ownExports,
  };
  let reported = false;
  const eventState: EventState = { subrequests: 0, waits, fetchId: id };
  await events.run(eventState, async () => {
    try {
      const fetchFn = handler?.fetch;
      if (typeof fetchFn !== 'function') {
        send({ t: 'fail', id, code: 'no_fetch_handler', error: { name: 'Error', message: 'the entry module has no default export with a fetch(request, env, ctx) method' } });
        return;
      }
      const request = createIncomingRequest(url, {
        method,
        body: hasBody ? bodyStream(state) : null,
        // A signal costs a WeakRef and a finalizer per request in Node's fetch, so it is opt-in, as on the edge.
        signal: init.requestSignal ? state.abort.signal : null,
      }, flat);
      defineRequestCf(request, { httpProtocol });
      const result = await fetchFn.call(handler, request, env, ctx);
      if (!(result instanceof Response)) {
        send({ t: 'fail', id, code: 'invalid_response', error: { name: 'TypeError', message: `fetch() returned ${describe(result)} instead of a Response` } });
        return;
      }
      reportUsage(id, eventState);
      reported = await respond(id, result, state, waits.length === 0);
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code === 'too_many_subrequests' ? 'too_many_subrequests' : 'internal_error';
      send({ t: 'fail', id, code, error: serializeError(err) });
    }
  });
  requests.delete(id);
  if (reported && waits.length === 0) {
    closeLinks(eventState);
    return;
  }
  await settleWaitUntil(waits, id);
  closeLinks(eventState);
  reportUsage(id, eventState);
  send({ t: 'done', id });
}

/**
 * A call through another deployment's service binding: `method` (or `fetch`) of the entrypoint it names,
 * with `ctx.props` from the binding and `ctx.caller` from the platform (docs/bindings/services.md).
 */
async function runRpcEvent(id: number, call: RpcEventCall): Promise<void> {
  const waits: Promise<unknown>[] = [];
  const ctx = {
    waitUntil(promise: unknown) { waits.push(Promise.resolve(promise)); },
    passThroughOnException() { /* no origin stands behind a Ledge deployment */ },
    props: Object.freeze({ ...call.props }),
    caller: Object.freeze({ deployment: call.caller }),
    exports: ownExports,
  };
  const eventState: EventState = { subrequests: 0, waits, fetchId: id };
  await events.run(eventState, async () => {
    // The caller gets the error's name and message; the callee's record (and issues) get what was thrown, stack included.
    let thrown: { error: unknown } | undefined;
    const outcome = await rpc.runIncoming(call.link, call.args, async (args) => {
      try {
        return await callEntrypoint({ exports: moduleExports, env, ctx, entrypoint: call.entrypoint, method: call.method, args });
      } catch (err) {
        thrown = { error: err };
        throw err;
      }
    });
    reportUsage(id, eventState);
    send(thrown && 'error' in outcome ? { t: 'rpc-result', id, outcome, exception: serializeError(thrown.error) } : { t: 'rpc-result', id, outcome });
  });
  await settleWaitUntil(waits, id);
  closeLinks(eventState);
  send({ t: 'done', id });
}

/** Tells the host how many outbound fetches the event made (for its invocation record), when it made any. */
function reportUsage(id: number, event: EventState): void {
  if (event.subrequests > 0) send({ t: 'usage', id, subrequests: event.subrequests });
}

/** Sends the response; returns true when the head message also told the host the event is over. */
/** A cron window: `scheduled(controller, env, ctx)` with the window's logical time and identity. */
async function runScheduled(firing: ScheduledFiring & { id: number }): Promise<void> {
  const waits: Promise<unknown>[] = [];
  let noRetry = false;
  const ctx: ExecutionContext = {
    waitUntil(promise) { waits.push(Promise.resolve(promise)); },
    passThroughOnException() { /* not meaningful for scheduled events */ },
    props: {},
    exports: ownExports,
  };
  const controller = Object.freeze({
    type: 'scheduled',
    cron: firing.cron,
    scheduledTime: firing.scheduledTime,
    window: Object.freeze({ start: firing.window.start, end: firing.window.end }),
    firingId: firing.firingId,
    late: firing.late,
    noRetry() { noRetry = true; },
  });
  const eventState: EventState = { subrequests: 0, waits, fetchId: firing.id };
  await events.run(eventState, async () => {
    const scheduled = handler?.scheduled;
    if (typeof scheduled !== 'function') {
      send({ t: 'scheduled-result', id: firing.id, outcome: 'no-handler', noRetry: true });
      return;
    }
    try {
      await scheduled.call(handler, controller, env, ctx);
      await settleWaitUntil(waits);
      reportUsage(firing.id, eventState);
      send({ t: 'scheduled-result', id: firing.id, outcome: 'ok', noRetry });
    } catch (err) {
      reportUsage(firing.id, eventState);
      send({ t: 'scheduled-result', id: firing.id, outcome: 'exception', noRetry, error: serializeError(err) });
    }
  });
  closeLinks(eventState);
  send({ t: 'done', id: firing.id });
}

/**
 * A queue batch: `queue(batch, env, ctx)`. The first ack or retry of a message wins and beats ackAll or
 * retryAll; a handler that returns acks what nobody decided; one that throws retries every message not
 * explicitly acked. Decisions go back to the host, which settles them in one step.
 */
async function runQueue(event: QueueBatchEvent & { id: number }): Promise<void> {
  const waits: Promise<unknown>[] = [];
  const own: (QueueDecision | undefined)[] = event.messages.map(() => undefined);
  let all: QueueDecision | undefined;
  const ctx: ExecutionContext = {
    waitUntil(promise) { waits.push(Promise.resolve(promise)); },
    passThroughOnException() { /* not meaningful for queue events */ },
    props: {},
    exports: ownExports,
  };
  const ignored = (what: string, id: string, earlier: QueueDecision) => send({ t: 'log', level: 'warn', event: event.id, message: `Received a call to ${what} on message ${id} after ${earlier.ack ? 'ack()' : 'retry()'} was already called. Calling ${what} on a message after calling ${earlier.ack ? 'ack()' : 'retry()'} has no effect.` });
  const messages = Object.freeze(event.messages.map((m, i) => {
    let decoded: { value: unknown } | undefined;
    return Object.freeze({
      id: m.id,
      timestamp: new Date(m.timestamp),
      attempts: m.attempts,
      get body() {
        decoded ??= { value: decodeBody(m.body, m.contentType) };
        return decoded.value;
      },
      ack() {
        const earlier = own[i];
        if (earlier) ignored('ack()', m.id, earlier);
        else own[i] = { ack: true };
      },
      retry(options?: { delaySeconds?: number }) {
        const delaySeconds = retryDelay(options);
        const earlier = own[i];
        if (earlier) ignored('retry()', m.id, earlier);
        else own[i] = { ack: false, delaySeconds };
      },
    });
  }));
  const batch = Object.freeze({
    queue: event.queue,
    messages,
    ackAll() { all ??= { ack: true }; },
    retryAll(options?: { delaySeconds?: number }) { const delaySeconds = retryDelay(options); all ??= { ack: false, delaySeconds }; },
  });
  const eventState: EventState = { subrequests: 0, waits, fetchId: event.id };
  await events.run(eventState, async () => {
    const queue = handler?.queue;
    if (typeof queue !== 'function') {
      send({ t: 'queue-result', id: event.id, outcome: 'no-handler', decisions: own.map(() => ({ ack: false, delaySeconds: null })) });
      return;
    }
    try {
      await queue.call(handler, batch, env, ctx);
      await settleWaitUntil(waits);
      reportUsage(event.id, eventState);
      send({ t: 'queue-result', id: event.id, outcome: 'ok', decisions: own.map((d) => d ?? all ?? { ack: true }) });
    } catch (err) {
      reportUsage(event.id, eventState);
      send({ t: 'queue-result', id: event.id, outcome: 'exception', decisions: own.map((d) => d ?? all ?? { ack: false, delaySeconds: null }), error: serializeError(err) });
    }
  });
  closeLinks(eventState);
  send({ t: 'done', id: event.id });
}

/** One workflow run: the class's run() with its `step` (bindings/workflows/run.ts); binding calls count as the event's. */
async function runWorkflowEvent(id: number, run: WorkflowRunEvent): Promise<void> {
  // The event's id: console lines of the run (its step.do callbacks included) land in the run's record.
  const waits: Promise<unknown>[] = [];
  await events.run({ subrequests: 0, waits, fetchId: id }, async () => {
    const result = await runWorkflow(run, { exports: moduleExports, env, call: callBinding, waitUntil: (promise) => { waits.push(promise); }, loopback: ownExports });
    send({ t: 'workflow-result', id, result });
  });
  // Its ctx.waitUntil work (and waitUntil() of ledge:workers) runs on within the usual bound; rejections are logged.
  await settleWaitUntil(waits, id);
  send({ t: 'done', id });
}

/**
 * What coordination objects' instances are given (one for all of them: an instance keeps it past the event that
 * made it). `ctx.waitUntil` of an object extends the event its code runs in now, not the one that constructed it.
 */
let instanceContext: InstanceContext | undefined;
function objectContext(): InstanceContext {
  instanceContext ??= {
    exports: moduleExports,
    env,
    call: callBinding,
    callSync: callBindingSync,
    rpc: objectRpc,
    loopback: ownExports,
    waitUntil(promise) {
      events.getStore()?.waits.push(promise);
    },
  };
  return instanceContext;
}

/** One event of a coordination object (bindings/coordination/instances.ts); its ctx.waitUntil work runs within the usual bound. */
async function runObject(id: number, event: ObjectEvent): Promise<void> {
  const waits: Promise<unknown>[] = [];
  // The event's id: the object's console lines land in the record of its alarm or call.
  const eventState: EventState = { subrequests: 0, waits, fetchId: id };
  let finished = false;
  await events.run(eventState, async () => {
    let outcome = await runObjectEvent(event, objectContext());
    // Writes still queued travel on the result (taken here, posted below in this same turn), or the gate waits for them.
    const released = releaseOutcome(outcome);
    let writes: CarriedWrites | undefined;
    if (released instanceof Promise) outcome = await released;
    else writes = released.writes;
    const carriedWrites = writes === undefined ? {} : { writes };
    // A result the transport cannot carry (caught before posting) becomes the call's error.
    const carried = outcome.ok ? sendable({ value: outcome.value }) : undefined;
    const thrown = thrownOf(outcome);
    // No ctx.waitUntil work: the event ends with its result, as a fetch's with its head (one message fewer per call).
    finished = waits.length === 0;
    const done = finished ? { done: true as const } : {};
    // What the object threw, with its stack, goes to its own record (issues name its line); the caller gets name and message.
    if (thrown !== undefined) send({ t: 'object-result', id, outcome, exception: serializeError(thrown), ...done, ...carriedWrites });
    else send({ t: 'object-result', id, outcome: carried && 'error' in carried ? { ok: false, error: carried.error } : outcome, ...done, ...carriedWrites });
    // A socket joined to this isolate sends what its object wrote before the response only once the host knows it.
    if (outcome.ok) takeSocketFlush(outcome.response)?.();
  });
  if (finished) {
    closeLinks(eventState);
    return;
  }
  await settleWaitUntil(waits, id);
  // Stubs the object received from its own calls live until its event ends, as for any event (docs/bindings/services.md).
  closeLinks(eventState);
  send({ t: 'done', id });
}

/** Numbers of the events this isolate runs under its leases: below zero, apart from the host's. */
let nextLeasedEvent = -1;

/**
 * A call this isolate runs on an object it holds under the host's lease (bindings/coordination/leases.ts): the
 * object's own event (its console lines and outcome make its record, as for a call the host delivers), whose
 * ctx.waitUntil work extends the caller's event, within which it runs.
 */
installLeasedRunner(async (event) => {
  const id = nextLeasedEvent--;
  const caller = events.getStore();
  const waits = caller?.waits ?? [];
  const from = waits.length;
  const eventState: EventState = { subrequests: 0, waits, fetchId: id };
  // Announced to the host only if it logs (log()); otherwise its one message is its end.
  const call = { namespace: event.namespace, objectId: event.id, method: event.kind === 'rpc' ? event.method : event.kind, startedAt: Date.now() };
  unannounced.set(id, call);
  let outcome: ObjectOutcome;
  try {
    outcome = await events.run(eventState, () => runObjectEvent(event, objectContext(), true));
  } catch (err) {
    outcome = { ok: false, error: { name: 'Error', message: String((err as Error)?.message ?? err) } };
  }
  const thrown = thrownOf(outcome);
  const end = (): void => {
    // The links its code opened close when it ends.
    closeLinks(eventState);
    const never = unannounced.get(id);
    unannounced.delete(id);
    // The usual end (no exception, never announced) as one literal, without spreading empty objects into it.
    if (thrown === undefined && !never) send({ t: 'object-local-end', id });
    else send({ t: 'object-local-end', id, ...(thrown === undefined ? {} : { exception: serializeError(thrown) }), ...(never ? { call: never } : {}) });
  };
  // Work it left to ctx.waitUntil keeps it open (its lines land in its record) within the usual bound; the caller's
  // event waits for that work too, and reports its failures, so they are not reported twice.
  if (waits.length === from) {
    end();
    return outcome;
  }
  const added = waits.slice(from);
  if (caller) {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise((resolve) => { timer = setTimeout(resolve, init.waitUntilMs); });
    void Promise.race([Promise.allSettled(added), bound]).then(() => { clearTimeout(timer); end(); });
  }
  else void settleWaitUntil(added, id).then(end);
  return outcome;
});

/** Calls run under a lease that the host has not been told of yet (they have sent no log line). */
const unannounced = new Map<number, LeasedCallTrace>();

function retryDelay(options: { delaySeconds?: number } | undefined): number | null {
  const value = options?.delaySeconds;
  if (value === undefined) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > QUEUE_LIMITS.maxDelaySeconds) {
    throw new TypeError(`retry(): delaySeconds must be an integer from 0 to ${QUEUE_LIMITS.maxDelaySeconds} (12 hours), got ${String(value)}`);
  }
  return value;
}

async function respond(id: number, response: Response, state: RequestState, finished: boolean): Promise<boolean> {
  const headers: FlatHeaders = [];
  for (const [name, value] of response.headers) headers.push(name, value);
  const head = { t: 'head' as const, id, status: response.status, statusText: response.statusText, headers };
  const socket = responseWebSocket(response);
  if (state.aborted) {
    // The host gave up on this event before the response (wall time): nothing will read the body or join the socket.
    void response.body?.cancel(state.abort.signal.reason).catch(() => undefined);
    if (socket) sockets.abandon(socket);
    return false;
  }
  const handoff = socket ? sockets.takeHandoff(socket) : undefined;
  if (handoff !== undefined) {
    // A coordination object's socket (return stub.fetch(request)): the host joins the client to the object's end.
    send({ ...head, body: null, streaming: false, webSocketHandoff: handoff, ...(finished ? { done: true } : {}) });
    return finished;
  }
  if (socket) {
    // A 101 answer: the host joins the client's connection to this socket (websockets/isolate-sockets.ts).
    const { sid, flush } = sockets.attach(socket);
    send({ ...head, body: null, streaming: false, webSocket: sid, ...(finished ? { done: true } : {}) });
    flush();
    return finished;
  }
  const source = takeBodySource(response);
  if (source !== undefined) {
    // The common case, built as one literal: spreading `head` and an optional `done` costs a hello a few
    // object copies of changing shapes per response.
    const message: IsolateMessage = { t: 'head', id, status: head.status, statusText: head.statusText, headers, body: source, streaming: false };
    if (finished) message.done = true;
    send(message);
    return finished;
  }
  if (response.body === null) {
    send({ ...head, body: null, streaming: false });
    return false;
  }
  const reader = response.body.getReader() as ReadableStreamDefaultReader<unknown>;
  state.reader = reader;
  const first = await reader.read();
  if (first.done) {
    send({ ...head, body: null, streaming: false });
    return false;
  }
  // Bodies made from a string or buffer are complete after one chunk: send them with the head in one message.
  const pending = reader.read();
  const second = await Promise.race([pending, new Promise<null>((resolve) => setImmediate(resolve, null))]);
  if (second?.done) {
    send({ ...head, body: toBytes(first.value), streaming: false });
    return false;
  }
  send({ ...head, body: toBytes(first.value), streaming: true });
  try {
    let next = second ?? (await pending);
    while (!next.done) {
      await sendChunk(id, state, toBytes(next.value));
      // An abort (the client went away, or wall time) cancelled the reader: the host reads no more.
      if (state.aborted) return false;
      next = await reader.read();
    }
    if (!state.aborted) send({ t: 'res-end', id });
  } catch (err) {
    if (!state.aborted) send({ t: 'res-error', id, error: serializeError(err) });
  }
  return false;
}

async function sendChunk(id: number, state: RequestState, chunk: Uint8Array): Promise<void> {
  while (state.outstanding >= STREAM_WINDOW_BYTES && !state.aborted) await new Promise<void>((resolve) => { state.creditWaiter = resolve; });
  if (state.aborted) return;
  state.outstanding += chunk.byteLength;
  send({ t: 'res-chunk', id, chunk });
}

/** The host has written everything sent so far. */
function credit(id: number): void {
  const state = requests.get(id);
  if (!state) return;
  state.outstanding = 0;
  const waiter = state.creditWaiter;
  state.creditWaiter = undefined;
  waiter?.();
}

function bodyStream(state: RequestState): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) { state.body = controller; },
    async pull(controller) {
      while (state.queued.length === 0 && !state.ended) await new Promise<void>((resolve) => { state.pullWaiter = resolve; });
      const chunk = state.queued.shift();
      if (chunk) {
        controller.enqueue(chunk);
        if (state.queued.length === 0) sendCredit(state);
      } else controller.close();
    },
  }, { highWaterMark: 0 });
}

function sendCredit(state: RequestState): void {
  send({ t: 'req-credit', id: state.id });
}

function pushBody(id: number, chunk: Uint8Array): void {
  const state = requests.get(id);
  if (!state) return;
  state.queued.push(chunk);
  wake(state);
}

function endBody(id: number): void {
  const state = requests.get(id);
  if (!state) return;
  state.ended = true;
  wake(state);
}

function wake(state: RequestState): void {
  const waiter = state.pullWaiter;
  state.pullWaiter = undefined;
  waiter?.();
}

function abortRequest(id: number, reason: string): void {
  const state = requests.get(id);
  if (!state) return;
  state.aborted = true;
  state.abort.abort(new DOMException(reason, 'AbortError'));
  state.body?.error(new DOMException(reason, 'AbortError'));
  void state.reader?.cancel(reason).catch(() => undefined);
  state.ended = true;
  wake(state);
  credit(id);
}

async function settleWaitUntil(waits: Promise<unknown>[], fetchId?: number): Promise<void> {
  if (waits.length === 0) return;
  const deadline = Date.now() + init.waitUntilMs;
  let settled = 0;
  // Work passed to waitUntil may itself call waitUntil; keep going until no new work appears.
  while (settled < waits.length) {
    const batch = waits.slice(settled);
    settled = waits.length;
    const remaining = deadline - Date.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => { timer = setTimeout(resolve, Math.max(0, remaining), 'timeout'); });
    const outcome = await Promise.race([Promise.allSettled(batch), timeout]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      log('warn', `ctx.waitUntil() work was still running ${init.waitUntilMs / 1000} s after the response and was abandoned`, fetchId);
      return;
    }
    for (const result of outcome) {
      if (result.status === 'rejected') log('error', `ctx.waitUntil() promise rejected: ${describe(result.reason)}`, fetchId);
    }
  }
}

function installConsole(): void {
  const levels = { log: 'info', info: 'info', debug: 'debug', trace: 'debug', warn: 'warn', error: 'error' } as const;
  // Each event's console output is bounded (console-budget.ts): a flood ends in one notice, not a full log.
  const admit = createConsoleBudget();
  for (const [method, level] of Object.entries(levels)) {
    (console as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const event = events.getStore();
      const { line, notice } = admit(event, format(...args));
      if (line !== undefined) log(level, line, event?.fetchId);
      if (notice !== undefined) log('warn', notice, event?.fetchId);
    };
  }
}

/** One log line to the host, naming the fetch event it belongs to (the running one unless given). */
function log(level: 'debug' | 'info' | 'warn' | 'error', message: string, fetchId = events.getStore()?.fetchId): void {
  // A line of a call run under a lease: the host learns of the call first, so the line lands in its record.
  const call = fetchId !== undefined && fetchId < 0 ? unannounced.get(fetchId) : undefined;
  if (call && fetchId !== undefined) {
    unannounced.delete(fetchId);
    send({ t: 'object-local', id: fetchId, ...call });
  }
  send(fetchId === undefined ? { t: 'log', level, message } : { t: 'log', level, message, event: fetchId });
}

function installSubrequestLimit(): void {
  const nativeFetch = globalThis.fetch;
  globalThis.fetch = function fetch(input: RequestInfo | URL, options?: RequestInit): Promise<Response> {
    const event = events.getStore();
    if (event && ++event.subrequests > init.subrequestLimit) {
      const err = Object.assign(new Error(`Too many subrequests: this event may make at most ${init.subrequestLimit} (limits.subrequests in ledge.jsonc)`), { code: 'too_many_subrequests' });
      return Promise.reject(err);
    }
    const go = (): Promise<Response> => isWebSocketRequest(input, options) ? sockets.connect(new Request(input, options)) : nativeFetch(input, options);
    // A coordination object's subrequest leaves once its confirmed writes are committed (reference §4.2, output gate).
    // Its response waits at the object's input gate (reference §4.2), as incoming events do.
    const gate = runningObjectGate();
    return gateRunningObjectAnswer(gate ? gate.then(go) : go());
  };
}

/** The chunk as bytes that own their whole buffer, so posting it copies no more than the chunk. */
function toBytes(chunk: unknown): Uint8Array {
  if (typeof chunk === 'string') return new TextEncoder().encode(chunk);
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk.slice(0));
  if (ArrayBuffer.isView(chunk)) {
    const view = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    return view.byteOffset === 0 && view.byteLength === view.buffer.byteLength ? view : view.slice();
  }
  throw new TypeError(`a response body stream produced ${describe(chunk)}; it must produce Uint8Array chunks`);
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return `an object (${Object.prototype.toString.call(value)})`;
  return `${typeof value} ${String(value)}`;
}
