import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { findConfigFile, loadConfig } from '../../config/load.js';
import { compareRecords, deriveDesignRecord, DESIGN_RECORD_FILE, openDecisions, parseMarkdown, toMarkdown, withAnswers, type DesignRecord, type WrittenRecord } from '../../design/index.js';
import { LedgeError } from '../../platform/errors.js';
import { printJson } from '../local.js';

interface DesignOptions { env?: string; format: string; check?: boolean; write?: boolean }

/** `ledge design [dir]`: the project's five-concern design record, printed, written, or checked against DESIGN-RECORD.md (docs/design.md). */
export function registerDesign(program: Command): void {
  program
    .command('design')
    .description('derive the design record (entry, identity, data, execution, recovery) from ledge.jsonc; decisions it cannot derive are marked "to decide"')
    .argument('[dir]', 'project directory (holds ledge.jsonc)', '.')
    .option('--env <name>', 'environment section of ledge.jsonc to use (with --check: the one DESIGN-RECORD.md names)')
    .option('--format <format>', 'md or json', 'md')
    .option('--write', `write ${DESIGN_RECORD_FILE} beside ledge.jsonc, keeping the answers given to "to decide" rows`)
    .option('--check', `compare ${DESIGN_RECORD_FILE} with the configuration; exit 1 when a row no longer matches`)
    .action((dir: string, opts: DesignOptions) => design(dir, opts));
}

function design(dir: string, opts: DesignOptions): void {
  if (opts.format !== 'md' && opts.format !== 'json') throw new LedgeError('bad_argument', `--format: expected md or json, got "${opts.format}"`);
  if (opts.check && opts.write) throw new LedgeError('bad_argument', '--check and --write do not go together: check first, then write');
  const file = findConfigFile(dir);
  const recordFile = path.join(path.dirname(file), DESIGN_RECORD_FILE);
  const written = existsSync(recordFile) ? parseMarkdown(readFileSync(recordFile, 'utf8')) : null;
  if (opts.check) return check(file, recordFile, written, opts.env);
  const derived = derive(file, opts.env);
  if (opts.write) {
    writeFileSync(recordFile, toMarkdown(withAnswers(derived, written)));
    const open = openDecisions(parseMarkdown(readFileSync(recordFile, 'utf8')));
    process.stdout.write(`wrote ${path.relative(process.cwd(), recordFile) || recordFile}: ${open} decision${open === 1 ? '' : 's'} to decide\n`);
    return;
  }
  if (opts.format === 'json') printJson(derived);
  else process.stdout.write(toMarkdown(derived));
}

/** Compares the committed record with the configuration it names; prints each difference and sets exit code 1. */
function check(file: string, recordFile: string, written: WrittenRecord | null, env: string | undefined): void {
  if (!written) throw new LedgeError('not_found', `no ${DESIGN_RECORD_FILE} beside ${file} (write one with "ledge design --write")`);
  const derived = derive(file, env ?? written.environment ?? undefined);
  const differences = compareRecords(derived, written);
  const name = path.relative(process.cwd(), recordFile) || recordFile;
  if (differences.length) {
    process.stderr.write(`${name} no longer matches the configuration:\n${differences.map((d) => `  ${d}\n`).join('')}(update it with "ledge design --write", which keeps the answers given)\n`);
    process.exitCode = 1;
    return;
  }
  const open = openDecisions(written);
  process.stdout.write(`${name} matches the configuration (${open} decision${open === 1 ? '' : 's'} still to decide)\n`);
}

function derive(file: string, env: string | undefined): DesignRecord {
  const { config, warnings } = loadConfig(file, { env });
  for (const warning of warnings) process.stderr.write(`ledge: warning: ${warning}\n`);
  return deriveDesignRecord(config);
}
