import { randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import type { StoredVector, VectorIndexRecord, VectorMutation, VectorStoragePort } from '../../storage/vectors.js';
import type { CallHandlers } from '../protocol.js';
import { VECTOR_ERROR_CODES as CODES, vectorError, type VectorOperation } from './errors.js';
import { compileFilter, parseFilter } from './filter.js';
import { VECTOR_LIMITS } from './limits.js';
import { byteLength, indexedValues, parseMetadata, VectorInputError } from './metadata.js';
import type { VectorsProtocol, WireMatch, WireQueryOptions, WireVector } from './protocol.js';
import { norm, score, TopK } from './search.js';
import { inSearchTurn } from './search-turns.js';

/** What application code is told when its binding names an index that does not exist. */
export function missingIndexMessage(name: string): string {
  return `vector index "${name}" does not exist; create it with "ledge vectors create ${name} --dimensions <N> --metric <cosine|euclidean|dot-product>" (with --remote for ledge serve)`;
}

/** Runs `work`, turning a refusal of bad input into the original's error for `operation`. */
async function as<T>(operation: VectorOperation, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof VectorInputError) throw vectorError(operation, err.errorCode, err.message);
    throw err;
  }
}

function checkValues(values: Float32Array, dimensions: number, what: string, code: number): void {
  if (values.length !== dimensions) throw new VectorInputError(code, `${what}, expected ${dimensions} dimensions, and got ${values.length} dimensions`);
  const bad = values.findIndex((v) => !Number.isFinite(v));
  if (bad !== -1) throw new VectorInputError(code, `${what}: values[${bad}] is ${values[bad]}; every value must be a finite number within float32 range`);
}

function checkNamespace(namespace: string | null, code: number): void {
  if (namespace !== null && byteLength(namespace) > VECTOR_LIMITS.namespaceBytes) {
    throw new VectorInputError(code, `namespace too long; max is ${VECTOR_LIMITS.namespaceBytes} bytes, got ${byteLength(namespace)} bytes`);
  }
}

function checkId(id: string, code: number): void {
  if (id === '') throw new VectorInputError(code, 'a vector id cannot be empty');
  const bytes = byteLength(id);
  if (bytes > VECTOR_LIMITS.idBytes) throw new VectorInputError(code, `id too long; max is ${VECTOR_LIMITS.idBytes} bytes, got ${bytes} bytes`);
}

function checkIdCount(ids: string[], max: number): void {
  if (ids.length > max) throw new VectorInputError(CODES.tooManyIds, `too many ids in payload; max id count is ${max}, got ${ids.length}`);
  for (const id of ids) checkId(id, CODES.tooManyIds);
}

function checkQueryOptions(options: WireQueryOptions): void {
  const { topK } = options;
  const cap = options.returnValues || options.returnMetadata === 'all' ? VECTOR_LIMITS.topKWithValues : VECTOR_LIMITS.topK;
  if (!Number.isInteger(topK) || topK < 1) throw new VectorInputError(CODES.topK, `invalid topK: expected a whole number from 1, got ${topK}`);
  if (topK > cap) {
    throw new VectorInputError(CODES.topK, cap === VECTOR_LIMITS.topK
      ? `topK exceeded limit; max top K is ${cap}, got ${topK}`
      : `with returnValues=true or returnMetadata=all, max top K is ${cap}, got ${topK}`);
  }
  checkNamespace(options.namespace, CODES.badRequest);
}

/**
 * The host side of one vector index binding. Every limit is checked here, since the isolate's code may be
 * hostile; writes are committed before their promise resolves and visible to the next query (no indexing lag).
 * Search is exact: one pass over the index's vectors (or one namespace's), filter first, then the best topK.
 * `storage` may be a function that opens the store.
 */
