/**
 * The instances an isolate holds, by namespace and id (docs/bindings/coordination.md). The host delivers each
 * event here only for objects it placed in this isolate; an event waits at the instance's input gate, runs,
 * and its result leaves only after the writes it made are committed (the output gate). Runs in the isolate.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RpcCallee, RpcLinkGuard } from '../isolate-part.js';
import { typedCall, type BindingTransport } from '../protocol.js';
import { InputGate } from './gates.js';
import { idFromName, namespaceKey } from './ids.js';
import { DurableObjectId, isRpcName } from './namespace.js';
import type { CarriedWrites, ObjectEvent, ObjectOutcome, ObjectResponse, ObjectStorageProtocol, RemoteError } from './protocol.js';
import { OBJECT_STORAGE_SERVICE } from './service-name.js';
import { ObjectStorage } from './storage.js';
import { attachSyncStorage, startSession, type SyncStorageCall } from './sync-storage.js';
import { applyHeldState, dropSocketMirror, isSocketEvent, runSocketEvent, socketMethods, socketRefOf } from './websockets-isolate.js';
import type { ObjectSocketProtocol } from './websockets-protocol.js';

/** How long `blockConcurrencyWhile` may hold an instance before it is reset (reference §4.2). */
export const BLOCK_CONCURRENCY_TIMEOUT_MS = 30_000;
const MAX_BLOCK_DEPTH = 8;

/** What the isolate gives the instances: the module's exports, `env`, and its binding transport. */
export interface InstanceContext {
  exports: Record<string, unknown>;
  env: Record<string, unknown>;
  call(binding: string, method: string, args: readonly unknown[]): Promise<unknown>;
  /** The same call, answered before it returns (the synchronous storage API: sync-storage.ts). */
  callSync(binding: string, method: string, args: readonly unknown[]): unknown;
  /** Keeps the isolate's event alive for `promise` (ctx.waitUntil of an object). */
  waitUntil(promise: Promise<unknown>): void;
  /** The isolate's RPC session: a call's arguments and result are encoded on the link the host joined for it. */
  rpc: RpcCallee;
  /** The deployment's loopback bindings (`ctx.exports`, the same object as `exports` of the runtime module). */
  loopback: Readonly<Record<string, unknown>>;
}

interface Instance {
  key: string;
  namespace: string;
  id: string;
  gate: InputGate;
  storage: ObjectStorage;
  /** The object, once its constructor has returned. */
  object: Record<string, unknown> | undefined;
  /** Set when the instance was reset: every later event builds a new one. */
  broken: Error | undefined;
  blockDepth: number;
  /** The gates on its calls' RPC links (linkGuard), made once: every call's link gets the same. */
  guard: RpcLinkGuard | undefined;
}

/** The instances by namespace, then id: an event finds its instance without building a key string. */
const instances = new Map<string, Map<string, Instance>>();

function instanceOf(namespace: string, id: string): Instance | undefined {
  return instances.get(namespace)?.get(id);
}

function forget(instance: Instance): void {
  const ids = instances.get(instance.namespace);
  if (ids?.get(instance.id) !== instance) return;
  ids.delete(instance.id);
  if (ids.size === 0) instances.delete(instance.namespace);
}

/** The instance whose code is running (its events, and calls on what it exported): its output gate holds the calls it makes. */
const running = new AsyncLocalStorage<Instance>();

/**
 * The output gate of the object whose code makes a call now, if any (reference §4.2: outgoing messages wait for
 * the writes confirmed to the object); the isolate's RPC session waits on it before every call it sends.
 */
export function runningObjectGate(): Promise<void> | undefined {
  return running.getStore()?.storage.confirmed();
}

/**
 * The writes the running object's WebSocket frames must wait for, or undefined when none is unconfirmed (reference
 * §4.2, output gate; runtime/websockets/output-gate.ts): known without a turn, so a frame with nothing to wait for leaves at once.
 */
export function runningObjectUnconfirmed(): Promise<void> | undefined {
  return running.getStore()?.storage.unconfirmed();
}

/** The `blockConcurrencyWhile` sections the running code is inside (their tokens), innermost last. */
const sections = new AsyncLocalStorage<ReadonlySet<object>>();

/**
 * Holds the answer to a call the running object sent (a binding call, a subrequest, an RPC call) at its input gate
 * (reference §4.2: the gate blocks every incoming event, responses included): it is delivered only once no storage
 * read or `blockConcurrencyWhile` holds the gate, except the sections the call was made in. Outside an object's code
 * the answer passes as it is.
 */
