import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { z } from 'zod';
import { ObjectBucket, type BucketObjectBody } from '../../bindings/objects/binding.js';
import { effectiveRules, runLifecycle } from '../../bindings/objects/lifecycle.js';
import { LIFECYCLE_RULE_SCHEMA } from '../../bindings/objects/schema.js';
import { openLocalPlatform, type LocalPlatform } from '../../dev/local-platform.js';
import { SYSTEM_CLOCK } from '../../lib/clock.js';
import { LedgeError } from '../../lib/errors.js';
import { createConsoleSink, createLogger } from '../../lib/logger.js';
import { formatIssue } from '../../config/issues.js';

interface CommonOptions { dir: string; state?: string; env?: string; json?: boolean }

async function withPlatform<T>(opts: CommonOptions, work: (platform: LocalPlatform) => Promise<T>): Promise<T> {
  const logger = createLogger(createConsoleSink());
  const platform = openLocalPlatform({ dir: opts.dir, state: opts.state, env: opts.env, logger });
  for (const warning of platform.warnings) logger.warn(warning);
  try {
    return await work(platform);
  } catch (err) {
    if (err instanceof LedgeError) throw err;
    throw new LedgeError('bad_argument', (err as Error).message);
  } finally {
    platform.close();
  }
}

/** The bucket object applications get, so the CLI applies the same checks. */
function bucketOf(platform: LocalPlatform, name: string): { bucket: ObjectBucket; bucketName: string } {
  const { entry, service } = platform.bucket(name);
  return { bucket: new ObjectBucket((method, args) => service.call(method, args)), bucketName: entry.bucket_name };
}

function common(command: Command): Command {
  return command
    .option('--dir <dir>', 'project directory (holds ledge.jsonc)', '.')
    .option('--state <dir>', 'local state directory (default: <dir>/.ledge)')
    .option('--env <name>', 'environment section of ledge.jsonc to use')
    .option('--json', 'print JSON for scripts');
}

const out = (text: string) => process.stdout.write(text);
const json = (value: unknown) => out(`${JSON.stringify(value, null, 2)}\n`);

function describe(o: { key: string; size: number; etag: string; uploaded: Date; httpMetadata?: unknown; customMetadata?: unknown }): Record<string, unknown> {
  return { key: o.key, size: o.size, etag: o.etag, uploaded: o.uploaded.toISOString(), httpMetadata: o.httpMetadata, customMetadata: o.customMetadata };
}

