import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { IssueStoragePort, OccurrenceRecord, OccurrenceResult } from '../storage/observability.js';
import { createBatcher } from './batcher.js';
import { groupError, groupRoute, type Grouping } from './fingerprint.js';
import type { InvocationRecord } from './record.js';
import type { ResolvedStack } from './stack.js';

/** How long occurrence details are kept; issues themselves stay listed. @default 7 days */
export const OCCURRENCE_RETENTION_MS = 7 * 24 * 3600 * 1000;
/** Most occurrences kept per issue (the most recent). @default 20 */
export const OCCURRENCES_PER_ISSUE = 20;
/** How long after a failed read of a deployment's issues switch it is read again (until then it counts as off). */
export const SWITCH_RETRY_MS = 10_000;
/** Problems waiting to be grouped; past it new ones are counted and dropped (an error storm must not grow memory). */
const MAX_QUEUED = 5_000;

/** Options of an account's issue tracker. */
export interface IssueTrackerOptions {
  store: () => IssueStoragePort;
  clock: Clock;
  logger: Logger;
  /** @default 250 */
  flushMs?: number;
  occurrenceRetentionMs?: number;
  /** Told of every occurrence once it is stored (notifications). */
  onOccurrence?(result: OccurrenceResult, occurrence: OccurrenceRecord): void;
}

/** Groups the problems of new traffic into issues (SPEC: Events 3), off the event's path. */
export interface IssueTracker {
  /** Whether the deployment's switch is on (read from the store once, then kept). */
  enabled(deployment: string): boolean;
  /** Sets the switch through the API: a later deploy without the key leaves it so. */
  setSwitch(deployment: string, enabled: boolean): void;
  /**
   * A version became current: a configuration that sets `observability.issues.enabled` sets the switch, once
   * per version (`versionId` null: every time, as `ledge dev` does); one without the key leaves it alone.
   */
  applyDeployed(deployment: string, versionId: string | null, value: boolean | undefined): void;
  /** Queues a record if it shows a problem (an exception, a failed invocation, a 5xx, an error-level log). */
  offer(record: InvocationRecord, resolve: (stack: string) => ResolvedStack): void;
  flush(): void;
  readonly dropped: number;
}

/**
 * True when a record shows something the issues feature groups. An exception that came back from a call to
 * another deployment or object (`error.remote`) is the callee's issue, recorded by the callee's own event: the
 * caller that let it through (and the 500 that followed) is the same occurrence, not a second one.
 */
export function isProblem(record: InvocationRecord): boolean {
  if (record.logs.some((l) => l.level === 'error')) return true;
  if (record.error?.remote === true && record.outcome === 'exception') return false;
  return (record.outcome !== 'ok' && record.outcome !== 'canceled') || (record.status ?? 0) >= 500;
}

