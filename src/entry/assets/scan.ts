import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import mime from 'mime';
import picomatch from 'picomatch';
import { LedgeError } from '../../platform/errors.js';
import type { AssetEntry } from './site.js';

// The asset store checks uploads against the same limits, so they live below it, in storage.
import { ASSET_LIMITS } from '../../storage/asset-content.js';

export { ASSET_LIMITS };

/** Files of the directory that configure serving and are never served themselves. */
export const RULE_FILES = ['_headers', '_redirects', '.assetsignore'] as const;

/** An assets directory read from disk: each served file's entry and where it lies, and the rule files' text. */
export interface ScannedAssets {
  /** URL path → entry. */
  files: Map<string, AssetEntry>;
  /** Content hash → absolute path of a file with that content. */
  paths: Map<string, string>;
  headersText: string | null;
  redirectsText: string | null;
}

/** A file's hash from an earlier scan, kept while its size and modification time stay the same. */
export type HashMemo = Map<string, { size: number; mtimeMs: number; hash: string }>;

/**
 * Reads an assets directory: every file (links followed, `.assetsignore` patterns and the rule files left
 * out) hashed with SHA-256. Refuses past the per-file and per-version limits, naming the file.
 */
export async function scanAssetDirectory(dir: string, memo: HashMemo = new Map()): Promise<ScannedAssets> {
  const root = path.resolve(dir);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new LedgeError('assets_invalid', `assets.directory: ${root} is not a directory`);
  const ignored = ignoreMatcher(root);
  const hasIgnoreFile = existsSync(path.join(root, '.assetsignore'));
  const files = new Map<string, AssetEntry>();
  const paths = new Map<string, string>();
  // Links are followed, but a directory is read once: a link back up the tree would never end.
  const visited = new Set<string>();
  const walk = async (current: string): Promise<void> => {
    const real = await realpath(current);
    if (visited.has(real)) return;
    visited.add(real);
    for (const dirent of await readdir(current, { withFileTypes: true })) {
      const absolute = path.join(current, dirent.name);
      const relative = path.relative(root, absolute).split(path.sep).join('/');
      if (current === root && (RULE_FILES as readonly string[]).includes(dirent.name)) continue;
      if (ignored(relative)) continue;
      const info = await stat(absolute).catch(() => undefined);
      if (!info) continue;
      if (info.isDirectory()) {
        await walk(absolute);
        continue;
      }
      if (!info.isFile()) continue;
      if (!hasIgnoreFile) refuseServerEntry(relative);
      if (info.size > ASSET_LIMITS.fileBytes) throw new LedgeError('assets_invalid', `assets: ${relative} is ${formatMiB(info.size)}; one file may be at most 25 MiB`);
      if (files.size >= ASSET_LIMITS.files) throw new LedgeError('assets_invalid', `assets: ${relative} would be file number ${files.size + 1}; a version may hold at most ${ASSET_LIMITS.files} files`);
      const known = memo.get(absolute);
      const hash = known && known.size === info.size && known.mtimeMs === info.mtimeMs ? known.hash : await hashFile(absolute);
      memo.set(absolute, { size: info.size, mtimeMs: info.mtimeMs, hash });
      files.set(`/${relative}`, { hash, size: info.size, contentType: contentTypeOf(relative) });
      paths.set(hash, absolute);
    }
  };
  await walk(root);
  const readRule = (name: string) => (existsSync(path.join(root, name)) ? readFileSync(path.join(root, name), 'utf8') : null);
  return { files, paths, headersText: readRule('_headers'), redirectsText: readRule('_redirects') };
}

/** The Content-Type of a file by its extension, from the `mime` package's table; text gets `charset=utf-8`. */
export function contentTypeOf(file: string): string {
  const type = mime.getType(file) ?? 'application/octet-stream';
  return /^text\/|^application\/(?:javascript|json|manifest\+json|xml)$|^image\/svg\+xml$/.test(type) ? `${type}; charset=utf-8` : type;
}

/** SHA-256 of a file, hex. */
export function hashFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file).on('data', (chunk) => hash.update(chunk)).on('error', reject).on('end', () => resolve(hash.digest('hex')));
  });
}

/**
 * A framework that builds for the original's older hosting writes its server code as `_worker.js` (a file, or a
 * folder: Astro's adapter writes `dist/_worker.js/`) inside the folder it also fills with public files.
 * Served as an asset it would publish that code, and its secrets' names and routes, to anyone; so, as the
 * original's tool does, it is refused unless an `.assetsignore` file says what to do (listing it, or, empty,
 * choosing to publish it).
 */
function refuseServerEntry(relative: string): void {
  const kind = relative === '_worker.js' ? 'file' : relative.startsWith('_worker.js/') ? 'folder' : undefined;
  if (kind === undefined) return;
  throw new LedgeError('assets_invalid', `assets: ${relative}: the assets directory holds a _worker.js ${kind}, server code a framework built, which would be served to anyone. Add an ".assetsignore" file at the root of the assets directory containing the line "_worker.js" (Astro: public/.assetsignore) so it is not served; an empty ".assetsignore" publishes it on purpose`);
}

/** `.assetsignore` at the directory's root: one glob per line, as in .gitignore (a pattern without `/` matches at any depth). */
function ignoreMatcher(root: string): (relative: string) => boolean {
  const file = path.join(root, '.assetsignore');
  if (!existsSync(file)) return () => false;
  const globs = readFileSync(file, 'utf8').split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'))
    .map((g) => (g.startsWith('/') ? g.slice(1) : g.includes('/') ? g : `**/${g}`))
    .flatMap((g) => [g.replace(/\/$/, ''), `${g.replace(/\/$/, '')}/**`]);
  const match = picomatch(globs, { dot: true });
  return (relative) => match(relative);
}

function formatMiB(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
