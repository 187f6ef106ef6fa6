/**
 * The object code finds in `env` for a service binding: a Fetcher (`fetch`) whose other properties are the
 * callee's RPC methods (`env.AUTH.verify(token)`). Loaded by the isolate.
 */
import type { RpcCaller } from '../isolate-part.js';
import type { BindingCall } from '../protocol.js';
import type { ServicesProtocol } from './protocol.js';
import { pipelined } from '../rpc-pipeline.js';

/** Properties a service stub never forwards: a stub is not a promise, and Object's own names are not methods. */
const NOT_METHODS = new Set(['then', 'constructor', ...Object.getOwnPropertyNames(Object.prototype)]);

/**
 * Builds the binding object of one service binding. With `onCall`, the stub is also a function (the original's
 * loopback stubs: `exports.Greeter({ props })`), whose call `onCall` answers.
 */
export function createServiceStub(call: BindingCall<ServicesProtocol>, rpc: RpcCaller | undefined, name: string, onCall?: (options: unknown) => object): object {
  const invoke = (method: string, args: readonly unknown[]): Promise<unknown> => {
    if (!rpc) return Promise.reject(new Error(`${name}: service bindings work only inside a Ledge isolate`));
    return rpc.call((link, encoded) => call('call', [link, method, encoded]), args);
  };
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    let request: Request;
    try {
      request = new Request(input, init);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    return invoke('fetch', [request]) as Promise<Response>;
  };
  const connect = (): never => {
    throw new Error(`${name}.connect(): TCP connections through a service binding are not supported by Ledge; use fetch() or RPC methods`);
  };
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  // An arrow function has no `prototype`, so the proxy answers every name itself (a Proxy must report a target's
  // fixed properties as they are); without `onCall` the target is an object, and calling the stub is a TypeError.
  const target: object = onCall ? (() => undefined) : Object.create(null) as object;
  return new Proxy(target, {
    ...(onCall ? { apply: (_target: unknown, _this: unknown, args: unknown[]) => onCall(args[0]) } : {}),
    get(_target, prop) {
      if (prop === 'fetch') return fetch;
      if (prop === 'connect') return connect;
      if (prop === Symbol.toStringTag) return 'Fetcher';
      if (typeof prop !== 'string' || NOT_METHODS.has(prop)) return undefined;
      let method = methods.get(prop);
      // The call's promise is pipelined: its result's methods can be called before it settles (bindings/rpc-pipeline.ts).
      if (!method) methods.set(prop, (method = (...args: unknown[]) => pipelined(invoke(prop, args))));
      return method;
    },
    set: () => false,
  });
}
