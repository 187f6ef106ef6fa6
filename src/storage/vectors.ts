/**
 * The vector index port: indexes (name, dimensions, metric), their metadata indexes, and their vectors.
 * Search runs above this port (bindings/vectors/search.ts) over `scan`, so every adapter answers the same.
 */

/** How distance is measured in an index (reference: retrieval-ops.md 1.1). */
export type VectorMetric = 'cosine' | 'euclidean' | 'dot-product';

/** The value types a metadata index holds (reference: retrieval-ops.md 1.2). */
export type MetadataIndexType = 'string' | 'number' | 'boolean';

/** One vector index as stored. */
export interface VectorIndexRecord {
  name: string;
  dimensions: number;
  metric: VectorMetric;
  description: string;
  /** ISO time of creation. */
  created_on: string;
  /** ISO time of the last change: creation, a write, or a metadata index change. */
  modified_on: string;
  vectorCount: number;
  /** The id of the last mutation applied (writes apply at once), or null before the first. */
  lastMutation: string | null;
  /** ISO time of that mutation, or null. */
  lastMutationAt: string | null;
}

/** One metadata index of a vector index. */
export interface MetadataIndexRecord {
  propertyName: string;
  indexType: MetadataIndexType;
  /**
   * A number no other metadata index of the same store ever had: a vector records the indexed values under it,
   * so one deleted and made again starts empty, as vectors written before an index existed are not in it.
   */
  generation: number;
  created_on: string;
}

/** One vector as stored. */
export interface StoredVector {
  id: string;
  namespace: string | null;
  values: Float32Array;
  /** The metadata as compact JSON text, or null. */
  metadata: string | null;
  /** JSON text of `{ [generation]: value }`: the values its metadata indexes held when it was written (null: absent). */
  indexed: string | null;
}

/** A mutation as the index records it. */
export interface VectorMutation {
  id: string;
  /** ISO time. */
  at: string;
}

/** Why a write was refused by a limit checked inside its transaction. */
export type VectorWriteOutcome = { ok: true; written: number } | { ok: false; refused: 'vectors' | 'namespaces' | 'no_index'; count: number };

/** The vector indexes of one platform's (or account's) state. */
export interface VectorStoragePort {
  /** Creates an index; false when one of that name exists. */
  createIndex(index: Pick<VectorIndexRecord, 'name' | 'dimensions' | 'metric' | 'description'>, now: string): Promise<boolean>;
  getIndex(name: string): Promise<VectorIndexRecord | null>;
  listIndexes(): Promise<VectorIndexRecord[]>;
  /** Deletes an index with its vectors and metadata indexes; false when there was none. */
  deleteIndex(name: string): Promise<boolean>;
  /** Adds a metadata index; false when the property has one. At most `max` per index (false too: the caller tells which by listing). */
  createMetadataIndex(index: string, propertyName: string, indexType: MetadataIndexType, mutation: VectorMutation): Promise<boolean>;
  listMetadataIndexes(index: string): Promise<MetadataIndexRecord[]>;
  deleteMetadataIndex(index: string, propertyName: string, mutation: VectorMutation): Promise<boolean>;
  /**
   * Writes vectors in one transaction: `insert` keeps a stored vector of the same id (first write wins),
   * `upsert` replaces it. Refused whole when it would take the index past `limits`.
   */
  write(index: string, vectors: StoredVector[], mode: 'insert' | 'upsert', mutation: VectorMutation, limits: { maxVectors: number; maxNamespaces: number }): Promise<VectorWriteOutcome>;
  /** Deletes vectors by id in one transaction; returns how many existed. */
  delete(index: string, ids: string[], mutation: VectorMutation): Promise<number>;
  /** The stored vectors of these ids (those that exist), in the order asked. */
  get(index: string, ids: string[]): Promise<StoredVector[]>;
  /**
   * Hands every vector of the index (of one namespace, when given) to `visit`, without its metadata (null: a
   * search reads the metadata of its matches only, with `get`). May let other work run between vectors.
   */
  scan(index: string, namespace: string | undefined, visit: (vector: StoredVector) => void): Promise<void>;
}
