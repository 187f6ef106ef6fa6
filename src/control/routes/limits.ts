import { z } from 'zod';
import { ApiError } from '../api-error.js';
import { defineRoute, type RouteDefinition } from '../router.js';
import type { ControlServices } from '../services.js';
import { ACCOUNT_PARAMS } from './accounts.js';

const LIMITS = z.object({ memory_mb: z.number().int() });

/** The account's limits now: those set by the operator, else the platform's default. */
function current(services: ControlServices, accountId: string): { memory_mb: number } {
  const { accountLimits } = services;
  return accountLimits?.get(accountId) ?? { memory_mb: accountLimits?.defaultMemoryMb ?? 0 };
}

/**
 * The account's limits: the memory of its sandbox process (docs/api.md, "Account limits"). Anyone who may read
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
    body: z.strictObject({ memory_mb: z.number().int().min(64).max(1_048_576) }),
    async handler({ services, account, body, principal }) {
      const { accountLimits } = services;
      if (!principal.permissions.can('accounts:write', { account: '*' })) throw new ApiError('forbidden', 'the token lacks the permission "accounts:write" on com.ledge.api.account.*: account limits are set by the operator');
      if (!accountLimits) throw new ApiError('conflict', 'this platform keeps no account limits');
      accountLimits.set(account.id, { memory_mb: body.memory_mb });
      return { result: current(services, account.id) };
    },
  }),
];
