import { isLedgeError, isUserError, type ErrorCode } from '../platform/errors.js';

/** Exit code 2: the command was given something wrong (configuration, arguments); nothing started. */
const USAGE_CODES: ReadonlySet<ErrorCode> = new Set(['config_not_found', 'config_parse', 'config_invalid', 'env_not_found', 'bad_argument', 'init_would_overwrite', 'config_unsupported', 'init_found_application']);

/** Prints an error for a person (one clean line for their mistakes, the stack for ours) and returns the exit code. */
export function reportCliError(err: unknown, write: (text: string) => void = (t) => process.stderr.write(t)): number {
  if (isUserError(err)) {
    write(`ledge: ${(err as Error).message}\n`);
    return isLedgeError(err) && USAGE_CODES.has(err.code) ? 2 : 1;
  }
  write(`ledge: internal error: ${(err as Error)?.stack ?? String(err)}\n`);
  return 1;
}
