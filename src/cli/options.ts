import type { Command } from 'commander';
import { LedgeError } from '../platform/errors.js';

/** Parses `--port`: an integer from 0 to 65535. */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new LedgeError('bad_argument', `--port: expected an integer from 0 to 65535, got "${value}"`);
  return port;
}

/** Parses a positive number of seconds. */
export function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new LedgeError('bad_argument', `expected a positive number of seconds, got "${value}"`);
  return seconds;
}

/** Parses an integer option, naming the option in the error. */
export function parseInteger(option: string, value: string): number {
  if (!/^-?\d+$/.test(value)) throw new LedgeError('bad_argument', `${option}: expected an integer, got "${value}"`);
  return Number(value);
}

/** Adds the options every command on a project takes (its directory, environment and JSON output), with `extra` in between. */
export function projectOptions(command: Command, extra: (command: Command) => Command = (c) => c): Command {
  return extra(command.option('--dir <dir>', "project directory (holds ledge.jsonc, or the original platform's wrangler file)", '.'))
    .option('--env <name>', 'environment section of ledge.jsonc to use')
    .option('--json', 'print JSON for scripts');
}
