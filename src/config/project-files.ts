import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ORIGINAL_CONFIG_FILE_NAMES } from './original/read.js';

const ENTRY_EXTENSIONS = ['js', 'mjs', 'cjs', 'ts', 'mts', 'cts', 'jsx', 'tsx'] as const;
const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/**
 * The files that show `dir` already holds an application (relative paths, empty when it holds none): the
 * original platform's configuration file, an entry module `src/index.*`, or a `package.json` that names
 * an entry or sits beside a `src/` folder with source files. `ledge init` refuses such a folder rather
 * than write a second entry module beside the application's own (issue 14).
 */
export function applicationFiles(dir: string): string[] {
  const found: string[] = [];
  for (const name of ORIGINAL_CONFIG_FILE_NAMES) if (existsSync(path.join(dir, name))) found.push(name);
  for (const ext of ENTRY_EXTENSIONS) if (existsSync(path.join(dir, 'src', `index.${ext}`))) found.push(`src/index.${ext}`);
  const pkg = path.join(dir, 'package.json');
  if (existsSync(pkg) && (namesEntry(pkg) || hasSources(path.join(dir, 'src')))) found.push('package.json');
  return found;
}

function namesEntry(file: string): boolean {
  try {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> | null;
    return doc !== null && typeof doc === 'object' && ['main', 'module', 'exports'].some((key) => doc[key] !== undefined);
  } catch {
    return false;
  }
}

/** True when the folder (or a folder inside it, two levels deep) holds a JavaScript or TypeScript file. */
function hasSources(dir: string, depth = 2): boolean {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && SOURCE_FILE.test(entry.name)) return true;
    if (entry.isDirectory() && depth > 0 && entry.name !== 'node_modules' && hasSources(path.join(dir, entry.name), depth - 1)) return true;
  }
  return false;
}
