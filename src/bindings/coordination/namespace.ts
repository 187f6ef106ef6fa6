/**
 * What application code finds in `env` for a `durable_objects` binding (reference §4.1): a namespace that makes
 * ids and stubs. A stub's method call is RPC with the values of the RPC codec; an exception the object throws
 * arrives with its message and `remote: true`. Runs in the isolate.
 */
import type { RpcCaller } from '../isolate-part.js';
import type { BindingCall } from '../protocol.js';
import { idFromName, idProblem, namespaceKey, newUniqueId } from './ids.js';
import type { CoordinationProtocol, ObjectResponse } from './protocol.js';

/** `Symbol.dispose`, or the registered symbol libraries use where the runtime lacks it (as runtime/rpc/codec.ts). */
const DISPOSE: symbol = (Symbol as { dispose?: symbol }).dispose ?? Symbol.for('Symbol.dispose');

/** How the stub makes the socket of an object's 101 response (the runtime's, given through the binding context). */
type WebSocketMaker = { handoff(token: string): object };

/** Names a stub never forwards as RPC: handlers the platform calls, and what would make the stub look like a promise. */
const NOT_RPC = new Set(['fetch', 'alarm', 'connect', 'webSocketMessage', 'webSocketClose', 'webSocketError', 'constructor', 'then', 'toJSON']);

/** True when `method` may be called over RPC (the object side checks again). */
export function isRpcName(method: string): boolean {
  return !NOT_RPC.has(method) && !method.startsWith('_');
}

/** A coordination object's id: 64 hex digits, with the name it was made from when there is one. */
export class DurableObjectId {
  readonly #hex: string;
  readonly #namespace: object;
  readonly name: string | undefined;

  constructor(hex: string, name: string | undefined, namespace: object) {
    this.#hex = hex;
    this.name = name;
    this.#namespace = namespace;
  }

  toString(): string { return this.#hex; }

  equals(other: DurableObjectId): boolean {
    return other instanceof DurableObjectId && other.#hex === this.#hex;
  }

  /** The namespace object that made this id (a stub is only made for ids of its own namespace). */
  static namespaceOf(id: DurableObjectId): object { return id.#namespace; }
}

/**
 * A stub: `fetch`, `id`, `name`, and every other property a method called over RPC. Calls go through the isolate's
 * RPC session (runtime/rpc, as service bindings): arguments and results may hold functions and RpcTargets (passed
 * as stubs), streams, Requests and Responses; a `fetch` streams both bodies.
 */
function createStub(call: BindingCall<CoordinationProtocol>, rpc: RpcCaller | undefined, id: DurableObjectId, webSockets: WebSocketMaker | undefined): object {
  const hex = id.toString();
  const name = id.name ?? null;
  const send = (kind: 'rpc' | 'fetch', method: string, args: readonly unknown[]): Promise<unknown> => {
    if (!rpc) return Promise.reject(new Error('coordination object stubs work only inside a Ledge isolate'));
    return rpc.call(async (link, encoded) => {
      const outcome = await call('event', [hex, name, kind === 'fetch' ? { kind, link, args: encoded } : { kind, link, method, args: encoded }]);
      return outcome.ok ? { value: outcome.value } : { error: outcome.error };
    }, args);
  };
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  const base = {
    id,
    name: id.name,
    async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      if (!rpc) throw new Error('coordination object stubs work only inside a Ledge isolate');
      let upgrade: ObjectResponse | undefined;
      const response = await rpc.call(async (link, encoded) => {
        const outcome = await call('event', [hex, name, { kind: 'fetch', link, args: encoded }]);
        if (outcome.ok && outcome.response) upgrade = outcome.response;
        return outcome.ok ? { value: outcome.value } : { error: outcome.error };
      }, [new Request(input, init)]);
      // A WebSocket the object returned: return this response from the worker to join the client to the object.
      if (upgrade) {
        if (!upgrade.webSocket || !('token' in upgrade.webSocket)) throw new Error('the object answered without a response');
        if (!webSockets) throw new Error('the object answered with a WebSocket, which cannot be carried here');
        return new Response(null, { status: 101, statusText: upgrade.statusText, headers: upgrade.headers, webSocket: webSockets.handoff(upgrade.webSocket.token) } as ResponseInit);
      }
      if (!(response instanceof Response)) throw new TypeError('the object answered without a response');
      return response;
    },
  };
  return new Proxy(base, {
    get(target, property) {
      // `using stub = ns.get(id)`: a stub of the object itself holds nothing to release (stubs it returns do).
      if (property === DISPOSE) return noop;
      if (typeof property !== 'string') return undefined;
      if (Object.hasOwn(target, property)) return target[property as keyof typeof target];
      if (!isRpcName(property)) return undefined;
      let method = methods.get(property);
      if (!method) methods.set(property, (method = (...args: unknown[]) => send('rpc', property, args)));
      return method;
    },
  });
}

function noop(): void { /* nothing to release */ }

/** `env.<binding>` of a `durable_objects` binding. */
export class DurableObjectNamespace {
  readonly #key: Buffer;
  readonly #call: BindingCall<CoordinationProtocol>;
  readonly #rpc: RpcCaller | undefined;
  readonly #webSockets: WebSocketMaker | undefined;

  constructor(call: BindingCall<CoordinationProtocol>, uniqueKey: string, rpc?: RpcCaller, webSockets?: WebSocketMaker) {
    this.#call = call;
    this.#rpc = rpc;
    this.#webSockets = webSockets;
    this.#key = namespaceKey(uniqueKey);
  }

  newUniqueId(_options?: { jurisdiction?: string }): DurableObjectId {
    return new DurableObjectId(newUniqueId(this.#key), undefined, this);
  }

  idFromName(name: string): DurableObjectId {
    if (typeof name !== 'string') throw new TypeError('idFromName(): the name must be a string');
    return new DurableObjectId(idFromName(this.#key, name), name, this);
  }

  idFromString(hex: string): DurableObjectId {
    const problem = idProblem(this.#key, hex);
    if (problem) throw new TypeError(problem);
    return new DurableObjectId(hex.toLowerCase(), undefined, this);
  }

  get(id: DurableObjectId, _options?: { locationHint?: string; routingMode?: string }): object {
    if (!(id instanceof DurableObjectId)) throw new TypeError('get(): expected a DurableObjectId made by this namespace (idFromName, newUniqueId or idFromString)');
    if (DurableObjectId.namespaceOf(id) !== this) {
      const problem = idProblem(this.#key, id.toString());
      if (problem) throw new TypeError(problem);
    }
    return createStub(this.#call, this.#rpc, id, this.#webSockets);
  }

  getByName(name: string, options?: { locationHint?: string }): object {
    return this.get(this.idFromName(name), options);
  }

  jurisdiction(_jurisdiction: string): DurableObjectNamespace {
    return this;
  }
}
