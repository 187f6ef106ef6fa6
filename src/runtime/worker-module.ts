import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

const transpiled = new Map<string, string>();

/**
 * A module URL a worker can import. From the built package a module is already JavaScript and is returned as
 * it is. When Ledge runs from its TypeScript sources (its own tests), Node 20 applies no loader hooks inside
 * workers, so a `.ts` module (a binding kind's isolate half) is bundled once per process into
 * node_modules/.cache, as the isolate's entry is (isolate.ts, isolateEntry).
 */
export function workerLoadable(moduleUrl: string): string {
  if (!moduleUrl.endsWith('.ts')) return moduleUrl;
  let found = transpiled.get(moduleUrl);
  if (found === undefined) {
    const source = fileURLToPath(moduleUrl);
    // Inside the repository, so the packages the module imports resolve from its node_modules.
    const outDir = fileURLToPath(new URL(`../../node_modules/.cache/ledge-isolate-${process.pid}/modules`, import.meta.url));
    mkdirSync(outDir, { recursive: true });
    const outfile = path.join(outDir, `${createHash('sha256').update(source).digest('hex').slice(0, 16)}.mjs`);
    buildSync({ entryPoints: [source], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: 'inline', logLevel: 'silent' });
    found = pathToFileURL(outfile).href;
    transpiled.set(moduleUrl, found);
  }
  return found;
}
