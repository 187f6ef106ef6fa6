import { ERROR_CODES, type ErrorCode } from '../platform/errors.js';
import type { EventKind, EventLogLine, EventTrace } from '../runtime/event-trace.js';
import type { Redactor } from './redact.js';

/** How an event ended (docs/observability.md). */
export type Outcome = 'ok' | 'exception' | 'exceeded_cpu' | 'exceeded_memory' | 'exceeded_wall_time' | 'canceled' | 'unknown';

/** Every outcome, for filters and their validation. */
export const OUTCOMES: readonly Outcome[] = ['ok', 'exception', 'exceeded_cpu', 'exceeded_memory', 'exceeded_wall_time', 'canceled', 'unknown'];

/** An error as it is recorded: its stack already scrubbed of secret values. */
export interface RecordedError {
  name: string;
  message: string;
  stack?: string;
  /** Thrown by another deployment or object this event called (`err.remote`): the issue is the callee's. */
  remote?: true;
}

/** One structured record per event: the invocation log (SPEC: Errors, the diagnostic table; issue 17, item 1). */
export interface InvocationRecord {
  /** Unique id of the record. */
  id: string;
  /** When the event started (epoch ms). */
  time: number;
  deployment: string;
  /** The version that ran it (its id under `ledge serve`, its reload number under `ledge dev`). */
  version: string;
  kind: EventKind;
  request_id?: string;
  method?: string;
  /** The URL, query values replaced by `REDACTED` unless the deployment opted in (`observability.logs.keep_query_values`). */
  url?: string;
  /** The cron expression of a scheduled event, the queue of a batch. */
  trigger?: string;
  status?: number;
  outcome: Outcome;
  /** Who made the response: the application, or the platform (a limit, a crash, an error page). */
  origin?: 'application' | 'platform' | 'upstream';
  cpu_ms: number;
  wall_ms: number;
  subrequests: number;
  logs: EventLogLine[];
  /** Console lines past the per-event cap, counted and not kept. */
  dropped_logs?: number;
  error?: RecordedError;
}

/** Longest console line kept, in characters; a longer one is cut and marked. */
export const MAX_LINE_CHARS = 4096;
/** Longest stack kept, in characters. */
const MAX_STACK_CHARS = 16_384;

/** What the record needs beside the trace. */
export interface RecordContext {
  id: string;
  deployment: string;
  version: string;
  keepQueryValues: boolean;
  redact: Redactor;
}

/** Turns what the host saw of an event into its record: query values dropped, secret values scrubbed, sizes bounded. */
export function toRecord(trace: EventTrace, context: RecordContext): InvocationRecord {
  const { redact } = context;
  const record: InvocationRecord = {
    id: context.id,
    time: trace.startedAt,
    deployment: context.deployment,
    version: context.version,
    kind: trace.kind,
    outcome: outcomeOf(trace),
    cpu_ms: Math.round(trace.cpuMs * 100) / 100,
    wall_ms: Math.max(0, trace.endedAt - trace.startedAt),
    subrequests: trace.subrequests,
    logs: trace.logs.map((line) => ({ time: line.time, level: line.level, message: clip(redact(line.message), MAX_LINE_CHARS) })),
  };
  if (trace.requestId !== undefined) record.request_id = trace.requestId;
  if (trace.method !== undefined) record.method = trace.method;
  if (trace.url !== undefined) record.url = redact(context.keepQueryValues ? trace.url : withoutQueryValues(trace.url));
  if (trace.trigger !== undefined) record.trigger = trace.trigger;
  const status = trace.status ?? (trace.failure && trace.kind === 'fetch' ? ERROR_CODES[trace.failure].status : undefined);
  if (status !== undefined) record.status = status;
  if (trace.kind === 'fetch') record.origin = trace.status !== undefined ? 'application' : 'platform';
  if (trace.droppedLogs > 0) record.dropped_logs = trace.droppedLogs;
  if (trace.exception) {
    const { name, message, stack } = trace.exception;
    // The fields crossed from the isolate (a sandbox under ledge serve): only strings are taken as text.
    record.error = { name: String(name), message: clip(redact(String(message)), MAX_LINE_CHARS) };
    if (typeof stack === 'string') record.error.stack = clip(redact(stack), MAX_STACK_CHARS);
    if (trace.exception.remote === true) record.error.remote = true;
  }
  return record;
}

const LIMIT_OUTCOMES: Partial<Record<ErrorCode, Outcome>> = {
  exceeded_cpu: 'exceeded_cpu',
  exceeded_memory: 'exceeded_memory',
  exceeded_wall_time: 'exceeded_wall_time',
  internal_error: 'exception',
  invalid_response: 'exception',
  no_fetch_handler: 'exception',
  too_many_subrequests: 'exception',
};

function outcomeOf(trace: EventTrace): Outcome {
  if (trace.failure) return LIMIT_OUTCOMES[trace.failure] ?? 'unknown';
  if (trace.exception) return 'exception';
  if (trace.canceled) return 'canceled';
  return 'ok';
}

/** The URL with every query value replaced (names kept: they say which parameters a request used). */
export function withoutQueryValues(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  if (query === '') return url.slice(0, hash < 0 ? undefined : hash);
  const names = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    return eq < 0 ? pair : `${pair.slice(0, eq)}=REDACTED`;
  });
  return `${url.slice(0, q)}?${names.join('&')}`;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} characters cut]`;
}