/** Creates the tracker of one account. */
export function createIssueTracker(options: IssueTrackerOptions): IssueTracker {
  const retentionMs = options.occurrenceRetentionMs ?? OCCURRENCE_RETENTION_MS;
  const switches = new Map<string, boolean>();
  /** When each deployment's switch last failed to be read (it is read again after SWITCH_RETRY_MS). */
  const unreadable = new Map<string, number>();
  let lastPrune = 0;
  const batcher = createBatcher<{ record: InvocationRecord; resolve: (stack: string) => ResolvedStack }>({
    flushMs: options.flushMs ?? 250,
    maxQueued: MAX_QUEUED,
    write(batch) {
      const store = options.store();
      for (const { record, resolve } of batch) {
        const { grouping, occurrence } = toOccurrence(record, resolve);
        const result = store.record({ deployment: record.deployment, fingerprint: grouping.fingerprint, rule: grouping.rule, type: grouping.type, message: occurrence.message, culprit: grouping.culprit, occurrence }, OCCURRENCES_PER_ISSUE);
        options.onOccurrence?.(result, { ...occurrence, id: '', issue_id: result.issue.id });
      }
      const now = options.clock.now();
      if (now - lastPrune > 3600_000) {
        lastPrune = now;
        store.pruneOccurrences(now - retentionMs);
      }
    },
    onError(err, items) {
      options.logger.error(`issues could not be recorded (${items} occurrences dropped): ${err.message}`);
    },
  });

  const tracker: IssueTracker = {
    enabled(deployment) {
      const on = switches.get(deployment);
      if (on !== undefined) return on;
      const failed = unreadable.get(deployment);
      if (failed !== undefined && options.clock.now() - failed < SWITCH_RETRY_MS) return false;
      try {
        const read = options.store().getSwitch(deployment)?.enabled ?? false;
        switches.set(deployment, read);
        unreadable.delete(deployment);
        return read;
      } catch (err) {
        // Not kept as "off": a store that failed once (damaged, locked, being restored) is read again a little later,
        // instead of the deployment's problems going ungrouped, without a word, for the rest of the process.
        if (failed === undefined) options.logger.error(`the issues switch of ${deployment} could not be read (${(err as Error).message}); its problems are not grouped until it can be (tried again every ${SWITCH_RETRY_MS / 1000} s)`);
        unreadable.set(deployment, options.clock.now());
        return false;
      }
    },
    setSwitch(deployment, enabled) {
      const store = options.store();
      store.setSwitch(deployment, enabled, store.getSwitch(deployment)?.applied_version ?? null, options.clock.now());
      switches.set(deployment, enabled);
    },
    applyDeployed(deployment, versionId, value) {
      if (value === undefined) return;
      const store = options.store();
      const current = store.getSwitch(deployment);
      if (versionId !== null && current?.applied_version === versionId) return;
      store.setSwitch(deployment, value, versionId, options.clock.now());
      switches.set(deployment, value);
    },
    offer(record, resolve) {
      if (isProblem(record)) batcher.add({ record, resolve });
    },
    flush: batcher.flush,
    get dropped() { return batcher.dropped; },
  };
  return tracker;
}

/** The grouping and the stored detail of one problem: its exception first, else its first error-level line, else its route and status. */
function toOccurrence(record: InvocationRecord, resolve: (stack: string) => ResolvedStack): { grouping: Grouping; occurrence: Omit<OccurrenceRecord, 'id' | 'issue_id'> } {
  let grouping: Grouping;
  let stack: string | undefined;
  let message: string;
  const errorLine = record.logs.find((l) => l.level === 'error');
  if (record.error) {
    const resolved = resolve(record.error.stack ?? `${record.error.name}: ${record.error.message}`);
    grouping = groupError(record.error.name, record.error.message, resolved.frames);
    stack = resolved.text;
    message = record.error.message;
  } else if (errorLine) {
    const resolved = resolve(errorLine.message);
    const head = /^([A-Z][A-Za-z]*Error|Error): (.*)$/.exec(errorLine.message.split('\n')[0] ?? '');
    message = head ? (head[2] as string) : (errorLine.message.split('\n')[0] ?? '');
    grouping = groupError(head ? (head[1] as string) : 'console.error', message, resolved.frames);
    if (resolved.frames.length) stack = resolved.text;
  } else {
    grouping = groupRoute(record.method ?? record.kind, record.url ?? record.trigger ?? '', record.status, record.outcome);
    message = record.status !== undefined ? `${record.method ?? ''} ${record.url ?? ''} answered ${record.status} (${record.outcome})`.trim() : `${record.kind} ${record.trigger ?? ''} ended with ${record.outcome}`;
  }
  const occurrence: Omit<OccurrenceRecord, 'id' | 'issue_id'> = { time: record.time, version: record.version, outcome: record.outcome, message, logs: record.logs };
  if (stack !== undefined) occurrence.stack = stack;
  if (record.request_id !== undefined) occurrence.request_id = record.request_id;
  if (record.method !== undefined) occurrence.method = record.method;
  if (record.url !== undefined) occurrence.url = record.url;
  if (record.status !== undefined) occurrence.status = record.status;
  return { grouping, occurrence };
}
