import { BindingError } from '../plugin.js';

/** The operations an error names, as the original's binding names them in its messages. */
export type VectorOperation = 'INDEX_GET' | 'VECTOR_QUERY' | 'VECTOR_INSERT' | 'VECTOR_UPSERT' | 'VECTOR_GET' | 'VECTOR_DELETE';

/** Error codes of the original's service, kept so code that matches on them works; docs/bindings/vectors.md lists them. */
export const VECTOR_ERROR_CODES = {
  indexNotFound: 40004,
  queryVector: 40006,
  tooManyIds: 40007,
  invalidVector: 40008,
  invalidFilter: 40010,
  tooManyVectors: 40014,
  indexFull: 40016,
  badRequest: 40023,
  topK: 40025,
  tooManyNamespaces: 40029,
} as const;

/**
 * An error as the original's binding raises it: `Error` with `<OPERATION>_ERROR (code = N): <text>` and the text
 * again as `error.cause.message`.
 */
export function vectorError(operation: VectorOperation, code: number, text: string): BindingError {
  return new BindingError('Error', `${operation}_ERROR (code = ${code}): ${text}`, text);
}
