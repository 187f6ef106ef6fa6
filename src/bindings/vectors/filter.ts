import type { MetadataIndexRecord } from '../../storage/vectors.js';
import { VECTOR_ERROR_CODES } from './errors.js';
import { VECTOR_LIMITS } from './limits.js';
import { byteLength, truncateUtf8, VectorInputError } from './metadata.js';

type Scalar = string | number | boolean | null;
type Op = '$eq' | '$ne' | '$lt' | '$lte' | '$gt' | '$gte' | '$in' | '$nin';
const OPS: readonly string[] = ['$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$in', '$nin'];

/** One condition of a filter: a property path, an operator and its operand. */
interface Clause { path: string; op: Op; operand: Scalar | Scalar[] }

/** A filter ready to test vectors: each clause tied to the metadata index of its property (or to none). */
export type VectorFilter = (indexed: Record<string, Scalar> | null) => boolean;

function fail(message: string): never {
  throw new VectorInputError(VECTOR_ERROR_CODES.invalidFilter, `invalid filter: ${message}`);
}

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** Checks a property path: `.` nests, so no part may be empty; no `"` and no leading `$`. */
function checkPath(path: string): void {
  if (path === '') fail('a property name cannot be empty');
  if (path.length > VECTOR_LIMITS.filterKeyChars) fail(`property name "${path.slice(0, 32)}..." is longer than ${VECTOR_LIMITS.filterKeyChars} characters`);
  if (path.includes('"')) fail(`property name ${JSON.stringify(path)} contains a double quote`);
  if (path.startsWith('$')) fail(`property name "${path}" starts with "$"; operators go inside the property's object, as { "${path.slice(1) || 'field'}": { "$eq": ... } }`);
  if (path.split('.').some((part) => part === '')) fail(`property name "${path}" has an empty part between dots`);
}

/**
 * Parses the filter's JSON text (reference: retrieval-ops.md 1.2): a non-empty object under 2048 bytes of
 * compact JSON; each key a property (dots nest), each value a scalar (implicit $eq) or an object of operators.
 */
export function parseFilter(text: string): Clause[] {
  const bytes = byteLength(text);
  if (bytes >= VECTOR_LIMITS.filterBytes) fail(`the filter is ${bytes} bytes of compact JSON; it must be under ${VECTOR_LIMITS.filterBytes}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    fail('not JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) fail('expected an object of properties');
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length === 0) fail('the filter object is empty');
  const clauses: Clause[] = [];
  for (const [path, condition] of entries) {
    checkPath(path);
    if (isScalar(condition)) {
      clauses.push({ path, op: '$eq', operand: condition });
      continue;
    }
    if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) {
      fail(`"${path}": expected a string, number, boolean, null or an object of operators ($eq, $ne, $lt, $lte, $gt, $gte, $in, $nin)`);
    }
    const ops = Object.entries(condition as Record<string, unknown>);
    if (ops.length === 0) fail(`"${path}": the object of operators is empty`);
    for (const [op, operand] of ops) {
      if (!OPS.includes(op)) fail(`"${path}": unknown operator "${op}"; expected one of ${OPS.join(', ')} (there is no $or: conditions on several properties all apply)`);
      if (op === '$in' || op === '$nin') {
        if (!Array.isArray(operand) || operand.length === 0) fail(`"${path}".${op}: expected a non-empty array of strings, numbers or booleans`);
        const bad = operand.findIndex((item) => !isScalar(item) || item === null);
        if (bad !== -1) fail(`"${path}".${op}[${bad}]: expected a string, number or boolean`);
        clauses.push({ path, op, operand: operand as Scalar[] });
      } else {
        if (!isScalar(operand)) fail(`"${path}".${op}: expected a string, number, boolean or null`);
        if (op !== '$eq' && op !== '$ne' && (operand === null || typeof operand === 'boolean')) fail(`"${path}".${op}: a range operator compares strings or numbers`);
        clauses.push({ path, op: op as Op, operand });
      }
    }
  }
  return clauses;
}

/** The operand as a string index holds values: strings cut to the bytes it keeps. */
function asIndexed(value: Scalar): Scalar {
  return typeof value === 'string' ? truncateUtf8(value) : value;
}

function equal(value: Scalar, operand: Scalar): boolean {
  return value === asIndexed(operand);
}

function test(value: Scalar, op: Op, operand: Scalar | Scalar[]): boolean {
  switch (op) {
    case '$eq': return equal(value, operand as Scalar);
    case '$ne': return !equal(value, operand as Scalar);
    case '$in': return (operand as Scalar[]).some((item) => equal(value, item));
    case '$nin': return !(operand as Scalar[]).some((item) => equal(value, item));
    default: {
      const bound = asIndexed(operand as Scalar);
      if (value === null || typeof value !== typeof bound) return false;
      const [a, b] = [value as string | number, bound as string | number];
      return op === '$lt' ? a < b : op === '$lte' ? a <= b : op === '$gt' ? a > b : a >= b;
    }
  }
}

/**
 * Ties each clause to the metadata index of its property. A property without one matches no vector, and a
 * vector written before the index existed is not in it (reference: retrieval-ops.md 1.2), so it never matches
 * a clause on that property.
 */
export function compileFilter(clauses: readonly Clause[], indexes: readonly MetadataIndexRecord[]): VectorFilter {
  const byName = new Map(indexes.map((index) => [index.propertyName, String(index.generation)]));
  const bound = clauses.map((clause) => ({ ...clause, generation: byName.get(clause.path) }));
  if (bound.some((clause) => clause.generation === undefined)) return () => false;
  return (indexed) => {
    if (indexed === null) return false;
    return bound.every(({ generation, op, operand }) => {
      const value = indexed[generation as string];
      return value !== undefined && test(value, op, operand);
    });
  };
}
