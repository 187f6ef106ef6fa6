/**
 * What application code finds in `env` for a `durable_objects` binding (reference §4.1): a namespace that makes
 * ids and stubs. A stub's method call is RPC with the values of the RPC codec; an exception the object throws
 * arrives with its message and `remote: true`. Ids and stubs themselves travel over RPC (rpc-values.ts). Runs in
 * the isolate.
 */
import type { RpcCaller } from '../isolate-part.js';
import type { BindingCall } from '../protocol.js';
import { idFromName, idProblem, namespaceKey, newUniqueId } from './ids.js';
import type { CoordinationProtocol, ObjectResponse } from './protocol.js';
import { takeLease } from './leases.js';
import { realmShared } from '../rpc-values.js';

/** `Symbol.dispose`, or the registered symbol libraries use where the runtime lacks it (as runtime/rpc/codec.ts). */
const DISPOSE: symbol = (Symbol as { dispose?: symbol }).dispose ?? Symbol.for('Symbol.dispose');

/** How the stub makes the socket of an object's 101 response (the runtime's, given through the binding context). */
type WebSocketMaker = { handoff(token: string): object };

/** Names a stub never forwards as RPC: handlers the platform calls, and what would make the stub look like a promise. */
const NOT_RPC = new Set(['fetch', 'alarm', 'connect', 'webSocketMessage', 'webSocketClose', 'webSocketError', 'constructor', 'then', 'toJSON']);

/** Names every object has (`hasOwnProperty`, `__defineGetter__`, ...): never methods of the object's class. */
const OBJECT_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * True when `method` may be called over RPC (the object side checks again). Names starting with `_` are methods
 * like any other, as on the original (the Agents SDK calls `__unsafe_ensureInitialized` on its stubs).
 */
export function isRpcName(method: string): boolean {
  return !NOT_RPC.has(method) && !OBJECT_NAMES.has(method);
}

