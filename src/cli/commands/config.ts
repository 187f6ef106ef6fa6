import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { CONFIG_FILE_NAMES, loadOriginalConfig } from '../../config/load.js';
import { ORIGINAL_CONFIG_FILE_NAMES } from '../../config/original/read.js';
import { renderLedgeConfig } from '../../config/original/render.js';
import { LedgeError } from '../../platform/errors.js';
import { printJson } from '../local.js';

/** `ledge config import`: the project's configuration file. */
export function registerConfig(program: Command): void {
  const config = program.command('config').description("the project's configuration file");
  config
    .command('import')
    .description("write the ledge.jsonc equivalent to the original platform's wrangler.jsonc, wrangler.json or wrangler.toml, with a comment on each key")
    .argument('[dir]', 'project directory (holds the wrangler file)', '.')
    .option('--force', 'overwrite an existing ledge.jsonc')
    .option('--json', 'print JSON for scripts')
    .action((dir: string, opts: { force?: boolean; json?: boolean }) => {
      const result = importOriginalConfig(dir, opts);
      if (opts.json) {
        printJson(result);
        return;
      }
      const rel = (file: string) => path.relative(process.cwd(), file) || file;
      process.stdout.write(`wrote ${rel(result.written)} from ${rel(result.source)}${result.renamed.length ? ` (${result.renamed.join(', ')})` : ''}\n`);
      for (const dropped of result.left_out) process.stdout.write(`  left out ${dropped}\n`);
      process.stdout.write(`ledge.jsonc is read from now on (${path.basename(result.source)} no longer is); next: ledge dev ${dir === '.' ? '' : dir}`.trimEnd() + '\n');
    });
}

/** Writes `ledge.jsonc` beside the original platform's file in `dir`, once that file loads cleanly (every environment); returns what it did. */
export function importOriginalConfig(dir: string, options: { force?: boolean } = {}): { source: string; written: string; renamed: string[]; left_out: string[] } {
  const target = path.resolve(dir);
  const source = ORIGINAL_CONFIG_FILE_NAMES.map((name) => path.join(target, name)).find((file) => existsSync(file));
  if (!source) throw new LedgeError('config_not_found', `no ${ORIGINAL_CONFIG_FILE_NAMES.join(', ')} in ${target}; nothing to import`);
  const existing = CONFIG_FILE_NAMES.map((name) => path.join(target, name)).filter((file) => existsSync(file));
  if (existing.length && !options.force) throw new LedgeError('init_would_overwrite', `${existing.join(', ')} already exists; nothing was written (use --force to overwrite)`);
  // The checks ledge.jsonc will get, run first: keys Ledge lacks, the schema, every environment.
  const loaded = loadOriginalConfig(source);
  const written = path.join(target, 'ledge.jsonc');
  writeFileSync(written, renderLedgeConfig(loaded.translation, path.basename(source)));
  return { source, written, renamed: loaded.translation.renamed, left_out: loaded.translation.dropped };
}
