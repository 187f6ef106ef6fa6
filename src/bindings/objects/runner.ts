import type { ProjectConfig } from '../../config/load.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { ObjectStoragePort } from '../../storage/ports.js';
import { runLifecycle } from './lifecycle.js';
import type { BucketEntryConfig } from './schema.js';

/** Makes the lifecycle rules written in ledge.jsonc the buckets' stored rules; returns the project's buckets. */
export async function applyConfiguredRules(config: ProjectConfig, storage: ObjectStoragePort): Promise<BucketEntryConfig[]> {
  const buckets = (config.bindings.buckets ?? []) as BucketEntryConfig[];
  for (const bucket of buckets) if (bucket.lifecycle) await storage.setLifecycle(bucket.bucket_name, bucket.lifecycle);
  return buckets;
}

/** Default time between lifecycle runs: hourly. */
export const DEFAULT_LIFECYCLE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Applies the lifecycle rules of a project's buckets in the background: rules given in ledge.jsonc become
 * the buckets' stored rules, then every `intervalMs` each bucket is swept and the counts are logged.
 */
export async function startLifecycleRunner(options: { config: ProjectConfig; storage: ObjectStoragePort; clock: Clock; logger: Logger; intervalMs?: number }): Promise<{ runNow(): Promise<void>; stop(): void }> {
  const buckets = await applyConfiguredRules(options.config, options.storage);
  const names = [...new Set(buckets.map((b) => b.bucket_name))];
  let running: Promise<void> | undefined;
  const runNow = () => {
    running ??= (async () => {
      for (const bucket of names) {
        try {
          const outcome = await runLifecycle(options.storage, bucket, options.clock.now());
          options.logger.info(`lifecycle ${bucket}: deleted ${outcome.deleted.length} object(s), aborted ${outcome.aborted.length} multipart upload(s)`);
        } catch (err) {
          options.logger.error(`lifecycle ${bucket} failed: ${(err as Error).stack ?? String(err)}`);
        }
      }
    })().finally(() => { running = undefined; });
    return running;
  };
  const timer = names.length ? setInterval(() => void runNow(), options.intervalMs ?? DEFAULT_LIFECYCLE_INTERVAL_MS) : undefined;
  timer?.unref();
  return { runNow, stop: () => clearInterval(timer) };
}
