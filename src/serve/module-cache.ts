import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Logger } from '../platform/logger.js';
import type { ControlStoragePort, ModuleRecord, VersionRecord } from '../storage/control.js';

/** The modules are ES modules whatever their extension. */
const PACKAGE_JSON = '{"type":"module"}\n';

/**
 * Makes the directory a version's isolate loads its modules from (`<cacheDir>/<version id>/`) and returns
 * it. `control.sqlite` holds the modules; the directory is only a copy of them, checked against them byte
 * for byte on every start: a copy that was damaged or changed on disk is rebuilt (and logged), never run.
 */
export async function prepareModules(options: { cacheDir: string; version: VersionRecord; store: ControlStoragePort; logger: Logger }): Promise<string> {
  const { cacheDir, version, logger } = options;
  const dir = path.join(cacheDir, version.id);
  const modules = await options.store.getModules(version.id);
  if (!existsSync(dir)) {
    writeModules(dir, modules);
    return dir;
  }
  const differing = firstDifference(dir, modules);
  if (differing === null) return dir;
  logger.warn(`version ${version.id} of ${version.deployment}: the cached module ${path.join(dir, differing)} does not match the copy in control.sqlite; rebuilt the cache from control.sqlite`);
  writeModules(dir, modules);
  return dir;
}

/** The name of the first cached file that is missing or differs from what control.sqlite holds, or null when all match. */
function firstDifference(dir: string, modules: readonly ModuleRecord[]): string | null {
  const expected: [string, Uint8Array][] = [['package.json', Buffer.from(PACKAGE_JSON)], ...modules.map((m): [string, Uint8Array] => [m.name, m.content])];
  for (const [name, content] of expected) {
    let cached: Buffer;
    try {
      cached = readFileSync(path.join(dir, name));
    } catch {
      return name;
    }
    if (!cached.equals(content)) return name;
  }
  return null;
}

/** Writes the modules beside the directory, then swaps it in: a crash never leaves a half-written version to be loaded later. */
function writeModules(dir: string, modules: readonly ModuleRecord[]): void {
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = `${dir}.tmp-${suffix}`;
  mkdirSync(temp, { recursive: true });
  writeFileSync(path.join(temp, 'package.json'), PACKAGE_JSON);
  for (const m of modules) writeFileSync(path.join(temp, m.name), m.content);
  if (existsSync(dir)) {
    // A directory cannot be renamed over a non-empty one: move the old copy out of the way first.
    const stale = `${dir}.stale-${suffix}`;
    renameSync(dir, stale);
    renameSync(temp, dir);
    rmSync(stale, { recursive: true, force: true });
  } else {
    mkdirSync(path.dirname(dir), { recursive: true });
    renameSync(temp, dir);
  }
}