export function createVectorHandlers(options: { index: string; storage: VectorStoragePort | (() => VectorStoragePort); clock: Clock; account?: string }): CallHandlers<VectorsProtocol> {
  const { index: name, clock, account = '' } = options;
  // Opened at each call, not when the deployment starts: a damaged store fails these calls only, not the deployment.
  const open = options.storage;
  const store = typeof open === 'function' ? open : () => open;
  const mutation = (): VectorMutation => ({ id: randomUUID(), at: new Date(clock.now()).toISOString() });
  const indexFor = async (operation: VectorOperation): Promise<VectorIndexRecord> => {
    const found = await store().getIndex(name);
    if (!found) throw vectorError(operation, CODES.indexNotFound, missingIndexMessage(name));
    return found;
  };

  const search = async (index: VectorIndexRecord, query: Float32Array, options: WireQueryOptions) => {
    const metadataIndexes = await store().listMetadataIndexes(name);
    const filter = options.filter === null ? null : compileFilter(parseFilter(options.filter), metadataIndexes);
    const best = new TopK<{ id: string; score: number; vector: StoredVector }>(index.metric, options.topK);
    const queryNorm = norm(query);
    // One account's searches take turns (search-turns.ts): a flood of them never crowds out other accounts.
    await inSearchTurn(account, () => store().scan(name, options.namespace ?? undefined, (vector) => {
      if (filter && !filter(vector.indexed === null ? null : JSON.parse(vector.indexed) as Record<string, string | number | boolean | null>)) return;
      best.offer({ id: vector.id, score: score(index.metric, query, queryNorm, vector.values), vector });
    }));
    // The scan leaves metadata out (it can be 10 KiB a vector): the matches' is read now, when asked for.
    const stored = options.returnMetadata === 'all' ? new Map((await store().get(name, best.items.map((m) => m.id))).map((v) => [v.id, v.metadata])) : null;
    const matches = best.items.map(({ id, score: s, vector }): WireMatch => ({
      id, score: s,
      values: options.returnValues ? vector.values : null,
      namespace: vector.namespace,
      metadata: stored ? stored.get(id) ?? null : metadataFor(vector, options.returnMetadata, metadataIndexes),
    }));
    return { matches, count: matches.length };
  };

  const write = (operation: 'VECTOR_INSERT' | 'VECTOR_UPSERT', mode: 'insert' | 'upsert') => ([vectors]: [WireVector[]]) => as(operation, async () => {
    const index = await indexFor(operation);
    if (vectors.length > VECTOR_LIMITS.writeBatch) {
      throw new VectorInputError(CODES.tooManyVectors, `too many vectors in payload; max vector count is ${VECTOR_LIMITS.writeBatch}, got ${vectors.length}`);
    }
    const metadataIndexes = await store().listMetadataIndexes(name);
    const stored = vectors.map((v): StoredVector => {
      checkId(v.id, CODES.invalidVector);
      checkValues(v.values, index.dimensions, `invalid vector for id="${v.id}"`, CODES.invalidVector);
      checkNamespace(v.namespace, CODES.invalidVector);
      const metadata = v.metadata === null ? null : parseMetadata(v.metadata, v.id, CODES.invalidVector);
      return { id: v.id, namespace: v.namespace, values: v.values, metadata: metadata === null ? null : JSON.stringify(metadata), indexed: indexedValues(metadata, metadataIndexes) };
    });
    const done = mutation();
    const outcome = await store().write(name, stored, mode, done, { maxVectors: VECTOR_LIMITS.vectorsPerIndex, maxNamespaces: VECTOR_LIMITS.namespacesPerIndex });
    if (!outcome.ok) {
      if (outcome.refused === 'no_index') throw vectorError(operation, CODES.indexNotFound, missingIndexMessage(name));
      if (outcome.refused === 'vectors') throw new VectorInputError(CODES.indexFull, `the index would hold ${outcome.count} vectors; max is ${VECTOR_LIMITS.vectorsPerIndex}`);
      throw new VectorInputError(CODES.tooManyNamespaces, `the index would have ${outcome.count} namespaces; max is ${VECTOR_LIMITS.namespacesPerIndex}`);
    }
    return { mutationId: done.id };
  });

  return {
    describe: () => as('INDEX_GET', async () => {
      const index = await indexFor('INDEX_GET');
      return { vectorCount: index.vectorCount, dimensions: index.dimensions, processedUpToDatetime: index.lastMutationAt, processedUpToMutation: index.lastMutation };
    }),
    query: ([vector, options]) => as('VECTOR_QUERY', async () => {
      const index = await indexFor('VECTOR_QUERY');
      checkValues(vector, index.dimensions, 'invalid query vector', CODES.queryVector);
      checkQueryOptions(options);
      return search(index, vector, options);
    }),
    queryById: ([id, options]) => as('VECTOR_QUERY', async () => {
      const index = await indexFor('VECTOR_QUERY');
      checkId(id, CODES.badRequest);
      checkQueryOptions(options);
      const [found] = await store().get(name, [id]);
      return found ? search(index, found.values, options) : { matches: [], count: 0 };
    }),
    insert: write('VECTOR_INSERT', 'insert'),
    upsert: write('VECTOR_UPSERT', 'upsert'),
    getByIds: ([ids]) => as('VECTOR_GET', async () => {
      await indexFor('VECTOR_GET');
      checkIdCount(ids, VECTOR_LIMITS.getIds);
      return (await store().get(name, ids)).map((v) => ({ id: v.id, values: v.values, namespace: v.namespace, metadata: v.metadata }));
    }),
    deleteByIds: ([ids]) => as('VECTOR_DELETE', async () => {
      await indexFor('VECTOR_DELETE');
      checkIdCount(ids, VECTOR_LIMITS.deleteIds);
      const done = mutation();
      await store().delete(name, ids, done);
      return { mutationId: done.id };
    }),
  };
}

/** A match's metadata at the level asked: all of it, only its indexed properties (strings as indexed), or none. */
function metadataFor(vector: StoredVector, level: WireQueryOptions['returnMetadata'], indexes: readonly { propertyName: string; indexType: 'string' | 'number' | 'boolean'; generation: number }[]): string | null {
  if (level !== 'indexed' || vector.indexed === null) return null;
  const kept = JSON.parse(vector.indexed) as Record<string, unknown>;
  const out = Object.create(null) as Record<string, unknown>;
  for (const index of indexes) {
    // Only what the index holds for this vector: nothing for a vector written before the index existed.
    const value = kept[index.generation];
    if (value !== undefined && value !== null) setAt(out, index.propertyName, value);
  }
  return JSON.stringify(out);
}

/**
 * Sets a dotted path in an object with no prototype, making such objects on the way. The path is the tenant's
 * (a metadata index's property name): with prototypes, "__proto__.x" or "constructor.prototype.x" assigned x on
 * the platform process's Object.prototype.
 */
function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let current = target;
  for (const part of parts.slice(0, -1)) {
    const next = Object.hasOwn(current, part) ? current[part] : undefined;
    current = (next !== null && typeof next === 'object' ? next : (current[part] = Object.create(null))) as Record<string, unknown>;
  }
  current[parts[parts.length - 1] as string] = value;
}
