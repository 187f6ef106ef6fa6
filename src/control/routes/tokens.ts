import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../api-error.js';
import { hashToken, newTokenValue, tokenStatus } from '../auth.js';
import { parseResourceKey, permissionAreasOf, permissionGroupsOf, resourceKindsOf, type PermissionGroup, type Permissions } from '../permissions.js';
import { BINDINGS, type BindingRegistry } from '../../bindings/registry.js';
import { AUDIT_RECORD, PERMISSION_GROUP, TOKEN_REVOKED, TOKEN_STATUS } from '../results.js';
import { defineRoute, paginate, PAGE_QUERY, type RouteDefinition } from '../router.js';
import type { ControlServices } from '../services.js';
import type { TokenPolicy, TokenRecord } from '../../storage/control.js';
import { ACCOUNT_PARAMS } from './accounts.js';

const TIME = z.iso.datetime({ offset: true, error: 'expected an RFC 3339 time, e.g. 2026-12-31T23:59:59Z' });

/** One policy of a new token: its groups and resource keys are those of the binding kinds of `registry`. */
function policySchema(registry: BindingRegistry) {
  const kinds = resourceKindsOf(registry);
  return z.strictObject({
    effect: z.enum(['allow', 'deny']).default('allow'),
    permission_groups: z.array(z.enum(permissionGroupsOf(registry) as [string, ...string[]])).min(1),
    resources: z.record(z.string(), z.literal('*', { error: 'expected "*"' })).superRefine((resources, ctx) => {
      const keys = Object.keys(resources);
      if (keys.length === 0) ctx.addIssue({ code: 'custom', message: 'expected at least one resource key' });
      for (const key of keys) {
        const parsed = parseResourceKey(key, kinds);
        if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', path: [key], message: `resource key "${key}": ${parsed}` });
      }
    }),
  });
}

const tokenBody = (registry: BindingRegistry) => z.strictObject({
  name: z.string().trim().min(1).max(120),
  policies: z.array(policySchema(registry)).min(1).max(50),
  not_before: TIME.optional(),
  expires_on: TIME.optional(),
});

/** A policy as the API shows it (the declared result: Ledge's own binding kinds). */
const POLICY = policySchema(BINDINGS);

const TOKEN = z.object({
  id: z.string(), name: z.string(), status: z.enum(['active', 'revoked', 'expired', 'pending']),
  issued_on: z.string(), last_used_on: z.string().nullable(), not_before: z.string().nullable(), expires_on: z.string().nullable(),
  policies: z.array(POLICY),
});

const TOKEN_PARAMS = ACCOUNT_PARAMS.extend({ token_id: z.string() });

/** A token as the API shows it: never its value or hash. */
export function toTokenView(token: TokenRecord, now: number): z.infer<typeof TOKEN> {
  return {
    id: token.id, name: token.name, status: tokenStatus(token, now), issued_on: token.issued_on, last_used_on: token.last_used_on,
    not_before: token.not_before, expires_on: token.expires_on, policies: token.policies,
  };
}

/** A new token id: 32 hexadecimal characters. */
export function newTokenId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Refuses a policy set that grants more than the creating token holds, or reaches another account than
 * the token's own (unless the creator holds every account).
 */
function checkGrant(policies: TokenPolicy[], creator: Permissions, accountId: string, kinds: readonly string[]): void {
  for (const [i, policy] of policies.entries()) {
    if (policy.effect !== 'allow') continue;
    for (const key of Object.keys(policy.resources)) {
      const parsed = parseResourceKey(key, kinds);
      if (typeof parsed === 'string') continue;
      if (parsed.account !== accountId && parsed.account !== '*') {
        throw new ApiError('invalid_field', `resource key "${key}" names another account; a token belongs to one account`, { pointer: `/body/policies/${i}/resources` });
      }
    }
    const beyond = grantBeyond(policy, creator, kinds);
    if (beyond) throw new ApiError('forbidden', `a token cannot be given more than the token creating it holds: "${beyond.group}" on ${beyond.key}`, { pointer: `/body/policies/${i}` });
  }
}

