import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { ObjectStoragePort } from '../../storage/ports.js';
import type { BackgroundRunner } from '../plugin.js';
import { runLifecycle } from './lifecycle.js';
import type { BucketEntryConfig } from './schema.js';

/** Makes the lifecycle rules written in ledge.jsonc (a `buckets` section) the buckets' stored rules. */
export async function applyConfiguredRules(buckets: readonly BucketEntryConfig[], storage: ObjectStoragePort): Promise<void> {
  for (const bucket of buckets) if (bucket.lifecycle) await storage.setLifecycle(bucket.bucket_name, bucket.lifecycle);
}

/** Default time between lifecycle runs: hourly. */
export const DEFAULT_LIFECYCLE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Applies the lifecycle rules of a deployment's buckets in the background (`ledge dev` and `ledge serve`
 * alike, through the plugin's runner): rules given in ledge.jsonc become the buckets' stored rules, then
 * every `intervalMs` each bucket is swept and the counts are logged. `tick()` sweeps now.
 */
export async function startLifecycleRunner(options: { buckets: readonly BucketEntryConfig[]; storage: ObjectStoragePort; clock: Clock; logger: Logger; intervalMs?: number }): Promise<BackgroundRunner> {
  const buckets = options.buckets;
  await applyConfiguredRules(buckets, options.storage);
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
  return {
    async tick() {
      await runNow();
      return names.length;
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
