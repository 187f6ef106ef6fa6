import { z } from 'zod';
import { ApiError } from '../api-error.js';
import { DELETED_NAME, VECTOR_INDEX, VECTOR_METADATA_INDEXES, VECTOR_MUTATION } from '../results.js';
import { defineRoute, type RouteDefinition } from '../router.js';
import type { ControlServices } from '../services.js';
import { hasCode } from '../../platform/errors.js';
import { VectorAdminError, type VectorAdmin } from '../../bindings/vectors/admin.js';
import { VECTORS_PLUGIN } from '../../bindings/vectors/index.js';
import { VECTOR_LIMITS } from '../../bindings/vectors/limits.js';
import { METADATA_INDEX_TYPES, METRICS } from '../../bindings/vectors/schema.js';

const ACCOUNT = z.object({ account_id: z.string() });
const INDEX = ACCOUNT.extend({ index_name: z.string().min(1).max(VECTOR_LIMITS.indexNameChars) });
const named = (params: { index_name: string }) => ({ kind: 'vector_index' as const, name: params.index_name });

/** The vector kind's index operations on an account's store: the same code `ledge vectors` runs on the local state. */
const admin = (services: ControlServices, accountId: string): VectorAdmin => VECTORS_PLUGIN.admin.open(services.data(accountId).vectors, services.clock);

/** The operation's refusals as API errors: a bad field points at it, a missing index is 404, a clash 409. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof VectorAdminError) && !hasCode(err, 'not_found')) throw err;
    const e = err as VectorAdminError;
    if (e.code === 'not_found') throw new ApiError('object_not_found', e.message);
    if (e.code === 'conflict') throw new ApiError('conflict', e.message, e.field ? { pointer: `/body/${e.field}` } : undefined);
    throw new ApiError('invalid_field', e.message, e.field ? { pointer: e.field === 'dimensions' || e.field === 'metric' ? `/body/config/${e.field}` : `/body/${e.field}` } : undefined);
  }
}

/**
 * The account API of vector indexes (docs/api.md, Vector indexes): permission groups `vectors:read` and
 * `vectors:write`, resource kind `vector_index`. Bodies and answers have the original's shapes.
 */
export const VECTOR_ROUTES: readonly RouteDefinition[] = [
  defineRoute({
    id: 'vectors.list', result: z.array(VECTOR_INDEX), method: 'GET', path: '/accounts/{account_id}/vectors/indexes', summary: 'List vector indexes',
    auth: { group: 'vectors:read', resource: 'any' }, params: ACCOUNT,
    async handler({ services, account, can }) {
      return { result: (await admin(services, account.id).list()).filter((index) => can('vectors:read', 'vector_index', index.name)) };
    },
  }),
  defineRoute({
    id: 'vectors.create', result: VECTOR_INDEX, method: 'POST', path: '/accounts/{account_id}/vectors/indexes', summary: 'Create a vector index with its dimensions and metric', status: 201,
    // Named by the caller: a token scoped to that one index name may create it.
    auth: { group: 'vectors:write', resource: 'any' }, params: ACCOUNT,
    body: z.strictObject({
      name: z.string(),
      description: z.string().max(VECTOR_LIMITS.descriptionChars).optional(),
      config: z.strictObject({ dimensions: z.number().int().min(1).max(VECTOR_LIMITS.maxDimensions), metric: z.enum(METRICS) }),
    }),
    async handler({ services, account, body, require }) {
      require('vectors:write', 'vector_index', body.name);
      return { result: await answer(() => admin(services, account.id).create({ name: body.name, description: body.description, ...body.config })) };
    },
  }),
  defineRoute({
    id: 'vectors.get', result: VECTOR_INDEX, method: 'GET', path: '/accounts/{account_id}/vectors/indexes/{index_name}', summary: 'Get a vector index',
    auth: { group: 'vectors:read', resource: named }, params: INDEX,
    async handler({ services, account, params }) {
      return { result: await answer(() => admin(services, account.id).get(params.index_name)) };
    },
  }),
  defineRoute({
    id: 'vectors.delete', result: DELETED_NAME, method: 'DELETE', path: '/accounts/{account_id}/vectors/indexes/{index_name}', summary: 'Delete a vector index with its vectors',
    auth: { group: 'vectors:write', resource: named }, params: INDEX,
    async handler({ services, account, params }) {
      await answer(() => admin(services, account.id).delete(params.index_name));
      return { result: { name: params.index_name } };
    },
  }),
  defineRoute({
    id: 'vectors.metadata_index.create', result: VECTOR_MUTATION, method: 'POST', path: '/accounts/{account_id}/vectors/indexes/{index_name}/metadata_index/create', summary: 'Index a metadata property for filters (vectors written from now on)',
    auth: { group: 'vectors:write', resource: named }, params: INDEX,
    body: z.strictObject({ propertyName: z.string(), indexType: z.enum(METADATA_INDEX_TYPES) }),
    async handler({ services, account, params, body }) {
      return { result: await answer(() => admin(services, account.id).createMetadataIndex(params.index_name, body.propertyName, body.indexType)) };
    },
  }),
  defineRoute({
    id: 'vectors.metadata_index.list', result: VECTOR_METADATA_INDEXES, method: 'GET', path: '/accounts/{account_id}/vectors/indexes/{index_name}/metadata_index/list', summary: "A vector index's metadata indexes",
    auth: { group: 'vectors:read', resource: named }, params: INDEX,
    async handler({ services, account, params }) {
      return { result: await answer(() => admin(services, account.id).listMetadataIndexes(params.index_name)) };
    },
  }),
  defineRoute({
    id: 'vectors.metadata_index.delete', result: VECTOR_MUTATION, method: 'POST', path: '/accounts/{account_id}/vectors/indexes/{index_name}/metadata_index/delete', summary: 'Stop indexing a metadata property',
    auth: { group: 'vectors:write', resource: named }, params: INDEX,
    body: z.strictObject({ propertyName: z.string() }),
    async handler({ services, account, params, body }) {
      return { result: await answer(() => admin(services, account.id).deleteMetadataIndex(params.index_name, body.propertyName)) };
    },
  }),
];
