import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { fetch } from 'undici';
import { pinnedAgent } from '../http/pinned-agent.js';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import { signWebhook } from '../lib/webhooks/sign.js';
import type { OccurrenceRecord, OccurrenceResult, WebhookDelivery, WebhookDestination, WebhookStoragePort } from '../storage/observability.js';

/** Waits before each retry of a failed delivery: 10 s, 1 min, 5 min, 30 min, 2 h; then it is recorded as failed. */
export const RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000] as const;
/** How long one delivery may take. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How long delivery records are kept. @default 30 days */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3600 * 1000;

/** Options of an account's notifier. */
export interface NotifierOptions {
  accountId: string;
  store: () => WebhookStoragePort;
  /** Opens a destination's sealed secret. */
  openSecret(sealed: string, destinationId: string): string;
  clock: Clock;
  logger: Logger;
  /** Deliver to loopback, private and link-local addresses (tests, a receiver on the same machine). @default false */
  allowPrivate?: boolean;
  /** Send due deliveries by timer; tests call `tick()`. @default true */
  timers?: boolean;
  /** Resolves a host name to its addresses. @default the system's resolver */
  lookup?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

/** Turns occurrences into signed webhook deliveries and sends them with retries (docs/observability.md, Notifications). */
export interface Notifier {
  onOccurrence(result: OccurrenceResult, occurrence: OccurrenceRecord): void;
  /** Sends every delivery due now; resolves when they are settled. */
  tick(): Promise<void>;
  close(): void;
}

/** Which events of this occurrence a destination wants. */
function eventsFor(d: WebhookDestination, r: OccurrenceResult): WebhookDelivery['event'][] {
  const events: WebhookDelivery['event'][] = [];
  if (r.created && d.on_new) events.push('issue.new');
  // Fires once: the occurrence that makes the count reach the threshold.
  if (d.threshold !== null && r.issue.count === d.threshold) events.push('issue.threshold');
  if (d.quiet_period_seconds !== null && r.quietMs !== null && r.quietMs >= d.quiet_period_seconds * 1000) events.push('issue.recurred');
  return events;
}

/** Creates the notifier of one account. */
export function createNotifier(options: NotifierOptions): Notifier {
  const { clock, logger } = options;
  let running: Promise<void> | undefined;
  const timer = options.timers === false ? undefined : setInterval(() => void notifier.tick(), 5_000).unref();
  const resolve = options.lookup ?? ((hostname: string) => lookup(hostname, { all: true, verbatim: true }));
  // Every connection goes to the address its check passed: the name is resolved once, by the check (no DNS rebinding).
  const agent = pinnedAgent((hostname) => checkedAddress(hostname, resolve, options.allowPrivate === true), { connectTimeoutMs: DELIVERY_TIMEOUT_MS });

  async function send(d: WebhookDelivery, destination: WebhookDestination): Promise<void> {
    try {
      const url = new URL(destination.url);
      const secret = options.openSecret(destination.sealed_secret, destination.id);
      const headers = await signWebhook({ secret, body: d.body, path: url.pathname, clock });
      const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'ledge-issues-webhook', 'ledge-event': d.event, 'ledge-delivery': d.id }, body: d.body, redirect: 'manual', signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS), dispatcher: agent });
      await res.body?.cancel();
      if (res.status < 200 || res.status >= 300) throw new Error(`the receiver answered ${res.status}`);
      d.status = 'delivered';
      d.delivered_at = clock.now();
      d.last_error = null;
    } catch (err) {
      const delay = RETRY_DELAYS_MS[d.attempts];
      // fetch's TypeError says only "fetch failed"; the refusal or the network error is its cause.
      const cause = (err as Error & { cause?: unknown }).cause;
      // fetch names the whole URL in some refusals ("... includes credentials: <url>"): the origin stands in for it.
      d.last_error = (cause instanceof Error ? cause.message : (err as Error).message).split(destination.url).join(originOf(destination.url)).slice(0, 500);
      if (delay === undefined) d.status = 'failed';
      else d.next_at = clock.now() + delay;
    }
    d.attempts++;
    options.store().update(d);
    // The origin only: a receiver's URL often carries its credential in the path or query (chat hooks, ?token=).
    if (d.status === 'failed') logger.warn(`webhook delivery ${d.id} to destination ${destination.id} (${originOf(destination.url)}) failed after ${d.attempts} attempts: ${d.last_error}`);
  }

  async function deliverDue(): Promise<void> {
    const store = options.store();
    const destinations = new Map(store.listDestinations().map((d) => [d.id, d]));
    for (const delivery of store.due(clock.now(), 100)) {
      const destination = destinations.get(delivery.destination_id);
      if (destination) await send(delivery, destination);
    }
    store.prune(clock.now() - DELIVERY_RETENTION_MS);
  }

  const notifier: Notifier = {
    onOccurrence(result, occurrence) {
      try {
        const store = options.store();
        const now = clock.now();
        for (const destination of store.listDestinations()) {
          for (const event of eventsFor(destination, result)) {
            const { issue } = result;
            const body = JSON.stringify({
              type: event, account_id: options.accountId, deployment: issue.deployment, sent_at: new Date(now).toISOString(),
              issue: { id: issue.id, type: issue.type, message: issue.message, culprit: issue.culprit, status: issue.status, count: issue.count, first_seen: issue.first_seen, last_seen: issue.last_seen, versions: issue.versions },
              occurrence: { time: occurrence.time, version: occurrence.version, request_id: occurrence.request_id ?? null, method: occurrence.method ?? null, url: occurrence.url ?? null, status: occurrence.status ?? null, outcome: occurrence.outcome, stack: occurrence.stack ?? null },
            });
            store.enqueue({ id: randomUUID(), destination_id: destination.id, issue_id: issue.id, event, body, status: 'pending', attempts: 0, next_at: now, last_error: null, created_at: now, delivered_at: null });
          }
        }
        void notifier.tick();
      } catch (err) {
        logger.error(`issue notifications could not be queued: ${(err as Error).message}`);
      }
    },
    tick() {
      // One pass at a time: a slow receiver never gets the same delivery twice at once.
      running ??= deliverDue().catch((err: unknown) => logger.error(`webhook deliveries failed: ${(err as Error).message}`)).finally(() => { running = undefined; });
      return running;
    },
    close() {
      clearInterval(timer);
      // A delivery still in flight is cut off; a second close, or one after the agent was destroyed, rejects: neither is news.
      agent.close().catch(() => undefined);
    },
  };
  return notifier;
}

/**
 * The one address a delivery connects to: a literal address, or the first the name resolves to. Unless
 * private addresses are allowed, a loopback, private, link-local or otherwise non-public address refuses the
 * delivery, and so does a name with any such address among its answers (a rebinding attempt), before any
 * connection is opened.
 */
async function checkedAddress(hostname: string, resolve: (hostname: string) => Promise<{ address: string }[]>, allowPrivate: boolean): Promise<string> {
  const addresses = ipaddr.isValid(hostname) ? [hostname] : (await resolve(hostname)).map((a) => a.address);
  if (addresses.length === 0) throw new Error(`${hostname} has no address`);
  if (!allowPrivate) {
    for (const address of addresses) {
      const parsed = ipaddr.process(address);
      if (parsed.range() !== 'unicast') throw new Error(`${hostname} resolves to ${address} (${parsed.range()}), which webhooks may not reach (ledge serve --webhooks-to-private-addresses allows it)`);
    }
  }
  return addresses[0] as string;
}

/** `scheme://host[:port]` of a URL, without credentials, path or query; a URL that does not parse is not shown. */
function originOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'an invalid URL';
  }
}
