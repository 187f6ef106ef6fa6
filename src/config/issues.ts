import type { z } from 'zod';

type PathKey = PropertyKey;

/** `env.production.vars["a b"]`, `routes[0]`: how a person would write the place in the document. */
export function formatPath(path: readonly PathKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** The value found at `path` in `doc`, or undefined. */
export function valueAt(doc: unknown, path: readonly PathKey[]): unknown {
  let cur: unknown = doc;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/** A short rendering of a bad value for an error message. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** One line per problem: `<path>: <rule>, got <value>`. */
export function formatIssue(issue: z.core.$ZodIssue, doc: unknown): string {
  const where = formatPath(issue.path) || '(top level)';
  const value = valueAt(doc, issue.path);
  if (issue.code === 'invalid_type' && value === undefined) return `${where}: is required (expected ${issue.expected})`;
  return `${where}: ${ruleOf(issue)}, got ${describeValue(value)}`;
}

function ruleOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected === 'int' ? 'an integer' : issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') return 'expected a non-empty string';
      if (issue.origin === 'array') return `expected at least ${String(issue.minimum)} item(s)`;
      return `expected at least ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'array') return `expected at most ${String(issue.maximum)} item(s)`;
      return `expected at most ${String(issue.maximum)}`;
    case 'invalid_union':
      return 'expected one of the accepted shapes (see the JSON Schema)';
    case 'invalid_key': {
      // The key's own rule says what a key must be (a binding name, an environment name, a name to define).
      const reason = (issue as { issues?: { message?: string }[] }).issues?.[0]?.message;
      return reason ? `invalid key: ${reason}` : 'invalid key';
    }
    default:
      return issue.message;
  }
}
