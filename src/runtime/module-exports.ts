/**
 * The export names of a built module (one ES module, as the platform's bundler writes it), read by esbuild's parser:
 * a deploy checks the coordination classes its migrations leave against them (bindings/coordination/exported-classes.ts).
 * Only the text is parsed: nothing is resolved, imported or run, and no file is read (tsconfigRaw stands in for the
 * project's), so the host learns the names without running the upload's code.
 */
import * as esbuild from 'esbuild';

/** The names `code` exports (`default` among them when it has a default export). */
export async function moduleExportNames(code: string): Promise<string[]> {
  const result = await esbuild.build({
    stdin: { contents: code, loader: 'js', sourcefile: 'module.js' },
    bundle: false,
    format: 'esm',
    platform: 'neutral',
    write: false,
    metafile: true,
    outfile: 'module.js',
    tsconfigRaw: '{}',
    logLevel: 'silent',
  });
  return Object.values(result.metafile.outputs).flatMap((output) => output.exports);
}