export function gateRunningObjectAnswer<T>(answer: Promise<T>): Promise<T> {
  const instance = running.getStore();
  if (!instance) return answer;
  const inside = sections.getStore();
  const gate = instance.gate;
  return answer.then(
    async (value) => { await gate.whenOpen(inside); return value; },
    async (err: unknown) => { await gate.whenOpen(inside); throw err; },
  );
}

function keyOf(namespace: string, id: string): string {
  return `${namespace}\n${id}`;
}

/** Forgets an instance (evicted, or moved to another isolate): its next event here constructs a new one from storage. */
export function dropInstance(namespace: string, id: string): void {
  const instance = instanceOf(namespace, id);
  dropSocketMirror(keyOf(namespace, id));
  if (!instance) return;
  instance.broken ??= new Error('This object instance was evicted.');
  forget(instance);
}

/** An instance's calls about its hibernatable sockets, on its storage service (websockets-isolate.ts). */
function socketCall(context: InstanceContext) {
  return <M extends keyof ObjectSocketProtocol>(method: M, args: ObjectSocketProtocol[M]['args']) => context.call(OBJECT_STORAGE_SERVICE, method, args);
}

function reset(instance: Instance, err: Error): void {
  instance.broken ??= err;
  forget(instance);
}

/** What each failed outcome's error was when thrown: the object's own record gets its stack, its caller only name and message. */
const thrownBy = new WeakMap<RemoteError, unknown>();

function toRemote(err: unknown): RemoteError {
  const remote = err instanceof Error ? { name: err.name, message: err.message } : { name: 'Error', message: `a non-Error value was thrown: ${String(err)}` };
  thrownBy.set(remote, err);
  return remote;
}

/** The value thrown that made `outcome` fail (undefined for an outcome that did not). */
export function thrownOf(outcome: ObjectOutcome): unknown {
  return outcome.ok ? undefined : thrownBy.get(outcome.error);
}

function createInstance(event: ObjectEvent, context: InstanceContext): Instance {
  const key = keyOf(event.namespace, event.id);
  const gate = new InputGate();
  const call = typedCall<ObjectStorageProtocol>(((method, args) => context.call(OBJECT_STORAGE_SERVICE, method, args)) as BindingTransport);
  const instance: Instance = { key, namespace: event.namespace, id: event.id, gate, object: undefined, broken: undefined, blockDepth: 0, guard: undefined, storage: undefined as unknown as ObjectStorage };
  instance.storage = new ObjectStorage({ call, namespace: event.namespace, id: event.id, sqlite: event.sqlite, gate, onBroken: (err) => reset(instance, err) });
  const callSync = ((method: string, args: readonly unknown[]) => context.callSync(OBJECT_STORAGE_SERVICE, method, args)) as SyncStorageCall;
  const syncTarget = { storage: instance.storage, callSync, call, namespace: event.namespace, id: event.id, sqlite: event.sqlite };
  attachSyncStorage(syncTarget);
  const Class = context.exports[event.className];
  if (typeof Class !== 'function') throw new TypeError(`the deployment's module does not export a class named ${event.className} (durable_objects.bindings[].class_name)`);
  const nsKey = namespaceKey(event.namespace);
  const name = event.name ?? undefined;
  const idObject = new DurableObjectId(event.id, name !== undefined && idFromName(nsKey, name) === event.id ? name : undefined, event.namespace);
  const state = {
    id: idObject,
    storage: instance.storage,
    waitUntil: (promise: unknown) => context.waitUntil(Promise.resolve(promise)),
    blockConcurrencyWhile: <T>(fn: () => Promise<T> | T) => blockConcurrencyWhile(instance, fn),
    exports: context.loopback,
    ...socketMethods(key, socketCall(context)),
    abort: (reason?: unknown) => {
      reset(instance, reason instanceof Error ? reason : new Error(reason === undefined ? 'The object was aborted.' : String(reason)));
    },
  };
  let ids = instances.get(event.namespace);
  if (!ids) instances.set(event.namespace, (ids = new Map()));
  ids.set(event.id, instance);
  try {
    startSession(syncTarget);
    instance.object = running.run(instance, () => new (Class as new (ctx: unknown, env: unknown) => Record<string, unknown>)(state, context.env));
  } catch (err) {
    reset(instance, err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
  return instance;
}

async function blockConcurrencyWhile<T>(instance: Instance, fn: () => Promise<T> | T): Promise<T> {
  if (instance.blockDepth >= MAX_BLOCK_DEPTH) throw new Error('blockConcurrencyWhile() calls are nested too deeply.');
  instance.blockDepth++;
  // The section's own calls are answered while it holds the gate: it waits for them.
  const section = {};
  const release = instance.gate.lock(section);
  const inside = new Set([...(sections.getStore() ?? []), section]);
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('A call to blockConcurrencyWhile() in a Durable Object waited for too long. The call was canceled and the Durable Object was reset.')), BLOCK_CONCURRENCY_TIMEOUT_MS);
    });
    return await Promise.race([sections.run(inside, () => Promise.resolve().then(fn)), timeout]);
  } catch (err) {
    // A throw or the timeout resets the object (reference §4.2): the next event constructs it again.
    reset(instance, err instanceof Error ? err : new Error(String(err)));
    throw err;
  } finally {
    clearTimeout(timer);
    instance.blockDepth--;
    release();
  }
}

