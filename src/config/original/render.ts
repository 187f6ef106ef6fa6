import type { Translation } from './translate.js';

/** The `$schema` Ledge's own files point at (the same as the `ledge init` template). */
const LEDGE_SCHEMA = './node_modules/ledge/ledge.schema.json';

/**
 * The text of the `ledge.jsonc` equivalent to a translated file: Ledge's `$schema` first, then every key
 * with a comment saying where it came from, and a header listing what was left out and why.
 */
export function renderLedgeConfig(translation: Translation, label: string): string {
  const lines = [
    `// ledge.jsonc, written by "ledge config import" from ${label} (docs/configuration.md).`,
    `// Each key says where it came from in ${label}.`,
  ];
  if (translation.dropped.length) {
    lines.push(`// Left out of ${label} (nothing the application sees depends on them):`);
    for (const dropped of translation.dropped) lines.push(`//   ${oneLine(dropped)}`);
  }
  lines.push('{');
  lines.push(...renderMembers({ $schema: LEDGE_SCHEMA, ...translation.doc }, '', 1, translation.comments));
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

function renderMembers(doc: Record<string, unknown>, prefix: string, depth: number, comments: Map<string, string[]>): string[] {
  const pad = '  '.repeat(depth);
  const entries = Object.entries(doc);
  const lines: string[] = [];
  entries.forEach(([key, value], i) => {
    const comma = i < entries.length - 1 ? ',' : '';
    for (const text of comments.get(`${prefix}${key}`) ?? []) lines.push(`${pad}// ${oneLine(text)}`);
    const isSections = prefix === '' && key === 'env' && value !== null && typeof value === 'object' && !Array.isArray(value);
    if (isSections) {
      lines.push(`${pad}${JSON.stringify(key)}: {`);
      const envs = Object.entries(value as Record<string, unknown>);
      envs.forEach(([name, section], j) => {
        const inner = '  '.repeat(depth + 1);
        const envComma = j < envs.length - 1 ? ',' : '';
        if (section === null || typeof section !== 'object' || Array.isArray(section)) {
          lines.push(`${inner}${JSON.stringify(name)}: ${indentJson(section, inner)}${envComma}`);
          return;
        }
        lines.push(`${inner}${JSON.stringify(name)}: {`);
        lines.push(...renderMembers(section as Record<string, unknown>, `env.${name}.`, depth + 2, comments));
        lines.push(`${inner}}${envComma}`);
      });
      lines.push(`${pad}}${comma}`);
      return;
    }
    lines.push(`${pad}${JSON.stringify(key)}: ${indentJson(value, pad)}${comma}`);
  });
  return lines;
}

/** `value` as indented JSON whose continuation lines start at `pad`. */
function indentJson(value: unknown, pad: string): string {
  return (JSON.stringify(value, null, 2) ?? 'null').split('\n').join(`\n${pad}`);
}

/** A comment stays one line, whatever the text held. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}
