/**
 * `ledge:workers` (also imported as the original platform's `cloudflare:workers`): the base classes
 * applications extend, the deployment's `env` and `waitUntil`. Bundled into the application; see
 * docs/runtime.md, The runtime module.
 */
import { ENTRYPOINT_BRAND, RPC_TARGET_BRAND, requireHooks, runtimeHooks } from './hooks.js';

/** What a class-based handler receives as `this.ctx`. */
interface EntrypointContext {
  waitUntil(promise: unknown): void;
  passThroughOnException(): void;
  /** What the calling service binding's `props` give (empty for a request from outside). */
  readonly props: Record<string, unknown>;
  /** On a call through a service binding: the calling deployment, as the platform knows it (docs/bindings/services.md). */
  readonly caller?: { readonly deployment: string };
}

/** The deployment's env (vars and bindings), the same object handlers receive as their `env` argument. */
export const env: Record<string, unknown> = runtimeHooks()?.env ?? {};

/**
 * The deployment's loopback bindings, by the name its module exports them under (the original's `exports`): each
 * coordination object class of this deployment that its configuration binds, as that binding's namespace
 * (`exports.Room === env.ROOMS` for `{ "name": "ROOMS", "class_name": "Room" }`), and each of its entrypoints
 * (`WorkerEntrypoint` exports, and `default`) as a stub calling the deployment itself; complete once the module has
 * loaded (docs/runtime.md). Unbound classes are not in it yet.
 */
export const exports: Readonly<Record<string, unknown>> = runtimeHooks()?.exports ?? Object.freeze({});

/** Keeps the current event (request, cron window, queue batch) alive until `promise` settles, like `ctx.waitUntil`. */
export function waitUntil(promise: unknown): void {
  requireHooks('waitUntil()').waitUntil(promise);
}

/**
 * The base of a class-based handler: `export default class extends WorkerEntrypoint { fetch(request) {...} }`.
 * Ledge creates one instance per event with `ctx` and `env`. Its public methods are callable over a
 * service binding (`env.SVC.method(args)`), default export or named by the binding's `entrypoint`.
 */
export class WorkerEntrypoint<Env = Record<string, unknown>> {
  static readonly [ENTRYPOINT_BRAND] = true;
  ctx: EntrypointContext;
  env: Env;

  constructor(ctx: EntrypointContext, env: Env) {
    this.ctx = ctx;
    this.env = env;
  }
}

/**
 * A class whose instances are passed by reference over RPC: the receiver gets a stub whose method calls
 * run here, in the instance's own deployment (docs/bindings/services.md).
 */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a base class applications extend; it carries no behaviour of its own.
export class RpcTarget {}
Object.defineProperty(RpcTarget.prototype, RPC_TARGET_BRAND, { value: true });

/**
 * The base of a coordination object's class (docs/bindings/coordination.md): `ctx` is its state (`id`, `storage`,
 * `blockConcurrencyWhile`, `waitUntil`, `abort`) and `env` the deployment's env. Its public methods are callable
 * over RPC from a stub; `fetch` and `alarm` are handlers the platform calls.
 */
export class DurableObject<Env = Record<string, unknown>> {
  ctx: unknown;
  env: Env;

  constructor(ctx: unknown, env: Env) {
    this.ctx = ctx;
    this.env = env;
  }
}

/**
 * The base of a workflow: `export class MyWorkflow extends WorkflowEntrypoint { async run(event, step) {...} }`,
 * named by `workflows[].class_name`. Ledge creates one instance per run with `ctx` and `env`
 * (docs/bindings/workflows.md).
 */
export class WorkflowEntrypoint<Env = Record<string, unknown>, Params = unknown> {
  ctx: EntrypointContext;
  env: Env;
  /** Only for typing `run(event: WorkflowEvent<Params>)` in subclasses. */
  declare readonly params?: Params;

  constructor(ctx: EntrypointContext, env: Env) {
    this.ctx = ctx;
    this.env = env;
  }
}
