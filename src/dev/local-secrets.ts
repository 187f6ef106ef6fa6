import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'dotenv';
import { LedgeError } from '../platform/errors.js';
import type { ProjectConfig } from '../config/load.js';

/** A name code reads from `env`. */
const SECRET_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The secrets `ledge dev` hands to the code as strings in `env`, and the files they came from (relative to the project). */
export interface LocalSecrets {
  values: Record<string, string>;
  files: string[];
  /** Names the files hold that `secrets.required` does not list, so the code does not get them (names only). */
  excluded: string[];
}

/**
 * The secrets files of a project for one environment, in the order they are applied (later ones win), as
 * the original's local development reads them: `.dev.vars.<env>` alone when it exists, else `.dev.vars`
 * alone; with neither, every one of `.env`, `.env.<env>`, `.env.local`, `.env.<env>.local` that exists.
 */
export function localSecretFiles(dir: string, env: string | undefined): string[] {
  const exists = (name: string) => existsSync(path.join(dir, name));
  if (env !== undefined && exists(`.dev.vars.${env}`)) return [`.dev.vars.${env}`];
  if (exists('.dev.vars')) return ['.dev.vars'];
  const candidates = env === undefined ? ['.env', '.env.local'] : ['.env', `.env.${env}`, '.env.local', `.env.${env}.local`];
  return candidates.filter(exists);
}

/** True for a file name that can hold local secrets (a change to one reloads `ledge dev`). */
export function isSecretsFileName(name: string): boolean {
  return name === '.dev.vars' || name.startsWith('.dev.vars.') || name === '.env' || name.startsWith('.env.');
}

/**
 * Reads the project's secrets files (dotenv syntax, parsed by the dotenv package). A name must be one code
 * can read from `env`, and must not be a binding's. Values are never part of a message.
 */
export function readLocalSecrets(config: Pick<ProjectConfig, 'dir' | 'environment' | 'bindings' | 'secrets'>): LocalSecrets {
  const files = localSecretFiles(config.dir, config.environment);
  const bindings = new Map<string, string>();
  for (const [key, entries] of Object.entries(config.bindings)) for (const [i, entry] of entries.entries()) bindings.set(entry.binding, `${key}[${i}]`);
  const values: Record<string, string> = {};
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(path.join(config.dir, file), 'utf8');
    } catch (err) {
      throw new LedgeError('config_invalid', `${file}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
    }
    for (const [name, value] of Object.entries(parse(text))) {
      if (!SECRET_NAME.test(name)) throw new LedgeError('config_invalid', `${file}: "${name}" is not a name code can read from env (expected letters, digits, _ or $, not starting with a digit)`);
      const binding = bindings.get(name);
      if (binding) throw new LedgeError('config_invalid', `${file}: "${name}" is already the name of a binding (${binding}); a secret needs its own name`);
      values[name] = value;
    }
  }
  if (config.secrets === undefined) return { values, files, excluded: [] };
  refuseMissingRequired(config.secrets.required, config, values, files);
  // As the original's local development: with `secrets` declared, only the names it lists reach the code.
  const required = new Set(config.secrets.required);
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => required.has(name)));
  return { values: kept, files, excluded: Object.keys(values).filter((name) => !required.has(name)) };
}

/**
 * `secrets.required`: ledge dev does not start while one of the names has no value in the secrets
 * files, naming each and where to set it, as the original refuses a deploy without them. Never a value.
 */
function refuseMissingRequired(required: readonly string[], config: Pick<ProjectConfig, 'dir' | 'environment'>, values: Record<string, string>, files: string[]): void {
  const missing = required.filter((name) => values[name] === undefined);
  if (missing.length === 0) return;
  const read = files.length ? `it read ${files.join(', ')}` : `there is no ${config.environment === undefined ? '.dev.vars' : `.dev.vars.${config.environment}, .dev.vars`} or .env file`;
  throw new LedgeError('config_invalid', `secrets.required: The following required secrets have not been set: ${missing.join(', ')}. ledge dev reads secrets from .dev.vars (or, without one, .env) in ${config.dir}, and ${read}; add a NAME=value line for each`);
}
