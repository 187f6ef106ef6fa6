/**
 * Binding objects that travel over RPC as values of their own kind: a coordination object's id and stub
 * (docs/bindings/coordination.md, "Ids and stubs as RPC values"). The RPC codec (runtime/rpc/codec.ts) asks
 * each kind defined here whether a value is one of its own before it refuses an instance of a class, and
 * hands a kind's marker back to it on arrival. A kind decides what its value carries and checks what arrives:
 * the sending isolate is not trusted. Loaded by the isolate: nothing host-only.
 */

/** What a kind may export on the link its value travels on (the forwarder of a stub). */
export interface RpcValueExporter {
  /** Exports `value` (made with `markForwarder`) on the link; returns its number there. */
  export(value: object): number;
}

/** What a kind may ask of the link its value arrived on. */
export interface RpcValueImporter {
  /** A stub of the other side's export `cap` (its methods are calls on the link), released with the call or by `Symbol.dispose`. */
  target(cap: number): Record<string, (...args: unknown[]) => Promise<unknown>>;
  /** Tells the other side at once that its export `cap` is not needed here. */
  drop(cap: number): void;
}

/** One kind of binding value. */
export interface RpcValueKind {
  /** The marker's name for the kind (`object-id`, `object-stub`). */
  readonly kind: string;
  /** The data `value` travels as, or undefined when it is not one of this kind's values. */
  encode(value: object, exporter: RpcValueExporter): Record<string, unknown> | undefined;
  /** The receiver's value for `data`; throws a TypeError naming what is wrong when `data` was altered. */
  decode(data: unknown, importer: RpcValueImporter): unknown;
}

/**
 * One value per realm, shared by every copy of a module in it. Ledge's isolate modules are loaded once by URL in a
 * built package, but when Ledge runs from its TypeScript sources (its tests) the isolate's entry and each binding
 * kind's isolate half are bundled apart (runtime/worker-module.ts), so module-level state would exist twice: a
 * class made by one copy would not be an instance of the other's. Kept under a registered symbol, as the runtime
 * hooks are (runtime/modules/hooks.ts): application code could reach it, and would find only what its own
 * isolate already holds (its own bindings and values).
 */
export function realmShared<T>(name: string, make: () => T): T {
  const key = Symbol.for(`ledge.shared.${name}`);
  const global = globalThis as unknown as Record<symbol, T | undefined>;
  const found = global[key];
  if (found !== undefined) return found;
  const value = make();
  Object.defineProperty(globalThis, key, { value, enumerable: false, writable: false, configurable: false });
  return value;
}

const KINDS = realmShared('rpc-value-kinds', () => new Map<string, RpcValueKind>());

/** Adds a kind (at most once per name: the first definition stays). */
export function defineRpcValueKind(kind: RpcValueKind): void {
  if (!KINDS.has(kind.kind)) KINDS.set(kind.kind, kind);
}

/** The kind and data of `value` when a defined kind owns it. */
export function encodeRpcValueKind(value: object, exporter: RpcValueExporter): { kind: string; data: Record<string, unknown> } | undefined {
  for (const kind of KINDS.values()) {
    const data = kind.encode(value, exporter);
    if (data !== undefined) return { kind: kind.kind, data };
  }
  return undefined;
}

/** The kind named `name`, if this isolate defined one. */
export function rpcValueKind(name: unknown): RpcValueKind | undefined {
  return typeof name === 'string' ? KINDS.get(name) : undefined;
}

const FORWARDERS = realmShared('rpc-forwarders', () => new WeakSet<object>());

/**
 * Marks `value` as a forwarder: an object a kind exports so that the other side can use a value through its
 * sender (a stub's calls). Its methods may be called over the link; it holds no state of the object that
 * exported it, so a coordination object's gates do not apply to calls on it.
 */
export function markForwarder<T extends object>(value: T): T {
  FORWARDERS.add(value);
  return value;
}

/** True for an object made by `markForwarder`. */
export function isForwarder(value: object): boolean {
  return FORWARDERS.has(value);
}
