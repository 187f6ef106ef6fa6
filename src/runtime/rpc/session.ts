/**
 * One isolate's side of its RPC links. A link joins two isolates for one call made through a binding and
 * everything that call hands around: each side numbers the objects it exports on the link (functions,
 * RpcTargets, streams), and the other side holds stubs for them. Calls on a stub travel through `RpcWire`
 * (the host routes them to the owner, which runs them in `invoke`).
 *
 * Lifetimes, as on the original platform: stubs passed as arguments are released when the call they were
 * passed to returns; stubs received in a result live until `Symbol.dispose` is called on them or the
 * link closes. A link the isolate opened closes when the event that opened it ends, or at once when its
 * call has returned and the caller holds nothing from it. Loaded by the isolate: nothing host-only.
 */
import { DISPOSE, decodeRpcValue, encodeRpcValue, isRpcTarget, isStreamExport, needsNoLink, type RpcExporter, type RpcImporter } from './codec.js';
import { fromRpcError, settleOutcome, toRpcError, type RpcOutcome } from './errors.js';
import type { RpcLinkGuard } from '../../bindings/isolate-part.js';
import { isForwarder } from '../../bindings/rpc-values.js';
import { pipelined } from '../../bindings/rpc-pipeline.js';
import { RPC_LIMITS } from './limits.js';
import { oversizedValue, PLAIN_NODES, plainSizeBound } from './sizes.js';

/** Captured before application code runs, which may replace the global: a local call's values cross by it. */
const clone = structuredClone;

/**
 * A value crossing between the two ends of a local link, as it would cross the host: bounded in size as the
 * host's RpcPort bounds it, then copied by structured clone as `postMessage` copies it, so neither end ever holds
 * the other's objects. Anything structured clone refuses becomes the call's error, as `sendable` makes it.
 */
function crossLocally(value: unknown, what: string): RpcOutcome {
  // Plain data (primitives, plain arrays and objects: the usual call) needs no copy here: the codec already made
  // these containers for this crossing, and decoding makes new ones on the other side, as clone would.
  if (plainSizeBound(value, { nodes: PLAIN_NODES }) <= RPC_LIMITS.maxMessageBytes) return { value };
  const refused = oversizedValue(value, what, RPC_LIMITS.maxMessageBytes);
  if (refused) return refused;
  try {
    return { value: clone(value) };
  } catch (err) {
    return { error: toRpcError(err) };
  }
}

/** How a session reaches the other side of its links (the host routes each message to the link's peer). */
export interface RpcWire {
  /** Calls the peer's export `cap` (its method `method`, or the function itself when null) with encoded arguments. */
  call(link: number, cap: number, method: string | null, args: unknown[]): Promise<RpcOutcome>;
  /** The peer's export `cap` is no longer needed. */
  release(link: number, cap: number): void;
  /** This side is done with the link: the peer drops what it exported on it. */
  close(link: number): void;
}

interface LinkState {
  exports: Map<number, object>;
  nextExport: number;
  /** Stubs of the peer's exports still held here. */
  imports: number;
  /** Calls this side has in progress on the link. */
  calls: number;
  /** Opened by this side (a call it made), so this side closes it. */
  own: boolean;
  /** Gates the link's traffic (a coordination object's calls: its input and output gates). */
  guard?: RpcLinkGuard;
  /** The peer said it holds nothing on the link and the host forgot it: this side drops it without an `rpc-close`. */
  peerDone?: true;
  /** The other end's number when both ends are in this session (`callLocal`): its traffic never reaches the host. */
  local?: number;
}

/** The exporter and importer of a value that needs neither (needsNoLink): nothing is made for the usual plain call. */
const NO_LINK: RpcExporter & RpcImporter = {
  export: () => { throw new Error('a plain value exports nothing'); },
  stub: () => { throw new Error('a plain value imports nothing'); },
};

/** Names a stub never forwards: they belong to every object, or make a stub look like a promise. */
const NOT_METHODS = new Set(['then', 'constructor', ...Object.getOwnPropertyNames(Object.prototype)]);

