import { z } from 'zod';
import { COORDINATION_CLASS, COORDINATION_OBJECT, COORDINATION_OBJECT_PAGE, COORDINATION_QUERY } from '../results.js';
import { ApiError } from '../api-error.js';
import { defineRoute, type RouteDefinition } from '../router.js';
import type { ControlServices } from '../services.js';
import { isLedgeError } from '../../platform/errors.js';
import { COORDINATION_ADMIN, checkName, liveInspector, objectIdOf } from '../../bindings/coordination/admin.js';
import { createConsoleSink, createLogger } from '../../platform/logger.js';

const ACCOUNT = z.object({ account_id: z.string() });
const CLASS = ACCOUNT.extend({ deployment_name: z.string().min(1).max(128), class_name: z.string().min(1).max(128) });
const OBJECT = CLASS.extend({ object_id: z.string().min(1).max(128) });

/**
 * The admin's refusals as API errors: a missing object is 404, a bad name or id 400 (with the pointer of the field at
 * fault when there is one), an object in use 409.
 */
async function answer<T>(work: () => Promise<T>, pointer?: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isLedgeError(err)) throw err;
    if (err.code === 'not_found') throw new ApiError('object_not_found', err.message);
    if (err.code === 'bad_argument') throw new ApiError('invalid_field', err.message, pointer === undefined ? {} : { pointer });
    if (err.code === 'wrong_state') throw new ApiError('conflict', err.message);
    throw err;
  }
}


/** The most SQL one query carries (characters), as a statement of an object's own `sql.exec` (READ_QUERY_LIMITS.sqlChars in the adapter). */
const READ_QUERY_SQL_CHARS = 100_000;

const logger = createLogger(createConsoleSink(), 'coordination');
const inspector = (services: ControlServices, accountId: string) => liveInspector(services.data(accountId).coordination, logger);
/** The permission resource of a class: `<deployment>/<class>`, as bindings name it (`script_name/class_name`). */
const named = (params: { deployment_name: string; class_name: string }) => ({ kind: 'coordination' as const, name: `${params.deployment_name}/${params.class_name}` });

/** The account API of coordination objects (docs/api.md, Coordination objects): permission groups `coordination:read` and `coordination:write`. */
export const COORDINATION_ROUTES: readonly RouteDefinition[] = [
  defineRoute({
    id: 'coordination.classes', result: z.array(COORDINATION_CLASS), method: 'GET', path: '/accounts/{account_id}/coordination/classes', summary: 'List the classes that have coordination objects, with how many',
    auth: { group: 'coordination:read', resource: 'any' }, params: ACCOUNT,
    async handler({ services, account, can }) {
      return { result: (await COORDINATION_ADMIN.classes(inspector(services, account.id), account.id)).filter((c) => can('coordination:read', 'coordination', `${c.deployment}/${c.class}`)) };
    },
  }),
  defineRoute({
    id: 'coordination.objects', result: COORDINATION_OBJECT_PAGE, method: 'GET', path: '/accounts/{account_id}/coordination/classes/{deployment_name}/{class_name}/objects', summary: "A page of a class's object ids, in id order",
    auth: { group: 'coordination:read', resource: named }, params: CLASS,
    query: z.object({ cursor: z.string().max(64).optional(), per_page: z.coerce.number().int().min(1).max(1000).optional() }),
    async handler({ services, account, params, query }) {
      const page = await answer(() => COORDINATION_ADMIN.objects(inspector(services, account.id), account.id, params.deployment_name, params.class_name, { cursor: query.cursor, limit: query.per_page ?? 100 }));
      return { result: { ids: page.ids, cursor: page.cursor ?? null } };
    },
  }),
  defineRoute({
    id: 'coordination.object', result: COORDINATION_OBJECT, method: 'GET', path: '/accounts/{account_id}/coordination/classes/{deployment_name}/{class_name}/objects/{object_id}', summary: 'One object, read-only: its key-value pairs decoded for display, its SQL tables with row counts, its size and its alarm',
    auth: { group: 'coordination:read', resource: named }, params: OBJECT, query: z.object({ keys: z.coerce.number().int().min(1).max(1000).optional() }),
    async handler({ services, account, params, query }) {
      return {
        result: await answer(async () => {
          const id = objectIdOf(account.id, params.deployment_name, params.class_name, { id: params.object_id });
          return COORDINATION_ADMIN.show(inspector(services, account.id), account.id, params.deployment_name, params.class_name, id, query.keys ?? 100);
        }),
      };
    },
  }),
  defineRoute({
    id: 'coordination.query', result: COORDINATION_QUERY, method: 'POST', path: '/accounts/{account_id}/coordination/classes/{deployment_name}/{class_name}/objects/{object_id}/query', summary: "Run one read-only SQL statement on an object's database, beside the live object",
    auth: { group: 'coordination:read', resource: named }, params: OBJECT,
    body: z.strictObject({
      sql: z.string().min(1).max(READ_QUERY_SQL_CHARS, { error: `expected at most ${READ_QUERY_SQL_CHARS} characters of SQL` }),
      params: z.array(z.union([z.string(), z.number(), z.null()])).max(100).optional(),
    }),
    async handler({ services, account, params, body }) {
      // The names and the id are checked first, so a refusal of the statement alone points at /body/sql.
      const id = await answer(async () => {
        checkName('deployment', params.deployment_name);
        checkName('class', params.class_name);
        return objectIdOf(account.id, params.deployment_name, params.class_name, { id: params.object_id });
      });
      return { result: await answer(() => COORDINATION_ADMIN.query(inspector(services, account.id), account.id, params.deployment_name, params.class_name, id, body.sql, body.params ?? []), '/body/sql') };
    },
  }),
  defineRoute({
    id: 'coordination.delete', result: z.object({ id: z.string(), deleted: z.literal(true) }), method: 'DELETE', path: '/accounts/{account_id}/coordination/classes/{deployment_name}/{class_name}/objects/{object_id}', summary: "Delete one object's data, history and alarm",
    auth: { group: 'coordination:write', resource: named }, params: OBJECT,
    async handler({ services, account, params }) {
      const id = await answer(async () => {
        const found = objectIdOf(account.id, params.deployment_name, params.class_name, { id: params.object_id });
        await COORDINATION_ADMIN.delete(inspector(services, account.id), account.id, params.deployment_name, params.class_name, found);
        return found;
      });
      return { result: { id, deleted: true } };
    },
  }),
];
