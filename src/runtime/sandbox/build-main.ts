/**
 * Builds one upload inside a build sandbox (see build.ts): bundles /upload/<entry> with Ledge's bundler into the
 * private /out and prints `{ code, map? }` or `{ error: { code, message } }` as JSON on stdout.
 */
import { existsSync, readFileSync } from 'node:fs';
import { bundle } from '../bundle.js';
import type { UploadBuildOptions } from './build.js';

const [entry, build] = [process.argv[2] ?? '', JSON.parse(process.argv[3] ?? '{"compatibilityFlags":[]}') as UploadBuildOptions];
try {
  const result = await bundle({ entry: `/upload/${entry}`, projectDir: '/upload', outDir: '/out', mode: 'production', ...build });
  // The build's source map chains through the upload's own map (esbuild reads it), so stacks name the project's files.
  const map = existsSync(`${result.file}.map`) ? readFileSync(`${result.file}.map`, 'utf8') : undefined;
  process.stdout.write(JSON.stringify({ code: readFileSync(result.file, 'utf8'), map }));
} catch (err) {
  const e = err as { code?: unknown; message?: unknown };
  process.stdout.write(JSON.stringify({ error: { code: typeof e.code === 'string' ? e.code : 'bundle_failed', message: String(e.message) } }));
}
