import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError, fieldError } from '../api-error.js';
import { ACCESS_APP, ACCESS_USER, DELETED_ID, IDENTITY_PROVIDER, JWKS, KEY_ROTATED, SERVICE_TOKEN, SERVICE_TOKEN_WITH_SECRET } from '../results.js';
import { defineRoute, paginate, PAGE_QUERY, type RouteDefinition } from '../router.js';
import type { ControlServices } from '../services.js';
import type { AccessAppRecord, AccessUserRecord, IdentityProviderRecord, ServiceTokenRecord } from '../../storage/access.js';
import { hashPassword, hashSecret, newServiceSecret, parseDuration } from '../../identity/credentials.js';
import { HOSTNAME } from '../../config/deploy.js';
import { ACCOUNT_PARAMS } from './accounts.js';

const DURATION = z.string().refine((d) => parseDuration(d) !== null, { error: 'expected a duration such as 300ms, 30m, 2h45m or 8760h (units ns, us, ms, s, m, h; no days)' });
const RULE = z.union([
  z.strictObject({ email: z.strictObject({ email: z.email() }) }),
  z.strictObject({ email_domain: z.strictObject({ domain: z.string().regex(/^@?[a-z0-9.-]+\.[a-z]{2,}$/i, { error: 'expected a domain such as example.com' }) }) }),
  z.strictObject({ group: z.strictObject({ name: z.string().min(1).max(200) }) }),
  z.strictObject({ service_token: z.strictObject({ token_id: z.string().min(1) }) }),
  z.strictObject({ any_valid_service_token: z.strictObject({}) }),
  z.strictObject({ everyone: z.strictObject({}) }),
], { error: 'expected one of { email }, { email_domain }, { group }, { service_token }, { any_valid_service_token }, { everyone }' });
const POLICY = z.strictObject({ name: z.string().trim().min(1).max(200), decision: z.enum(['allow', 'deny', 'service_auth']), include: z.array(RULE).min(1) });
const APP_BODY = z.strictObject({
  name: z.string().trim().min(1).max(200),
  domain: z.string().trim().toLowerCase().refine((d) => HOSTNAME.test(d.split('/')[0] ?? '') && !d.includes('*') && !d.includes('?') && !d.includes('#'), { error: 'expected a hostname with an optional path, e.g. app.example.com/admin' }),
  policies: z.array(POLICY).min(1).max(50),
  session_duration: DURATION.default('24h'),
});
const APP_PARAMS = ACCOUNT_PARAMS.extend({ app_id: z.string() });
const TOKEN_PARAMS = ACCOUNT_PARAMS.extend({ token_id: z.string() });

/** A service token as the API shows it: never a secret or its hash. */
function tokenView(t: ServiceTokenRecord) {
  return {
    id: t.id, name: t.name, client_id: t.client_id, expires_at: t.expires_at, enabled: t.enabled, created_at: t.created_at,
    last_seen_at: t.last_seen_at, previous_client_secret_expires_at: t.previous_secret_expires_at,
  };
}
const idpView = (i: IdentityProviderRecord) => ({ id: i.id, name: i.name, type: i.type, config: i.config, created_at: i.created_at });
const userView = (u: AccessUserRecord) => ({ id: u.id, email: u.email, groups: u.groups, created_at: u.created_at });

/** Access applications and policies, the built-in identity provider's users, service tokens and signing keys. */
export const ACCESS_ROUTES: readonly RouteDefinition[] = accessRoutes();

