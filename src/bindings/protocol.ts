/**
 * The typed channel between a binding's two halves. Each kind's `protocol.ts` declares its calls (name,
 * argument tuple, result) once; the isolate side calls through `BindingCall<P>`, the host side answers
 * through `serveProtocol` (host-protocol.ts), which checks every incoming call against the same
 * declaration. This file is loaded by the isolate: it imports nothing at run time.
 */
import type { z } from 'zod';

/** One call of a protocol: the argument list the isolate sends and the value the host answers. */
export interface CallShape {
  args: readonly unknown[];
  result: unknown;
}

/** A protocol: every call of one binding kind by name (an interface in the kind's protocol.ts). */
export type ProtocolShape<P> = { [M in keyof P]: CallShape };

/** Per call, the zod schema of its argument list: what the host checks each incoming call against before it runs. */
export type CallSchemas<P extends ProtocolShape<P>> = { readonly [M in keyof P]: z.ZodType<P[M]['args']> };

/**
 * Per call, optionally, a plain check that answers true only for arguments the call's schema accepts unchanged
 * (serveProtocol then skips the schema); false sends them through the schema, which refuses or accepts them.
 */
export type FastChecks<P extends ProtocolShape<P>> = { readonly [M in keyof P]?: (args: unknown) => boolean };

/** Per call, the host-side handler: given the checked arguments, it answers the call's result. */
export type CallHandlers<P extends ProtocolShape<P>> = { readonly [M in keyof P]: (args: P[M]['args'], origin?: CallOrigin) => Promise<P[M]['result']> };

/**
 * Who makes a binding call, as the host knows it: never as the isolate says (SPEC, Authentication 7: the
 * caller's identity comes from the deployment relation, not from a label the caller supplies).
 */
export interface CallOrigin {
  /** The calling deployment's name. */
  readonly deployment: string;
  /** How many calls through bindings the caller's event is nested in (0 for a request from outside). */
  readonly depth: number;
  /** The calling isolate's RPC end (runtime/rpc/host-links.ts); opaque to bindings. */
  readonly endpoint: object;
  /**
   * The calls that nest (service bindings, coordination objects) the event this call names has in flight, counted
   * by `enterNestedCall`. The isolate names the event, and a loop that names its outermost one on every hop is depth
   * 1 for ever; each of its hops is in flight at once, so this count bounds it.
   */
  readonly nested?: { inFlight: number };
}

/** Calls that nest one event may have in flight at once (`limits.subrequests`' default: no honest event waits on more). */
export const MAX_NESTED_CALLS_IN_FLIGHT = 1000;

/**
 * Counts a call that nests as in flight for the event its origin names until the returned function runs; past
 * `MAX_NESTED_CALLS_IN_FLIGHT` answers the refusal's message instead (the call fails with it).
 */
export function enterNestedCall(origin: CallOrigin, callee: string): (() => void) | string {
  const nested = origin.nested;
  if (!nested) return () => {};
  if (nested.inFlight >= MAX_NESTED_CALLS_IN_FLIGHT) {
    return `one event has ${MAX_NESTED_CALLS_IN_FLIGHT} calls through service bindings and to coordination objects in flight (a loop whose calls name a shallower event?); the call to ${callee} was refused`;
  }
  nested.inFlight++;
  let left = false;
  return () => {
    if (!left) nested.inFlight--;
    left = true;
  };
}


/** The untyped transport under a binding: a method name and an argument list, sent as a `call` message to the host. */
export type BindingTransport = (method: string, args: readonly unknown[]) => Promise<unknown>;

/** The isolate side's typed call: the compiler checks the method, its arguments and the result against the protocol. */
export type BindingCall<P extends ProtocolShape<P>> = <M extends keyof P & string>(method: M, args: P[M]['args']) => Promise<P[M]['result']>;

/** A typed call over the transport. */
export function typedCall<P extends ProtocolShape<P>>(transport: BindingTransport): BindingCall<P> {
  // The one place a result is given its type: it is what the host's handler for `method`, typed by the same
  // protocol, returned, carried across the thread by structured clone.
  return <M extends keyof P & string>(method: M, args: P[M]['args']) => transport(method, args) as Promise<P[M]['result']>;
}
