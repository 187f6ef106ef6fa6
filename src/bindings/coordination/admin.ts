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

/**
 * What one showing of stored values may spell out: parts (values, entries, elements) and characters of text (strings,
 * bytes in base64, error messages). Structured clone keeps shared references and sparse arrays, so a few stored bytes
 * can stand for a value of 2^40 parts (an array holding the same array twice, forty times over), an array of 4
 * billion holes, or one 1 MB buffer seen through 10,000 views: spelled out whole, one such value held the platform's
 * process for minutes and took gigabytes, stalling every account (red team). Past the budget the rest is cut.
 */
export interface DisplayBudget { parts: number; chars: number }
export const DISPLAY_BUDGET: Readonly<DisplayBudget> = { parts: 100_000, chars: 1024 * 1024 };

const CUT = '[cut: past what one showing spells out]';

/** A structured-clone value made JSON-safe for display: Maps, Sets, Dates, bigints, bytes and undefined are spelled out, within `budget` (spent). */
export function displayValue(value: unknown, budget: DisplayBudget = { ...DISPLAY_BUDGET }): unknown {
  return displayPart(value, budget, 0);
}

/** `text`, spent from the budget, or the cut note when it has not that many characters left. */
function spend(budget: DisplayBudget, text: string): string {
  if (text.length > budget.chars) { budget.chars = 0; return CUT; }
  budget.chars -= text.length;
  return text;
}

/** Up to what `budget` has left of `items`, spelled out, then a note of how many were left out (a hole shows as null). */
function displayItems(items: Iterable<unknown> | readonly unknown[], budget: DisplayBudget, depth: number): unknown[] {
  const out: unknown[] = [];
  if (Array.isArray(items)) {
    let i = 0;
    for (; i < items.length && budget.parts > 0; i++) {
      if (Object.hasOwn(items, i)) out.push(displayPart(items[i], budget, depth + 1));
      else { budget.parts--; out.push(null); }
    }
    if (i < items.length) out.push(`[cut: ${items.length - i} more]`);
    return out;
  }
  for (const item of items) {
    if (budget.parts <= 0) { out.push(CUT); break; }
    out.push(displayPart(item, budget, depth + 1));
  }
  return out;
}

function displayPart(value: unknown, budget: DisplayBudget, depth: number): unknown {
  if (depth > 32) return '[nested too deep]';
  if (budget.parts-- <= 0) return CUT;
  if (value === undefined) return { $undefined: true };
  if (typeof value === 'bigint') return { $bigint: spend(budget, value.toString()) };
  if (typeof value === 'number' && !Number.isFinite(value)) return { $number: String(value) };
  if (typeof value === 'string') return spend(budget, value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return { $date: Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString() };
  if (value instanceof Map) return { $map: displayItems(value, budget, depth) };
  if (value instanceof Set) return { $set: displayItems(value, budget, depth) };
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) {
    const bytes = ArrayBuffer.isView(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : Buffer.from(value);
    // Checked before the base64 is made: 4 characters per 3 bytes.
    if (Math.ceil(bytes.byteLength / 3) * 4 > budget.chars) { budget.chars = 0; return { $bytes: CUT, length: bytes.byteLength }; }
    return { $bytes: spend(budget, bytes.toString('base64')) };
  }
  if (value instanceof RegExp) return { $regexp: spend(budget, String(value)) };
  if (value instanceof Error) return { $error: spend(budget, `${value.name}: ${value.message}`) };
  if (Array.isArray(value)) return displayItems(value, budget, depth);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (budget.parts <= 0) { out.$cut = CUT; break; }
    out[spend(budget, k)] = displayPart(v, budget, depth + 1);
  }
  return out;
}

/** Decodes stored bytes for display; bytes that are not a structured clone are shown as they are. */
function decode(bytes: Uint8Array, budget: DisplayBudget): unknown {
  try {
    return displayValue(deserialize(bytes), budget);
  } catch {
    return { $undecodable: spend(budget, Buffer.from(bytes).toString('base64')) };
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
    // One budget for every value shown (DISPLAY_BUDGET), so a thousand pairs spell out no more than one.
    const budget = { ...DISPLAY_BUDGET };
    return {
      id, deployment, class: className, size_bytes: view.size, alarm: view.alarm === null ? null : new Date(view.alarm).toISOString(),
      pairs: view.pairs.map((p) => ({ key: p.key, value: decode(p.value, budget), bytes: p.value.byteLength })), more_pairs: view.more, tables: view.tables,
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
