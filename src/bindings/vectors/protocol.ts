import { z } from 'zod';
import type { CallSchemas } from '../protocol.js';

/** One vector as it travels from the isolate: float32 values, metadata as the JSON text the original's binding would send. */
export interface WireVector {
  id: string;
  values: Float32Array;
  namespace: string | null;
  metadata: string | null;
}

/** How much metadata a query returns (reference: retrieval-ops.md 1.1; `true` is `all`, `false` is `none`). */
export type MetadataLevel = 'all' | 'indexed' | 'none';

/** A query's options, defaults applied by the isolate and checked again by the host. */
export interface WireQueryOptions {
  topK: number;
  namespace: string | null;
  returnValues: boolean;
  returnMetadata: MetadataLevel;
  /** The filter as compact JSON text, or null. */
  filter: string | null;
}

/** One match as it travels back: values and metadata only when asked for. */
export interface WireMatch {
  id: string;
  score: number;
  values: Float32Array | null;
  namespace: string | null;
  metadata: string | null;
}

/** What `describe` answers (the original's V2 index info). */
export interface VectorIndexInfo {
  vectorCount: number;
  dimensions: number;
  processedUpToDatetime: string | null;
  processedUpToMutation: string | null;
}

/** The calls of a vector index binding (isolate: binding.ts, host: service.ts). The host checks every limit. */
export interface VectorsProtocol {
  describe: { args: []; result: VectorIndexInfo };
  query: { args: [vector: Float32Array, options: WireQueryOptions]; result: { matches: WireMatch[]; count: number } };
  queryById: { args: [id: string, options: WireQueryOptions]; result: { matches: WireMatch[]; count: number } };
  insert: { args: [vectors: WireVector[]]; result: { mutationId: string } };
  upsert: { args: [vectors: WireVector[]]; result: { mutationId: string } };
  getByIds: { args: [ids: string[]]; result: WireVector[] };
  deleteByIds: { args: [ids: string[]]; result: { mutationId: string } };
}

const VECTOR = z.strictObject({ id: z.string(), values: z.instanceof(Float32Array), namespace: z.string().nullable(), metadata: z.string().nullable() });
const OPTIONS = z.strictObject({
  topK: z.number(),
  namespace: z.string().nullable(),
  returnValues: z.boolean(),
  returnMetadata: z.enum(['all', 'indexed', 'none']),
  filter: z.string().nullable(),
});

/** The argument schemas the host checks every vector index call against. */
export const VECTORS_CALLS = {
  describe: z.tuple([]),
  query: z.tuple([z.instanceof(Float32Array), OPTIONS]),
  queryById: z.tuple([z.string(), OPTIONS]),
  insert: z.tuple([z.array(VECTOR)]),
  upsert: z.tuple([z.array(VECTOR)]),
  getByIds: z.tuple([z.array(z.string())]),
  deleteByIds: z.tuple([z.array(z.string())]),
} satisfies CallSchemas<VectorsProtocol>;
