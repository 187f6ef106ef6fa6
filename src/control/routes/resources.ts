import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError, fieldError } from '../api-error.js';
import { isLedgeError } from '../../platform/errors.js';
import type { PermissionGroup, ResourceKindKey } from '../permissions.js';
import { DELETED_ID, SQL_BOOKMARK, SQL_QUERY_RESULTS, SQL_RESTORED } from '../results.js';
import { defineRoute, paginate, PAGE_QUERY, type RouteDefinition } from '../router.js';
import type { ControlServices } from '../services.js';
import type { ResourceKind, ResourceRecord } from '../../storage/control.js';
import type { BindingRegistry } from '../../bindings/registry.js';
import type { ResourceFacet } from '../../bindings/plugin.js';
import { DEFAULT_RETENTION_DAYS } from '../../bindings/sql/schema.js';
import { isSqlAdminError } from '../../bindings/sql/admin.js';
import { SQL_PLUGIN } from '../../bindings/sql/index.js';
import { ACCOUNT_PARAMS } from './accounts.js';
import { boundResources } from './deployments.js';

/** How each kind of binding resource looks in the API: read from the binding kinds' plugins (`BindingPlugin.resource`). */
interface KindSpec extends Omit<NonNullable<ResourceFacet<never>['api']>, 'body'> {
  kind: ResourceKind;
  area: string;
  keyKind: ResourceKindKey;
  body: z.ZodType<{ name: string }>;
  /** Why a resource cannot be deleted now (a bucket that is not empty), or null. */
  refuseDelete: ResourceFacet<never>['refuseDelete'];
}

/** The kinds of `registry` whose resources the account API creates and deletes. */
function kindsOf(registry: BindingRegistry): KindSpec[] {
  // A kind without `api` (workflows) has no resources to create here: they come with the deployment that defines them.
  return registry.flatMap(({ resource }) => (resource.api ? [{
    ...resource.api, kind: resource.key, area: resource.area, keyKind: resource.key as ResourceKindKey, refuseDelete: resource.refuseDelete,
  }] : []));
}

/**
 * Runs a bookmark lookup or a restore; a time or bookmark the database refuses (past the retention period,
 * in the future, not one of its bookmarks) is answered with the field it came from as the pointer.
 */
async function namingField<T>(pointer: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pointer !== undefined && isLedgeError(err) && err.code === 'bad_argument') throw fieldError(pointer, err.message);
    throw err;
  }
}

