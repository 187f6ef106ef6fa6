/**
 * The isolate half of the loopback binding: stubs of the deployment's own entrypoints, which `exports` of the
 * runtime module lists (runtime/runtime-hooks.ts). Application code never sees the binding itself in `env`.
 */
import type { IsolatePart } from '../isolate-part.js';
import { typedCall, type BindingCall } from '../protocol.js';
import { createServiceStub } from './binding.js';
import type { LoopbackProtocol } from './loopback-protocol.js';
import { propsOfOptions } from './loopback-props.js';
import type { ServicesProtocol } from './protocol.js';

/** The name the loopback binding travels under: not an identifier, so no binding of a configuration can take it. */
export const LOOPBACK_BINDING = 'ledge:loopback';

/** What the loopback binding gives the runtime: a stub of one of the deployment's own entrypoints. */
export interface LoopbackStubs {
  /**
   * A Fetcher with RPC methods calling the export `entrypoint` (null: the default export) of this deployment, whose
   * callee's `ctx.props` are `props`; calling it (`stub({ props })`) makes another stub of the entrypoint with those props.
   */
  stub(entrypoint: string | null, props?: Record<string, unknown>): object;
}

/** The isolate part of the loopback kind. */
export const ISOLATE_PART = {
  kind: 'loopback',
  module: import.meta.url,
  create(transport, context): LoopbackStubs {
    const call = typedCall<LoopbackProtocol>(transport);
    const stub = (entrypoint: string | null, props: Record<string, unknown> = {}): object => {
      const name = `exports.${entrypoint ?? 'default'}`;
      // A service binding's one call, with the entrypoint and props added: the stub is a service binding's in every other way.
      const viaLoopback = ((_method: 'call', [link, method, args]: ServicesProtocol['call']['args']) => call('call', [link, entrypoint, props, method, args])) as BindingCall<ServicesProtocol>;
      return createServiceStub(viaLoopback, context.rpc, name, (options) => stub(entrypoint, propsOfOptions(options, name)));
    };
    return { stub };
  },
} satisfies IsolatePart;
