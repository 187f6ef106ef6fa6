/**
 * The link between Ledge's runtime modules (bundled into the application) and the isolate that runs it:
 * isolate-main.ts installs one frozen object under a registered symbol before the application loads. It
 * holds only what application code already has (its `env`, its event's `waitUntil`), so reaching it
 * directly grants nothing new.
 */
export const RUNTIME_HOOKS = Symbol.for('ledge.runtime');

/** Marks WorkerEntrypoint and its subclasses, so the isolate can tell an entrypoint class from a handler object. */
export const ENTRYPOINT_BRAND = Symbol.for('ledge.entrypoint');

/** What the isolate hands the runtime modules. */
export interface RuntimeHooks {
  /** The deployment's env: vars and bindings. */
  readonly env: Record<string, unknown>;
  /** Extends the current event (request, cron window, queue batch) until the promise settles. */
  waitUntil(promise: unknown): void;
  /** Outbound TCP (runtime/tcp/isolate-tcp.ts). */
  readonly connect?: (address: unknown, options?: unknown) => unknown;
  /** The deployment's loopback bindings (`exports` of `ledge:workers`): its bound classes and its entrypoints (runtime-hooks.ts). */
  readonly exports?: Readonly<Record<string, unknown>>;
}

/** The hooks of the isolate this code runs in. */
export function runtimeHooks(): RuntimeHooks | undefined {
  return (globalThis as unknown as Record<symbol, RuntimeHooks | undefined>)[RUNTIME_HOOKS];
}

/** The hooks, or an error saying where the module can run. */
export function requireHooks(what: string): RuntimeHooks {
  const hooks = runtimeHooks();
  if (!hooks) throw new Error(`${what} works only inside a Ledge isolate (ledge dev or ledge serve)`);
  return hooks;
}

/** Marks `RpcTarget` instances (a property of its prototype), so the RPC codec passes them by reference (runtime/rpc/codec.ts). */
export const RPC_TARGET_BRAND = Symbol.for('ledge.rpc-target');
