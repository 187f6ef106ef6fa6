/**
 * Which deployments see their variables in `process.env` (docs/runtime.md, `nodejs_compat`). On the original
 * platform, `nodejs_compat` with a compatibility date of 2025-04-01 or later fills `process.env` with the
 * deployment's text variables and secrets (libraries written for Node read their settings there: auth
 * libraries, SDK clients, framework adapters); the flag `nodejs_compat_populate_process_env` turns that on for an
 * older date, `nodejs_compat_do_not_populate_process_env` off for a newer one.
 */

/** The compatibility date from which `nodejs_compat` fills `process.env` by default. */
export const PROCESS_ENV_DEFAULT_DATE = '2025-04-01';

/** The flags that choose against the date. */
export const PROCESS_ENV_FLAGS = ['nodejs_compat_populate_process_env', 'nodejs_compat_do_not_populate_process_env'] as const;

/** True when the deployment's `process.env` holds its text variables and secrets. */
export function populatesProcessEnv(flags: readonly string[], compatibilityDate: string): boolean {
  if (!flags.includes('nodejs_compat')) return false;
  if (flags.includes('nodejs_compat_do_not_populate_process_env')) return false;
  return flags.includes('nodejs_compat_populate_process_env') || compatibilityDate >= PROCESS_ENV_DEFAULT_DATE;
}

/**
 * What `process.env` holds: the variables and secrets whose values are text. A JSON variable (an object, a
 * number) is left out, as bindings are: an environment variable is a string.
 */
export function toProcessEnv(vars: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(vars)) if (typeof value === 'string') out[name] = value;
  return out;
}
