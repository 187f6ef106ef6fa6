import { z } from 'zod';
import { ApiError } from '../api-error.js';
import { defineRoute, type RouteDefinition } from '../router.js';
import type { ControlServices } from '../services.js';
import { ACCOUNT_PARAMS } from './accounts.js';

const LIMITS = z.object({ memory_mb: z.number().int(), coordination_storage_mb: z.number().int() });

/** The account's limits now: each one set by the operator, else the platform's default. */
function current(services: ControlServices, accountId: string): { memory_mb: number; coordination_storage_mb: number } {
  const { accountLimits } = services;
  const set = accountLimits?.get(accountId);
  return {
    memory_mb: set?.memory_mb ?? accountLimits?.defaultMemoryMb ?? 0,
    coordination_storage_mb: set?.coordination_storage_mb ?? accountLimits?.defaultCoordinationStorageMb ?? 0,
  };
}

/**
 * The account's limits: the memory of its sandbox process and the storage of its coordination objects (docs/api.md, "Account limits"). Anyone who may read
 * the account reads them; only a token that may write every account sets them, since an account's own
 * administrator must not lift what the operator bounds.
 */
export const LIMIT_ROUTES: readonly RouteDefinition[] = [
  defineRoute({
    id: 'limits.get', method: 'GET', path: '/accounts/{account_id}/limits', summary: "Get the account's limits",
    auth: { group: 'accounts:read' }, params: ACCOUNT_PARAMS, result: LIMITS,
    async handler({ services, account }) { return { result: current(services, account.id) }; },
  }),
  defineRoute({
    id: 'limits.put', method: 'PUT', path: '/accounts/{account_id}/limits', summary: "Set the account's limits (needs accounts:write on every account)",
    auth: { group: 'accounts:read' }, params: ACCOUNT_PARAMS, result: LIMITS,
    // Either limit, or both; one left out keeps its value.
    body: z.strictObject({ memory_mb: z.number().int().min(64).max(1_048_576).optional(), coordination_storage_mb: z.number().int().min(1).max(1_073_741_824).optional() })
      .refine((b) => b.memory_mb !== undefined || b.coordination_storage_mb !== undefined, 'give memory_mb, coordination_storage_mb or both'),
    async handler({ services, account, body, principal }) {
      const { accountLimits } = services;
      if (!principal.permissions.can('accounts:write', { account: '*' })) throw new ApiError('forbidden', 'the token lacks the permission "accounts:write" on com.ledge.api.account.*: account limits are set by the operator');
      if (!accountLimits) throw new ApiError('conflict', 'this platform keeps no account limits');
      const now = current(services, account.id);
      accountLimits.set(account.id, { memory_mb: body.memory_mb ?? now.memory_mb, coordination_storage_mb: body.coordination_storage_mb ?? now.coordination_storage_mb });
      return { result: current(services, account.id) };
    },
  }),
];
