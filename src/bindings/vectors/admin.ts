import { randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import { LedgeError } from '../../platform/errors.js';
import type { MetadataIndexType, VectorIndexRecord, VectorMetric, VectorStoragePort } from '../../storage/vectors.js';
import { VECTOR_LIMITS } from './limits.js';
import { INDEX_NAME, METADATA_INDEX_TYPES, METRICS } from './schema.js';

/** An index as the CLI and the account API show it (the original's index shape, with its count). */
export interface VectorIndexView {
  name: string;
  description: string;
  config: { dimensions: number; metric: VectorMetric };
  created_on: string;
  modified_on: string;
  vectorCount: number;
  processedUpToDatetime: string | null;
  processedUpToMutation: string | null;
}

/** A metadata index as listed. */
export interface MetadataIndexView { propertyName: string; indexType: MetadataIndexType }

/** What creating an index takes. */
export interface CreateIndexInput { name: string; dimensions: number; metric: string; description?: string }

/** The index operations `ledge vectors` runs on the local state and the account API runs on an account's: one code for both. */
export interface VectorAdmin {
  create(input: CreateIndexInput): Promise<VectorIndexView>;
  list(): Promise<VectorIndexView[]>;
  get(name: string): Promise<VectorIndexView>;
  delete(name: string): Promise<void>;
  createMetadataIndex(name: string, propertyName: string, indexType: string): Promise<{ mutationId: string }>;
  listMetadataIndexes(name: string): Promise<{ metadataIndexes: MetadataIndexView[] }>;
  deleteMetadataIndex(name: string, propertyName: string): Promise<{ mutationId: string }>;
}

function toView(r: VectorIndexRecord): VectorIndexView {
  return {
    name: r.name, description: r.description, config: { dimensions: r.dimensions, metric: r.metric }, created_on: r.created_on, modified_on: r.modified_on,
    vectorCount: r.vectorCount, processedUpToDatetime: r.lastMutationAt, processedUpToMutation: r.lastMutation,
  };
}

/** A refusal naming the field it is about (`dimensions: ...`); `field` lets the API point at it. */
export class VectorAdminError extends LedgeError {
  constructor(code: 'bad_argument' | 'not_found' | 'conflict', readonly field: string | null, message: string) {
    super(code, field === null ? message : `${field}: ${message}`);
  }
}

function checkName(name: string): void {
  const checked = INDEX_NAME.safeParse(name);
  if (!checked.success) throw new VectorAdminError('bad_argument', 'name', `"${name}": ${checked.error.issues[0]?.message ?? 'invalid'}`);
}

function checkProperty(propertyName: string): void {
  if (typeof propertyName !== 'string' || propertyName === '') throw new VectorAdminError('bad_argument', 'propertyName', 'a property name cannot be empty');
  if (propertyName.length > VECTOR_LIMITS.propertyNameChars) throw new VectorAdminError('bad_argument', 'propertyName', `at most ${VECTOR_LIMITS.propertyNameChars} characters`);
  if (propertyName.includes('"') || propertyName.startsWith('$') || propertyName.split('.').some((p) => p === '')) {
    throw new VectorAdminError('bad_argument', 'propertyName', `"${propertyName}": no double quotes, no leading "$", and no empty part between dots (a dot names a nested property)`);
  }
}

/** The index operations on one store (the local state's, or an account's). */
export function createVectorAdmin(storage: VectorStoragePort, clock: Clock): VectorAdmin {
  const now = () => new Date(clock.now()).toISOString();
  const find = async (name: string) => {
    const found = await storage.getIndex(name);
    if (!found) throw new VectorAdminError('not_found', null, `no vector index "${name}"; "ledge vectors list" shows the indexes there are`);
    return found;
  };
  return {
    async create(input) {
      checkName(input.name);
      if (!Number.isInteger(input.dimensions) || input.dimensions < 1 || input.dimensions > VECTOR_LIMITS.maxDimensions) {
        throw new VectorAdminError('bad_argument', 'dimensions', `expected a whole number from 1 to ${VECTOR_LIMITS.maxDimensions}, got ${input.dimensions}`);
      }
      if (!(METRICS as readonly string[]).includes(input.metric)) throw new VectorAdminError('bad_argument', 'metric', `expected ${METRICS.join(', ')}; got "${input.metric}"`);
      const description = input.description ?? '';
      if (description.length > VECTOR_LIMITS.descriptionChars) throw new VectorAdminError('bad_argument', 'description', `at most ${VECTOR_LIMITS.descriptionChars} characters`);
      if ((await storage.listIndexes()).length >= VECTOR_LIMITS.indexesPerAccount) {
        throw new VectorAdminError('conflict', null, `there are ${VECTOR_LIMITS.indexesPerAccount} vector indexes already, the most there may be; delete one first`);
      }
      const created = await storage.createIndex({ name: input.name, dimensions: input.dimensions, metric: input.metric as VectorMetric, description }, now());
      if (!created) throw new VectorAdminError('conflict', 'name', `a vector index named "${input.name}" already exists`);
      return toView(await find(input.name));
    },
    async list() {
      return (await storage.listIndexes()).map(toView);
    },
    async get(name) {
      return toView(await find(name));
    },
    async delete(name) {
      await find(name);
      await storage.deleteIndex(name);
    },
    async createMetadataIndex(name, propertyName, indexType) {
      await find(name);
      checkProperty(propertyName);
      if (!(METADATA_INDEX_TYPES as readonly string[]).includes(indexType)) {
        throw new VectorAdminError('bad_argument', 'indexType', `expected ${METADATA_INDEX_TYPES.join(', ')}; got "${indexType}"`);
      }
      const existing = await storage.listMetadataIndexes(name);
      if (existing.some((m) => m.propertyName === propertyName)) throw new VectorAdminError('conflict', 'propertyName', `the index "${name}" has a metadata index on "${propertyName}" already`);
      if (existing.length >= VECTOR_LIMITS.metadataIndexes) {
        throw new VectorAdminError('conflict', null, `the index "${name}" has ${existing.length} metadata indexes, the most it may have; delete one first`);
      }
      const mutation = { id: randomUUID(), at: now() };
      if (!(await storage.createMetadataIndex(name, propertyName, indexType as MetadataIndexType, mutation))) {
        throw new VectorAdminError('conflict', 'propertyName', `the index "${name}" has a metadata index on "${propertyName}" already`);
      }
      return { mutationId: mutation.id };
    },
    async listMetadataIndexes(name) {
      await find(name);
      return { metadataIndexes: (await storage.listMetadataIndexes(name)).map((m) => ({ propertyName: m.propertyName, indexType: m.indexType })) };
    },
    async deleteMetadataIndex(name, propertyName) {
      await find(name);
      const mutation = { id: randomUUID(), at: now() };
      if (!(await storage.deleteMetadataIndex(name, propertyName, mutation))) {
        throw new VectorAdminError('not_found', 'propertyName', `the index "${name}" has no metadata index on "${propertyName}"`);
      }
      return { mutationId: mutation.id };
    },
  };
}
