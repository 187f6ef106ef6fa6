/**
 * Operations on a store's coordination objects that `ledge coordination` (local state) and the account API's
 * coordination routes (`ledge serve`) share: which classes have objects, a class's object ids, one object shown
 * read-only (its pairs decoded from structured clone for display, its SQL tables, size and alarm), and an
 * explicit delete (docs/cli.md, docs/api.md).
 */
import { deserialize } from 'node:v8';
import { LedgeError, hasCode } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { portInspector, type CoordinationInspector } from '../../storage/coordination-inspect.js';
import type { CoordinationQueryResult, CoordinationStoragePort } from '../../storage/ports.js';
import { directoryFor } from './directory.js';
import { idFromName, idProblem, namespaceKey, namespaceOf } from './ids.js';

/** A class (one namespace) of the account: the deployment that exports it, its name, how many objects it has. */
export interface CoordinationClass { deployment: string; class: string; objects: number }

/** One object as tools show it: values decoded for display (`value`), each with its stored size. */
export interface CoordinationObjectDetail {
  id: string;
  deployment: string;
  class: string;
  size_bytes: number;
  alarm: string | null;
  pairs: { key: string; value: unknown; bytes: number }[];
  /** True when only the first `limit` pairs are shown. */
  more_pairs: boolean;
  tables: { name: string; rows: number }[];
}

const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

/** Refuses a deployment or class name no namespace can have (it becomes part of a lookup key, never a path). */
export function checkName(what: string, value: string): void {
  if (!NAME.test(value)) throw new LedgeError('bad_argument', `${what} "${value.slice(0, 64)}" is not a valid name (letters, digits, _, . and -, at most 128)`);
}

/** The object id for `idOrName`: an id is checked against the namespace's MAC (as idFromString does); `{ name }` is hashed as idFromName does. */
export function objectIdOf(account: string, deployment: string, className: string, target: { id?: string; name?: string }): string {
  const key = namespaceKey(namespaceOf(account, deployment, className));
  if (target.name !== undefined) return idFromName(key, target.name);
  const problem = idProblem(key, target.id);
  if (problem) throw new LedgeError('bad_argument', `${problem} (object "${String(target.id).slice(0, 80)}" of ${deployment}/${className})`);
  return (target.id as string).toLowerCase();
}

/** A structured-clone value made JSON-safe for display: Maps, Sets, Dates, bigints, bytes and undefined are spelled out. */
export function displayValue(value: unknown, depth = 0): unknown {
  if (depth > 32) return '[nested too deep]';
  if (value === undefined) return { $undefined: true };
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (typeof value === 'number' && !Number.isFinite(value)) return { $number: String(value) };
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return { $date: Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString() };
  if (value instanceof Map) return { $map: [...value].map(([k, v]) => [displayValue(k, depth + 1), displayValue(v, depth + 1)]) };
  if (value instanceof Set) return { $set: [...value].map((v) => displayValue(v, depth + 1)) };
  if (ArrayBuffer.isView(value)) return { $bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (value instanceof ArrayBuffer) return { $bytes: Buffer.from(value).toString('base64') };
  if (value instanceof RegExp) return { $regexp: String(value) };
  if (value instanceof Error) return { $error: `${value.name}: ${value.message}` };
  if (Array.isArray(value)) return value.map((v) => displayValue(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, displayValue(v, depth + 1)]));
}

/** Decodes stored bytes for display; bytes that are not a structured clone are shown as they are. */
function decode(bytes: Uint8Array): unknown {
  try {
    return displayValue(deserialize(bytes));
  } catch {
    return { $undecodable: Buffer.from(bytes).toString('base64') };
  }
}

/**
 * The inspector of a store whose objects may be live (ledge serve): reads go through the port; a delete first
 * drops the object's instance, so a live instance never keeps a copy of deleted data in its cache.
 */
export function liveInspector(port: CoordinationStoragePort, logger: Logger): CoordinationInspector {
  const inspector = portInspector(port);
  return { ...inspector, deleteObject: (namespace, id) => directoryFor(port, { logger }).withoutInstance(namespace, id, () => port.deleteObject(namespace, id)) };
}

/** The admin surface of coordination objects (COORDINATION_PLUGIN.admin). */
export const COORDINATION_ADMIN = {
  /** The account's classes with objects (`account` is `local` for ledge dev). */
  async classes(inspector: CoordinationInspector, account: string): Promise<CoordinationClass[]> {
    const prefix = `${account}/`;
    return (await inspector.namespaces()).filter((n) => n.namespace.startsWith(prefix)).flatMap((n) => {
      const rest = n.namespace.slice(prefix.length);
      const slash = rest.indexOf('/');
      // The platform's own namespaces (`#migrations`, the applied tags) are no class.
      return slash < 0 || rest.slice(slash + 1).startsWith('#') ? [] : [{ deployment: rest.slice(0, slash), class: rest.slice(slash + 1), objects: n.objects }];
    });
  },

  /** A page of a class's object ids, in id order. */
  async objects(inspector: CoordinationInspector, account: string, deployment: string, className: string, page: { cursor?: string; limit: number }): Promise<{ ids: string[]; cursor?: string }> {
    checkName('deployment', deployment);
    checkName('class', className);
    if (page.cursor !== undefined && !/^[0-9a-f]{64}$/.test(page.cursor)) throw new LedgeError('bad_argument', 'cursor: expected an object id (64 hex digits)');
    return inspector.list(namespaceOf(account, deployment, className), page);
  },

  /** One object, or a not_found error naming it. */
  async show(inspector: CoordinationInspector, account: string, deployment: string, className: string, id: string, limit: number): Promise<CoordinationObjectDetail> {
    checkName('deployment', deployment);
    checkName('class', className);
    const view = await inspector.inspect(namespaceOf(account, deployment, className), id, { limit });
    if (!view) throw new LedgeError('not_found', `${deployment}/${className} has no object ${id} (it holds no data and no alarm)`);
    return {
      id, deployment, class: className, size_bytes: view.size, alarm: view.alarm === null ? null : new Date(view.alarm).toISOString(),
      pairs: view.pairs.map((p) => ({ key: p.key, value: decode(p.value), bytes: p.value.byteLength })), more_pairs: view.more, tables: view.tables,
    };
  },

  /**
   * One read-only SQL statement on the object's database, on a connection that cannot write, beside the live object:
   * at most READ_QUERY_LIMITS' rows, bytes and time (the key-value pairs are the table `_cf_KV`).
   */
  async query(inspector: CoordinationInspector, account: string, deployment: string, className: string, id: string, sql: string, params: readonly unknown[] = []): Promise<CoordinationQueryResult> {
    checkName('deployment', deployment);
    checkName('class', className);
    try {
      return await inspector.query(namespaceOf(account, deployment, className), id, sql, params);
    } catch (err) {
      if (hasCode(err, 'not_found')) throw new LedgeError('not_found', `${deployment}/${className} has no object ${id} with data to query (it holds no data)`);
      throw err;
    }
  },

  /** Deletes one object's data, history and alarm; a not_found error when it has none. */
  async delete(inspector: CoordinationInspector, account: string, deployment: string, className: string, id: string): Promise<void> {
    checkName('deployment', deployment);
    checkName('class', className);
    if (!(await inspector.deleteObject(namespaceOf(account, deployment, className), id))) throw new LedgeError('not_found', `${deployment}/${className} has no object ${id}`);
  },
};
