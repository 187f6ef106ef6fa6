// SPEC, Command-line operations: what `ledge --help` lists is what exists and what docs/cli.md promises. Every
// command and subcommand is documented, every option a command takes is named in the docs, a default is
// shown as the value one would type (not an object's JSON), and a usage error exits 2 with the command's help.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { runCli } from './cli.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOCS = ['docs/cli.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`), ...readdirSync(path.join(ROOT, 'docs/bindings')).map((f) => `docs/bindings/${f}`)]
  .map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');

/** The program src/cli/main.ts builds: the register functions it calls on it, from the files it imports them from. */
async function program(): Promise<Command> {
  const main = readFileSync(path.join(ROOT, 'src/cli/main.ts'), 'utf8');
  const called = new Set([...main.matchAll(/^\s+(register\w+)\(program\);$/gm)].map((m) => m[1]));
  const root = new Command('ledge');
  for (const [, names, from] of main.matchAll(/^import \{ ([^}]+) \} from '(\.\/commands\/[\w-]+)\.js';$/gm)) {
    const module = await import(path.join(ROOT, 'src/cli', `${from}.ts`)) as Record<string, (c: Command) => void>;
    for (const name of (names as string).split(',').map((n) => n.trim())) if (called.has(name)) module[name]?.(root);
  }
  return root;
}

function walk(command: Command, prefix: string[] = []): { path: string[]; command: Command }[] {
  return command.commands.flatMap((sub) => {
    const here = [...prefix, sub.name()];
    return [{ path: here, command: sub }, ...walk(sub, here)];
  });
}

test('every command and subcommand of --help is documented, with every option it takes', async () => {
  const commands = walk(await program());
  assert.ok(commands.length > 60, `found ${commands.length} commands`);
  // The program built here from every command file is the one `ledge` runs: the same top-level commands.
  const help = runCli(['--help']);
  assert.equal(await help.exited, 0);
  const listed = [...help.output().matchAll(/^ {2}([a-z][\w-]*)(?:\|[\w-]+)? /gm)].map((m) => m[1]).filter((n) => n !== 'help').sort();
  assert.deepEqual(commands.filter((c) => c.path.length === 1).map((c) => c.path[0]).sort(), listed);
  for (const { path: names, command } of commands) {
    const leaf = names[names.length - 1] as string;
    // A command is documented as `ledge a b c` or in a `ledge a b x | c` list.
    const documented = DOCS.includes(`ledge ${names.join(' ')}`) || new RegExp(`ledge ${names.slice(0, -1).join(' ')}\\s[^\\n\`]*\\b${leaf}\\b`).test(DOCS);
    assert.ok(documented, `ledge ${names.join(' ')} is not in docs/`);
    for (const option of command.options) {
      if (option.long === '--help' || option.long === '--version') continue;
      assert.ok(DOCS.includes(option.long as string), `ledge ${names.join(' ')} ${option.long} is not in docs/`);
      const shown = option.defaultValueDescription ?? (option.defaultValue === undefined ? undefined : JSON.stringify(option.defaultValue));
      assert.ok(shown === undefined || !shown.startsWith('{'), `ledge ${names.join(' ')} ${option.long} shows its default as ${shown}`);
    }
  }
});

test('ledge serve --help shows the listener defaults as addresses; a usage error exits 2 with the help', async () => {
  const help = runCli(['serve', '--help']);
  assert.equal(await help.exited, 0);
  assert.match(help.output(), /--listen <addr:port>\s+address of the application listener \(default:\s+127\.0\.0\.1:8787\)/);
  assert.match(help.output(), /--api-listen <addr:port>\s+address of the account API listener \(default:\s+127\.0\.0\.1:8788\)/);
  const wrong = runCli(['serve', '--listen']);
  assert.equal(await wrong.exited, 2);
  assert.match(wrong.output(), /error: option '--listen <addr:port>' argument missing/);
  const unknown = runCli(['no-such-command']);
  assert.equal(await unknown.exited, 2);
  assert.match(unknown.output(), /error: unknown command 'no-such-command'/);
});
