/**
 * Rewrites numbered parameters (`?1`, `?2`, repeated as often as wanted) into plain `?` placeholders and
 * returns, for each placeholder, which bound value it takes. better-sqlite3 binds values by position only
 * to `?`, while application code also writes `?NNN`. Text inside strings, quoted names and comments is left alone.
 */
export function rewriteNumberedParams(sql: string): { sql: string; order: number[] } | undefined {
  if (!/\?\d/.test(sql)) return undefined;
  let out = '';
  const order: number[] = [];
  let highest = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === "'" || c === '"' || c === '`' || c === '[') {
      const close = c === '[' ? ']' : c;
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === close) {
          if (close !== ']' && sql[j + 1] === close) { j += 2; continue; }
          break;
        }
        j++;
      }
      out += sql.slice(i, j + 1);
      i = j + 1;
    } else if (c === '?') {
      let j = i + 1;
      while (j < sql.length && /\d/.test(sql[j] as string)) j++;
      // SQLite numbering: ?NNN is parameter NNN; a bare ? is one more than the largest so far.
      const n = j > i + 1 ? Number(sql.slice(i + 1, j)) : highest + 1;
      highest = Math.max(highest, n);
      order.push(n - 1);
      out += '?';
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return { sql: out, order };
}
