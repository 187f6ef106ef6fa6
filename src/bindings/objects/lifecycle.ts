import type { ObjectStoragePort } from '../../storage/ports.js';
import { DEFAULT_LIFECYCLE_RULE, type LifecycleRule } from './schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What one lifecycle run did (or, dry, would do). */
export interface LifecycleOutcome {
  bucket: string;
  deleted: string[];
  aborted: { key: string; uploadId: string }[];
}

/** The rules in force for a bucket: its stored rules plus the default multipart-abort rule. */
export function effectiveRules(stored: LifecycleRule[] | null): LifecycleRule[] {
  return [...(stored ?? []), DEFAULT_LIFECYCLE_RULE].filter((rule) => rule.enabled !== false);
}

/** Applies a bucket's lifecycle rules at `now`: objects past an expiry are deleted, stale multipart uploads aborted. */
export async function runLifecycle(storage: ObjectStoragePort, bucket: string, now: number, options: { dryRun?: boolean } = {}): Promise<LifecycleOutcome> {
  const rules = effectiveRules((await storage.getLifecycle(bucket)) as LifecycleRule[] | null);
  const outcome: LifecycleOutcome = { bucket, deleted: [], aborted: [] };
  const expiring = rules.filter((rule) => rule.expire !== undefined);
  if (expiring.length) {
    let after: string | null = null;
    for (;;) {
      const page = await storage.list(bucket, { prefix: '', after, limit: 1000 });
      if (page.length === 0) break;
      for (const object of page) {
        const expired = expiring.some((rule) => object.key.startsWith(rule.prefix ?? '') && isExpired(rule, object.uploaded, now));
        if (expired) outcome.deleted.push(object.key);
      }
      after = (page.at(-1) as { key: string }).key;
    }
    if (!options.dryRun && outcome.deleted.length) {
      for (let i = 0; i < outcome.deleted.length; i += 1000) await storage.delete(bucket, outcome.deleted.slice(i, i + 1000));
    }
  }
  const aborting = rules.filter((rule) => rule.abortMultipartAfterDays !== undefined);
  for (const upload of await storage.listUploads(bucket)) {
    const stale = aborting.some((rule) => upload.key.startsWith(rule.prefix ?? '') && upload.initiated + (rule.abortMultipartAfterDays as number) * DAY_MS <= now);
    if (!stale) continue;
    outcome.aborted.push({ key: upload.key, uploadId: upload.uploadId });
    if (!options.dryRun) await storage.deleteUpload(upload.uploadId);
  }
  return outcome;
}

function isExpired(rule: LifecycleRule, uploaded: number, now: number): boolean {
  const expire = rule.expire;
  if (!expire) return false;
  if ('days' in expire) return uploaded + expire.days * DAY_MS <= now;
  return Date.parse(expire.date) <= now;
}
