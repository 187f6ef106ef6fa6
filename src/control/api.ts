import { randomBytes, randomUUID } from 'node:crypto';
import { isLedgeError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { Dispatcher } from '../entry/serve.js';
import type { DispatchRequest, DispatchResponse } from '../runtime/isolate.js';
import type { AccountRecord } from '../storage/control.js';
import type { ControlServices } from './services.js';
import { ApiError, isApiError, type ApiErrorInfo } from './api-error.js';
import { authenticate, authorizationOf } from './auth.js';
import { queryOf, readJson } from './input.js';
import { resourceKey, type ResourceKindKey } from './permissions.js';
import { compileRoutes, matchRoute, validate, type Principal, type RouteContext, type RouteDefinition } from './router.js';

/** Where the API lives on its listener. */
export const API_BASE = '/api/v1';
export { API_BODY_LIMIT, API_JSON_DEPTH } from './input.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_HEADERS = ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store', 'x-content-type-options', 'nosniff'];

/** Options of the account API. */
export interface ControlApiOptions {
  /** What every handler is given in its context (the routes hold none of it). */
  services: ControlServices;
  logger: Logger;
  routes: readonly RouteDefinition[];
  /** The OpenAPI document served at `/openapi.json`. */
  openapi: () => unknown;
  /** The kinds tokens' resource keys may name. @default RESOURCE_KINDS */
  resourceKinds?: readonly string[];
}

