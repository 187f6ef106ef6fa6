/**
 * The isolate half of a binding kind: the object application code finds in `env`. Each kind's `isolate.ts`
 * exports one as `ISOLATE_PART`; the host hands the worker that module's URL with each binding
 * (`BindingPlugin.isolate.module`), so the worker loads exactly the kinds a deployment binds, from the same
 * plugin list the host uses, and never a host-only module (storage, zod).
 */
import type { BindingTransport } from './protocol.js';

/** What every isolate-side binding may know about its deployment, and the isolate's RPC calls (runtime/rpc). */
export interface IsolateBindingContext {
  compatibilityDate: string;
  /** The entry's own options (`BindingPlugin.isolateOptions`), when its kind has any. */
  options?: Readonly<Record<string, string>>;
  /** Calls that carry RPC values (stubs, streams, Request/Response): service bindings, coordination-object stubs. Absent outside an isolate (a binding object a CLI tool builds). */
  rpc?: RpcCaller;
  /** The runtime's WebSockets as a binding makes them: `handoff(token)` stands for a socket the host holds (a coordination object's, returned by a stub's fetch). Absent outside an isolate. */
  webSockets?: { handoff(token: string): object };
  /**
   * Present when the host pushes this binding's writes (`BindingService.watch`, in a sandbox process only): the
   * listener gets each pushed message before any answer the host sent after it. A half may then keep a read cache.
   */
  onPush?: (listener: (data: unknown) => void) => void;
}

/** The isolate's RPC session as a binding uses it (runtime/rpc/session.ts). */
export interface RpcCaller {
  /**
   * Opens a link, encodes `args` on it and lets `send` carry them with the link's number (through the
   * binding's transport); `send` resolves with the host's outcome, which this decodes (or throws as the
   * callee's error, with `remote: true`). Stubs passed as arguments are released when the call returns.
   */
  call(send: (link: number, args: unknown[]) => Promise<unknown>, args: readonly unknown[]): Promise<unknown>;
  /**
   * The same call to a callee in this isolate (a coordination object leased here): `run` gets the callee's end of
   * the link and the arguments, copied as the host would copy them; so is its result.
   */
  callLocal?(run: (link: number, args: unknown[]) => Promise<{ value: unknown; linkDone?: true } | { error: { name: string; message: string } }>, args: readonly unknown[]): Promise<unknown>;
}

/**
 * Gates the traffic of one RPC link: a coordination object's link to a caller carries the object's input and
 * output gates (reference §4.2), so a call on what the object exported (an RpcTarget, a function, a stream's
 * end) is an event of the object, and nothing the object sends leaves before its confirmed writes are committed.
 */
export interface RpcLinkGuard {
  /** Runs an incoming call on one of the link's exports: delivered through the input gate; its result waits for the output gate. */
  incoming<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves when an outgoing call on the link may leave (the output gate); rejects when the writes before it failed. */
  outgoing(): Promise<void>;
}

/** The isolate's RPC session as a coordination object's events use it (the callee side of a link). */
export interface RpcCallee {
  /** Accepts the host's link `link` towards this isolate, its traffic passing `guard`. */
  accept(link: number, guard: RpcLinkGuard): void;
  /** Decodes a value from `link`; stubs made are added to `made` (released by `release` when the call returns). */
  decode(link: number, value: unknown, made: object[]): unknown;
  /** Encodes a value on `link` (the call's result). */
  encode(link: number, value: unknown): unknown;
  /** Releases stubs received as a call's arguments. */
  release(stubs: readonly object[]): void;
  /** Drops the link `link` if this side holds nothing on it; true when it did (the outcome says so: `linkDone`). */
  finish(link: number): boolean;
}

/** The name under which a kind's isolate module exports its part. */
export const ISOLATE_PART_EXPORT = 'ISOLATE_PART';

/** The isolate half of one binding kind. */
export interface IsolatePart {
  /** The kind's name, the same as its plugin's. */
  readonly kind: string;
  /** The URL of the module that exports this part as `ISOLATE_PART` (its own `import.meta.url`). */
  readonly module: string;
  /** Builds the object code sees in `env`; it types `transport` by the kind's protocol (`typedCall`). */
  create(transport: BindingTransport, context: IsolateBindingContext): object;
}

/** True when `value` (a module's export, checked at run time) is an isolate part of `kind`. */
export function isIsolatePart(value: unknown, kind: string): value is IsolatePart {
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === kind && 'module' in value && typeof value.module === 'string'
    && 'create' in value && typeof value.create === 'function';
}
