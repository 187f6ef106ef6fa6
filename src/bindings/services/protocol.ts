/** The service binding's one call: a method (or `fetch`) with its arguments encoded on an RPC link (runtime/rpc). Loaded by the isolate. */
import { z } from 'zod';
import type { CallSchemas } from '../protocol.js';

/** Every call of the kind, with its argument tuple and result. */
export interface ServicesProtocol {
  /** `[link, method, args]`: the caller's link number, the method's name and its encoded arguments; answers the call's outcome (`{ value }` or `{ error }`). */
  call: { args: [link: number, method: string, args: unknown[]]; result: unknown };
}

/** The longest method name a call may carry. */
const METHOD_NAME_CHARS = 256;

/** What the host checks each call against before it runs. */
export const SERVICES_CALLS = {
  call: z.tuple([z.number().int().positive(), z.string().min(1).max(METHOD_NAME_CHARS), z.array(z.unknown())]),
} satisfies CallSchemas<ServicesProtocol>;
