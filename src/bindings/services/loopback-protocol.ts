/**
 * The loopback binding's one call (docs/runtime.md, `exports`): a call of the deployment into one of its own
 * entrypoints, which names the entrypoint per call (a service binding names it in its configuration).
 */
import { z } from 'zod';
import type { CallSchemas } from '../protocol.js';

/** Every call of the loopback binding, with its argument tuple and result. */
export interface LoopbackProtocol {
  /** `[link, entrypoint, method, args]`: as a service binding's `call`, with the export called (null: the default export). */
  call: { args: [link: number, entrypoint: string | null, method: string, args: unknown[]]; result: unknown };
}

/** The longest method or export name a call may carry. */
const NAME_CHARS = 256;

/** What the host checks each call against before it runs. */
export const LOOPBACK_CALLS = {
  call: z.tuple([
    z.number().int().positive(),
    z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/).max(NAME_CHARS).nullable(),
    z.string().min(1).max(NAME_CHARS),
    z.array(z.unknown()),
  ]),
} satisfies CallSchemas<LoopbackProtocol>;
