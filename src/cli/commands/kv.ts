import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { KvNamespace } from '../../bindings/kv/binding.js';
import type { KvProtocol } from '../../bindings/kv/protocol.js';
import { typedCall } from '../../bindings/protocol.js';
import { LedgeError } from '../../platform/errors.js';
import { parseInteger } from '../options.js';
import { localOptions, printJson, withLocalPlatform, type LocalOptions } from '../local.js';

interface CommonOptions extends LocalOptions { binding?: string }

/** Runs `work` with the KV namespace object applications get, so the CLI applies the same checks and limits. */
function withNamespace<T>(opts: CommonOptions, work: (kv: KvNamespace, name: string) => Promise<T>): Promise<T> {
  return withLocalPlatform(opts, (platform) => {
    const { name, service } = platform.binding('kv', opts.binding);
    return work(new KvNamespace(typedCall<KvProtocol>((method, args) => service.call(method, args))), name);
  });
}

function common(command: Command): Command {
  return localOptions(command).option('--binding <name>', 'which kv_namespaces binding (default: the only one)');
}

const print = printJson;

/** `ledge kv get|put|list|delete`: the key-value namespaces of a project's local state. */
export function registerKv(program: Command): void {
  const kv = program.command('kv').description("read and write a project's local key-value namespaces");

  common(kv.command('get').description('print the value of a key').argument('<key>'))
    .action((key: string, opts: CommonOptions) => withNamespace(opts, async (ns, name) => {
      const found = (await ns.getWithMetadata(key, 'text')) as { value: string | null; metadata: unknown };
      if (found.value === null) {
        if (opts.json) print({ key, value: null, metadata: null });
        throw new LedgeError('not_found', `key "${key}" not found in ${name}`);
      }
      if (opts.json) print({ key, value: found.value, metadata: found.metadata });
      else process.stdout.write(found.value);
    }));

  common(kv.command('put').description('store a value under a key').argument('<key>').argument('[value]', 'the value (or use --path)'))
    .option('--path <file>', 'read the value from a file')
    .option('--ttl <seconds>', 'expire after this many seconds (at least 60)', (v: string) => parseInteger('--ttl', v))
    .option('--expiration <epoch>', 'expire at this Unix time in seconds', (v: string) => parseInteger('--expiration', v))
    .option('--metadata <json>', 'metadata as JSON')
    .action((key: string, value: string | undefined, opts: CommonOptions & { path?: string; ttl?: number; expiration?: number; metadata?: string }) => withNamespace(opts, async (ns, name) => {
      if (value === undefined && opts.path === undefined) throw new LedgeError('bad_argument', 'missing the value: give it as an argument or with --path FILE');
      if (value !== undefined && opts.path !== undefined) throw new LedgeError('bad_argument', 'give the value as an argument or with --path, not both');
      let metadata: unknown;
      if (opts.metadata !== undefined) {
        try { metadata = JSON.parse(opts.metadata); } catch { throw new LedgeError('bad_argument', '--metadata: expected JSON'); }
      }
      const body = opts.path !== undefined ? readFileSync(opts.path) : (value as string);
      await ns.put(key, body, { expirationTtl: opts.ttl, expiration: opts.expiration, metadata });
      if (opts.json) print({ key, binding: name, stored: true });
      else process.stdout.write(`stored ${key} in ${name}\n`);
    }));

  common(kv.command('list').description('list keys in byte order').option('--prefix <prefix>', 'only keys starting with this'))
    .action((opts: CommonOptions & { prefix?: string }) => withNamespace(opts, async (ns) => {
      const keys: { name: string; expiration?: number; metadata?: unknown }[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = (await ns.list({ prefix: opts.prefix, cursor })) as { keys: typeof keys; list_complete: boolean; cursor?: string };
        keys.push(...page.keys);
        if (page.list_complete) break;
        cursor = page.cursor;
      }
      if (opts.json) print(keys);
      else for (const key of keys) process.stdout.write(`${key.name}\n`);
    }));

  common(kv.command('delete').description('delete a key').argument('<key>'))
    .action((key: string, opts: CommonOptions) => withNamespace(opts, async (ns, name) => {
      await ns.delete(key);
      if (opts.json) print({ key, binding: name, deleted: true });
      else process.stdout.write(`deleted ${key} from ${name}\n`);
    }));
}
