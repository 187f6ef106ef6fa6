import { parse as parseToml, TomlDate, TomlError } from 'smol-toml';
import { LedgeError } from '../../platform/errors.js';

/** The original platform's configuration files, in the order its tool looks for them (reference: control-plane.md, 5.1). */
export const ORIGINAL_CONFIG_FILE_NAMES = ['wrangler.json', 'wrangler.jsonc', 'wrangler.toml'] as const;

/** True when `file` is one of the original platform's configuration files. */
export function isOriginalConfigFile(file: string): boolean {
  return (ORIGINAL_CONFIG_FILE_NAMES as readonly string[]).includes(file.replace(/^.*[\\/]/, ''));
}

/** Why a `__proto__` key is refused (the parser assigns it as the object's prototype, so it would vanish silently). */
export const PROTOTYPE_KEY_PROBLEM = 'the key "__proto__" is not accepted: it names an object\'s prototype in JavaScript, so it could not be read as written';

/** Parses a `wrangler.toml` document (with a maintained TOML parser); TOML dates become `YYYY-MM-DD` strings, as the JSON forms write them. */
export function parseOriginalToml(text: string, label: string): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = parseToml(text);
  } catch (err) {
    if (err instanceof TomlError) {
      const reason = err.message.split('\n')[0]?.replace(/^Invalid TOML document: /, '') ?? 'invalid TOML';
      throw new LedgeError('config_parse', `${label} is not valid TOML:\n  ${label}:${err.line}:${err.column}: ${reason}`);
    }
    throw err;
  }
  return withoutTomlDates(doc, label, '') as Record<string, unknown>;
}

/** TOML has a date type; the configuration only knows strings. A `__proto__` key is refused, as in JSON files. */
function withoutTomlDates(value: unknown, label: string, at: string): unknown {
  if (value instanceof TomlDate) return value.toISOString();
  if (Array.isArray(value)) return value.map((v, i) => withoutTomlDates(v, label, `${at}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => {
      const path = at === '' ? k : `${at}.${k}`;
      if (k === '__proto__') throw new LedgeError('config_invalid', `${label}: ${path}: ${PROTOTYPE_KEY_PROBLEM}`);
      return [k, withoutTomlDates(v, label, path)];
    }));
  }
  return value;
}
