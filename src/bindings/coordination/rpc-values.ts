/**
 * A coordination object's id and stub as RPC values (docs/bindings/coordination.md, "Ids and stubs as RPC
 * values"). An id travels as its hex digits, its name and the unique key of its namespace; a stub as the same
 * and a forwarder its sender exports on the link. The receiver checks what arrived (the namespace is of its own
 * account, the id's MAC is the namespace's, the name is the id's) and makes:
 *
 * - an id: a `DurableObjectId` (`toString`, `equals`, `name`) that its own binding of the namespace accepts;
 * - a stub: through its own binding of the namespace when it has one (an independent stub: it lives as long as
 *   the receiver keeps it), otherwise through the forwarder, so its calls go to the sender, which makes them on
 *   its own stub (a capability handed over: it lives as the link's stubs do).
 *
 * None of this is a right the host grants: the host serves an object only to a binding whose namespace it
 * holds itself, and checks the id's MAC against that namespace again; a forwarder is an export on a link the
 * host joined. Loading this module defines the two kinds (isolate-main.ts loads it). Runs in the isolate.
 */
import type { Buffer } from 'node:buffer';
import { defineRpcValueKind, markForwarder, type RpcValueImporter } from '../rpc-values.js';
import { idFromName, idProblem, namespaceKey } from './ids.js';
import { DurableObjectId, boundNamespace, forwardedStub, isRpcName, stubInfo, type StubInfo } from './namespace.js';

/** Longest namespace key that travels (an account id, a deployment name and a class name). */
const MAX_NAMESPACE = 512;
/** Longest name of an id (idFromName takes any string; the host takes names up to this). */
const MAX_NAME = 4096;

let isolateAccount: string | undefined;

/** The account whose code runs in this isolate: ids and stubs naming another account's namespace are refused. */
export function setObjectValuesAccount(account: string | undefined): void {
  isolateAccount = account;
}

const keys = new Map<string, Buffer>();

function keyOf(namespace: string): Buffer {
  let key = keys.get(namespace);
  if (!key) {
    if (keys.size > 1000) keys.clear();
    keys.set(namespace, (key = namespaceKey(namespace)));
  }
  return key;
}

/** The data an id travels as. */
function idData(id: DurableObjectId): Record<string, unknown> {
  return { namespace: DurableObjectId.namespaceOf(id), id: id.toString(), name: id.name ?? null };
}

/** The id `data` stands for, checked: what the sender says is not trusted. */
function idFrom(data: unknown, what: 'id' | 'stub'): DurableObjectId {
  const refused = (why: string): TypeError => new TypeError(`a coordination object ${what} arrived over RPC and was refused: ${why}`);
  if (typeof data !== 'object' || data === null) throw refused('it carries no id');
  const { namespace, id, name } = data as Record<string, unknown>;
  if (typeof namespace !== 'string' || namespace.length === 0 || namespace.length > MAX_NAMESPACE || namespace.split('/').length < 3) throw refused('it names no namespace');
  if (isolateAccount !== undefined && !namespace.startsWith(`${isolateAccount}/`)) throw refused('it names a namespace of another account');
  const key = keyOf(namespace);
  const problem = idProblem(key, id);
  if (problem) throw refused(problem);
  const hex = (id as string).toLowerCase();
  if (name !== null && name !== undefined) {
    if (typeof name !== 'string' || name.length > MAX_NAME || idFromName(key, name) !== hex) throw refused('its name is not the name of its id');
  }
  return new DurableObjectId(hex, typeof name === 'string' ? name : undefined, namespace);
}

function notImplemented(method: unknown): TypeError {
  return new TypeError(`The RPC receiver does not implement the method "${String(method).slice(0, 256)}".`);
}

/** What a stub's sender exports with it: the receiver's calls arrive here and are made on the sender's stub. */
function forwarderOf(info: StubInfo): object {
  return markForwarder({
    fetch(request: unknown): Promise<unknown> {
      if (!(request instanceof Request)) throw new TypeError('fetch() of an object takes one Request');
      return info.send('fetch', 'fetch', [request]);
    },
    call(method: unknown, args: unknown): Promise<unknown> {
      if (typeof method !== 'string' || !isRpcName(method)) throw notImplemented(method);
      if (!Array.isArray(args)) throw new TypeError('the RPC arguments must be a list');
      return info.send('rpc', method, args);
    },
  });
}

/** The receiver's stub of `id`: its own binding's, or one that calls through the sender's forwarder `cap`. */
function stubFrom(data: unknown, importer: RpcValueImporter): object {
  const id = idFrom(data, 'stub');
  const cap = (data as Record<string, unknown>)['cap'];
  const own = boundNamespace(DurableObjectId.namespaceOf(id));
  if (own) {
    // Its own binding reaches the object directly: the sender's forwarder is not needed.
    if (cap !== undefined) importer.drop(cap as number);
    return own.get(id);
  }
  if (cap === undefined) throw new TypeError('a coordination object stub arrived over RPC and was refused: this deployment has no binding to its class, and it came without its sender');
  const forwarder = importer.target(cap as number);
  const dispose = (forwarder as unknown as Record<symbol, () => void>)[DISPOSE];
  return forwardedStub(id, (kind, method, args) => kind === 'fetch'
    ? (forwarder['fetch'] as (request: unknown) => Promise<unknown>)(args[0])
    : (forwarder['call'] as (method: string, args: readonly unknown[]) => Promise<unknown>)(method, args), () => dispose?.());
}

/** `Symbol.dispose`, or the registered symbol libraries use where the runtime lacks it (as runtime/rpc/codec.ts). */
const DISPOSE: symbol = (Symbol as { dispose?: symbol }).dispose ?? Symbol.for('Symbol.dispose');

defineRpcValueKind({
  kind: 'object-id',
  encode: (value) => value instanceof DurableObjectId ? idData(value) : undefined,
  decode: (data) => idFrom(data, 'id'),
});

defineRpcValueKind({
  kind: 'object-stub',
  encode(value, exporter) {
    const info = stubInfo(value);
    return info ? { ...idData(info.id), cap: exporter.export(forwarderOf(info)) } : undefined;
  },
  decode: stubFrom,
});
