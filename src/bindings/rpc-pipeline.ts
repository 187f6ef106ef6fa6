/**
 * Promise pipelining as the original's RPC offers it to code: the promise an RPC call returns can be used as its
 * eventual result before it settles, `env.SVC.counter().increment()` or `await env.SVC.profile().name`, and
 * `using x = env.SVC.open()` disposes the result once it arrives. Ledge does not send the chained call ahead of
 * the first one's answer (each step still waits for the one before, one round trip each); what code sees is the
 * same: the chained step runs on the result, its errors (and the first call's) reach the caller.
 *
 * Loaded by the isolate (services binding and the RPC session's stubs).
 */

/** The disposal symbol (`Symbol.dispose`, or the name a runtime without it gives it, as the RPC codec does). */
const DISPOSE: symbol = (Symbol as { dispose?: symbol }).dispose ?? Symbol.for('Symbol.dispose');

/** Promise methods answered by the real promise, so `await`, `.then`, `.catch` and `.finally` behave as they do. */
const PROMISE_METHODS = new Set<PropertyKey>(['then', 'catch', 'finally']);

/**
 * The promise of an RPC call, usable as its result: reading a property gives a pipelined promise of that property
 * of the result, calling it calls that method on the result. Nothing is derived until code asks, so an unused
 * property never adds an unhandled rejection.
 */
export function pipelined<T>(promise: Promise<T>): Promise<T> {
  return pipelinedStep(() => promise, () => Promise.resolve(undefined), false) as Promise<T>;
}

/** Object's own names (`toString`, `valueOf`, `constructor`, ...) keep their meaning on a pipelined promise: they are no RPC methods. */
const OBJECT_NAMES = new Set<PropertyKey>(Object.getOwnPropertyNames(Object.prototype));

/**
 * One step of a pipeline: `value()` is the promise of what it stands for, `owner()` that of the object it was read
 * from (the `this` of a method call). Both are computed on first use only.
 */
function pipelinedStep(value: () => Promise<unknown>, owner: () => Promise<unknown>, callable: boolean): unknown {
  let settled: Promise<unknown> | undefined;
  const own = (): Promise<unknown> => (settled ??= value());
  // A property of the result can be called (a method of the result), so its target is a function (`prototype`-less,
  // so the proxy answers every name itself); the call's own promise is not callable, as on the original.
  const target = callable ? (() => undefined) as unknown as object : Object.create(null) as object;
  return new Proxy(target, {
    get(_target, prop) {
      if (PROMISE_METHODS.has(prop)) {
        const promise = own();
        const method = (promise as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[prop] as (...a: unknown[]) => unknown;
        return method.bind(promise);
      }
      if (prop === Symbol.toStringTag) return 'Promise';
      if (prop === 'constructor') return Promise;
      if (OBJECT_NAMES.has(prop)) return (Object.prototype as unknown as Record<PropertyKey, unknown>)[prop];
      if (prop === DISPOSE) return () => { own().then((result) => disposeOf(result), () => undefined); };
      if (typeof prop === 'symbol') return undefined;
      return pipelinedStep(() => own().then((result) => readProperty(result, prop)), own, true);
    },
    apply(_target, _this, args: unknown[]) {
      return pipelinedStep(async () => {
        const [self, method] = await Promise.all([owner(), own()]);
        if (typeof method !== 'function') throw new TypeError('The pipelined RPC result has no such method.');
        return (method as (...a: unknown[]) => unknown).apply(self, args);
      }, () => Promise.resolve(undefined), false);
    },
    has: (_target, prop) => PROMISE_METHODS.has(prop) || prop === DISPOSE,
    set: () => false,
    getPrototypeOf: () => Promise.prototype,
  });
}

/** A property of an RPC result (a stub answers its methods; a plain value its own fields). */
function readProperty(result: unknown, prop: string): unknown {
  if (result === null || result === undefined) throw new TypeError(`Cannot read properties of ${String(result)} (reading '${prop}')`);
  return (result as Record<string, unknown>)[prop];
}

function disposeOf(result: unknown): void {
  if (result === null || (typeof result !== 'object' && typeof result !== 'function')) return;
  const dispose = (result as Record<symbol, unknown>)[DISPOSE];
  if (typeof dispose === 'function') (dispose as () => void).call(result);
}
