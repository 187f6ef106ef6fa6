/**
 * Sizes of RPC values, bounded the same way wherever a call's values cross: by the host's RpcPort between
 * isolates, and inside an isolate for a call whose two ends are both there (session.ts, `callLocal`). Loaded by
 * the isolate: nothing host-only.
 */
import { serialize } from 'node:v8';
import type { RpcOutcome } from './errors.js';

/** Size of a value in V8's structured-clone format, or Infinity when it cannot be serialised. */
export function encodedBytes(value: unknown): number {
  try {
    return serialize(value).byteLength;
  } catch {
    return Infinity;
  }
}

/** Values `plainSizeBound` walks at most before leaving the size to `encodedBytes`. */
export const PLAIN_NODES = 64;

/**
 * An upper bound of `encodedBytes(value)` for plain data (primitives, arrays, objects of the Object prototype),
 * or Infinity for anything else, or past `budget.nodes` values: the exact size is measured then. The bound is
 * generous (16 bytes of framing per value, 2 per UTF-16 unit), so it never says a value fits when it does not.
 */
export function plainSizeBound(value: unknown, budget: { nodes: number }): number {
  if (--budget.nodes < 0) return Infinity;
  switch (typeof value) {
    case 'string': return 16 + 2 * value.length;
    case 'number': case 'boolean': case 'undefined': return 16;
    case 'object': {
      if (value === null) return 16;
      let total = 16;
      if (Array.isArray(value)) {
        if (value.length > budget.nodes) return Infinity;
        for (let i = 0; i < value.length; i++) total += plainSizeBound(value[i], budget);
        // Properties beyond the indices are serialised too: only plain arrays are bounded here.
        return Object.keys(value).length === value.length ? total : Infinity;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return Infinity;
      for (const key of Object.keys(value)) {
        total += 16 + 2 * key.length + plainSizeBound((value as Record<string, unknown>)[key], budget);
        if (total === Infinity) return Infinity;
      }
      return total;
    }
    default: return Infinity;
  }
}

/** The refusal of a value larger than `maxBytes` (or not serialisable) as the caller sees it, or undefined when it fits. */
export function oversizedValue(value: unknown, what: string, maxBytes: number): RpcOutcome | undefined {
  // Most calls carry a few numbers and short strings: bounded without serialising them (a copy per call).
  if (plainSizeBound(value, { nodes: PLAIN_NODES }) <= maxBytes) return undefined;
  const bytes = encodedBytes(value);
  if (bytes <= maxBytes) return undefined;
  return { error: { name: 'RangeError', message: bytes === Infinity ? `the ${what} could not be serialised` : `the ${what} is ${bytes} bytes, over the limit of ${maxBytes} bytes per call` } };
}
