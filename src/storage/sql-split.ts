/**
 * Splits SQL text into statements at semicolons that are outside strings, quoted identifiers, comments
 * and `CREATE TRIGGER ... BEGIN ... END` bodies. Empty statements are dropped.
 */
export function splitSql(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  let words: string[] = [];
  let depth = 0;
  const isTrigger = () => words[0] === 'CREATE' && (words[1] === 'TRIGGER' || (words[2] === 'TRIGGER' && (words[1] === 'TEMP' || words[1] === 'TEMPORARY')));
  const push = (end: number) => {
    const statement = text.slice(start, end).trim();
    if (statement.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim() !== '') statements.push(statement);
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`' || c === '[') {
      const close = c === '[' ? ']' : c;
      i++;
      while (i < text.length) {
        if (text[i] === close) {
          if (close !== ']' && text[i + 1] === close) { i += 2; continue; }
          break;
        }
        i++;
      }
      i++;
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      // A name may hold letters past ASCII (SQLite reads any as part of one): `éBEGIN` is one name, not BEGIN.
      let j = i + 1;
      while (j < text.length && /[A-Za-z0-9_$\u0080-\uffff]/.test(text[j] as string)) j++;
      const word = text.slice(i, j).toUpperCase();
      if (words.length < 3) words.push(word);
      if (isTrigger()) {
        if (word === 'BEGIN' || (word === 'CASE' && depth > 0)) depth++;
        else if (word === 'END' && depth > 0) depth--;
      }
      i = j;
    } else if (c === ';' && depth === 0) {
      push(i);
      start = i + 1;
      words = [];
      i++;
    } else {
      i++;
    }
  }
  push(text.length);
  return statements;
}
