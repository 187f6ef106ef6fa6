import type { BindingPlugin } from '../plugin.js';
import { ISOLATE_PART } from './isolate.js';
import { RATE_LIMIT_CALLS, type RateLimitProtocol } from './protocol.js';
import { RATE_LIMIT_ENTRY_SCHEMA, type RateLimitEntryConfig } from './schema.js';
import { createRateLimitHandlers } from './service.js';

/** The rate limiter binding kind: `rate_limits: [{ binding, namespace_id, simple: { limit, period } }]` (docs/bindings/rate-limits.md). */
export const RATE_LIMITS_PLUGIN = {
  kind: 'rate_limits',
  configKey: 'rate_limits',
  entrySchema: RATE_LIMIT_ENTRY_SCHEMA,
  resourceId: (entry) => entry.namespace_id,
  // A limiter's namespace comes into being with the deployments that name it: the account API creates none.
  resource: { field: 'namespace_id', key: 'rate_limit', area: 'rate_limits', areaLabel: 'rate limiters' },
  calls: RATE_LIMIT_CALLS,
  handlers: (entry, context) => createRateLimitHandlers(entry, context.storage.sharedFrom ?? context.storage, context.clock),
  isolate: ISOLATE_PART,
} as const satisfies BindingPlugin<RateLimitEntryConfig, RateLimitProtocol>;
