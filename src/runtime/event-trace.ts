import type { ErrorCode } from '../platform/errors.js';
import type { SerializedError } from './protocol.js';

/**
 * What started an event. `workflow` is one run of a workflow instance (the steps it executes until it ends or
 * suspends); `alarm` is a coordination object's alarm and `object` a fetch or RPC call an object served; `rpc` is a
 * method call through a service binding (a service binding's fetch is a `fetch`); see tracedEvent in src/runtime/isolate.ts.
 */
export type EventKind = 'fetch' | 'scheduled' | 'queue' | 'workflow' | 'alarm' | 'object' | 'rpc';

/** One `console.*` line of an event, as the isolate sent it. */
export interface EventLogLine {
  time: number;
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
}

/**
 * What the host saw of one event, from its start to its end: handed to the version's observer once the
 * event is over (src/observability turns it into an invocation record). Only collected when the version
 * has an observer, so a deployment without one pays nothing per event.
 */
export interface EventTrace {
  kind: EventKind;
  requestId?: string;
  method?: string;
  url?: string;
  /** The cron expression of a scheduled event, the queue of a batch. */
  trigger?: string;
  /** The status of the application's response head, when it sent one. */
  status?: number;
  /** How the platform ended the event, when it did: a limit, a crash, a failed handler. */
  failure?: ErrorCode;
  /** The exception that ended the handler (or its response stream), as it crossed the thread. */
  exception?: SerializedError;
  /** The client went away before the event finished. */
  canceled: boolean;
  startedAt: number;
  endedAt: number;
  cpuMs: number;
  subrequests: number;
  logs: EventLogLine[];
  /** Lines past MAX_EVENT_LOG_LINES, counted and not kept. */
  droppedLogs: number;
}

/** Called once per event when it ends. */
export type EventObserver = (trace: EventTrace) => void;

/** Most console lines kept per event; more are counted (a loop that logs must not grow the host's memory). */
export const MAX_EVENT_LOG_LINES = 200;

/** A trace for an event starting now. */
export function startTrace(kind: EventKind, fields: Pick<EventTrace, 'requestId' | 'method' | 'url' | 'trigger'>): EventTrace {
  const trace: EventTrace = { kind, canceled: false, startedAt: Date.now(), endedAt: 0, cpuMs: 0, subrequests: 0, logs: [], droppedLogs: 0 };
  if (fields.requestId !== undefined) trace.requestId = fields.requestId;
  if (fields.method !== undefined) trace.method = fields.method;
  if (fields.url !== undefined) trace.url = fields.url;
  if (fields.trigger !== undefined) trace.trigger = fields.trigger;
  return trace;
}

/** Adds a console line to the trace, or counts it once the trace holds MAX_EVENT_LOG_LINES. */
export function traceLine(trace: EventTrace, level: EventLogLine['level'], message: string): void {
  if (trace.logs.length < MAX_EVENT_LOG_LINES) trace.logs.push({ time: Date.now(), level, message });
  else trace.droppedLogs++;
}
