import type { RawEnvironment } from './schema.js';

/**
 * Keys the schema accepts (so a file is checked and editors complete it) whose behaviour Ledge does not
 * have yet. Each is refused with what is missing, never accepted and ignored: issue 14 asks that a key
 * Ledge does not support is an error naming it, not a warning followed by a failing first request.
 * Delete an entry when its behaviour lands.
 */
const NOT_YET_IMPLEMENTED: { [K in keyof RawEnvironment]?: (value: NonNullable<RawEnvironment[K]>) => string } = {
};

/** One problem per key of `section` whose behaviour is missing; `at` is the section's prefix (`env.staging.` or ''). */
export function notYetImplemented(section: RawEnvironment, at: string): string[] {
  const problems: string[] = [];
  for (const [key, explain] of Object.entries(NOT_YET_IMPLEMENTED) as [keyof RawEnvironment, (value: unknown) => string][]) {
    const value = section[key];
    if (value !== undefined) problems.push(`${at}${key}: not supported: ${explain(value)}`);
  }
  return problems;
}
