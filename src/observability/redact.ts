/** Replaces every known secret value in a text. */
export type Redactor = (text: string) => string;

/** What a secret value becomes in a record. */
export const REDACTED_SECRET = '[secret redacted]';

/**
 * Shortest secret value searched for: a shorter one would match ordinary text everywhere. Secrets that
 * short are not secrets worth the name; docs/observability.md says so.
 */
export const MIN_SECRET_CHARS = 4;

/**
 * A redactor for these secret values: each value, and its URL-encoded and JSON-escaped forms, is replaced
 * wherever it appears (a console line, a stack, a URL). Built once per version, not per event.
 */
export function createRedactor(secretValues: Iterable<string>): Redactor {
  const forms = new Set<string>();
  for (const value of secretValues) {
    if (value.length < MIN_SECRET_CHARS) continue;
    forms.add(value);
    forms.add(encodeURIComponent(value));
    forms.add(JSON.stringify(value).slice(1, -1));
  }
  if (forms.size === 0) return (text) => text;
  // Longest first, so a secret that contains another is replaced whole.
  const pattern = new RegExp([...forms].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'g');
  return (text) => text.replace(pattern, REDACTED_SECRET);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
