import { z } from 'zod';
import type { CallSchemas } from '../protocol.js';

/** The calls of a rate limiter binding (isolate: binding.ts, host: service.ts). */
export interface RateLimitProtocol {
  limit: { args: [key: string]; result: { success: boolean } };
}

/** The argument schemas the host checks every call against (a key is at most 1024 characters). */
export const RATE_LIMIT_CALLS = {
  limit: z.tuple([z.string().max(1024)]),
} satisfies CallSchemas<RateLimitProtocol>;