/**
 * Runs one event on the object's instance (constructed first if this isolate has none), gates included. `leased`:
 * a call this isolate runs under its lease (leases.ts): the host does not carry its result, so the output gate
 * waits here for the writes, and an answer that is a WebSocket (which only the host can join) is refused.
 */
export async function runObjectEvent(event: ObjectEvent, context: InstanceContext, leased = false): Promise<ObjectOutcome> {
  let instance: Instance;
  try {
    // The state of its hibernatable sockets first: the constructor may call getWebSockets().
    if (event.held) applyHeldState(keyOf(event.namespace, event.id), event.held, socketCall(context));
    const found = instanceOf(event.namespace, event.id);
    // Reset by the host (directory.ts): replaced, not broken, so a response body the old one still streams finishes.
    if (found && event.reset) forget(found);
    instance = found && !found.broken && !event.reset ? found : createInstance(event, context);
  } catch (err) {
    return { ok: false, error: toRemote(err) };
  }
  try {
    await instance.gate.enter();
    if (instance.broken) throw instance.broken;
    const object = instance.object as Record<string, unknown>;
    let outcome: ObjectOutcome;
    if (event.kind === 'rpc' || event.kind === 'fetch') {
      const rpc = context.rpc;
      rpc.accept(event.link, instance.guard ??= linkGuard(instance));
      const made: object[] = [];
      try {
        const args = rpc.decode(event.link, event.args, made);
        if (!Array.isArray(args)) throw new TypeError('the RPC arguments must be a list');
        const result = await running.run(instance, () => event.kind === 'rpc' ? callMethod(object, event.method, args) : callFetch(object, args));
        // A WebSocket the object answers with is joined by the host (websockets-handoff.ts), not carried as a value.
        if (leased && result instanceof Response && result.status === 101) throw new TypeError('an RPC method cannot answer with a WebSocket; return it from the object\'s fetch() instead');
        const upgrade = result instanceof Response ? upgradeOf(instance, result) : undefined;
        outcome = upgrade ? { ok: true, response: upgrade } : { ok: true, value: rpc.encode(event.link, result) };
      } finally {
        // Stubs passed as arguments live for the call only (as for service bindings).
        rpc.release(made);
      }
      // Nothing left on the link (the usual call: plain values both ways): it ends with the answer.
      if (outcome.ok && rpc.finish(event.link)) outcome.linkDone = true;
    } else if (isSocketEvent(event)) {
      await running.run(instance, () => runSocketEvent(instance.key, object, event, socketCall(context), (err) => reset(instance, err)));
      outcome = { ok: true };
    } else {
      const handler = object['alarm'];
      if (typeof handler !== 'function') throw new TypeError('the object has no alarm() handler');
      instance.storage.beginAlarm();
      try {
        await running.run(instance, () => (handler as (info: unknown) => unknown).call(object, { isRetry: event.retryCount > 0, retryCount: event.retryCount, scheduledTime: event.scheduledTime }));
      } catch (err) {
        await instance.storage.endAlarm(false);
        throw err;
      }
      await instance.storage.endAlarm(true);
      outcome = { ok: true };
    }
    // The output gate: nobody learns of this event's outcome before the writes it saw as done are committed. When
    // they are all still queued, they may travel with the outcome instead (releaseOutcome): the host commits them first.
    if (!leased && !instance.broken && instance.storage.carryable()) {
      carrying.set(outcome, instance);
      return outcome;
    }
    await instance.storage.confirmed();
    if (instance.broken) throw instance.broken;
    return outcome;
  } catch (err) {
    // An error thrown by the object still waits for its committed writes; if committing failed, that error wins.
    try {
      await instance.storage.confirmed();
    } catch (writeErr) {
      return { ok: false, error: toRemote(writeErr) };
    }
    return { ok: false, error: toRemote(err) };
  }
}

