import { deserialize } from 'node:v8';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { WorkflowInstanceRow, WorkflowStatus, WorkflowStoragePort } from '../../storage/ports.js';
import { engineFor } from './engine.js';

/** Workflow operations for people (the CLI and the account API): the same engine the bindings use. */
export function createWorkflowAdmin(storage: WorkflowStoragePort, clock: Clock, logger: Logger) {
  const engine = engineFor(storage, clock, logger);
  const time = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const value = (bytes: Uint8Array | null) => (bytes === null ? undefined : deserialize(bytes) as unknown);
  const summary = (row: WorkflowInstanceRow) => ({
    id: row.id,
    status: row.status === 'running' && row.pauseRequested ? 'waitingForPause' : row.status,
    created_on: time(row.createdAt),
    ended_on: time(row.endedAt),
    ...(row.error ? { error: row.error } : {}),
  });
  return {
    /** Every workflow with instances in the store, with how many in each status. */
    async list(): Promise<{ name: string; instances: Partial<Record<WorkflowStatus, number>> }[]> {
      return (await storage.workflows()).map((w) => ({ name: w.workflow, instances: w.counts }));
    },
    /** A workflow's instances, newest first. */
    async instances(workflow: string, options: { limit: number; status?: WorkflowStatus }) {
      return (await storage.list(workflow, options)).map(summary);
    },
    /** One instance with its params, output, every step with its attempts, timings and result size, and the current wait. */
    async describe(workflow: string, id: string) {
      const row = await engine.get(workflow, id);
      const { steps, attempts } = await storage.steps(workflow, id);
      const now = clock.now();
      const waiting = steps.filter((s) => s.state === 'waiting' || s.state === 'retrying');
      return {
        ...summary(row),
        params: value(row.params),
        ...(row.output ? { output: value(row.output) } : {}),
        ...(row.schedule ? { schedule: JSON.parse(row.schedule) as unknown } : {}),
        wake_on: time(row.status === 'waiting' || row.status === 'queued' ? row.wakeAt : null),
        waiting_for: waiting.map((s) => ({
          step: s.name, type: s.type === 'do' ? 'retry' : s.type === 'event' ? 'event' : 'sleep', until: time(s.waitUntil),
          ...(s.eventType ? { event_type: s.eventType } : {}),
        })),
        steps: steps.map((s) => ({
          name: s.name, type: s.type, state: s.state, started_on: time(s.startedAt), ended_on: time(s.endedAt),
          duration_ms: (s.endedAt ?? now) - s.startedAt, result_bytes: s.size,
          ...(s.error ? { error: { name: s.error.name, message: s.error.message } } : {}),
          ...(s.type === 'do' ? {
            attempts: attempts.filter((a) => a.key === s.key).map((a) => ({
              attempt: a.attempt, started_on: time(a.startedAt), ended_on: time(a.endedAt), duration_ms: a.endedAt === null ? null : a.endedAt - a.startedAt,
              ...(a.error ? { error: a.error } : {}),
            })),
          } : {}),
          ...(s.waitUntil !== null && s.state !== 'done' && s.state !== 'errored' ? { until: time(s.waitUntil) } : {}),
        })),
      };
    },
    /** Starts an instance now (`trigger`); returns its id. */
    async trigger(workflow: string, options: { id?: string; params?: unknown }): Promise<string> {
      const [id] = await engine.create(workflow, [options]);
      return id as string;
    },
    control: (workflow: string, id: string, op: 'pause' | 'resume' | 'terminate' | 'restart') => engine.control(workflow, id, op),
    sendEvent: (workflow: string, id: string, type: string, payload: unknown) => engine.sendEvent(workflow, id, { type, payload }),
  };
}

/** The workflow operations of one store. */
export type WorkflowAdmin = ReturnType<typeof createWorkflowAdmin>;

export type { WorkflowStatus } from '../../storage/ports.js';