/** Options of a session. */
export interface RpcSessionOptions {
  /** Told of each link this side opens (the isolate closes it when the event that opened it ends). */
  onOpen?(link: number): void;
  /**
   * The output gate of the code making a call, if it has one (a coordination object's: the writes it made
   * before are committed): every call this side makes, through a binding or on a stub, waits for it.
   */
  outputGate?(): Promise<void> | undefined;
  /**
   * Holds the answer to a call this side made until the calling code may receive it (a coordination object's input
   * gate); returns the answer as it is for code that has no gate.
   */
  answerGate?<T>(answer: Promise<T>): Promise<T>;
}

/** The session of one isolate. */
export class RpcSession {
  #wire: RpcWire;
  #links = new Map<number, LinkState>();
  #nextLink = 1;
  /** Numbers of the callee ends of local links: far below the host's (which count down from -1). */
  #nextLocal = Number.MIN_SAFE_INTEGER;
  #onOpen: ((link: number) => void) | undefined;
  #outputGate: (() => Promise<void> | undefined) | undefined;
  #answerGate: (<T>(answer: Promise<T>) => Promise<T>) | undefined;

  constructor(wire: RpcWire, options: RpcSessionOptions = {}) {
    this.#wire = wire;
    this.#onOpen = options.onOpen;
    this.#outputGate = options.outputGate;
    this.#answerGate = options.answerGate;
  }

  /** Links open now (for tests and leak checks). */
  get openLinks(): number { return this.#links.size; }

  /** Exports held on `link` now. */
  exportsOn(link: number): number { return this.#links.get(link)?.exports.size ?? 0; }

  /**
   * Makes one call through a binding: opens a link, encodes `args` on it, lets `send` carry them (with the
   * link's number) and decodes the answer. Arguments' exports are released when the call returns.
   */
  async call(send: (link: number, args: unknown[]) => Promise<unknown>, args: readonly unknown[]): Promise<unknown> {
    const link = this.#nextLink++;
    this.#links.set(link, { exports: new Map(), nextExport: 1, imports: 0, calls: 0, own: true });
    this.#onOpen?.(link);
    return this.#callOn(link, (encoded) => send(link, encoded) as Promise<RpcOutcome>, args);
  }

  /**
   * Makes one call whose callee runs in this isolate (a coordination object the host leased here): as `call`,
   * but the link's two ends are both in this session, joined without the host. `run` gets the callee's end and
   * the arguments, which cross as they would through the host (crossLocally); so does its result. Calls on stubs
   * either way, releases and the close of the link are routed here instead of through the host.
   */
  async callLocal(run: (link: number, args: unknown[]) => Promise<RpcOutcome & { linkDone?: true }>, args: readonly unknown[]): Promise<unknown> {
    const link = this.#nextLink++;
    const peer = this.#nextLocal++;
    this.#links.set(link, { exports: new Map(), nextExport: 1, imports: 0, calls: 0, own: true, local: peer });
    this.#links.set(peer, { exports: new Map(), nextExport: 1, imports: 0, calls: 0, own: false, local: link });
    this.#onOpen?.(link);
    return this.#callOn(link, async (encoded) => {
      const sent = crossLocally(encoded, 'argument list');
      if ('error' in sent) return sent;
      const outcome = await run(peer, sent.value as unknown[]);
      if (!('value' in outcome)) return outcome;
      const back = crossLocally(outcome.value, 'result');
      return 'value' in back && outcome.linkDone === true ? { ...back, linkDone: true } : back;
    }, args);
  }