/** A coordination object's id: 64 hex digits, with the name it was made from when there is one (one class per realm: rpc-values.ts). */
export const DurableObjectId = realmShared('coordination-id', () => class DurableObjectId {
  readonly #hex: string;
  readonly #namespace: string;
  readonly name: string | undefined;

  /** `namespace` is the unique key of the namespace the id belongs to (`<account>/<script>/<class>`). */
  constructor(hex: string, name: string | undefined, namespace: string) {
    this.#hex = hex;
    this.name = name;
    this.#namespace = namespace;
  }

  toString(): string { return this.#hex; }

  equals(other: DurableObjectId): boolean {
    return other instanceof DurableObjectId && other.#hex === this.#hex;
  }

  /** The unique key of the namespace this id belongs to (a stub is only made for ids of its own namespace). */
  static namespaceOf(id: DurableObjectId): string { return id.#namespace; }
});
/** An instance of `DurableObjectId`. */
export type DurableObjectId = InstanceType<typeof DurableObjectId>;

/** How a stub reaches its object: through this isolate's binding of the namespace, or through the isolate that handed it over. */
type StubSend = (kind: 'rpc' | 'fetch', method: string, args: readonly unknown[]) => Promise<unknown>;

/** What this isolate knows of each stub it made (a stub is a Proxy: its own properties are its object's methods). */
interface StubInfo {
  id: DurableObjectId;
  send: StubSend;
}

const STUBS = realmShared('coordination-stubs', () => new WeakMap<object, StubInfo>());

/** The prototype of stubs, so the RPC codec sees an instance (and asks the binding values) rather than plain data. */
const STUB_PROTOTYPE: object = realmShared('coordination-stub-prototype', () => Object.create(Object.prototype, { [Symbol.toStringTag]: { value: 'DurableObjectStub' } }) as object);

/**
 * A stub: `fetch`, `id`, `name`, and every other property a method called over RPC. Calls go through `send`; on
 * a stub of this isolate's binding, that is the isolate's RPC session (runtime/rpc, as service bindings): arguments
 * and results may hold functions and RpcTargets (passed as stubs), streams, Requests and Responses, ids and stubs.
 */
function createStub(id: DurableObjectId, send: StubSend, dispose: () => void): object {
  const base = Object.assign(Object.create(STUB_PROTOTYPE) as object, {
    id,
    name: id.name,
    async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const response = await send('fetch', 'fetch', [new Request(input, init)]);
      if (!(response instanceof Response)) throw new TypeError('the object answered without a response');
      return response;
    },
  });
  const stub = new Proxy(base, new StubHandler(send, dispose));
  STUBS.set(stub, { id, send });
  return stub;
}

/** The traps of one stub: its methods on the prototype, so a stub makes one handler object rather than one and two closures. */
class StubHandler {
  readonly #send: StubSend;
  readonly #dispose: () => void;
  /** The methods handed out so far, by name (the same function each time): made on the first. */
  #methods: Map<string, (...args: unknown[]) => Promise<unknown>> | undefined;

  constructor(send: StubSend, dispose: () => void) {
    this.#send = send;
    this.#dispose = dispose;
  }

  get(target: object, property: string | symbol): unknown {
    // `using stub = ns.get(id)`: a stub of the object itself holds nothing to release (stubs it returns do).
    if (property === DISPOSE) return this.#dispose;
    if (typeof property !== 'string') return undefined;
    if (Object.hasOwn(target, property)) return target[property as keyof typeof target];
    if (!isRpcName(property)) return undefined;
    const methods = (this.#methods ??= new Map());
    let method = methods.get(property);
    if (!method) {
      const send = this.#send;
      methods.set(property, (method = (...args: unknown[]) => send('rpc', property, args)));
    }
    return method;
  }

  set(): boolean {
    return false;
  }
}

/**
 * A stub of this isolate's binding: its calls are events the host delivers to the object (`event`); an RPC call
 * to an object the host leased to this isolate runs here instead (leases.ts), its values crossing as they would.
 */
function bindingStub(call: BindingCall<CoordinationProtocol>, rpc: RpcCaller | undefined, id: DurableObjectId, webSockets: WebSocketMaker | undefined, namespace: string): object {
  const hex = id.toString();
  const name = id.name ?? null;
  return createStub(id, async (kind, method, args) => {
    if (!rpc) throw new Error('coordination object stubs work only inside a Ledge isolate');
    const lease = kind === 'rpc' && rpc.callLocal ? takeLease(namespace, hex) : undefined;
    if (lease && rpc.callLocal) {
      try {
        return await rpc.callLocal((link, encoded) => lease.run(name, link, method, encoded), args);
      } finally {
        lease.end();
      }
    }
    let upgrade: ObjectResponse | undefined;
    const value = await rpc.call(async (link, encoded) => {
      const outcome = await call('event', [hex, name, kind === 'fetch' ? { kind, link, args: encoded } : { kind, link, method, args: encoded }]);
      if (outcome.ok && outcome.response) upgrade = outcome.response;
      // linkDone: the object and the host have forgotten the link; the session drops it without a message.
      return outcome.ok ? { value: outcome.value, ...(outcome.linkDone === true ? { linkDone: true } : {}) } : { error: outcome.error };
    }, args);
    // A WebSocket the object returned: return this response from the worker to join the client to the object.
    if (upgrade) {
      if (!upgrade.webSocket || !('token' in upgrade.webSocket)) throw new Error('the object answered without a response');
      if (!webSockets) throw new Error('the object answered with a WebSocket, which cannot be carried here');
      return new Response(null, { status: 101, statusText: upgrade.statusText, headers: upgrade.headers, webSocket: webSockets.handoff(upgrade.webSocket.token) } as ResponseInit);
    }
    return value;
  }, noop);
}

function noop(): void { /* nothing to release */ }

/** This isolate's bindings by the unique key of their namespace. */
const NAMESPACES = realmShared('coordination-namespaces', () => new Map<string, DurableObjectNamespace>());

/** This isolate's binding of the namespace `uniqueKey`, if it has one. */
export function boundNamespace(uniqueKey: string): DurableObjectNamespace | undefined {
  return NAMESPACES.get(uniqueKey);
}

/** `env.<binding>` of a `durable_objects` binding. */
export class DurableObjectNamespace {
  readonly #key: Buffer;
  readonly #uniqueKey: string;
  readonly #call: BindingCall<CoordinationProtocol>;
  readonly #rpc: RpcCaller | undefined;
  readonly #webSockets: WebSocketMaker | undefined;

  constructor(call: BindingCall<CoordinationProtocol>, uniqueKey: string, rpc?: RpcCaller, webSockets?: WebSocketMaker) {
    this.#call = call;
    this.#rpc = rpc;
    this.#webSockets = webSockets;
    this.#uniqueKey = uniqueKey;
    this.#key = namespaceKey(uniqueKey);
    // A stub of this namespace arriving over RPC resolves to this binding (rpc-values.ts); the first binding stays.
    if (uniqueKey && rpc && !NAMESPACES.has(uniqueKey)) NAMESPACES.set(uniqueKey, this);
  }

  newUniqueId(_options?: { jurisdiction?: string }): DurableObjectId {
    return new DurableObjectId(newUniqueId(this.#key), undefined, this.#uniqueKey);
  }

  idFromName(name: string): DurableObjectId {
    if (typeof name !== 'string') throw new TypeError('idFromName(): the name must be a string');
    return new DurableObjectId(idFromName(this.#key, name), name, this.#uniqueKey);
  }

  idFromString(hex: string): DurableObjectId {
    const problem = idProblem(this.#key, hex);
    if (problem) throw new TypeError(problem);
    return new DurableObjectId(hex.toLowerCase(), undefined, this.#uniqueKey);
  }

  get(id: DurableObjectId, _options?: { locationHint?: string; routingMode?: string }): object {
    if (!(id instanceof DurableObjectId)) throw new TypeError('get(): expected a DurableObjectId made by this namespace (idFromName, newUniqueId or idFromString)');
    if (DurableObjectId.namespaceOf(id) !== this.#uniqueKey) {
      const problem = idProblem(this.#key, id.toString());
      if (problem) throw new TypeError(problem);
    }
    return bindingStub(this.#call, this.#rpc, id, this.#webSockets, this.#uniqueKey);
  }

  getByName(name: string, options?: { locationHint?: string }): object {
    return this.get(this.idFromName(name), options);
  }

  jurisdiction(_jurisdiction: string): DurableObjectNamespace {
    return this;
  }
}

/** What rpc-values.ts needs of this module: the stubs it made, and how to make one that calls through another isolate. */
export function stubInfo(value: object): StubInfo | undefined {
  return STUBS.get(value);
}

/** A stub whose calls go to `send` (through the isolate that handed it over); `dispose` releases it. */
export function forwardedStub(id: DurableObjectId, send: StubSend, dispose: () => void): object {
  return createStub(id, send, dispose);
}

export type { StubInfo, StubSend };
