import { z } from 'zod';
import { ApiError, fieldError } from './api-error.js';
import type { PermissionGroup, ResourceKindKey } from './permissions.js';
import type { AccountRecord, TokenRecord } from '../storage/control.js';
import type { Permissions } from './permissions.js';
import type { ControlServices } from './services.js';

/** The caller of an authenticated route: its token record (never its value) and what it may do. */
export interface Principal {
  token: TokenRecord;
  permissions: Permissions;
}

/** What a handler gets: validated input, the caller, and the account named in the path. */
export interface RouteContext<P, Q, B> {
  /** The request's method as sent (HEAD included, which is routed as GET). */
  method: string;
  params: P;
  query: Q;
  body: B;
  principal: Principal;
  /** The account of `{account_id}`, checked to exist and to be reachable by the token. */
  account: AccountRecord;
  /** Now, as an RFC 3339 string (from the platform clock). */
  now: string;
  /** What the handler works with (control state, the clock, the platform it changes): given per request, so a route list is a static value that holds no store. */
  services: ControlServices;
  /** Fails with 403 unless the token holds `group` on the resource. */
  require(group: PermissionGroup, kind?: ResourceKindKey, name?: string): void;
  /** True when the token holds `group` on the resource. */
  can(group: PermissionGroup, kind?: ResourceKindKey, name?: string): boolean;
}

/** What a handler answers: the envelope's `result` and, optionally, its status, messages and page info. */
export interface Reply {
  result: unknown;
  status?: number;
  messages?: { code: number; message: string }[];
  result_info?: Record<string, number>;
  /** Answer `result` as plain JSON, not in the envelope (a JWKS, which key-set clients read as is). */
  raw?: boolean;
  /** Answer with this body as it is produced (a live tail's NDJSON), not in the envelope. */
  stream?: { body: AsyncIterable<Uint8Array>; contentType: string };
}

/** Which permission a route needs before its handler runs. */
export interface RoutePermission<P> {
  group: PermissionGroup;
  /**
   * The resource the group applies to: a kind and a name from the path, the account itself (omitted), or
   * `any` for lists, which need the group somewhere in the account and show only what the token may read.
   */
  resource?: ((params: P) => { kind: ResourceKindKey; name: string }) | 'any';
}

/** One declared route: its schemas validate input, type the handler and feed the OpenAPI document. */
export interface RouteDefinition<P = unknown, Q = unknown, B = unknown> {
  /** Stable operation id, also the audit log's `action` (e.g. `deployments.put`). */
  id: string;
  /** `ANY` matches every method (a removed path answers the same whatever the method). */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ANY';
  /** Path below `/api/v1` with `{name}` parameters. */
  path: string;
  summary: string;
  /** `none` for public routes; `token` for any valid token; otherwise the permission. */
  auth: 'none' | 'token' | RoutePermission<P>;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** The schema of `result` on success, for the OpenAPI document. */
  result?: z.ZodType;
  /** The success status. @default 200 */
  status?: number;
  /** The date a path was removed: it only answers that it is gone, and the OpenAPI document leaves it out. */
  removed?: string;
  handler(context: RouteContext<P, Q, B>): Promise<Reply>;
}

/** Declares a route with its types inferred from its schemas. */
export function defineRoute<P, Q, B>(route: RouteDefinition<P, Q, B>): RouteDefinition {
  return route as unknown as RouteDefinition;
}

/** A route with its path compiled for matching. */
export interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
}

/** Compiles each path once; `{name}` matches one non-empty segment. */
export function compileRoutes(routes: readonly RouteDefinition[]): CompiledRoute[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.path.split('/').map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
      names.push(param[1] as string);
      return '([^/]+)';
    }).join('/');
    return { route, pattern: new RegExp(`^${source}$`), names };
  });
}

/** Finds the route for a method and path: the match, or 404 (no such path) / 405 (path exists, method does not). */
export function matchRoute(compiled: readonly CompiledRoute[], method: string, path: string): { route: RouteDefinition; params: Record<string, string> } {
  const allowed: string[] = [];
  for (const { route, pattern, names } of compiled) {
    const m = pattern.exec(path);
    if (!m) continue;
    if (route.method !== method && route.method !== 'ANY') {
      allowed.push(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [i, name] of names.entries()) {
      try {
        params[name] = decodeURIComponent(m[i + 1] as string);
      } catch {
        throw fieldError(`/params/${name}`, `the path segment for ${name} is not valid percent-encoding`);
      }
    }
    return { route, params };
  }
  if (allowed.length) {
    const allow = [...new Set(allowed)].join(', ');
    throw new ApiError('method_not_allowed', `${method} is not allowed on ${path}; allowed: ${allow}`, { headers: { allow } });
  }
  throw new ApiError('no_route', 'No route for that URI');
}

/** Validates input with a schema; the first problem names its field with a JSON pointer under `where`. */
export function validate<T>(schema: z.ZodType<T>, value: unknown, where: '/body' | '/query' | '/params'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const [first, ...rest] = result.error.issues.map((issue) => ({ pointer: `${where}${issue.path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`, message: describeIssue(issue, value) }));
  const label = (i: { pointer: string; message: string }) => `${i.pointer === where ? where.slice(1) : i.pointer}: ${i.message}`;
  throw new ApiError('invalid_field', label(first as { pointer: string; message: string }), {
    pointer: (first as { pointer: string }).pointer,
    more: rest.slice(0, 9).map((i) => ({ code: 1001, message: label(i), source: { pointer: i.pointer } })),
  });
}

/**
 * An issue's message, saying "required" when the field is absent: zod reports a missing field as a value of
 * the wrong type ("expected string, received undefined"), which does not tell the caller to add it.
 */
function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  if (!isMissing(value, issue.path)) return issue.message;
  return issue.code === 'invalid_type' ? `required, but missing (expected ${issue.expected})` : `required, but missing (${issue.message})`;
}

/** True when the last key of `path` is absent from an object that is present. */
function isMissing(value: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return value === undefined;
  let parent = value;
  for (const key of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return false;
    parent = (parent as Record<PropertyKey, unknown>)[key];
  }
  return typeof parent === 'object' && parent !== null && !Array.isArray(parent) && !Object.hasOwn(parent, path[path.length - 1] as PropertyKey);
}

/** Page parameters every list takes. */
export const PAGE_QUERY = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('1-based page number'),
  per_page: z.coerce.number().int().min(1).max(100).default(20).describe('items per page, at most 100'),
});

/** One page of `items` with the envelope's `result_info`. */
export function paginate<T>(items: readonly T[], query: { page: number; per_page: number }): Reply {
  const start = (query.page - 1) * query.per_page;
  const result = items.slice(start, start + query.per_page);
  return { result, result_info: { page: query.page, per_page: query.per_page, count: result.length, total_count: items.length, total_pages: Math.ceil(items.length / query.per_page) } };
}