  /** Accepts a link the host opened towards this isolate (an incoming call); `link` is the host's number for it. */
  accept(link: number): void {
    if (!this.#links.has(link)) this.#links.set(link, { exports: new Map(), nextExport: 1, imports: 0, calls: 0, own: false });
  }

  /**
   * Drops a link this side accepted, if it holds nothing there (no exports, no stubs, no call in progress), and
   * says whether it did: the answer to the call travels with the news (a coordination object's `linkDone`), so
   * the host and the caller forget the link too, without an `rpc-close` each way.
   */
  finishIncoming(link: number): boolean {
    const state = this.#links.get(link);
    if (!state || state.own || state.exports.size > 0 || state.imports > 0 || state.calls > 0) return false;
    this.#links.delete(link);
    return true;
  }

  /** Puts `guard` on a link this side accepted: incoming calls on its exports and outgoing calls on its stubs pass it. */
  guard(link: number, guard: RpcLinkGuard): void {
    const state = this.#links.get(link);
    if (state) state.guard = guard;
  }

  /** Encodes a value on `link` (the result of an incoming call). */
  encode(link: number, value: unknown): unknown {
    return encodeRpcValue(value, needsNoLink(value) ? NO_LINK : this.#exporter(link, undefined));
  }

  /** Decodes a value from `link`; the stubs made are added to `made` when given (released when the call's scope ends). */
  decode(link: number, value: unknown, made?: object[]): unknown {
    return decodeRpcValue(value, needsNoLink(value) ? NO_LINK : this.#importer(link, made));
  }

  /**
   * Runs an incoming call on one of this side's exports: `method` of an RpcTarget (or a stream's reader or
   * writer), or the function itself when null. Stubs among the arguments are released when it returns.
   */
  async invoke(link: number, cap: number, method: string | null, args: unknown): Promise<RpcOutcome> {
    const state = this.#links.get(link);
    const target = state?.exports.get(cap);
    const made: object[] = [];
    try {
      if (!state) throw new Error('the RPC session of this stub has ended');
      if (!target) throw new Error('this RPC stub was released (a stub passed as an argument lives until the call it was passed to returns; dup() is not supported)');
      const run = async (): Promise<unknown> => {
        const decoded = this.decode(link, args, made);
        if (!Array.isArray(decoded)) throw new TypeError('the RPC arguments must be a list');
        const fn = method === null ? target : methodOf(target, method);
        if (typeof fn !== 'function') throw new TypeError(method === null ? 'this RPC stub is not a function' : `The RPC receiver does not implement the method "${method}".`);
        const result: unknown = await (fn as (...a: unknown[]) => unknown).apply(method === null ? undefined : target, decoded);
        return this.encode(link, result);
      };
      // A forwarder (a stub the exporter handed on) holds nothing of the exporter's state: no gate applies.
      return { value: state.guard && !isForwarder(target) ? await state.guard.incoming(run) : await run() };
    } catch (err) {
      return { error: toRpcError(err) };
    } finally {
      disposeStubs(made);
    }
  }

  /** The peer no longer needs this side's export `cap`. */
  release(link: number, cap: number): void {
    this.#links.get(link)?.exports.delete(cap);
  }

  /** Ends a link: this side's exports on it are dropped; when this side opened it, the peer is told. */
  close(link: number): void {
    const state = this.#links.get(link);
    if (!state) return;
    this.#links.delete(link);
    state.exports.clear();
    if (!state.own) return;
    if (state.local === undefined) this.#wire.close(link);
    else this.close(state.local);
  }

  async #callOn(link: number, send: (args: unknown[]) => Promise<RpcOutcome>, args: readonly unknown[]): Promise<unknown> {
    const state = this.#links.get(link);
    if (!state) throw new Error('the RPC session of this stub has ended (its event is over, or the stub was disposed)');
    const made: number[] = [];
    state.calls++;
    try {
      const list = [...args];
      const encoded = encodeRpcValue(list, needsNoLink(list) ? NO_LINK : this.#exporter(link, made)) as unknown[];
      // The output gate: nothing leaves before the writes the sender saw as done are committed (reference §4.2),
      // whether the call is on a stub the object received on its own call's link or one it made itself.
      if (state.guard) await state.guard.outgoing();
      else {
        const gate = this.#outputGate?.();
        if (gate) await gate;
      }
      const sent = send(encoded);
      const outcome = await (this.#answerGate ? this.#answerGate(sent) : sent);
      if ((outcome as { linkDone?: unknown }).linkDone === true) state.peerDone = true;
      return this.decode(link, settleOutcome(outcome));
    } finally {
      state.calls--;
      // Stubs passed as arguments live for the call's scope only.
      for (const cap of made) state.exports.delete(cap);
      this.#closeIfUnused(link, state);
    }
  }

  #closeIfUnused(link: number, state: LinkState): void {
    if (!state.own || state.calls > 0 || state.imports > 0 || this.#links.get(link) !== state) return;
    if (!state.peerDone) return this.close(link);
    // The peer holds nothing (so nothing reaches what this side exported) and the host has forgotten the link.
    this.#links.delete(link);
    state.exports.clear();
  }

  #exporter(link: number, made: number[] | undefined): RpcExporter {
    return {
      export: (value) => {
        const state = this.#links.get(link);
        if (!state) throw new Error('the RPC session has ended');
        const id = state.nextExport++;
        state.exports.set(id, value);
        // A stream's end is released by the other side when the stream ends: a body outlives the call it came with.
        if (!isStreamExport(value)) made?.push(id);
        return id;
      },
    };
  }

  #importer(link: number, made: object[] | undefined): RpcImporter {
    return {
      stub: (id, kind) => {
        const state = this.#links.get(link);
        if (state) state.imports++;
        const stub: object = kind === 'function' ? this.#functionStub(link, id) : this.#targetStub(link, id);
        if (kind !== 'stream') made?.push(stub);
        return stub;
      },
      drop: (id) => {
        if (this.#links.has(link)) this.#release(link, id);
      },
    };
  }

  #disposer(link: number, id: number): { dispose(): void; disposed(): boolean } {
    let disposed = false;
    return {
      dispose: () => {
        if (disposed) return;
        disposed = true;
        const state = this.#links.get(link);
        if (!state) return;
        state.imports--;
        this.#release(link, id);
        this.#closeIfUnused(link, state);
      },
      disposed: () => disposed,
    };
  }

  #invokeRemote(link: number, id: number, method: string | null, args: unknown[], disposed: () => boolean): Promise<unknown> {
    if (disposed()) return Promise.reject(new Error('this RPC stub was released: it was disposed, or it came as an argument of a call that has returned'));
    return this.#callOn(link, (encoded) => this.#remoteCall(link, id, method, encoded), args);
  }

  /** Calls the peer's export `cap`: through the host, or here when the link's other end is in this session. */
  #remoteCall(link: number, cap: number, method: string | null, args: unknown[]): Promise<RpcOutcome> {
    const peer = this.#links.get(link)?.local;
    if (peer === undefined) return this.#wire.call(link, cap, method, args);
    const sent = crossLocally(args, 'argument list');
    if ('error' in sent) return Promise.resolve(sent);
    // Bounded in time as the host bounds a call on a stub (RpcPort.invoke).
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<RpcOutcome>((resolve) => {
      timer = setTimeout(resolve, RPC_LIMITS.stubCallTimeoutMs, { error: { name: 'Error', message: `the call on an RPC stub did not return within ${RPC_LIMITS.stubCallTimeoutMs / 1000} s` } });
    });
    const answered = this.invoke(peer, cap, method, sent.value).then((outcome) => ('value' in outcome ? crossLocally(outcome.value, 'result') : outcome));
    return Promise.race([answered, timeout]).finally(() => clearTimeout(timer));
  }