/** Creates the API's dispatcher: routing, authentication, permissions, validation, the envelope and the audit log. */
export function createControlApi(options: ControlApiOptions): Dispatcher {
  const { services, logger } = options;
  const { store, clock } = services;
  const compiled = compileRoutes(options.routes);

  return async function controlApi(request: DispatchRequest): Promise<DispatchResponse> {
    const url = new URL(request.url);
    const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) || '/' : null;
    let principal: Principal | undefined;
    let route: RouteDefinition | undefined;
    let accountId: string | undefined;
    let resource = '';
    let status = 500;
    let refusedActor: { token_id: string; token_name: string } | undefined;
    try {
      if (path === null) throw new ApiError('no_route', 'No route for that URI');
      if (path === '/openapi.json' && request.method === 'GET') {
        status = 200;
        return { status, statusText: '', headers: JSON_HEADERS, body: JSON.stringify(options.openapi()) };
      }
      const matched = matchRoute(compiled, request.method === 'HEAD' ? 'GET' : request.method, path);
      route = matched.route;
      accountId = /^[0-9a-f]{32}$/.test(matched.params.account_id ?? '') ? matched.params.account_id : undefined;
      resource = path;
      const now = clock.now();
      if (route.auth !== 'none') principal = await authenticate(store, authorizationOf(request.headers), now, options.resourceKinds);
      const params = route.params ? validate(route.params, matched.params, '/params') : matched.params;
      // A removed path is gone whatever the account: it answers the same 410 even for one that does not exist.
      const account = route.removed === undefined ? await reachableAccount(matched.params.account_id, principal) : null;
      const ctx = context(request.method, params, principal, account, now);
      // A route that names a permission without an account in its path would check nothing: refuse it outright.
      if (typeof route.auth === 'object' && !account) throw new ApiError('forbidden', 'this route checks permissions on an account, and its path names none');
      if (typeof route.auth === 'object' && account) {
        const { group, resource: which } = route.auth;
        if (which === 'any') {
          if (!principal?.permissions.canAny(group, account.id)) throw forbidden(group, resourceKey(account.id));
        } else {
          const target = which?.(params as never);
          resource = resourceKey(account.id, target?.kind, target?.name);
          ctx.require(group, target?.kind, target?.name);
        }
      }
      const query = route.query ? validate(route.query, queryOf(url), '/query') : {};
      const body = route.body ? validate(route.body, await readJson(request), '/body') : undefined;
      if (principal) void store.touchToken(principal.token.id, new Date(now).toISOString()).catch((err: unknown) => logger.warn(`could not record the use of token ${principal?.token.id}: ${(err as Error).message}`, { request_id: request.requestId }));
      const reply = await route.handler({ ...ctx, query, body });
      status = reply.status ?? route.status ?? 200;
      if (reply.stream) return { status, statusText: '', headers: ['content-type', reply.stream.contentType, 'cache-control', 'no-store'], body: reply.stream.body };
      if (reply.raw) return { status, statusText: '', headers: JSON_HEADERS, body: JSON.stringify(reply.result) };
      return envelope(status, { success: true, errors: [], messages: reply.messages ?? [], result: reply.result ?? null, ...(reply.result_info ? { result_info: reply.result_info } : {}) });
    } catch (err) {
      refusedActor = (err as { actor?: { token_id: string; token_name: string } }).actor;
      const failure = toApiError(err, request.requestId);
      status = failure.status;
      const extra: string[] = Object.entries(failure.headers).flat();
      return envelope(status, { success: false, errors: failure.errors, messages: [], result: null }, extra);
    } finally {
      // Calls by a token, accepted or refused; anonymous calls name nobody and are not recorded (anyone could fill the log).
      const actor = principal ? { token_id: principal.token.id, token_name: principal.token.name } : refusedActor;
      if (route && accountId && actor && WRITE_METHODS.has(request.method)) await audit(route, request.method, path ?? '', accountId, actor, resource, status, request.requestId);
    }
  };

  function context(method: string, params: unknown, principal: Principal | undefined, account: AccountRecord | null, now: number): RouteContext<unknown, unknown, unknown> {
    const can = (group: Parameters<RouteContext<unknown, unknown, unknown>['can']>[0], kind?: ResourceKindKey, name?: string) =>
      account !== null && principal !== undefined && principal.permissions.can(group, { account: account.id, kind, name: kind === undefined ? undefined : name ?? '*' });
    return {
      method, params, query: undefined, body: undefined, services,
      principal: principal as Principal,
      account: account as AccountRecord,
      now: new Date(now).toISOString(),
      can,
      require(group, kind, name) {
        if (!can(group, kind, name)) throw forbidden(group, resourceKey(account?.id ?? '*', kind, kind === undefined ? undefined : name ?? '*'));
      },
    };
  }

  /** The account of the path, if any: refused when the token reaches nothing in it, 404 when it does not exist. */
  async function reachableAccount(id: string | undefined, principal: Principal | undefined): Promise<AccountRecord | null> {
    if (id === undefined) return null;
    if (!/^[0-9a-f]{32}$/.test(id)) throw new ApiError('account_not_found', `Could not route to /accounts/${id}, perhaps your object identifier is invalid?`);
    if (principal && !principal.permissions.reaches(id)) throw new ApiError('forbidden', `the token has no access to account ${id}`);
    const account = await store.getAccount(id);
    if (!account) throw new ApiError('account_not_found', `Could not route to /accounts/${id}, perhaps your object identifier is invalid?`);
    return account;
  }

  /** The envelope error for `err`; an unexpected fault is logged under the event's request id (the `ledge-request-id` header). */
  function toApiError(err: unknown, eventId: string | undefined): ApiError {
    if (isApiError(err)) return err;
    if (isLedgeError(err) && err.code === 'conflict') return new ApiError('conflict', err.message);
    if (isLedgeError(err) && err.code === 'not_found') return new ApiError('object_not_found', err.message);
    if (isLedgeError(err) && (err.code === 'bad_argument' || err.code === 'config_invalid' || err.code === 'operation_failed')) return new ApiError('invalid_field', err.message);
    const requestId = eventId ?? randomBytes(8).toString('hex');
    logger.error(`API request ${requestId} failed: ${(err as Error)?.stack ?? String(err)}`, { request_id: requestId });
    return new ApiError('internal', `Internal error; the platform log has the details under request id ${requestId}`);
  }

  async function audit(route: RouteDefinition, method: string, path: string, accountId: string, actor: { token_id: string; token_name: string }, resource: string, status: number, requestId: string | undefined): Promise<void> {
    try {
      await store.appendAudit({
        id: randomUUID(),
        time: new Date(clock.now()).toISOString(),
        account_id: accountId,
        actor,
        action: route.id,
        method,
        path: `${API_BASE}${path}`,
        resource,
        status,
        result: status < 400 ? 'success' : 'failure',
      });
    } catch (err) {
      logger.error(`could not write the audit record of ${method} ${path}: ${(err as Error).message}`, { request_id: requestId });
    }
  }
}

function forbidden(group: string, key: string): ApiError {
  return new ApiError('forbidden', `the token lacks the permission "${group}" on ${key}`);
}

function envelope(status: number, value: { success: boolean; errors: ApiErrorInfo[]; messages: unknown[]; result: unknown; result_info?: unknown }, extra: string[] = []): DispatchResponse {
  return { status, statusText: '', headers: [...JSON_HEADERS, ...extra], body: JSON.stringify(value) };
}
