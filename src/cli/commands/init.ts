import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { LedgeError } from '../../platform/errors.js';
import { toProjectName } from '../../config/names.js';
import { applicationFiles } from '../../config/project-files.js';
import { ORIGINAL_CONFIG_FILE_NAMES } from '../../config/original/read.js';

/** The files `ledge init` writes, relative to the project, read from the package's template directory. */
export const INIT_FILES = ['ledge.jsonc', 'src/index.js'] as const;
const TEMPLATE_DIR = new URL('../../../templates/init/', import.meta.url);

/** Writes the deployment configuration template and a minimal entry module into `dir`. Returns the files written. */
export function initProject(dir: string, options: { force?: boolean; name?: string } = {}): string[] {
  const target = path.resolve(dir);
  const name = options.name ?? toProjectName(path.basename(target));
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(name)) throw new LedgeError('bad_argument', `--name: expected lowercase letters, digits and dashes, got "${name}"`);
  const application = applicationFiles(target);
  if (application.length && !options.force) {
    const original = application.find((f) => (ORIGINAL_CONFIG_FILE_NAMES as readonly string[]).includes(f));
    const next = original
      ? `"ledge dev" runs it as it is (reading ${original}), and "ledge config import" writes the equivalent ledge.jsonc`
      : 'write its ledge.jsonc (docs/configuration.md), or run "ledge config import" where it has a wrangler.jsonc, wrangler.json or wrangler.toml';
    throw new LedgeError('init_found_application', `${target} already holds an application (${application.join(', ')}); nothing was written: ${next} (--force writes the template anyway)`);
  }
  const existing = INIT_FILES.filter((file) => existsSync(path.join(target, file)));
  if (existing.length && !options.force) {
    throw new LedgeError('init_would_overwrite', `${existing.map((f) => path.join(target, f)).join(', ')} already exist${existing.length === 1 ? 's' : ''}; nothing was written (use --force to overwrite)`);
  }
  const written: string[] = [];
  for (const file of INIT_FILES) {
    let text = readFileSync(new URL(file, TEMPLATE_DIR), 'utf8');
    if (file === 'ledge.jsonc') text = text.replace('"name": "edge-app"', `"name": ${JSON.stringify(name)}`);
    const out = path.join(target, file);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, text);
    written.push(out);
  }
  return written;
}

/** `ledge init [dir]`. */
export function registerInit(program: Command): void {
  program
    .command('init')
    .description('write the deployment configuration template (ledge.jsonc) and a minimal entry module')
    .argument('[dir]', 'project directory', '.')
    .option('--name <name>', 'project name (default: made from the directory name)')
    .option('--force', 'overwrite existing files, and write even into a folder that already holds an application')
    .action((dir: string, opts: { force?: boolean; name?: string }) => {
      for (const file of initProject(dir, opts)) process.stdout.write(`wrote ${path.relative(process.cwd(), file) || file}\n`);
      process.stdout.write(`next: ledge dev ${dir === '.' ? '' : dir}`.trimEnd() + '\n');
    });
}
