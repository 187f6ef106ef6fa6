import { ALLOWED_PRAGMAS } from '../statement-guard.js';

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
  const tokens = scan(sql);
  const first = (tokens[0]?.text ?? '').toUpperCase();
  if (['BEGIN', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT', 'RELEASE'].includes(first)) throw new Error(TRANSACTION_REFUSAL);
  if (first === 'ATTACH' || first === 'DETACH') throw new Error(`${first} is not allowed: an object reaches only its own database: SQLITE_AUTH`);
  if (first === 'VACUUM' && tokens.some((t) => t.kind === 'word' && t.text.toUpperCase() === 'INTO')) throw new Error('VACUUM INTO is not allowed: an object reaches only its own database: SQLITE_AUTH');
  if (first === 'PRAGMA') {
    const words = tokens.slice(1).filter((t) => t.kind !== 'punct' || t.text === '.');
    const name = (words[1]?.text === '.' ? words[2]?.text : words[0]?.text) ?? '';
    if (!ALLOWED_PRAGMAS.has(name.toLowerCase())) throw new Error(`PRAGMA ${name} is not allowed (allowed: ${[...ALLOWED_PRAGMAS].join(', ')}): SQLITE_AUTH`);
  }
  // SQLite takes a string literal where a name is expected ("SELECT * FROM '_cf_KV'"), so strings count too.
  const reserved = tokens.find((t) => t.kind !== 'punct' && t.text.toLowerCase().startsWith(RESERVED_PREFIX.toLowerCase()));
  if (reserved) throw new Error(`access to ${reserved.text} is prohibited: names starting with ${RESERVED_PREFIX} are reserved for the platform: SQLITE_AUTH`);
}

interface Token { kind: 'word' | 'quoted' | 'string' | 'punct'; text: string }

/** SQLite's lexical pieces that matter here: words, quoted names ("", ``, []), strings, and the rest one character at a time. */
function scan(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`' || c === '[') {
      const close = c === '[' ? ']' : c;
      let text = '';
      i++;
      while (i < sql.length) {
        if (sql[i] === close) {
          if (close !== ']' && sql[i + 1] === close) { text += close; i += 2; continue; }
          break;
        }
        text += sql[i];
        i++;
      }
      i++;
      tokens.push({ kind: c === "'" ? 'string' : 'quoted', text });
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      let j = i + 1;
      while (j < sql.length && /[A-Za-z0-9_$\u0080-\uffff]/.test(sql[j] as string)) j++;
      tokens.push({ kind: 'word', text: sql.slice(i, j) });
      i = j;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      tokens.push({ kind: 'punct', text: c });
      i++;
    }
  }
  return tokens;
}
