import { scanSql } from '../sql-tokens.js';

/**
 * Rewrites numbered parameters (`?1`, `?2`, repeated as often as wanted) into plain `?` placeholders and
 * returns, for each placeholder, which bound value it takes. better-sqlite3 binds values by position only
 * to `?`, while application code also writes `?NNN`. Text inside strings, quoted names and comments is left alone.
 */
export function rewriteNumberedParams(sql: string): { sql: string; order: number[] } | undefined {
  if (!/\?\d/.test(sql)) return undefined;
  const tokens = scanSql(sql);
  const order: number[] = [];
  let out = '';
  let copied = 0;
  let highest = 0;
  for (let k = 0; k < tokens.length; k++) {
    const mark = tokens[k] as (typeof tokens)[number];
    if (mark.kind !== 'punct' || mark.text !== '?') continue;
    let end = mark.end;
    for (let next = tokens[k + 1]; next && next.start === end && /^\d$/.test(next.text); next = tokens[k + 1]) {
      end = next.end;
      k++;
    }
    // SQLite numbering: ?NNN is parameter NNN; a bare ? is one more than the largest so far.
    const n = end > mark.end ? Number(sql.slice(mark.end, end)) : highest + 1;
    highest = Math.max(highest, n);
    order.push(n - 1);
    out += `${sql.slice(copied, mark.start)}?`;
    copied = end;
  }
  return { sql: out + sql.slice(copied), order };
}