/** The first group and resource key an allow policy grants that `holder` does not hold, if any. */
function grantBeyond(policy: TokenPolicy, holder: Permissions, kinds: readonly string[]): { group: string; key: string } | undefined {
  if (policy.effect !== 'allow') return undefined;
  for (const key of Object.keys(policy.resources)) {
    const parsed = parseResourceKey(key, kinds);
    if (typeof parsed === 'string') continue;
    for (const group of policy.permission_groups) {
      const wanted = group as PermissionGroup;
      if (!holder.can(wanted, parsed) || holder.deniedWithin(wanted, parsed)) return { group, key };
    }
  }
  return undefined;
}

/**
 * Refuses revoking a token that holds more than the revoking one: otherwise any token allowed to manage tokens
 * could revoke the operator's token, and with it every token that token created (a lock-out by a lesser token).
 * A token may revoke what it could have created, itself included.
 */
function checkRevoke(target: TokenRecord, revoker: Permissions, kinds: readonly string[]): void {
  for (const policy of target.policies) {
    const beyond = grantBeyond(policy, revoker, kinds);
    if (beyond) throw new ApiError('forbidden', `a token cannot revoke a token that holds more than the token revoking it: ${target.name} holds "${beyond.group}" on ${beyond.key}`);
  }
}

/**
 * A new token's `expires_on`: never later than its creator's, so a token cannot outlive the one that made
 * it; without one it inherits the creator's (null when the creator never expires).
 */
function childExpiry(asked: string | undefined, parent: TokenRecord): string | null {
  if (asked === undefined) return parent.expires_on;
  const expiresOn = new Date(asked).toISOString();
  if (parent.expires_on !== null && Date.parse(expiresOn) > Date.parse(parent.expires_on)) {
    throw new ApiError('invalid_field', `expires_on: must not be later than ${parent.expires_on}, when the token creating it (${parent.name}) expires`, { pointer: '/body/expires_on' });
  }
  return expiresOn;
}