function accessRoutes(): RouteDefinition[] {
  /** An application may only protect hostnames of its own account: its custom domains, or its platform hostnames. */
  async function checkDomain({ store, platformDomain }: ControlServices, accountId: string, subdomain: string, domain: string): Promise<void> {
    const host = domain.split('/')[0] as string;
    if (host.endsWith(`.${subdomain}.${platformDomain}`)) return;
    const owned = (await store.listDomains(accountId)).some((d) => d.hostname === host);
    if (!owned) throw fieldError('/body/domain', `${host} is not a hostname of this account: use one of its custom domains or a hostname under ${subdomain}.${platformDomain}`);
  }
  const findApp = async ({ access }: ControlServices, accountId: string, id: string) => {
    const found = await access.getApp(accountId, id);
    if (!found) throw new ApiError('object_not_found', `no access application ${id} in this account`);
    return found;
  };
  const findToken = async ({ access }: ControlServices, accountId: string, id: string) => {
    const found = await access.getServiceToken(accountId, id);
    if (!found) throw new ApiError('object_not_found', `no service token ${id} in this account`);
    return found;
  };
  const checkPolicyTokens = async ({ access }: ControlServices, accountId: string, policies: z.infer<typeof POLICY>[]) => {
    for (const [i, policy] of policies.entries()) {
      for (const [j, rule] of policy.include.entries()) {
        if ('service_token' in rule && !(await access.getServiceToken(accountId, rule.service_token.token_id))) {
          throw fieldError(`/body/policies/${i}/include/${j}/service_token/token_id`, `no service token ${rule.service_token.token_id} in this account`);
        }
      }
    }
  };

  return [
    defineRoute({
      id: 'access.apps.list', method: 'GET', path: '/accounts/{account_id}/access/apps', summary: 'List access applications', result: z.array(ACCESS_APP),
      auth: { group: 'access:read', resource: 'any' }, params: ACCOUNT_PARAMS, query: PAGE_QUERY,
      async handler({ services, account, query, can }) { return paginate((await services.access.listApps(account.id)).filter((a) => can('access:read', 'access_app', a.id)), query); },
    }),
    defineRoute({
      id: 'access.apps.create', method: 'POST', path: '/accounts/{account_id}/access/apps', summary: 'Protect a hostname (and optional path) with the access gateway', result: ACCESS_APP,
      auth: { group: 'access:write', resource: () => ({ kind: 'access_app', name: '*' }) }, params: ACCOUNT_PARAMS, body: APP_BODY, status: 201,
      async handler({ services, account, body, now }) {
        await checkDomain(services, account.id, account.subdomain, body.domain);
        await checkPolicyTokens(services, account.id, body.policies);
        const app: AccessAppRecord = { id: randomUUID(), account_id: account.id, ...body, domain: body.domain.replace(/\/+$/, ''), aud: randomBytes(32).toString('hex'), created_at: now, updated_at: now };
        await services.access.createApp(app);
        await services.changed(account.id);
        return { result: app };
      },
    }),
    defineRoute({
      id: 'access.apps.get', method: 'GET', path: '/accounts/{account_id}/access/apps/{app_id}', summary: 'Get an access application', result: ACCESS_APP,
      auth: { group: 'access:read', resource: (p) => ({ kind: 'access_app', name: p.app_id }) }, params: APP_PARAMS,
      async handler({ services, account, params }) { return { result: await findApp(services, account.id, params.app_id) }; },
    }),
    defineRoute({
      id: 'access.apps.update', method: 'PUT', path: '/accounts/{account_id}/access/apps/{app_id}', summary: 'Replace an application\'s settings (its aud tag stays)',
      result: ACCESS_APP, auth: { group: 'access:write', resource: (p) => ({ kind: 'access_app', name: p.app_id }) }, params: APP_PARAMS, body: APP_BODY,
      async handler({ services, account, params, body, now }) {
        const found = await findApp(services, account.id, params.app_id);
        await checkDomain(services, account.id, account.subdomain, body.domain);
        await checkPolicyTokens(services, account.id, body.policies);
        const app: AccessAppRecord = { ...found, ...body, domain: body.domain.replace(/\/+$/, ''), updated_at: now };
        await services.access.updateApp(app);
        await services.changed(account.id);
        return { result: app };
      },
    }),
    defineRoute({
      id: 'access.apps.delete', method: 'DELETE', path: '/accounts/{account_id}/access/apps/{app_id}', summary: 'Stop protecting a hostname', result: DELETED_ID,
      auth: { group: 'access:write', resource: (p) => ({ kind: 'access_app', name: p.app_id }) }, params: APP_PARAMS,
      async handler({ services, account, params }) {
        if (!(await services.access.deleteApp(account.id, params.app_id))) throw new ApiError('object_not_found', `no access application ${params.app_id} in this account`);
        await services.changed(account.id);
        return { result: { id: params.app_id } };
      },
    }),
    defineRoute({
      id: 'access.users.list', method: 'GET', path: '/accounts/{account_id}/access/users', summary: 'List the users of the built-in identity provider', result: z.array(ACCESS_USER),
      auth: { group: 'access:read' }, params: ACCOUNT_PARAMS, query: PAGE_QUERY,
      async handler({ services, account, query }) { return paginate((await services.access.listUsers(account.id)).map(userView), query); },
    }),
    defineRoute({
      id: 'access.users.create', method: 'POST', path: '/accounts/{account_id}/access/users', summary: 'Add a user (the password is stored only as a scrypt hash)', result: ACCESS_USER,
      auth: { group: 'access:write' }, params: ACCOUNT_PARAMS, status: 201,
      body: z.strictObject({ email: z.email(), password: z.string().min(10, { error: 'expected at least 10 characters' }).max(200), groups: z.array(z.string().min(1).max(200)).max(50).default([]) }),
      async handler({ services, account, body, now }) {
        const user: AccessUserRecord = { id: randomUUID(), account_id: account.id, email: body.email.toLowerCase(), password_hash: await hashPassword(body.password), groups: body.groups, created_at: now };
        await services.access.createUser(user);
        return { result: userView(user) };
      },
    }),
    defineRoute({
      id: 'access.users.delete', method: 'DELETE', path: '/accounts/{account_id}/access/users/{user_id}', summary: 'Remove a user; their sessions stop at once', result: DELETED_ID,
      auth: { group: 'access:write' }, params: ACCOUNT_PARAMS.extend({ user_id: z.string() }),
      async handler({ services, account, params }) {
        if (!(await services.access.deleteUser(account.id, params.user_id))) throw new ApiError('object_not_found', `no user ${params.user_id} in this account`);
        return { result: { id: params.user_id } };
      },
    }),
    defineRoute({
      id: 'access.identity_providers.list', method: 'GET', path: '/accounts/{account_id}/access/identity_providers', summary: 'List OpenID Connect providers (never their client secrets)', result: z.array(IDENTITY_PROVIDER),
      auth: { group: 'access:read' }, params: ACCOUNT_PARAMS,
      async handler({ services, account }) { return { result: (await services.access.listIdentityProviders(account.id)).map(idpView) }; },
    }),
    defineRoute({
      id: 'access.identity_providers.create', method: 'POST', path: '/accounts/{account_id}/access/identity_providers', summary: 'Add a generic OpenID Connect provider people can sign in with', result: IDENTITY_PROVIDER,
      auth: { group: 'access:write' }, params: ACCOUNT_PARAMS, status: 201,
      body: z.strictObject({
        name: z.string().trim().min(1).max(200),
        type: z.literal('oidc'),
        config: z.strictObject({
          issuer: z.url({ protocol: /^https?$/ }), client_id: z.string().min(1).max(500), client_secret: z.string().min(1).max(2000),
          scopes: z.array(z.string().min(1)).default(['openid', 'email', 'profile']).refine((s) => s.includes('openid'), { error: 'the scopes must include openid' }),
          groups_claim: z.string().min(1).default('groups'),
        }),
      }),
      async handler({ services, account, body, now }) {
        const { client_secret: clientSecret, ...config } = body.config;
        const idp: IdentityProviderRecord = { id: randomUUID(), account_id: account.id, name: body.name, type: 'oidc', config: { ...config, issuer: config.issuer.replace(/\/$/, '') }, client_secret: clientSecret, created_at: now };
        await services.access.createIdentityProvider(idp);
        return { result: idpView(idp) };
      },
    }),
    defineRoute({
      id: 'access.identity_providers.delete', method: 'DELETE', path: '/accounts/{account_id}/access/identity_providers/{idp_id}', summary: 'Remove an identity provider', result: DELETED_ID,
      auth: { group: 'access:write' }, params: ACCOUNT_PARAMS.extend({ idp_id: z.string() }),
      async handler({ services, account, params }) {
        if (!(await services.access.deleteIdentityProvider(account.id, params.idp_id))) throw new ApiError('object_not_found', `no identity provider ${params.idp_id} in this account`);
        return { result: { id: params.idp_id } };
      },
    }),
    defineRoute({
      id: 'access.service_tokens.list', method: 'GET', path: '/accounts/{account_id}/access/service_tokens', summary: 'List service tokens (never their secrets)', result: z.array(SERVICE_TOKEN),
      auth: { group: 'access:read' }, params: ACCOUNT_PARAMS, query: PAGE_QUERY,
      async handler({ services, account, query }) { return paginate((await services.access.listServiceTokens(account.id)).map(tokenView), query); },
    }),
    defineRoute({
      id: 'access.service_tokens.create', method: 'POST', path: '/accounts/{account_id}/access/service_tokens', summary: 'Issue a service token; its client secret is shown in this answer only', result: SERVICE_TOKEN_WITH_SECRET,
      auth: { group: 'access:write' }, params: ACCOUNT_PARAMS, status: 201,
      body: z.strictObject({ name: z.string().trim().min(1).max(200), duration: DURATION.default('8760h') }),
      async handler({ services, account, body, now }) {
        const secret = newServiceSecret();
        const token: ServiceTokenRecord = {
          id: randomUUID(), account_id: account.id, name: body.name, client_id: `${randomBytes(16).toString('hex')}.access`,
          secret_hash: hashSecret(secret), previous_secret_hash: null, previous_secret_expires_at: null,
          expires_at: new Date(services.clock.now() + (parseDuration(body.duration) as number)).toISOString(), enabled: true, created_at: now, last_seen_at: null, expiry_warned_at: null,
        };
        await services.access.createServiceToken(token);
        return { result: { ...tokenView(token), client_secret: secret } };
      },
    }),
    defineRoute({
      id: 'access.service_tokens.get', method: 'GET', path: '/accounts/{account_id}/access/service_tokens/{token_id}', summary: 'Get a service token (never its secret)', result: SERVICE_TOKEN,
      auth: { group: 'access:read' }, params: TOKEN_PARAMS,
      async handler({ services, account, params }) { return { result: tokenView(await findToken(services, account.id, params.token_id)) }; },
    }),
    defineRoute({
      id: 'access.service_tokens.update', method: 'PATCH', path: '/accounts/{account_id}/access/service_tokens/{token_id}', summary: 'Enable or disable a token, or set a new duration from now', result: SERVICE_TOKEN,
      auth: { group: 'access:write' }, params: TOKEN_PARAMS, body: z.strictObject({ enabled: z.boolean().optional(), duration: DURATION.optional(), previous_client_secret_expires_at: z.iso.datetime({ offset: true }).optional() }),
      async handler({ services, account, params, body }) {
        const found = await findToken(services, account.id, params.token_id);
        const updated: ServiceTokenRecord = {
          ...found,
          enabled: body.enabled ?? found.enabled,
          expires_at: body.duration === undefined ? found.expires_at : new Date(services.clock.now() + (parseDuration(body.duration) as number)).toISOString(),
          expiry_warned_at: body.duration === undefined ? found.expiry_warned_at : null,
          previous_secret_expires_at: body.previous_client_secret_expires_at === undefined ? found.previous_secret_expires_at : new Date(body.previous_client_secret_expires_at).toISOString(),
        };
        await services.access.updateServiceToken(updated);
        return { result: tokenView(updated) };
      },
    }),
    defineRoute({
      id: 'access.service_tokens.rotate', method: 'POST', path: '/accounts/{account_id}/access/service_tokens/{token_id}/rotate', summary: 'Issue a new secret; the old one keeps working for the grace period given (none by default)', result: SERVICE_TOKEN_WITH_SECRET,
      auth: { group: 'access:write' }, params: TOKEN_PARAMS, body: z.strictObject({ previous_client_secret_grace: DURATION.optional() }),
      async handler({ services, account, params, body }) {
        const found = await findToken(services, account.id, params.token_id);
        const secret = newServiceSecret();
        const grace = body.previous_client_secret_grace === undefined ? null : parseDuration(body.previous_client_secret_grace) as number;
        const updated: ServiceTokenRecord = {
          ...found, secret_hash: hashSecret(secret),
          previous_secret_hash: grace === null ? null : found.secret_hash,
          previous_secret_expires_at: grace === null ? null : new Date(services.clock.now() + grace).toISOString(),
        };
        await services.access.updateServiceToken(updated);
        return { result: { ...tokenView(updated), client_secret: secret } };
      },
    }),
    defineRoute({
      id: 'access.service_tokens.delete', method: 'DELETE', path: '/accounts/{account_id}/access/service_tokens/{token_id}', summary: 'Revoke a service token at once', result: DELETED_ID,
      auth: { group: 'access:write' }, params: TOKEN_PARAMS,
      async handler({ services, account, params }) {
        if (!(await services.access.deleteServiceToken(account.id, params.token_id))) throw new ApiError('object_not_found', `no service token ${params.token_id} in this account`);
        return { result: { id: params.token_id } };
      },
    }),
    defineRoute({
      id: 'access.keys.list', method: 'GET', path: '/accounts/{account_id}/access/keys', summary: 'The signing keys of the account\'s assertions (public halves) and when they rotate',
      result: JWKS, auth: { group: 'access:read' }, params: ACCOUNT_PARAMS,
      async handler({ services, account }) { return { result: await services.keyring.jwks(account.id) }; },
    }),
    defineRoute({
      id: 'access.keys.rotate', method: 'POST', path: '/accounts/{account_id}/access/keys/rotate', summary: 'Replace the signing key now; the previous one stays published for 7 days', result: KEY_ROTATED,
      auth: { group: 'access:write' }, params: ACCOUNT_PARAMS,
      async handler({ services, account }) { return { result: { kid: await services.keyring.rotate(account.id) } }; },
    }),
    defineRoute({
      id: 'access.certs', method: 'GET', path: '/accounts/{account_id}/access/certs', summary: 'The JWKS applications verify assertions with (public, no token needed)', result: JWKS,
      auth: 'none', params: ACCOUNT_PARAMS,
      async handler({ services, params }) {
        if (!(await services.store.getAccount(params.account_id))) throw new ApiError('account_not_found', `Could not route to /accounts/${params.account_id}, perhaps your object identifier is invalid?`);
        return { result: await services.keyring.jwks(params.account_id), raw: true };
      },
    }),
  ];
}
