/** Limits of the vector index binding, as existing application code expects them (reference: retrieval-ops.md 1.3). */
export const VECTOR_LIMITS = {
  maxDimensions: 1536,
  idBytes: 64,
  metadataBytes: 10 * 1024,
  /** topK when a query returns values or all metadata. */
  topKWithValues: 20,
  topK: 100,
  /** The original's default topK. */
  defaultTopK: 5,
  /** Vectors in one insert or upsert from a binding. */
  writeBatch: 1000,
  /** Vectors in one insert or upsert through the account API. */
  apiWriteBatch: 5000,
  /** Ids in one getByIds call (the original's: "max id count is 20"). */
  getIds: 20,
  /** Ids in one deleteByIds call. */
  deleteIds: 1000,
  vectorsPerIndex: 10_000_000,
  namespacesPerIndex: 50_000,
  namespaceBytes: 64,
  metadataIndexes: 10,
  /** Bytes of a string a metadata index keeps (cut at a UTF-8 character boundary). */
  indexedStringBytes: 64,
  filterBytes: 2048,
  filterKeyChars: 512,
  indexesPerAccount: 50_000,
  indexNameChars: 64,
  descriptionChars: 1024,
  propertyNameChars: 512,
} as const;
