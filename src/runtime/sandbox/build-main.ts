/**
 * Builds one upload inside a build sandbox (see build.ts): bundles /upload/<entry> with Ledge's bundler into the
 * private /out and prints `{ code }` or `{ error: { code, message } }` as JSON on stdout.
 */
import { readFileSync } from 'node:fs';
import { bundle } from '../bundle.js';

const [entry, flags] = [process.argv[2] ?? '', JSON.parse(process.argv[3] ?? '[]') as string[]];
try {
  const result = await bundle({ entry: `/upload/${entry}`, projectDir: '/upload', outDir: '/out', compatibilityFlags: flags, mode: 'production' });
  process.stdout.write(JSON.stringify({ code: readFileSync(result.file, 'utf8') }));
} catch (err) {
  const e = err as { code?: unknown; message?: unknown };
  process.stdout.write(JSON.stringify({ error: { code: typeof e.code === 'string' ? e.code : 'bundle_failed', message: String(e.message) } }));
}
