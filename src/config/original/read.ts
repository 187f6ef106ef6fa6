import { parse as parseToml, TomlDate, TomlError } from 'smol-toml';
import { LedgeError } from '../../platform/errors.js';

/** The original platform's configuration files, in the order its tool looks for them (reference: control-plane.md, 5.1). */
export const ORIGINAL_CONFIG_FILE_NAMES = ['wrangler.json', 'wrangler.jsonc', 'wrangler.toml'] as const;

/** True when `file` is one of the original platform's configuration files. */
export function isOriginalConfigFile(file: string): boolean {
  return (ORIGINAL_CONFIG_FILE_NAMES as readonly string[]).includes(file.replace(/^.*[\\/]/, ''));
}

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
  return withoutTomlDates(doc) as Record<string, unknown>;
}

/** TOML has a date type; the configuration only knows strings. */
function withoutTomlDates(value: unknown): unknown {
  if (value instanceof TomlDate) return value.toISOString();
  if (Array.isArray(value)) return value.map(withoutTomlDates);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutTomlDates(v)]));
  return value;
}
