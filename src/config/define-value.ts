import { transformSync } from 'esbuild';

/**
 * Why the bundler would refuse `value` as the replacement of `name` in `define`, or undefined when it takes it: the
 * bundler's own check (a JSON literal or another name; not an arbitrary expression), run when the configuration is
 * read so the problem names its key instead of failing the build later.
 */
export function defineProblem(name: string, value: string): string | undefined {
  try {
    transformSync('', { define: { [name]: value }, logLevel: 'silent' });
    return undefined;
  } catch (err) {
    const text = (err as { errors?: { text: string }[] }).errors?.[0]?.text ?? String(err);
    return `${text.replace(/^Invalid define value \(must be an entity name or JS literal\): .*$/s, 'expected a JSON literal (a string is written with its quotes, such as "\\"1.0.0\\"") or a name, such as "globalThis.config"')}; got ${JSON.stringify(value)}`;
  }
}
