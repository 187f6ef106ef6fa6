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
 * The deployment's loopback bindings, `exports` of the runtime module: each binding whose kind marks it as one of
 * the deployment's own classes (`ownClass`, given by coordination bindings without another `script_name`) under
 * that class's name. The first binding of a class wins (two bindings of one class are the same namespace).
 */
export function loopbackExports(bindings: readonly { name: string; options?: Record<string, string> }[], env: Record<string, unknown>): Readonly<Record<string, unknown>> {
  const exports: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const { name, options } of bindings) {
    const own = options?.['ownClass'];
    if (own !== undefined && !(own in exports)) exports[own] = env[name];
  }
  return Object.freeze(exports);
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