/** Key-value namespaces, SQL databases (with bookmarks and restores), buckets and queues of an account. */
export function resourceRoutes(registry: BindingRegistry): RouteDefinition[] {
  const routes: RouteDefinition[] = [];
  for (const spec of kindsOf(registry)) {
    const read = `${spec.area}:read` as PermissionGroup;
    const write = `${spec.area}:write` as PermissionGroup;
    const itemParams = ACCOUNT_PARAMS.extend({ [spec.param]: z.string() }) as unknown as z.ZodType<{ account_id: string } & Record<string, string>>;
    const find = async ({ store }: ControlServices, accountId: string, id: string) => {
      const found = await store.getResource(accountId, spec.kind, id);
      if (!found) throw new ApiError('object_not_found', `no ${spec.label} ${id} in this account`);
      return found;
    };
    routes.push(
      defineRoute({
        id: `${spec.area}.list`, method: 'GET', path: `/accounts/{account_id}${spec.path}`, summary: `List ${spec.label}s`, result: z.array(spec.result),
        auth: { group: read, resource: 'any' }, params: ACCOUNT_PARAMS, query: PAGE_QUERY,
        async handler({ services, account, query, can }) {
          const visible = (await services.store.listResources(account.id, spec.kind)).filter((r) => can(read, spec.keyKind, r.ref));
          return paginate(visible.map(spec.view), query);
        },
      }),
      defineRoute({
        id: `${spec.area}.create`, method: 'POST', path: `/accounts/{account_id}${spec.path}`, summary: `Create a ${spec.label}`, result: spec.result,
        auth: { group: write }, params: ACCOUNT_PARAMS, body: spec.body, status: 201,
        async handler({ services: { store }, account, body, now, require }) {
          require(write, spec.keyKind, spec.refIsName ? body.name : '*');
          const id = spec.idStyle === 'uuid' ? randomUUID() : randomBytes(16).toString('hex');
          const record: ResourceRecord = { account_id: account.id, kind: spec.kind, ref: spec.refIsName ? body.name : id, id, name: body.name, created_on: now };
          if (!spec.refIsName && (await store.listResources(account.id, spec.kind)).some((r) => r.name === body.name)) {
            throw new ApiError('conflict', `a ${spec.label} named "${body.name}" already exists`);
          }
          await store.createResource(record);
          return { result: spec.view(record) };
        },
      }),
      defineRoute({
        id: `${spec.area}.get`, method: 'GET', path: `/accounts/{account_id}${spec.path}/{${spec.param}}`, summary: `Get a ${spec.label}`, result: spec.result,
        auth: { group: read, resource: 'any' }, params: itemParams,
        async handler({ services, account, params, require }) {
          const found = await find(services, account.id, params[spec.param] as string);
          require(read, spec.keyKind, found.ref);
          return { result: spec.view(found) };
        },
      }),
      defineRoute({
        id: `${spec.area}.delete`, method: 'DELETE', path: `/accounts/{account_id}${spec.path}/{${spec.param}}`, summary: `Delete a ${spec.label} (refused while a deployment binds it)`, result: DELETED_ID,
        auth: { group: write, resource: 'any' }, params: itemParams,
        async handler({ services, account, params, require }) {
          const found = await find(services, account.id, params[spec.param] as string);
          require(write, spec.keyKind, found.ref);
          const users = await boundResources(services.store, account.id, services.bindings);
          const user = users.find((u) => u.kind === spec.kind && u.ref === found.ref);
          if (user) throw new ApiError('conflict', `the ${spec.label} ${found.name} is bound by the deployment ${user.deployment} (binding ${user.binding}); deploy without it first`);
          const refusal = await spec.refuseDelete?.(found, services.data(account.id));
          if (refusal) throw new ApiError('conflict', refusal);
          await services.store.deleteResource(account.id, spec.kind, found.id);
          return { result: { id: found.id } };
        },
      }),
    );
  }

  const DB_PARAMS = ACCOUNT_PARAMS.extend({ database_id: z.string() });
  const database = async (services: ControlServices, accountId: string, id: string) => {
    const found = await services.store.getResource(accountId, 'sql', id);
    if (!found) throw new ApiError('object_not_found', `no SQL database ${id} in this account`);
    return { found, port: services.data(accountId).sql.database(found.ref, { retentionDays: DEFAULT_RETENTION_DAYS }) };
  };
  const TIMESTAMP = z.union([z.iso.datetime({ offset: true }), z.string().regex(/^\d+$/)], { error: 'expected an RFC 3339 time or epoch milliseconds' })
    .transform((t) => (/^\d+$/.test(t) ? Number(t) : Date.parse(t)));
  routes.push(
    defineRoute({
      id: 'sql.bookmark', method: 'GET', path: '/accounts/{account_id}/sql/databases/{database_id}/time_travel/bookmark', summary: 'The bookmark of now, or of a past time', result: SQL_BOOKMARK,
      auth: { group: 'sql:read', resource: 'any' }, params: DB_PARAMS, query: z.object({ timestamp: TIMESTAMP.optional() }),
      async handler({ services, account, params, query, require }) {
        const { found, port } = await database(services, account.id, params.database_id);
        require('sql:read', 'sql', found.ref);
        return { result: { bookmark: await namingField(query.timestamp === undefined ? undefined : '/query/timestamp', () => SQL_PLUGIN.admin.bookmark(port, query.timestamp)) } };
      },
    }),
    defineRoute({
      id: 'sql.restore', method: 'POST', path: '/accounts/{account_id}/sql/databases/{database_id}/time_travel/restore', summary: 'Restore the database in place to a bookmark or a time', result: SQL_RESTORED,
      auth: { group: 'sql:write', resource: 'any' }, params: DB_PARAMS,
      body: z.union([z.strictObject({ bookmark: z.string().min(1) }), z.strictObject({ timestamp: TIMESTAMP })], { error: 'expected { "bookmark": ... } or { "timestamp": ... }' }),
      async handler({ services, account, params, body, require }) {
        const { found, port } = await database(services, account.id, params.database_id);
        require('sql:write', 'sql', found.ref);
        const restored = await namingField('bookmark' in body ? '/body/bookmark' : '/body/timestamp', () => SQL_PLUGIN.admin.restore(port, body));
        return {
          result: { ...restored, message: `restored to ${restored.bookmark}; to undo, restore to previous_bookmark` },
          messages: [{ code: 10001, message: `Restored. Undo with a restore to bookmark ${restored.previous_bookmark}.` }],
        };
      },
    }),
    defineRoute({
      // What `ledge db execute --remote` and `ledge db migrations apply --remote` send (the original's
      // database API has the same route): the statements of `sql` run in one transaction.
      id: 'sql.query', method: 'POST', path: '/accounts/{account_id}/sql/databases/{database_id}/query', summary: 'Run SQL statements in one transaction', result: SQL_QUERY_RESULTS,
      auth: { group: 'sql:write', resource: 'any' }, params: DB_PARAMS,
      body: z.strictObject({
        sql: z.string().min(1).max(MAX_QUERY_SQL, { error: `expected at most ${MAX_QUERY_SQL} characters of SQL` }),
        params: z.array(z.union([z.string(), z.number(), z.null()])).max(100).optional(),
      }),
      async handler({ services, account, params, body, require }) {
        const { found, port } = await database(services, account.id, params.database_id);
        require('sql:write', 'sql', found.ref);
        // The same operation `ledge db execute` runs on the local state (bindings/sql/admin.ts).
        try {
          const results = await SQL_PLUGIN.admin.query(port, body.sql, body.params);
          return { result: results.map((r) => ({ success: true, results: r.results, meta: r.meta })) };
        } catch (err) {
          if (!isSqlAdminError(err)) throw err;
          // A refusal of the request names its field; a failing statement is worded as the operation words it.
          throw new ApiError('invalid_field', err.code === 'bad_argument' ? `${err.field}: ${err.message}` : err.message, { pointer: `/body/${err.field}` });
        }
      },
    }),
  );
  return routes;
}

/** The most SQL one query request carries (characters); a migration file of a real project is far smaller. */
const MAX_QUERY_SQL = 1_000_000;
