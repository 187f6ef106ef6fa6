import { z } from 'zod';
import { BINDING_NAME } from '../names.js';

/** One entry of `rate_limits` in ledge.jsonc (the original's `ratelimits`, whose `name` is this `binding`). */
export const RATE_LIMIT_ENTRY_SCHEMA = z.strictObject({
  /** The name application code reads from `env`. */
  binding: BINDING_NAME,
  /** The limiter's namespace: bindings naming the same one in an account count against the same keys. */
  namespace_id: z.string().min(1).max(64),
  /** The rule: at most `limit` calls per key in each window of `period` seconds (10 or 60, as on the original). */
  simple: z.strictObject({
    limit: z.number().int().min(1).max(1_000_000),
    period: z.number().refine((p) => p === 10 || p === 60, { error: 'expected 10 or 60 (seconds), the windows the original offers' }),
  }),
});

/** A `rate_limits` entry. */
export type RateLimitEntryConfig = z.infer<typeof RATE_LIMIT_ENTRY_SCHEMA>;