/** `ledge objects ...`: the buckets of a project's local state. */
export function registerObjects(program: Command): void {
  const objects = program.command('objects').description("read and write a project's local buckets (name a bucket by bucket_name or binding)");

  common(objects.command('get').description('print an object (or write it to --file)').argument('<bucket>').argument('<key>'))
    .option('--file <file>', 'write the body to this file')
    .action((name: string, key: string, opts: CommonOptions & { file?: string }) => withPlatform(opts, async (platform) => {
      const { bucket, bucketName } = bucketOf(platform, name);
      const object = (await bucket.get(key)) as BucketObjectBody | null;
      if (!object) throw new LedgeError('not_found', `object "${key}" not found in ${bucketName}`);
      const bytes = new Uint8Array(await object.arrayBuffer());
      if (opts.file) writeFileSync(opts.file, bytes);
      if (opts.json) json(describe(object));
      else if (!opts.file) process.stdout.write(bytes);
    }));

  common(objects.command('put').description('store an object from --file or a value').argument('<bucket>').argument('<key>').argument('[value]'))
    .option('--file <file>', 'read the body from this file')
    .option('--content-type <type>', 'content type to store')
    .action((name: string, key: string, value: string | undefined, opts: CommonOptions & { file?: string; contentType?: string }) => withPlatform(opts, async (platform) => {
      if ((value === undefined) === (opts.file === undefined)) throw new LedgeError('bad_argument', 'give the value as an argument or with --file, not both');
      const { bucket, bucketName } = bucketOf(platform, name);
      const body = opts.file !== undefined ? readFileSync(opts.file) : (value as string);
      const object = await bucket.put(key, body, opts.contentType ? { httpMetadata: { contentType: opts.contentType } } : {});
      if (!object) throw new LedgeError('internal_error', 'the object was not stored');
      if (opts.json) json(describe(object));
      else out(`stored ${key} in ${bucketName} (${object.size} bytes, etag ${object.etag})\n`);
    }));

  common(objects.command('list').description('list objects in key order').argument('<bucket>'))
    .option('--prefix <prefix>', 'only keys starting with this')
    .action((name: string, opts: CommonOptions & { prefix?: string }) => withPlatform(opts, async (platform) => {
      const { bucket } = bucketOf(platform, name);
      const all: Record<string, unknown>[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = (await bucket.list({ prefix: opts.prefix, cursor, include: ['httpMetadata', 'customMetadata'] })) as { objects: Parameters<typeof describe>[0][]; truncated: boolean; cursor?: string };
        all.push(...page.objects.map(describe));
        if (!page.truncated) break;
        cursor = page.cursor;
      }
      if (opts.json) json(all);
      else for (const o of all) out(`${String(o.key)}\t${String(o.size)}\t${String(o.uploaded)}\n`);
    }));

  common(objects.command('delete').description('delete objects').argument('<bucket>').argument('<keys...>'))
    .action((name: string, keys: string[], opts: CommonOptions) => withPlatform(opts, async (platform) => {
      const { bucket, bucketName } = bucketOf(platform, name);
      await bucket.delete(keys);
      if (opts.json) json({ deleted: keys });
      else out(`deleted ${keys.join(', ')} from ${bucketName}\n`);
    }));

  const lifecycle = objects.command('lifecycle').description("a bucket's lifecycle rules");
  common(lifecycle.command('get').description('print the rules in force (the default multipart rule included)').argument('<bucket>'))
    .action((name: string, opts: CommonOptions) => withPlatform(opts, async (platform) => {
      const { entry, storage } = platform.bucket(name);
      const rules = effectiveRules((await storage.getLifecycle(entry.bucket_name)) as z.infer<typeof LIFECYCLE_RULE_SCHEMA>[] | null);
      json(opts.json ? { rules } : rules);
    }));
  common(lifecycle.command('set').description('replace the stored rules with the JSON array in --file').argument('<bucket>'))
    .requiredOption('--file <file>', 'JSON file: an array of rules, or { "rules": [...] }')
    .action((name: string, opts: CommonOptions & { file: string }) => withPlatform(opts, async (platform) => {
      const { entry, storage } = platform.bucket(name);
      let doc: unknown;
      try { doc = JSON.parse(readFileSync(opts.file, 'utf8')); } catch (err) { throw new LedgeError('bad_argument', `${opts.file}: not valid JSON (${(err as Error).message})`); }
      const rulesDoc = Array.isArray(doc) ? doc : (doc as { rules?: unknown } | null)?.rules;
      const parsed = z.array(LIFECYCLE_RULE_SCHEMA).max(1000).safeParse(rulesDoc);
      if (!parsed.success) throw new LedgeError('bad_argument', parsed.error.issues.map((i) => `${opts.file}: ${formatIssue(i, rulesDoc)}`).join('\n'));
      await storage.setLifecycle(entry.bucket_name, parsed.data);
      if (entry.lifecycle) process.stderr.write(`[ledge] note: ledge.jsonc also sets lifecycle rules for ${entry.bucket_name}; they replace these when the project next starts\n`);
      if (opts.json) json({ rules: parsed.data });
      else out(`set ${parsed.data.length} rule(s) on ${entry.bucket_name}\n`);
    }));
  common(lifecycle.command('run').description('apply the rules now and list every key deleted (or, with --dry-run, that would be)').argument('<bucket>'))
    .option('--dry-run', 'change nothing; list what would be deleted or aborted')
    .action((name: string, opts: CommonOptions & { dryRun?: boolean }) => withPlatform(opts, async (platform) => {
      const { entry, storage } = platform.bucket(name);
      const outcome = await runLifecycle(storage, entry.bucket_name, SYSTEM_CLOCK.now(), { dryRun: opts.dryRun });
      if (opts.json) {
        json({ ...outcome, dry_run: Boolean(opts.dryRun) });
        return;
      }
      const verb = opts.dryRun ? 'would delete' : 'deleted';
      for (const key of outcome.deleted) out(`${verb} ${key}\n`);
      for (const u of outcome.aborted) out(`${opts.dryRun ? 'would abort' : 'aborted'} multipart upload ${u.uploadId} (${u.key})\n`);
      out(`${entry.bucket_name}: ${opts.dryRun ? 'dry run, nothing changed; ' : ''}${outcome.deleted.length} object(s) ${verb}, ${outcome.aborted.length} upload(s) ${opts.dryRun ? 'would be aborted' : 'aborted'}\n`);
    }));
}