/** Outcomes whose output gate is left to releaseOutcome, with their instance. */
const carrying = new WeakMap<ObjectOutcome, Instance>();
/** Storage whose writes travel on a result, by the number the host answers with (settleCarriedWrites). */
const carriedBy = new Map<number, ObjectStorage>();
let nextCarry = 1;

/**
 * The output gate of an outcome runObjectEvent left open: the instance's queued writes, taken now to travel on the
 * result message, which the caller must post in this same turn (nothing else may reach the store before it); or,
 * when they can no longer travel (another call sent them meanwhile), the outcome once they are committed.
 */
export function releaseOutcome(outcome: ObjectOutcome): { writes?: CarriedWrites } | Promise<ObjectOutcome> {
  const instance = carrying.get(outcome);
  if (!instance) return {};
  carrying.delete(outcome);
  const taken = instance.broken ? undefined : instance.storage.takeForResult();
  if (!taken) return gated(instance, outcome);
  const seq = nextCarry++;
  carriedBy.set(seq, instance.storage);
  return { writes: { seq, ...taken } };
}

async function gated(instance: Instance, outcome: ObjectOutcome): Promise<ObjectOutcome> {
  try {
    await instance.storage.confirmed();
    if (instance.broken) throw instance.broken;
  } catch (err) {
    return { ok: false, error: toRemote(err) };
  }
  return outcome;
}

/** The host committed the writes a result carried (or failed to, with `error`: the instance is reset). */
export function settleCarriedWrites(seq: number, error: string | undefined): void {
  const storage = carriedBy.get(seq);
  if (!storage) return;
  carriedBy.delete(seq);
  storage.settleCarried(error === undefined ? undefined : new Error(error));
}

async function callMethod(object: Record<string, unknown>, name: string, args: unknown[]): Promise<unknown> {
  const method = object[name];
  if (!isRpcName(name) || typeof method !== 'function') throw new TypeError(`The RPC receiver does not implement the method "${name}".`);
  return (method as (...a: unknown[]) => unknown).apply(object, args);
}

/** The head and socket of a 101 response carrying a WebSocket; undefined for any other response. */
function upgradeOf(instance: Instance, response: Response): ObjectResponse | undefined {
  const client = (response as { webSocket?: unknown }).webSocket;
  if (response.status !== 101 || client === null || client === undefined) return undefined;
  const head: ObjectResponse = { status: 101, statusText: response.statusText, headers: [...response.headers], body: null };
  // What a plain socket receives is delivered like an event: through the input gate, its listeners running as the object's code.
  const arrivalGate = (deliver: () => void) => { void instance.gate.enter().then(() => running.run(instance, deliver)); };
  const webSocket = socketRefOf(instance.key, client, head, arrivalGate);
  if (!webSocket) return undefined;
  head.webSocket = webSocket;
  return head;
}

async function callFetch(object: Record<string, unknown>, args: unknown[]): Promise<Response> {
  const handler = object['fetch'];
  if (typeof handler !== 'function') throw new TypeError('Handler does not export a fetch() function.');
  const [request] = args;
  if (!(request instanceof Request)) throw new TypeError('fetch() of an object takes one Request');
  const response: unknown = await (handler as (req: Request) => unknown).call(object, request);
  if (!(response instanceof Response)) throw new TypeError('fetch() of the object did not return a Response');
  return response;
}

/**
 * The gates on an object's link to one caller (reference §4.2): a call on something the object exported there (an
 * RpcTarget's method, a function, a read of a body it streams) is delivered like an event, one at a time and never
 * while the input gate is locked, and answers only once the writes before it are committed; a call the object
 * makes on a stub it received (a callback, a read of a body streamed to it) leaves only after its confirmed writes.
 * A reset instance (evicted, aborted, failed write) refuses calls on what it exported.
 */
function linkGuard(instance: Instance): RpcLinkGuard {
  return {
    async incoming<T>(work: () => Promise<T>): Promise<T> {
      if (instance.broken) throw instance.broken;
      await instance.gate.enter();
      if (instance.broken) throw instance.broken;
      let result: T;
      try {
        result = await running.run(instance, work);
      } catch (err) {
        // An error still waits for committed writes; if committing failed, that error wins.
        await instance.storage.confirmed();
        throw err;
      }
      await instance.storage.confirmed();
      if (instance.broken) throw instance.broken;
      return result;
    },
    outgoing: () => instance.storage.confirmed(),
  };
}