  /** This side no longer needs the peer's export `cap`: the host tells the peer, or, on a local link, it is dropped here. */
  #release(link: number, cap: number): void {
    const peer = this.#links.get(link)?.local;
    if (peer === undefined) this.#wire.release(link, cap);
    else this.release(peer, cap);
  }

  #functionStub(link: number, id: number): object {
    const life = this.#disposer(link, id);
    const stub = (...args: unknown[]) => pipelined(this.#invokeRemote(link, id, null, args, life.disposed));
    Object.defineProperty(stub, DISPOSE, { value: life.dispose });
    return stub;
  }

  #targetStub(link: number, id: number): object {
    const life = this.#disposer(link, id);
    const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
    return new Proxy(Object.create(null) as object, {
      get: (_target, prop) => {
        if (prop === DISPOSE) return life.dispose;
        if (typeof prop !== 'string' || NOT_METHODS.has(prop)) return undefined;
        let method = methods.get(prop);
        if (!method) methods.set(prop, (method = (...args: unknown[]) => pipelined(this.#invokeRemote(link, id, prop, args, life.disposed))));
        return method;
      },
      has: (_target, prop) => prop === DISPOSE,
      set: () => false,
    });
  }
}

/** A method an export offers over RPC: own or inherited functions of an RpcTarget or a codec stream end, never Object's. */
function methodOf(target: object, method: string): unknown {
  if (typeof method !== 'string' || NOT_METHODS.has(method) || method.startsWith('#')) return undefined;
  if (!isRpcTarget(target) && !isStreamExport(target) && !isForwarder(target)) return undefined;
  return (target as Record<string, unknown>)[method];
}

/** Releases stubs (those received as a call's arguments, when the call returns). */
export function disposeStubs(stubs: readonly object[]): void {
  for (const stub of stubs) {
    const dispose = (stub as Record<symbol, unknown>)[DISPOSE];
    if (typeof dispose === 'function') (dispose as () => void)();
  }
}

export { fromRpcError, toRpcError };
export type { RpcOutcome };
