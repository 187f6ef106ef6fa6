import { ALLOWED_PRAGMAS } from '../statement-guard.js';
import { pragmaName, statementTokens } from '../../sql-tokens.js';

/** Names starting with this are the platform's (the key-value table): the reference reserves them, and user SQL may not name them. */
export const RESERVED_PREFIX = '_cf_';

/** The table holding the asynchronous and synchronous key-value API's pairs, hidden from user SQL by the reserved prefix. */
export const KV_TABLE = '_cf_KV';

/** The reference's refusal of transaction statements, word for word (data-work.md 4.3). */
export const TRANSACTION_REFUSAL = 'To execute a transaction, please use the state.storage.transaction() or state.storage.transactionSync() APIs instead of the SQL BEGIN TRANSACTION or SAVEPOINT statements. The JavaScript API is safer because it will automatically roll back on exceptions, and because it interacts correctly with Durable Objects\' automatic atomic write coalescing.';

/**
 * Refuses one statement of an object's `sql.exec` that would take over its transactions (BEGIN, COMMIT,
 * SAVEPOINT, ...: `transaction()`/`transactionSync()` own them), reach outside its database (ATTACH, DETACH,
 * VACUUM INTO), change settings its durability and history rely on (PRAGMAs outside a read-only list, such as
 * journal_mode or writable_schema), or name anything with the reserved prefix (the key-value table). The
 * error texts end like SQLite's own authorizer refusals.
 */
export function checkObjectStatement(sql: string): void {
  const tokens = statementTokens(sql);
  const first = tokens[0]?.kind === 'word' ? tokens[0].text.toUpperCase() : '';
  if (['BEGIN', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT', 'RELEASE'].includes(first)) throw new Error(TRANSACTION_REFUSAL);
  if (first === 'ATTACH' || first === 'DETACH') throw new Error(`${first} is not allowed: an object reaches only its own database: SQLITE_AUTH`);
  if (first === 'VACUUM' && tokens.some((t) => t.kind === 'word' && t.text.toUpperCase() === 'INTO')) throw new Error('VACUUM INTO is not allowed: an object reaches only its own database: SQLITE_AUTH');
  if (first === 'PRAGMA') {
    const name = pragmaName(tokens.slice(1));
    if (!ALLOWED_PRAGMAS.has(name)) throw new Error(`PRAGMA ${name} is not allowed (allowed: ${[...ALLOWED_PRAGMAS].join(', ')}): SQLITE_AUTH`);
  }
  // SQLite takes a string literal where a name is expected ("SELECT * FROM '_cf_KV'"), so a string counts in a
  // name's place; elsewhere it is data ("WHERE name NOT LIKE '_cf_%'" must keep working). The query plan check in
  // object-database.ts backs this up for places a name can hide that this list does not know.
  const reserved = tokens.find((t, i) => isReserved(t.text) && (t.kind !== 'string' || NAME_BEFORE.has((tokens[i - 1]?.text ?? '').toUpperCase()) || tokens[i + 1]?.text === '.'));
  if (reserved) throw new Error(`access to ${reserved.text} is prohibited: names starting with ${RESERVED_PREFIX} are reserved for the platform: SQLITE_AUTH`);
}

/** True for a name in the reserved space (SQLite compares names without case). */
export function isReserved(name: string): boolean {
  return name.toLowerCase().startsWith(RESERVED_PREFIX.toLowerCase());
}

/** Words after which SQLite reads a string literal as a table name. */
const NAME_BEFORE = new Set(['FROM', 'JOIN', 'INTO', 'UPDATE', 'TABLE', 'EXISTS', 'ON', 'VIEW', 'INDEX', 'TRIGGER', 'REFERENCES', 'TO']);
