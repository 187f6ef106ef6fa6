import type { Command } from 'commander';
import { projectOptions } from './options.js';
import { openLocalPlatform, type LocalPlatform } from '../dev/local-platform.js';
import { LedgeError, hasCode, isLedgeError } from '../platform/errors.js';
import { isBindingError } from '../bindings/plugin.js';
import { createConsoleSink, createLogger } from '../platform/logger.js';

/** Options every command on a project's local state takes. */
export interface LocalOptions { dir: string; state?: string; env?: string; json?: boolean }

/** Adds the options every command on a project's local state takes. */
export function localOptions(command: Command): Command {
  return projectOptions(command, (c) => c.option('--state <dir>', 'local state directory (default: <dir>/.ledge)'));
}

/** Opens the project's local state for `work`, prints configuration warnings, and closes it. Binding errors become one-line user errors. */
export async function withLocalPlatform<T>(opts: LocalOptions, work: (platform: LocalPlatform) => Promise<T>): Promise<T> {
  const logger = createLogger(createConsoleSink());
  const platform = await openLocalPlatform({ dir: opts.dir, state: opts.state, env: opts.env, logger });
  // On stderr, like the warnings: standard output may be JSON for a script.
  if (platform.notice) process.stderr.write(`ledge: ${platform.notice}\n`);
  for (const warning of platform.warnings) logger.warn(warning);
  try {
    return await work(platform);
  } catch (err) {
    throw toCliError(err);
  } finally {
    platform.close();
  }
}

/** Prints a value as indented JSON. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Binding errors become one-line user errors: argument mistakes exit 2, refused operations exit 1; anything else keeps its stack. */
function toCliError(err: unknown): unknown {
  // Binding and statement errors first: they are LedgeErrors too, but their codes are not the CLI's exit codes.
  if (isBindingError(err)) return new LedgeError(err.kind === 'TypeError' ? 'bad_argument' : 'operation_failed', err.message);
  if (hasCode(err, 'sql_statement_failed')) return new LedgeError('operation_failed', err.message);
  if (isLedgeError(err)) return err;
  if (err instanceof TypeError || err instanceof RangeError) return new LedgeError('bad_argument', err.message);
  // Errors the binding objects raise for limits and refusals carry the recorded prefixes.
  if (err instanceof Error && /^(KV [A-Z_]+ failed: |Queue [a-zA-Z]+ failed: |SQL_[A-Z_]+: |(VECTOR|INDEX)_[A-Z_]+_ERROR \(code = \d+\): |Invalid returnMetadata option|[a-zA-Z]+: .* \(\d+\)$)/.test(err.message)) return new LedgeError('operation_failed', err.message);
  return err;
}
