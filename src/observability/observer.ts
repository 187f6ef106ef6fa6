import { randomBytes } from 'node:crypto';
import type { EventObserver } from '../runtime/event-trace.js';
import type { AccountObservability } from './account.js';
import { createRedactor } from './redact.js';
import { toRecord } from './record.js';
import { toSettings, type ObservabilityConfig } from './settings.js';
import { createStackResolver } from './stack.js';

/**
 * Record ids in the UUID layout (version 4, variant 10xx): a random prefix drawn once, then a counter. Unique within
 * a store and across processes (80 random bits), and cheaper than a random UUID per event (issue 17, item 6); an id
 * names a record, it is not a secret.
 */
let idPrefix = '';
let idCounter = 0;
const ID_COUNTER_END = 2 ** 48;
export function nextRecordId(): string {
  if (idPrefix === '' || idCounter >= ID_COUNTER_END) {
    const hex = randomBytes(10).toString('hex');
    idPrefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(12, 15)}-${'89ab'[parseInt(hex[15] as string, 16) & 3]}${hex.slice(16, 19)}-`;
    idCounter = 0;
  }
  return idPrefix + (idCounter++).toString(16).padStart(12, '0');
}

/** What a version's observer needs, resolved once when the version starts. */
export interface VersionObserverOptions {
  account: AccountObservability;
  deployment: string;
  version: string;
  config: ObservabilityConfig | undefined;
  /** The values of the deployment's secrets: scrubbed from everything recorded. */
  secrets: Iterable<string>;
  /** The bundle the version runs (its source map lies beside it). */
  bundleFile: string;
}

/**
 * The observer of one version: turns each ended event into its record, then stores it (when logs are on and
 * it is sampled), shows it to live tails, and offers problems to the issues feature. Nothing here waits for
 * a disk: writes are batched by the account's sink and tracker.
 */
export function createVersionObserver(options: VersionObserverOptions): EventObserver {
  const { account, deployment, version } = options;
  const settings = toSettings(options.config);
  const redact = createRedactor(options.secrets);
  const resolve = createStackResolver(options.bundleFile);
  return function observe(trace) {
    const store = settings.logs && (settings.invocationLogs || trace.logs.length > 0) && (settings.sampling >= 1 || Math.random() < settings.sampling);
    const live = account.live.active;
    const issues = account.issues.enabled(deployment);
    if (!store && !live && !issues) return;
    const record = toRecord(trace, { id: nextRecordId(), deployment, version, keepQueryValues: settings.keepQueryValues, redact });
    if (live) account.live.publish(record);
    if (store) account.records.write(record);
    if (issues) account.issues.offer(record, resolve);
  };
}
