import type { BindingCall } from '../protocol.js';
import { withOriginalName } from '../original-names.js';
import type { MetadataLevel, VectorIndexInfo, VectorsProtocol, WireMatch, WireQueryOptions, WireVector } from './protocol.js';

/** A vector as application code writes and reads it (the original's VectorizeVector). */
export interface VectorInput {
  id: string;
  values: number[] | Float32Array | Float64Array;
  namespace?: string;
  metadata?: Record<string, unknown>;
}

/** A query's options as application code gives them (the original's VectorizeQueryOptions). */
export interface QueryOptions {
  topK?: number;
  namespace?: string;
  returnValues?: boolean;
  returnMetadata?: boolean | MetadataLevel;
  filter?: Record<string, unknown>;
}

const LEVELS: readonly unknown[] = ['all', 'indexed', 'none'];

/** The message the original's binding throws for a bad argument: `<OPERATION>_ERROR (code = 40023): <text>`. */
function badRequest(operation: string, text: string): Error {
  return new Error(`${operation}_ERROR (code = 40023): ${text}`, { cause: new Error(text) });
}

/** Values as float32, as the index stores them; anything that is not a number list is refused here. */
function toFloats(values: unknown, operation: string, what: string): Float32Array {
  if (values instanceof Float32Array) return new Float32Array(values);
  if (values instanceof Float64Array) return Float32Array.from(values);
  if (!Array.isArray(values)) throw badRequest(operation, `${what}: values must be an array of numbers, a Float32Array or a Float64Array`);
  const bad = values.findIndex((v) => typeof v !== 'number');
  if (bad !== -1) throw badRequest(operation, `${what}: values[${bad}] is a ${values[bad] === null ? 'null' : typeof values[bad]}, not a number`);
  return Float32Array.from(values as number[]);
}

/** JSON text of a plain value, or null; what the original's binding sends over HTTP. */
function toJson(value: unknown, operation: string, what: string): string | null {
  if (value === undefined || value === null) return null;
  try {
    return JSON.stringify(value) ?? null;
  } catch (err) {
    throw badRequest(operation, `${what} cannot be written as JSON (${(err as Error).message})`);
  }
}

function toVectors(vectors: unknown, operation: string): WireVector[] {
  if (!Array.isArray(vectors)) throw badRequest(operation, 'expected an array of vectors ({ id, values, namespace?, metadata? })');
  return vectors.map((v: unknown, i): WireVector => {
    if (v === null || typeof v !== 'object') throw badRequest(operation, `vectors[${i}] is not an object`);
    const { id, values, namespace, metadata } = v as Record<string, unknown>;
    if (typeof id !== 'string') throw badRequest(operation, `vectors[${i}].id must be a string`);
    if (namespace !== undefined && namespace !== null && typeof namespace !== 'string') throw badRequest(operation, `vectors[${i}].namespace must be a string`);
    if (metadata !== undefined && metadata !== null && (typeof metadata !== 'object' || Array.isArray(metadata))) throw badRequest(operation, `vectors[${i}].metadata must be an object`);
    return { id, values: toFloats(values, operation, `vectors[${i}] (id="${id}")`), namespace: (namespace as string | undefined) ?? null, metadata: toJson(metadata, operation, `vectors[${i}].metadata`) };
  });
}

function toIds(ids: unknown, operation: string): string[] {
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) throw badRequest(operation, 'expected an array of string ids');
  return ids as string[];
}

function toOptions(options: QueryOptions | undefined): WireQueryOptions {
  const o = options ?? {};
  let level: MetadataLevel = 'none';
  if (o.returnMetadata !== undefined && o.returnMetadata !== null) {
    if (typeof o.returnMetadata === 'boolean') level = o.returnMetadata ? 'all' : 'none';
    else if (LEVELS.includes(o.returnMetadata)) level = o.returnMetadata;
    else throw new Error(`Invalid returnMetadata option. Expected: true, false, "none", "indexed" or "all"; got: ${String(o.returnMetadata)}`);
  }
  if (o.topK !== undefined && typeof o.topK !== 'number') throw badRequest('VECTOR_QUERY', 'topK must be a number');
  if (o.namespace !== undefined && o.namespace !== null && typeof o.namespace !== 'string') throw badRequest('VECTOR_QUERY', 'namespace must be a string');
  if (o.filter !== undefined && o.filter !== null && (typeof o.filter !== 'object' || Array.isArray(o.filter))) throw badRequest('VECTOR_QUERY', 'filter must be an object');
  return {
    topK: o.topK ?? 5,
    namespace: o.namespace ?? null,
    returnValues: o.returnValues === true,
    returnMetadata: level,
    filter: toJson(o.filter, 'VECTOR_QUERY', 'filter'),
  };
}

function fromMatch(m: WireMatch): Record<string, unknown> {
  const out: Record<string, unknown> = { id: m.id, score: m.score };
  if (m.values !== null) out.values = Array.from(m.values);
  if (m.namespace !== null) out.namespace = m.namespace;
  if (m.metadata !== null) out.metadata = JSON.parse(m.metadata) as unknown;
  return out;
}

/**
 * The vector index object application code finds in `env` (isolate side): the original's V2 binding
 * (`describe`, `query`, `queryById`, `insert`, `upsert`, `getByIds`, `deleteByIds`). Arguments are put in the
 * shape the original sends over the wire; every limit is checked by the host (service.ts).
 */
export class VectorIndex {
  readonly #call: BindingCall<VectorsProtocol>;

  constructor(call: BindingCall<VectorsProtocol>) {
    this.#call = call;
  }

  describe(): Promise<VectorIndexInfo> {
    return this.#call('describe', []);
  }

  async query(vector: number[] | Float32Array | Float64Array, options?: QueryOptions): Promise<{ matches: Record<string, unknown>[]; count: number }> {
    const found = await this.#call('query', [toFloats(vector, 'VECTOR_QUERY', 'query vector'), toOptions(options)]);
    return { matches: found.matches.map(fromMatch), count: found.count };
  }

  async queryById(vectorId: string, options?: QueryOptions): Promise<{ matches: Record<string, unknown>[]; count: number }> {
    if (typeof vectorId !== 'string') throw badRequest('VECTOR_QUERY', 'the vector id must be a string');
    const found = await this.#call('queryById', [vectorId, toOptions(options)]);
    return { matches: found.matches.map(fromMatch), count: found.count };
  }

  insert(vectors: VectorInput[]): Promise<{ mutationId: string }> {
    return this.#call('insert', [toVectors(vectors, 'VECTOR_INSERT')]);
  }

  upsert(vectors: VectorInput[]): Promise<{ mutationId: string }> {
    return this.#call('upsert', [toVectors(vectors, 'VECTOR_UPSERT')]);
  }

  async getByIds(ids: string[]): Promise<Record<string, unknown>[]> {
    const found = await this.#call('getByIds', [toIds(ids, 'VECTOR_GET')]);
    return found.map((v) => {
      const out: Record<string, unknown> = { id: v.id, values: Array.from(v.values) };
      if (v.namespace !== null) out.namespace = v.namespace;
      if (v.metadata !== null) out.metadata = JSON.parse(v.metadata) as unknown;
      return out;
    });
  }

  deleteByIds(ids: string[]): Promise<{ mutationId: string }> {
    return this.#call('deleteByIds', [toIds(ids, 'VECTOR_DELETE')]);
  }
}

/** What `env.X` is: a `VectorIndex` whose class is named as the original names it, for libraries that check. */
export const VectorizeIndex = withOriginalName(VectorIndex, 'VectorizeIndex');
