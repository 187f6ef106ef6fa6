import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { z } from 'zod';
import { ObjectBucket, type BucketObjectBody } from '../../bindings/objects/binding.js';
import type { ObjectsProtocol } from '../../bindings/objects/protocol.js';
import { typedCall } from '../../bindings/protocol.js';
import { LIFECYCLE_RULE_SCHEMA } from '../../bindings/objects/schema.js';
import type { LocalPlatform } from '../../dev/local-platform.js';
import { LedgeError } from '../../platform/errors.js';
import { localOptions, printJson, withLocalPlatform, type LocalOptions } from '../local.js';
import { formatIssue } from '../../config/issues.js';


/** The bucket object applications get, so the CLI applies the same checks. */
function bucketOf(platform: LocalPlatform, name: string): { bucket: ObjectBucket; bucketName: string } {
  const { entry, service } = platform.bucket(name);
  return { bucket: new ObjectBucket(typedCall<ObjectsProtocol>((method, args) => service.call(method, args))), bucketName: entry.bucket_name };
}


const out = (text: string) => process.stdout.write(text);
const json = printJson;

function describe(o: { key: string; size: number; etag: string; uploaded: Date; httpMetadata?: unknown; customMetadata?: unknown }): Record<string, unknown> {
  return { key: o.key, size: o.size, etag: o.etag, uploaded: o.uploaded.toISOString(), httpMetadata: o.httpMetadata, customMetadata: o.customMetadata };
}

/** `ledge objects ...`: the buckets of a project's local state. */
export function registerObjects(program: Command): void {
  const objects = program.command('objects').description("read and write a project's local buckets (name a bucket by bucket_name or binding)");

  localOptions(objects.command('get').description('print an object (or write it to --file)').argument('<bucket>').argument('<key>'))
    .option('--file <file>', 'write the body to this file')
    .action((name: string, key: string, opts: LocalOptions & { file?: string }) => withLocalPlatform(opts, async (platform) => {
      const { bucket, bucketName } = bucketOf(platform, name);
      const object = (await bucket.get(key)) as BucketObjectBody | null;
      if (!object) throw new LedgeError('not_found', `object "${key}" not found in ${bucketName}`);
      const bytes = new Uint8Array(await object.arrayBuffer());
      if (opts.file) writeFileSync(opts.file, bytes);
      if (opts.json) json(describe(object));
      else if (!opts.file) process.stdout.write(bytes);
    }));

  localOptions(objects.command('put').description('store an object from --file or a value').argument('<bucket>').argument('<key>').argument('[value]'))
    .option('--file <file>', 'read the body from this file')
    .option('--content-type <type>', 'content type to store')
    .action((name: string, key: string, value: string | undefined, opts: LocalOptions & { file?: string; contentType?: string }) => withLocalPlatform(opts, async (platform) => {
      if (value === undefined && opts.file === undefined) throw new LedgeError('bad_argument', 'missing the value: give it as an argument or with --file FILE');
      if (value !== undefined && opts.file !== undefined) throw new LedgeError('bad_argument', 'give the value as an argument or with --file, not both');
      const { bucket, bucketName } = bucketOf(platform, name);
      const body = opts.file !== undefined ? readFileSync(opts.file) : (value as string);
      const object = await bucket.put(key, body, opts.contentType ? { httpMetadata: { contentType: opts.contentType } } : {});
      if (!object) throw new LedgeError('internal_error', 'the object was not stored');
      if (opts.json) json(describe(object));
      else out(`stored ${key} in ${bucketName} (${object.size} bytes, etag ${object.etag})\n`);
    }));

  localOptions(objects.command('list').description('list objects in key order').argument('<bucket>'))
    .option('--prefix <prefix>', 'only keys starting with this')
    .action((name: string, opts: LocalOptions & { prefix?: string }) => withLocalPlatform(opts, async (platform) => {
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

  localOptions(objects.command('delete').description('delete objects').argument('<bucket>').argument('<keys...>'))
    .action((name: string, keys: string[], opts: LocalOptions) => withLocalPlatform(opts, async (platform) => {
      const { bucket, bucketName } = bucketOf(platform, name);
      await bucket.delete(keys);
      if (opts.json) json({ deleted: keys });
      else out(`deleted ${keys.join(', ')} from ${bucketName}\n`);
    }));

  const lifecycle = objects.command('lifecycle').description("a bucket's lifecycle rules");
  localOptions(lifecycle.command('get').description('print the rules in force (the default multipart rule included)').argument('<bucket>'))
    .action((name: string, opts: LocalOptions) => withLocalPlatform(opts, async (platform) => {
      const rules = await platform.bucket(name).lifecycle.rules();
      json(opts.json ? { rules } : rules);
    }));
  localOptions(lifecycle.command('set').description('replace the stored rules with the JSON array in --file').argument('<bucket>'))
    .requiredOption('--file <file>', 'JSON file: an array of rules, or { "rules": [...] }')
    .action((name: string, opts: LocalOptions & { file: string }) => withLocalPlatform(opts, async (platform) => {
      const { entry, lifecycle: rulesOf } = platform.bucket(name);
      let doc: unknown;
      try { doc = JSON.parse(readFileSync(opts.file, 'utf8')); } catch (err) { throw new LedgeError('bad_argument', `${opts.file}: not valid JSON (${(err as Error).message})`); }
      const rulesDoc = Array.isArray(doc) ? doc : (doc as { rules?: unknown } | null)?.rules;
      const parsed = z.array(LIFECYCLE_RULE_SCHEMA).max(1000).safeParse(rulesDoc);
      if (!parsed.success) throw new LedgeError('bad_argument', parsed.error.issues.map((i) => `${opts.file}: ${formatIssue(i, rulesDoc)}`).join('\n'));
      await rulesOf.setRules(parsed.data);
      if (entry.lifecycle) process.stderr.write(`[ledge] note: ledge.jsonc also sets lifecycle rules for ${entry.bucket_name}; they replace these when the project next starts\n`);
      if (opts.json) json({ rules: parsed.data });
      else out(`set ${parsed.data.length} rule(s) on ${entry.bucket_name}\n`);
    }));
  localOptions(lifecycle.command('run').description('apply the rules now and list every key deleted (or, with --dry-run, that would be)').argument('<bucket>'))
    .option('--dry-run', 'change nothing; list what would be deleted or aborted')
    .action((name: string, opts: LocalOptions & { dryRun?: boolean }) => withLocalPlatform(opts, async (platform) => {
      const { entry, lifecycle: rulesOf } = platform.bucket(name);
      const outcome = await rulesOf.run(Boolean(opts.dryRun));
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
