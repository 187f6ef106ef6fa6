/**
 * What application code finds in `env` for a `durable_objects` binding (reference §4.1): a namespace that makes
 * ids and stubs. A stub's method call is RPC: arguments and result cross by structured clone; an exception the
 * object throws arrives with its message and `remote: true`. Runs in the isolate.
 */
import { deserialize, serialize } from 'node:v8';
import type { BindingCall } from '../protocol.js';
import { idFromName, idProblem, namespaceKey, newUniqueId } from './ids.js';
import type { CoordinationProtocol, ObjectOutcome, ObjectRequest, RemoteError } from './protocol.js';

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

/** The error an object threw, as the caller sees it. */
export function toRemoteError(error: RemoteError): Error {
  const Kind = ({ TypeError, RangeError, SyntaxError, ReferenceError } as Record<string, ErrorConstructor | undefined>)[error.name] ?? Error;
  const err = new Kind(error.message);
  if (Kind === Error && error.name !== 'Error') err.name = error.name;
  Object.defineProperty(err, 'remote', { value: true, enumerable: true });
  return err;
}

function unwrap(outcome: ObjectOutcome): ObjectOutcome & { ok: true } {
  if (!outcome.ok) throw toRemoteError(outcome.error);
  return outcome;
}

async function toObjectRequest(input: RequestInfo | URL, init?: RequestInit): Promise<ObjectRequest> {
  const request = new Request(input, init);
  const body = request.body === null ? null : new Uint8Array(await request.arrayBuffer());
  return { method: request.method, url: request.url, headers: [...request.headers], body };
}

/** A stub: `fetch`, `id`, `name`, and every other property a method called over RPC. */
function createStub(call: BindingCall<CoordinationProtocol>, id: DurableObjectId, webSockets: WebSocketMaker | undefined): object {
  const hex = id.toString();
  const name = id.name ?? null;
  const base = {
    id,
    name: id.name,
    async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const outcome = unwrap(await call('event', [hex, name, { kind: 'fetch', request: await toObjectRequest(input, init) }]));
      const r = outcome.response;
      if (!r) throw new Error('the object answered without a response');
      // A WebSocket the object returned: return this response from the worker to join the client to the object.
      if (r.status === 101 && r.webSocket && 'token' in r.webSocket) {
        if (!webSockets) throw new Error('the object answered with a WebSocket, which cannot be carried here');
        return new Response(null, { status: 101, statusText: r.statusText, headers: r.headers, webSocket: webSockets.handoff(r.webSocket.token) } as ResponseInit);
      }
      const bodyless = r.status === 101 || r.status === 204 || r.status === 205 || r.status === 304;
      return new Response(bodyless ? null : r.body as BodyInit | null, { status: r.status, statusText: r.statusText, headers: r.headers });
    },
  };
  return new Proxy(base, {
    get(target, property) {
      if (typeof property !== 'string') return undefined;
      if (Object.hasOwn(target, property)) return target[property as keyof typeof target];
      if (!isRpcName(property)) return undefined;
      return async (...args: unknown[]) => {
        let payload: Uint8Array;
        try {
          payload = serialize(args);
        } catch (err) {
          throw new TypeError(`${property}(): its arguments cannot be sent to the object: ${(err as Error).message}`);
        }
        const outcome = unwrap(await call('event', [hex, name, { kind: 'rpc', method: property, payload }]));
        return outcome.value === undefined ? undefined : deserialize(outcome.value) as unknown;
      };
    },
  });
}

/** `env.<binding>` of a `durable_objects` binding. */
export class DurableObjectNamespace {
  readonly #key: Buffer;
  readonly #call: BindingCall<CoordinationProtocol>;
  readonly #webSockets: WebSocketMaker | undefined;

  constructor(call: BindingCall<CoordinationProtocol>, uniqueKey: string, webSockets?: WebSocketMaker) {
    this.#call = call;
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
    return createStub(this.#call, id, this.#webSockets);
  }

  getByName(name: string, options?: { locationHint?: string }): object {
    return this.get(this.idFromName(name), options);
  }

  jurisdiction(_jurisdiction: string): DurableObjectNamespace {
    return this;
  }
}
