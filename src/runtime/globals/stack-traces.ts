/**
 * `Error.prepareStackTrace` without the keys to other code. V8 hands a custom stack formatter one
 * CallSite per frame, and `getThis()` / `getFunction()` return the receiver and the function of frames
 * that are not strict: a classic way out of a sandbox is to climb from a callback to its caller's
 * closures. Application code keeps the API (libraries use it for file names and line numbers), but the
 * call sites it sees answer `undefined` for both. Node reads `globalThis.Error.prepareStackTrace` on
 * every formatted stack, so `Error` itself stays fixed on the global object.
 */

type Prepare = (error: Error, sites: NodeJS.CallSite[]) => unknown;

/** A CallSite that tells where a frame is, never what it holds. */
class CallSite {
  readonly #site: NodeJS.CallSite;
  constructor(site: NodeJS.CallSite) { this.#site = site; }
  getThis(): undefined { return undefined; }
  getFunction(): undefined { return undefined; }
  getTypeName(): string | null { return this.#site.getTypeName(); }
  getFunctionName(): string | null { return this.#site.getFunctionName(); }
  getMethodName(): string | null { return this.#site.getMethodName(); }
  getFileName(): string | null | undefined { return this.#site.getFileName(); }
  getLineNumber(): number | null { return this.#site.getLineNumber(); }
  getColumnNumber(): number | null { return this.#site.getColumnNumber(); }
  getEvalOrigin(): string | undefined { return this.#site.getEvalOrigin(); }
  getScriptNameOrSourceURL(): string | null { return this.#site.getScriptNameOrSourceURL(); }
  getEnclosingLineNumber(): number | null { return call(this.#site, 'getEnclosingLineNumber'); }
  getEnclosingColumnNumber(): number | null { return call(this.#site, 'getEnclosingColumnNumber'); }
  getPosition(): number | null { return call(this.#site, 'getPosition'); }
  getScriptHash(): string | null { return call(this.#site, 'getScriptHash'); }
  getPromiseIndex(): number | null { return this.#site.getPromiseIndex(); }
  isToplevel(): boolean { return this.#site.isToplevel(); }
  isEval(): boolean { return this.#site.isEval(); }
  isNative(): boolean { return this.#site.isNative(); }
  isConstructor(): boolean { return this.#site.isConstructor(); }
  isAsync(): boolean { return this.#site.isAsync(); }
  isPromiseAll(): boolean { return this.#site.isPromiseAll(); }
  toString(): string { return this.#site.toString(); }
}

/** V8 methods the Node typings do not list. */
function call<T>(site: NodeJS.CallSite, method: string): T {
  const fn = (site as unknown as Record<string, (() => T) | undefined>)[method];
  return (fn ? fn.call(site) : null) as T;
}

/** While set, `Error.prepareStackTrace` is Ledge's own formatter, whatever application code assigned. */
let capturing: Prepare | undefined;
const NativeError = Error;
const captureStackTrace = Error.captureStackTrace;

/**
 * The file of the code that called `callee`, or undefined for eval'd code, builtins and code with no
 * file. Reads one frame through V8's structured stack API, bypassing any application formatter.
 */
export function callerFileName(callee: (...args: never[]) => unknown): string | undefined {
  const limit = NativeError.stackTraceLimit;
  const holder: { stack?: unknown } = {};
  capturing = readCallerFile;
  NativeError.stackTraceLimit = 1;
  try {
    captureStackTrace(holder, callee);
    const file = holder.stack;
    return typeof file === 'string' ? file : undefined;
  } finally {
    NativeError.stackTraceLimit = limit;
    capturing = undefined;
  }
}

function readCallerFile(_error: Error, sites: NodeJS.CallSite[]): string | undefined {
  const site = sites[0];
  return site === undefined || site.isEval() ? undefined : site.getFileName() ?? undefined;
}

/** Installs the guarded `Error.prepareStackTrace` and fixes `globalThis.Error`. */
export function guardStackTraces(): void {
  let assigned: unknown;
  const formatters = new WeakMap<Prepare, Prepare>();
  const originals = new WeakMap<Prepare, Prepare>();
  const wrap = (prepare: Prepare): Prepare => {
    let wrapped = formatters.get(prepare);
    if (!wrapped) {
      wrapped = function prepareStackTrace(this: unknown, error: Error, sites: NodeJS.CallSite[]) {
        return prepare.call(this, error, sites.map((site) => new CallSite(site) as unknown as NodeJS.CallSite));
      };
      formatters.set(prepare, wrapped);
      originals.set(wrapped, prepare);
    }
    return wrapped;
  };
  Object.defineProperty(NativeError, 'prepareStackTrace', {
    configurable: false,
    enumerable: false,
    get() {
      if (capturing) return capturing;
      return typeof assigned === 'function' ? wrap(assigned as Prepare) : assigned;
    },
    // Putting back what the getter gave (a common save-and-restore) restores the original formatter.
    set(value: unknown) { assigned = (typeof value === 'function' && originals.get(value as Prepare)) || value; },
  });
  Object.defineProperty(globalThis, 'Error', { value: NativeError, writable: false, configurable: false, enumerable: false });
}
