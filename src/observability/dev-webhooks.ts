import { createHash } from 'node:crypto';
import type { WebhookDestination, WebhookStoragePort } from '../storage/observability.js';
import type { DevWebhookConfig } from './settings.js';

/** The prefix of the destinations `ledge dev` keeps from the project's configuration. */
const DEV_PREFIX = 'dev-';

/**
 * Makes the project's store hold exactly the destinations `observability.issues.webhooks` lists (`ledge dev`): one
 * destination per entry, named by a hash of the entry, so a reload keeps the delivery history of an unchanged
 * entry and an entry that was removed stops at once. The store keeps the secret's name, never its value: the
 * value is read from the secrets files when a delivery is signed.
 */
export function syncDevWebhooks(store: WebhookStoragePort, entries: readonly DevWebhookConfig[], now: number): void {
  const wanted = new Map(entries.map((entry) => [devWebhookId(entry), entry]));
  for (const destination of store.listDestinations()) {
    if (!wanted.delete(destination.id)) store.deleteDestination(destination.id);
  }
  for (const [id, entry] of wanted) {
    const destination: WebhookDestination = {
      id, url: entry.url, sealed_secret: entry.secret_name, on_new: entry.on_new ?? true,
      threshold: entry.threshold ?? null, quiet_period_seconds: entry.quiet_period_seconds ?? null, created_at: now,
    };
    store.addDestination(destination);
  }
}

/** A destination's id: the same entry always gets the same one. */
function devWebhookId(entry: DevWebhookConfig): string {
  const canonical = JSON.stringify([entry.url, entry.secret_name, entry.on_new ?? true, entry.threshold ?? null, entry.quiet_period_seconds ?? null]);
  return `${DEV_PREFIX}${createHash('sha256').update(canonical).digest('hex').slice(0, 32)}`;
}
