import type { IsolatePart } from '../isolate-part.js';
import { typedCall } from '../protocol.js';
import { RateLimit } from './binding.js';
import type { RateLimitProtocol } from './protocol.js';

/** The isolate half of the rate limiter kind: a `RateLimit` in `env`. */
export const ISOLATE_PART = {
  kind: 'rate_limits',
  module: import.meta.url,
  create: (transport) => new RateLimit(typedCall<RateLimitProtocol>(transport)),
} satisfies IsolatePart;
