import type { Command } from 'commander';
import { openLocalPlatform, type LocalPlatform } from '../dev/local-platform.js';
import { LedgeError } from '../lib/errors.js';
import { createConsoleSink, createLogger } from '../lib/logger.js';

/** Options every command on a project's local state takes. */
export interface LocalOptions { dir: string; state?: string; env?: string; json?: boolean }

/** Adds the options every command on a project's local state takes. */
export function localOptions(command: Command): Command {
  return command
    .option('--dir <dir>', 'project directory (holds ledge.jsonc)', '.')
    .option('--state <dir>', 'local state directory (default: <dir>/.ledge)')
    .option('--env <name>', 'environment section of ledge.jsonc to use')
    .option('--json', 'print JSON for scripts');
}

/** Opens the project's local state for `work`, prints configuration warnings, and closes it. Binding errors become one-line user errors. */
export async function withLocalPlatform<T>(opts: LocalOptions, work: (platform: LocalPlatform) => Promise<T>): Promise<T> {
  const logger = createLogger(createConsoleSink());
  const platform = openLocalPlatform({ dir: opts.dir, state: opts.state, env: opts.env, logger });
  for (const warning of platform.warnings) logger.warn(warning);
  try {
    return await work(platform);
  } catch (err) {
    if (err instanceof LedgeError) throw err;
    throw new LedgeError('bad_argument', (err as Error).message);
  } finally {
    platform.close();
  }
}

/** Prints a value as indented JSON. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
