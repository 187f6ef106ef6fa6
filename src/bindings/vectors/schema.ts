import { z } from 'zod';
import { BINDING_NAME } from '../names.js';
import { VECTOR_LIMITS } from './limits.js';

/** A vector index's name: what `ledge vectors create` takes and a binding's `index_name` names. */
export const INDEX_NAME = z.string().regex(new RegExp(`^[a-z0-9][a-z0-9_-]{0,${VECTOR_LIMITS.indexNameChars - 1}}$`), {
  error: `expected an index name: lowercase letters, digits, - and _ (at most ${VECTOR_LIMITS.indexNameChars}), starting with a letter or digit`,
});

/** One entry of `vector_indexes` in ledge.jsonc (`vectorize` in the original's configuration). */
export const VECTORS_ENTRY_SCHEMA = z.strictObject({
  /** The name application code reads from `env`. */
  binding: BINDING_NAME,
  /** The index this binding reaches; created beforehand with `ledge vectors create`. */
  index_name: INDEX_NAME,
});

/** A `vector_indexes` entry. */
export type VectorsEntryConfig = z.infer<typeof VECTORS_ENTRY_SCHEMA>;

/** The distance metrics an index may use. */
export const METRICS = ['cosine', 'euclidean', 'dot-product'] as const;

/** The value types of a metadata index. */
export const METADATA_INDEX_TYPES = ['string', 'number', 'boolean'] as const;
