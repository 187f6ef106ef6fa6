/** Errors that cross an RPC link: what the callee threw, as the caller receives it. Loaded by the isolate. */

/** A thrown value as it travels: the error's name and message (never its stack: that is the callee's own detail). */
export interface RpcErrorWire {
  name: string;
  message: string;
}

/** How a call ended, as it travels back: its encoded result, or what was thrown. */
export type RpcOutcome = { value: unknown } | { error: RpcErrorWire };

const BUILT_IN: Readonly<Record<string, ErrorConstructor>> = {
  Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError,
};

/** The wire form of whatever the callee threw. */
export function toRpcError(thrown: unknown): RpcErrorWire {
  if (thrown instanceof Error) return { name: String(thrown.name), message: String(thrown.message) };
  if (thrown !== null && typeof thrown === 'object' && typeof (thrown as { message?: unknown }).message === 'string') {
    const { name, message } = thrown as { name?: unknown; message: string };
    return { name: typeof name === 'string' ? name : 'Error', message };
  }
  return { name: 'Error', message: typeof thrown === 'string' ? thrown : `a non-Error value was thrown: ${String(thrown)}` };
}

/**
 * The error the caller sees: of the same built-in class when the name is one (a TypeError stays a
 * TypeError), with the callee's name and message, and `remote: true` (as on the original platform) so code
 * can tell a failure of the other side from its own.
 */
export function fromRpcError(wire: RpcErrorWire): Error {
  const name = typeof wire?.name === 'string' ? wire.name : 'Error';
  const message = typeof wire?.message === 'string' ? wire.message : 'the remote call failed';
  const Ctor = BUILT_IN[name] ?? Error;
  const err = new Ctor(message);
  if (err.name !== name) Object.defineProperty(err, 'name', { value: name, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(err, 'remote', { value: true, writable: true, configurable: true, enumerable: true });
  return err;
}

/** The value of an outcome, or its error thrown as the caller sees it. */
export function settleOutcome(outcome: RpcOutcome): unknown {
  if (outcome !== null && typeof outcome === 'object' && 'error' in outcome) throw fromRpcError(outcome.error);
  if (outcome !== null && typeof outcome === 'object' && 'value' in outcome) return outcome.value;
  throw new TypeError('the other side of an RPC call answered something that is not an outcome');
}
