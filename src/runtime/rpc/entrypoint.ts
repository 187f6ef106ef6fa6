/**
 * Which code an incoming service-binding call runs: a named `WorkerEntrypoint` export, or the default
 * export (a WorkerEntrypoint class, or a handler object), as on the original platform. Loaded by the isolate.
 */
import { ENTRYPOINT_BRAND } from '../modules/hooks.js';

/** Handler names the platform calls for its own events: never callable over RPC. */
const EVENT_HANDLERS = new Set(['scheduled', 'queue', 'tail', 'trace', 'email', 'test', 'alarm', 'connect', 'webSocketMessage', 'webSocketClose', 'webSocketError']);
/** Names every object has: never RPC methods. */
const NOT_METHODS = new Set(['constructor', 'then', ...Object.getOwnPropertyNames(Object.prototype)]);

/** One incoming call, with what the callee's code is given. */
export interface EntrypointCall {
  exports: Record<string, unknown>;
  env: Record<string, unknown>;
  /** The event's `ctx` (`waitUntil`, `props`, `caller`). */
  ctx: object;
  entrypoint: string | null;
  method: string;
  args: unknown[];
}

/** Runs the call; throws (to the caller, as a remote error) when the target or the method does not exist. */
export function callEntrypoint(call: EntrypointCall): unknown {
  const { exports, env, ctx, entrypoint, method, args } = call;
  const exported = entrypoint === null ? exports.default : Object.hasOwn(exports, entrypoint) ? exports[entrypoint] : undefined;
  if (exported === undefined || exported === null) {
    throw new TypeError(entrypoint === null ? 'the deployment has no default export to call' : `the deployment exports no entrypoint named "${entrypoint}"`);
  }
  if (typeof method !== 'string' || NOT_METHODS.has(method)) throw notImplemented(method);
  if (EVENT_HANDLERS.has(method)) throw new TypeError(`"${method}" is an event handler; it cannot be called over a service binding`);
  if (typeof exported === 'function' && (exported as unknown as Record<symbol, unknown>)[ENTRYPOINT_BRAND] === true) {
    const instance = new (exported as new (ctx: object, env: Record<string, unknown>) => Record<string, unknown>)(ctx, env);
    const fn = instance[method];
    if (typeof fn !== 'function') throw notImplemented(method);
    return (fn as (...a: unknown[]) => unknown).apply(instance, method === 'fetch' ? [requestOf(args)] : args);
  }
  if (entrypoint !== null) throw new TypeError(`the export "${entrypoint}" is not a WorkerEntrypoint class, so it cannot be called over a service binding`);
  if (typeof exported !== 'object') throw new TypeError('the default export is neither a handler object nor a WorkerEntrypoint class');
  const handler = exported as Record<string, unknown>;
  const fn = handler[method];
  if (typeof fn !== 'function') throw notImplemented(method);
  // A handler object's fetch keeps its (request, env, ctx) signature; its other methods get the caller's arguments.
  return method === 'fetch' ? (fn as (...a: unknown[]) => unknown).call(handler, requestOf(args), env, ctx) : (fn as (...a: unknown[]) => unknown).apply(handler, args);
}

function requestOf(args: unknown[]): Request {
  const [request] = args;
  if (!(request instanceof Request)) throw new TypeError('fetch() over a service binding takes one Request');
  return request;
}

function notImplemented(method: unknown): TypeError {
  return new TypeError(`The RPC receiver does not implement the method "${String(method)}".`);
}
