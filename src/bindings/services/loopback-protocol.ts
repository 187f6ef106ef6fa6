/**
 * The loopback binding's one call (docs/runtime.md, `exports`): a call of the deployment into one of its own
 * entrypoints, which names the entrypoint per call (a service binding names it in its configuration).
 */
import { z } from 'zod';
import type { CallSchemas } from '../protocol.js';

/** Every call of the loopback binding, with its argument tuple and result. */
export interface LoopbackProtocol {
  /**
   * `[link, entrypoint, props, method, args]`: as a service binding's `call`, with the export called (null: the default
   * export) and the callee's `ctx.props` (`exports.Greeter({ props })`; `{}` for a stub made without).
   */
  call: { args: [link: number, entrypoint: string | null, props: Record<string, unknown>, method: string, args: unknown[]]; result: unknown };
}

/** The longest method or export name a call may carry. */
const NAME_CHARS = 256;

/** Props as the isolate made them: a structured clone of an object, so plain (its size is bounded with the arguments': runtime/rpc/directory.ts). */
const PROPS = z.custom<Record<string, unknown>>((value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}, { error: 'expected the props a stub was made with: a plain object' });

/** What the host checks each call against before it runs. */
export const LOOPBACK_CALLS = {
  call: z.tuple([
    z.number().int().positive(),
    z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/).max(NAME_CHARS).nullable(),
    PROPS,
    z.string().min(1).max(NAME_CHARS),
    z.array(z.unknown()),
  ]),
} satisfies CallSchemas<LoopbackProtocol>;
