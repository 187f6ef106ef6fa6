import type { MetadataIndexRecord } from '../../storage/vectors.js';
import { VECTOR_LIMITS } from './limits.js';

const encoder = new TextEncoder();

/** A refusal of bad input, worded for the application; the service gives it the operation and code. */
export class VectorInputError extends Error {
  constructor(readonly errorCode: number, message: string) {
    super(message);
  }
}

/** UTF-8 length of a string. */
export function byteLength(text: string): number {
  return encoder.encode(text).byteLength;
}

/** Why a metadata key is refused (reference: retrieval-ops.md 1.2), or null. */
function badKey(key: string): string | null {
  if (key === '') return 'a metadata key cannot be empty';
  if (key.includes('.')) return `metadata key "${key}" contains ".", which filters read as nesting`;
  if (key.includes('"')) return `metadata key ${JSON.stringify(key)} contains a double quote`;
  if (key.startsWith('$')) return `metadata key "${key}" starts with "$", which is kept for filter operators`;
  return null;
}

/** Checks one value of metadata (string, number, boolean, array of strings, or an object of those) at `path`. */
function checkValue(value: unknown, path: string, code: number): void {
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return;
  if (typeof value === 'number') return;
  if (Array.isArray(value)) {
    const bad = value.findIndex((item) => typeof item !== 'string');
    if (bad !== -1) throw new VectorInputError(code, `metadata ${path}[${bad}]: an array in metadata holds strings only`);
    return;
  }
  if (typeof value === 'object') {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      const why = badKey(key);
      if (why) throw new VectorInputError(code, `${why} (at ${path})`);
      checkValue(inner, `${path}.${key}`, code);
    }
  }
}

/**
 * Parses and checks a vector's metadata (the JSON text its isolate sent): an object of at most 10 KiB whose keys
 * are not empty, have no `.` or `"` and do not start with `$`. Returns the parsed object.
 */
export function parseMetadata(text: string, id: string, code: number): Record<string, unknown> {
  const bytes = byteLength(text);
  if (bytes > VECTOR_LIMITS.metadataBytes) {
    throw new VectorInputError(code, `metadata too large for vector id="${id}"; max is ${VECTOR_LIMITS.metadataBytes} bytes, got ${bytes} bytes`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new VectorInputError(code, `metadata of vector id="${id}" is not JSON`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new VectorInputError(code, `metadata of vector id="${id}" must be an object of properties`);
  }
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    const why = badKey(key);
    if (why) throw new VectorInputError(code, `invalid metadata for vector id="${id}": ${why}`);
    checkValue(value, key, code);
  }
  return parsed as Record<string, unknown>;
}

/** The value at a dotted path (`a.b` is `{ a: { b } }`), or undefined. */
export function valueAt(metadata: Record<string, unknown>, path: string): unknown {
  let current: unknown = metadata;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A string cut to at most `bytes` bytes of UTF-8 without splitting a character: what a string index keeps. */
export function truncateUtf8(text: string, bytes: number = VECTOR_LIMITS.indexedStringBytes): string {
  if (text.length * 3 <= bytes || byteLength(text) <= bytes) return text;
  let out = '';
  let used = 0;
  for (const char of text) {
    const size = byteLength(char);
    if (used + size > bytes) break;
    out += char;
    used += size;
  }
  return out;
}

/** The value a metadata index keeps for one vector: its value when of the index's type (strings cut to 64 bytes), else null. */
export function indexedValue(metadata: Record<string, unknown> | null, index: Pick<MetadataIndexRecord, 'propertyName' | 'indexType'>): string | number | boolean | null {
  if (metadata === null) return null;
  const value = valueAt(metadata, index.propertyName);
  if (typeof value !== index.indexType) return null;
  return typeof value === 'string' ? truncateUtf8(value) : (value as number | boolean);
}

/** The JSON text a vector keeps of the metadata indexes that exist when it is written: `{ [generation]: value }`. */
export function indexedValues(metadata: Record<string, unknown> | null, indexes: readonly MetadataIndexRecord[]): string | null {
  if (indexes.length === 0) return null;
  return JSON.stringify(Object.fromEntries(indexes.map((index) => [index.generation, indexedValue(metadata, index)])));
}
