import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError, fieldError } from '../api-error.js';
import { TEAM_LABEL } from '../../entry/hostnames.js';
import { DELETED_ID } from '../results.js';
import { defineRoute, paginate, PAGE_QUERY, type RouteDefinition } from '../router.js';
import type { AccountRecord, MemberRecord } from '../../storage/control.js';

/** A DNS label: lowercase letters, digits and dashes, 1-63 characters. */
export const DNS_LABEL = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, { error: 'expected a DNS label: lowercase letters, digits and dashes (1-63 characters, no leading or trailing dash)' });
/** An account id in a path. */
export const ACCOUNT_PARAMS = z.object({ account_id: z.string() });

const ACCOUNT = z.object({ id: z.string(), name: z.string(), subdomain: z.string(), created_on: z.string() });
const MEMBER = z.object({ id: z.string(), email: z.string(), roles: z.array(z.string()), created_on: z.string() });
const ROLES = ['administrator', 'developer', 'viewer'] as const;

const memberView = (m: MemberRecord) => ({ id: m.id, email: m.email, roles: m.roles, created_on: m.created_on });

/** A new account id: 32 hexadecimal characters. */
export function newAccountId(): string {
  return randomBytes(16).toString('hex');
}

/** The subdomain made from a name: `My Shop` → `my-shop`. */
function toSubdomain(name: string): string {
  return name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 63).replace(/-+$/, '') || 'account';
}

/** Accounts and their members: a static list, as every route list (each handler gets the services in its context). */
export const ACCOUNT_ROUTES: readonly RouteDefinition[] = [
  defineRoute({
    id: 'accounts.list', method: 'GET', path: '/accounts', summary: 'List the accounts the token can see',
    auth: 'token', query: PAGE_QUERY, result: z.array(ACCOUNT),
    async handler({ services: { store }, principal, query }) {
      const visible = (await store.listAccounts()).filter((a) => principal.permissions.reaches(a.id));
      return paginate(visible, query);
    },
  }),
  defineRoute({
    id: 'accounts.create', method: 'POST', path: '/accounts', summary: 'Create an account (needs accounts:write on every account)',
    auth: 'token', status: 201, result: ACCOUNT,
    body: z.strictObject({ name: z.string().trim().min(1).max(100), subdomain: DNS_LABEL.optional() }),
    async handler({ services, principal, body, now }) {
      if (!principal.permissions.can('accounts:write', { account: '*' })) throw new ApiError('forbidden', 'the token lacks the permission "accounts:write" on com.ledge.api.account.*');
      if (services.accountCreationRefusal) throw new ApiError('conflict', services.accountCreationRefusal);
      const account: AccountRecord = { id: newAccountId(), name: body.name, subdomain: body.subdomain ?? toSubdomain(body.name), created_on: now };
      // Team domains live under <subdomain>.access.<platform domain>: no account may be called that.
      if (account.subdomain === TEAM_LABEL) throw fieldError(body.subdomain === undefined ? '/body/name' : '/body/subdomain', `the subdomain "${TEAM_LABEL}" is reserved; choose another`);
      await services.store.createAccount(account);
      return { result: account };
    },
  }),
  defineRoute({
    id: 'accounts.get', method: 'GET', path: '/accounts/{account_id}', summary: 'Get an account',
    auth: { group: 'accounts:read' }, params: ACCOUNT_PARAMS, result: ACCOUNT,
    async handler({ account }) { return { result: account }; },
  }),
  defineRoute({
    id: 'members.list', method: 'GET', path: '/accounts/{account_id}/members', summary: "List an account's members",
    auth: { group: 'members:read' }, params: ACCOUNT_PARAMS, query: PAGE_QUERY, result: z.array(MEMBER),
    async handler({ services: { store }, account, query }) {
      return paginate((await store.listMembers(account.id)).map(memberView), query);
    },
  }),
  defineRoute({
    id: 'members.create', method: 'POST', path: '/accounts/{account_id}/members', summary: 'Add a member to an account',
    auth: { group: 'members:write' }, params: ACCOUNT_PARAMS, status: 201, result: MEMBER,
    body: z.strictObject({ email: z.email(), roles: z.array(z.enum(ROLES)).min(1).default(['developer']) }),
    async handler({ services: { store }, account, body, now }) {
      const member = { id: randomUUID().replace(/-/g, ''), account_id: account.id, email: body.email.toLowerCase(), roles: [...new Set(body.roles)], created_on: now };
      await store.addMember(member);
      return { result: memberView(member) };
    },
  }),
  defineRoute({
    id: 'members.delete', method: 'DELETE', path: '/accounts/{account_id}/members/{member_id}', summary: 'Remove a member', result: DELETED_ID,
    auth: { group: 'members:write' }, params: ACCOUNT_PARAMS.extend({ member_id: z.string() }),
    async handler({ services: { store }, account, params }) {
      if (!(await store.deleteMember(account.id, params.member_id))) throw new ApiError('object_not_found', `no member ${params.member_id} in this account`);
      return { result: { id: params.member_id } };
    },
  }),
];
