/**
 * The isolate side of Ledge's runtime modules (src/runtime/modules/): installs the hooks they read and
 * turns a class-based default export (`class extends WorkerEntrypoint`) into the handler object the
 * isolate dispatches to.
 */
import { ENTRYPOINT_BRAND, RUNTIME_HOOKS, type RuntimeHooks } from './modules/hooks.js';

/** Installs the hooks once, before the application module loads; application code cannot replace them. */
export function installRuntimeHooks(hooks: RuntimeHooks): void {
  Object.defineProperty(globalThis, RUNTIME_HOOKS, { value: Object.freeze({ ...hooks }), enumerable: false, writable: false, configurable: false });
}

/**
 * The deployment's loopback bindings, `exports` of the runtime module, as far as they are known before the module
 * loads: each binding whose kind marks it as one of the deployment's own classes (`ownClass`, given by coordination
 * bindings without another `script_name`) under that class's name. The first binding of a class wins (two bindings
 * of one class are the same namespace). `completeLoopbackExports` adds the entrypoints once the module has loaded.
 */
export function loopbackExports(bindings: readonly { name: string; options?: Record<string, string> }[], env: Record<string, unknown>): Record<string, unknown> {
  const exports: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const { name, options } of bindings) {
    const own = options?.['ownClass'];
    if (own !== undefined && !(own in exports)) exports[own] = env[name];
  }
  return exports;
}

/**
 * Adds the deployment's own entrypoints to `exports` (each `WorkerEntrypoint` class the module exports, and its default
 * export), as stubs of the loopback binding, then freezes it. Another export of the module (a function, a value, a
 * class of no binding) gets nothing.
 */
export function completeLoopbackExports(exports: Record<string, unknown>, moduleExports: Record<string, unknown>, loopback: { stub(entrypoint: string | null): object } | undefined): void {
  if (loopback) {
    for (const name of Object.keys(moduleExports)) {
      if (name in exports) continue;
      const value = moduleExports[name];
      const entrypoint = typeof value === 'function' && (value as unknown as Record<symbol, unknown>)[ENTRYPOINT_BRAND] === true;
      // The default export is a handler object (`export default { fetch }`) or an entrypoint class.
      if (name === 'default' ? entrypoint || (typeof value === 'object' && value !== null) : entrypoint) exports[name] = loopback.stub(name === 'default' ? null : name);
    }
  }
  Object.freeze(exports);
}

type HandlerMethod = (arg: unknown, env: Record<string, unknown>, ctx: unknown) => unknown;
type Instance = Record<string, unknown>;

/**
 * The handler object for the module's default export. A WorkerEntrypoint subclass gets one instance per
 * event, built with `(ctx, env)`, whose `fetch(request)`, `scheduled(controller)` or `queue(batch)` runs;
 * anything else is returned as it is.
 */
export function toEventHandler(exported: unknown): unknown {
  if (typeof exported !== 'function' || (exported as unknown as Record<symbol, unknown>)[ENTRYPOINT_BRAND] !== true) return exported;
  const Entry = exported as new (ctx: unknown, env: Record<string, unknown>) => Instance;
  const prototype = Entry.prototype as Instance;
  const handler: Record<string, HandlerMethod> = {};
  for (const name of ['fetch', 'scheduled', 'queue']) {
    if (typeof prototype[name] !== 'function') continue;
    handler[name] = function eventOnInstance(arg, env, ctx) {
      const instance = new Entry(ctx, env);
      return (instance[name] as (arg: unknown) => unknown).call(instance, arg);
    };
  }
  return handler;
}