/** API tokens: create, list, get, revoke (with the tokens each one created), verify, and the permission group catalog; their groups and resource keys are those of `registry`'s binding kinds (a list of routes per list of kinds, holding no services). */
export function tokenRoutes(registry: BindingRegistry): RouteDefinition[] {
  const verifyResult = (clock: ControlServices['clock'], token: TokenRecord) => ({
    result: { id: token.id, status: tokenStatus(token, clock.now()), account_id: token.account_id, name: token.name, not_before: token.not_before, expires_on: token.expires_on },
    messages: [{ code: 10000, message: 'This API Token is valid and active' }],
  });
  return [
    defineRoute({
      id: 'user.tokens.verify', method: 'GET', path: '/user/tokens/verify', summary: 'Verify the calling token', result: TOKEN_STATUS,
      auth: 'token', async handler({ services, principal }) { return verifyResult(services.clock, principal.token); },
    }),
    defineRoute({
      id: 'tokens.verify', method: 'GET', path: '/accounts/{account_id}/tokens/verify', summary: 'Verify the calling token against an account', result: TOKEN_STATUS,
      auth: 'token', params: ACCOUNT_PARAMS,
      async handler({ services, principal, account }) {
        if (principal.token.account_id !== account.id) throw new ApiError('forbidden', `the token belongs to another account than ${account.id}`);
        return verifyResult(services.clock, principal.token);
      },
    }),
    defineRoute({
      id: 'tokens.permission_groups', method: 'GET', path: '/accounts/{account_id}/tokens/permission_groups', summary: 'List the permission groups', result: z.array(PERMISSION_GROUP),
      auth: { group: 'tokens:read' }, params: ACCOUNT_PARAMS,
      async handler() {
        const areas = permissionAreasOf(registry);
        return { result: permissionGroupsOf(registry).map((id) => {
          const [area, level] = id.split(':') as [string, string];
          return { id, name: id, description: `${level === 'write' ? 'create, change and delete' : 'read'} ${areas[area]}` };
        }) };
      },
    }),
    defineRoute({
      id: 'tokens.list', method: 'GET', path: '/accounts/{account_id}/tokens', summary: "List an account's tokens (never their values)",
      auth: { group: 'tokens:read' }, params: ACCOUNT_PARAMS, query: PAGE_QUERY, result: z.array(TOKEN),
      async handler({ services, account, query }) { return paginate((await services.store.listTokens(account.id)).map((t) => toTokenView(t, services.clock.now())), query); },
    }),
    defineRoute({
      id: 'tokens.create', method: 'POST', path: '/accounts/{account_id}/tokens', summary: 'Create a token; its value is shown in this answer only',
      auth: { group: 'tokens:write' }, params: ACCOUNT_PARAMS, body: tokenBody(registry), status: 201, result: TOKEN.extend({ value: z.string() }),
      async handler({ services, account, body, principal, now }) {
        const policies = body.policies as TokenPolicy[];
        checkGrant(policies, principal.permissions, account.id, resourceKindsOf(registry));
        const notBefore = body.not_before === undefined ? null : new Date(body.not_before).toISOString();
        const expiresOn = childExpiry(body.expires_on, principal.token);
        if (expiresOn !== null && Date.parse(expiresOn) <= services.clock.now()) throw new ApiError('invalid_field', 'expires_on: must lie in the future', { pointer: '/body/expires_on' });
        if (expiresOn !== null && notBefore !== null && expiresOn <= notBefore) throw new ApiError('invalid_field', 'expires_on: must come after not_before', { pointer: '/body/expires_on' });
        const value = newTokenValue();
        const token: TokenRecord = {
          id: newTokenId(), account_id: account.id, name: body.name, hash: hashToken(value), policies,
          not_before: notBefore, expires_on: expiresOn, issued_on: now, last_used_on: null, revoked_on: null, parent_id: principal.token.id,
        };
        await services.store.createToken(token);
        return { result: { ...toTokenView(token, services.clock.now()), value } };
      },
    }),
    defineRoute({
      id: 'tokens.get', method: 'GET', path: '/accounts/{account_id}/tokens/{token_id}', summary: 'Get a token (never its value)',
      auth: { group: 'tokens:read' }, params: TOKEN_PARAMS, result: TOKEN,
      async handler({ services, account, params }) {
        const token = await services.store.getToken(account.id, params.token_id);
        if (!token) throw new ApiError('object_not_found', `no token ${params.token_id} in this account`);
        return { result: toTokenView(token, services.clock.now()) };
      },
    }),
    defineRoute({
      id: 'tokens.revoke', method: 'DELETE', path: '/accounts/{account_id}/tokens/{token_id}', summary: 'Revoke a token at once', result: TOKEN_REVOKED,
      auth: { group: 'tokens:write' }, params: TOKEN_PARAMS,
      async handler({ services, account, params, now, principal }) {
        const target = await services.store.getToken(account.id, params.token_id);
        if (!target) throw new ApiError('object_not_found', `no token ${params.token_id} in this account`);
        if (target.id !== principal.token.id) checkRevoke(target, principal.permissions, resourceKindsOf(registry));
        const descendants = await services.store.revokeToken(account.id, params.token_id, now);
        if (descendants === null) throw new ApiError('object_not_found', `no token ${params.token_id} in this account`);
        return { result: { id: params.token_id, also_revoked: descendants } };
      },
    }),
    defineRoute({
      id: 'audit.list', method: 'GET', path: '/accounts/{account_id}/audit_logs', summary: 'List the audit log, newest first', result: z.array(AUDIT_RECORD),
      auth: { group: 'audit:read' }, params: ACCOUNT_PARAMS, query: PAGE_QUERY,
      async handler({ services, account, query }) {
        const { items, total } = await services.store.listAudit(account.id, { offset: (query.page - 1) * query.per_page, limit: query.per_page });
        return { result: items, result_info: { page: query.page, per_page: query.per_page, count: items.length, total_count: total, total_pages: Math.ceil(total / query.per_page) } };
      },
    }),
  ];
}
