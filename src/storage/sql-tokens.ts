/**
 * A lexical piece of SQL: a word, a quoted name ("", ``, []), a string, or one other character, with where it
 * starts and ends in the text. One lexer serves both the statement guards and the splitting of scripts, so what a
 * guard checks is cut exactly where the statement SQLite runs is cut.
 */
export interface SqlToken { kind: 'word' | 'quoted' | 'string' | 'punct'; text: string; start: number; end: number }

/**
 * SQLite's lexical pieces as SQLite reads them, so a guard sees the statement SQLite runs: no space is needed
 * around a string or a quoted name (`ATTACH'f'AS x`), comments are dropped (`--` to the line's end, an unclosed
 * `/*` to the text's end), and any character past ASCII is part of a word (SQLite's identifiers take them).
 */
export function scanSql(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
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
      const start = i;
      i++;
      while (i < sql.length) {
        if (sql[i] === close) {
          if (close !== ']' && sql[i + 1] === close) { text += close; i += 2; continue; }
          break;
        }
        text += sql[i];
        i++;
      }
      i = Math.min(i + 1, sql.length);
      tokens.push({ kind: c === "'" ? 'string' : 'quoted', text, start, end: i });
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      let j = i + 1;
      while (j < sql.length && /[A-Za-z0-9_$\u0080-\uffff]/.test(sql[j] as string)) j++;
      tokens.push({ kind: 'word', text: sql.slice(i, j), start: i, end: j });
      i = j;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      tokens.push({ kind: 'punct', text: c, start: i, end: i + 1 });
      i++;
    }
  }
  return tokens;
}

/**
 * The tokens of the statement SQLite prepares from `sql`: without the empty statements before it (SQLite skips
 * leading `;`) and without an `EXPLAIN` or `EXPLAIN QUERY PLAN` prefix (preparing one applies a flag PRAGMA, such
 * as `synchronous`, without running it), so its first token is the word that decides what it does.
 */
export function statementTokens(sql: string): SqlToken[] {
  const tokens = scanSql(sql);
  let start = 0;
  while (tokens[start]?.text === ';') start++;
  if (tokens[start]?.kind === 'word' && tokens[start]?.text.toUpperCase() === 'EXPLAIN') {
    start++;
    if (tokens[start]?.text.toUpperCase() === 'QUERY' && tokens[start + 1]?.text.toUpperCase() === 'PLAN') start += 2;
  }
  return tokens.slice(start);
}

/** The name a PRAGMA statement's tokens (after `PRAGMA`) set or read, without its schema (`main.`); SQLite takes a word, a quoted name or a string. */
export function pragmaName(afterPragma: readonly SqlToken[]): string {
  const words = afterPragma.filter((t) => t.kind !== 'punct' || t.text === '.');
  const named = words[1]?.text === '.' ? words[2] : words[0];
  return (named?.text ?? '').toLowerCase();
}

/**
 * Splits SQL text into statements at semicolons that are outside strings, quoted identifiers, comments
 * and `CREATE TRIGGER ... BEGIN ... END` bodies. Statements with nothing but comments are dropped.
 */
export function splitSql(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let pieces = 0;
  let words: string[] = [];
  let depth = 0;
  const isTrigger = () => words[0] === 'CREATE' && (words[1] === 'TRIGGER' || (words[2] === 'TRIGGER' && (words[1] === 'TEMP' || words[1] === 'TEMPORARY')));
  for (const token of scanSql(text)) {
    if (token.kind === 'punct' && token.text === ';' && depth === 0) {
      if (pieces > 0) statements.push(text.slice(start, token.start).trim());
      start = token.end;
      pieces = 0;
      words = [];
      continue;
    }
    pieces++;
    if (token.kind !== 'word') continue;
    const word = token.text.toUpperCase();
    if (words.length < 3) words.push(word);
    if (isTrigger()) {
      if (word === 'BEGIN' || (word === 'CASE' && depth > 0)) depth++;
      else if (word === 'END' && depth > 0) depth--;
    }
  }
  if (pieces > 0) statements.push(text.slice(start).trim());
  return statements;
}
