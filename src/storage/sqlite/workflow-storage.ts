import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import { WORKFLOW_ATTEMPTS_KEPT, type WorkflowAttemptRow, type WorkflowEventRow, type WorkflowFence, type WorkflowInstanceChange, type WorkflowInstanceRow, type WorkflowStatus, type WorkflowStepRow, type WorkflowStoragePort } from '../ports.js';

const SCHEMA = `CREATE TABLE IF NOT EXISTS wf_instances (
  workflow TEXT NOT NULL,
  id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'waiting', 'paused', 'complete', 'errored', 'terminated')),
  pause_requested INTEGER NOT NULL DEFAULT 0,
  generation INTEGER NOT NULL DEFAULT 0,
  lease_until INTEGER,
  runs INTEGER NOT NULL DEFAULT 0,
  wake_at INTEGER,
  params BLOB NOT NULL,
  schedule TEXT,
  output BLOB,
  error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  ended_at INTEGER,
  PRIMARY KEY (workflow, id)
);
CREATE INDEX IF NOT EXISTS wf_instances_due ON wf_instances (workflow, status, wake_at);
CREATE INDEX IF NOT EXISTS wf_instances_recent ON wf_instances (workflow, created_at, id);
CREATE INDEX IF NOT EXISTS wf_instances_ended ON wf_instances (ended_at) WHERE ended_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS wf_steps (
  workflow TEXT NOT NULL,
  instance TEXT NOT NULL,
  key TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  value BLOB,
  error TEXT,
  size INTEGER NOT NULL DEFAULT 0,
  started_at INTEGER NOT NULL,
  ended_at INTEGER,
  wait_until INTEGER,
  event_type TEXT,
  PRIMARY KEY (workflow, instance, key)
);
CREATE TABLE IF NOT EXISTS wf_attempts (
  workflow TEXT NOT NULL,
  instance TEXT NOT NULL,
  key TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  ended_at INTEGER,
  error TEXT,
  PRIMARY KEY (workflow, instance, key, attempt)
);
CREATE TABLE IF NOT EXISTS wf_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  workflow TEXT NOT NULL,
  instance TEXT NOT NULL,
  type TEXT NOT NULL,
  payload BLOB NOT NULL,
  sent_at INTEGER NOT NULL,
  taken INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS wf_events_open ON wf_events (workflow, instance, type, seq) WHERE taken = 0;`;

interface InstanceRow {
  workflow: string; id: string; status: WorkflowStatus; pause_requested: number; generation: number; lease_until: number | null; runs: number;
  wake_at: number | null; params: Buffer; schedule: string | null; output: Buffer | null; error: string | null; created_at: number; updated_at: number; ended_at: number | null;
}
interface StepRow {
  key: string; name: string; type: WorkflowStepRow['type']; state: WorkflowStepRow['state']; attempts: number; value: Buffer | null; error: string | null;
  size: number; started_at: number; ended_at: number | null; wait_until: number | null; event_type: string | null;
}

const parseError = (text: string | null): { name: string; message: string } | null => (text === null ? null : JSON.parse(text) as { name: string; message: string });

function toInstance(row: InstanceRow): WorkflowInstanceRow {
  return {
    workflow: row.workflow, id: row.id, status: row.status, pauseRequested: row.pause_requested === 1, generation: row.generation, leaseUntil: row.lease_until,
    runs: row.runs, wakeAt: row.wake_at, params: row.params, schedule: row.schedule, output: row.output, error: parseError(row.error),
    createdAt: row.created_at, updatedAt: row.updated_at, endedAt: row.ended_at,
  };
}

function toStep(row: StepRow): WorkflowStepRow {
  return {
    key: row.key, name: row.name, type: row.type, state: row.state, attempts: row.attempts, value: row.value, error: parseError(row.error), size: row.size,
    startedAt: row.started_at, endedAt: row.ended_at, waitUntil: row.wait_until, eventType: row.event_type,
  };
}

const COLUMN: Record<keyof WorkflowInstanceChange, string> = {
  status: 'status', pauseRequested: 'pause_requested', generation: 'generation', leaseUntil: 'lease_until', runs: 'runs', wakeAt: 'wake_at', output: 'output', error: 'error', endedAt: 'ended_at',
};

/**
 * The workflow port on SQLite. Each state change is one transaction; fenced writes run in an IMMEDIATE
 * transaction that first reads the instance row with `WHERE generation = ? AND status = 'running'` and
 * changes nothing unless it is there.
 */
export function createSqliteWorkflowStorage(db: Database.Database): WorkflowStoragePort {
  db.exec(SCHEMA);
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const insert = db.prepare('INSERT INTO wf_instances (workflow, id, status, params, schedule, wake_at, created_at, updated_at) VALUES (?, ?, \'queued\', ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
  const exists = db.prepare('SELECT 1 FROM wf_instances WHERE workflow = ? AND id = ?');
  const getRow = db.prepare('SELECT * FROM wf_instances WHERE workflow = ? AND id = ?');
  // Read inside an IMMEDIATE transaction (the write lock is held from its start), so the check and the writes after it are one step.
  const fence = db.prepare('SELECT 1 FROM wf_instances WHERE workflow = ? AND id = ? AND generation = ? AND status = \'running\'');
  const stepRow = db.prepare('SELECT * FROM wf_steps WHERE workflow = ? AND instance = ? AND key = ?');
  const countSteps = db.prepare('SELECT count(*) AS n FROM wf_steps WHERE workflow = ? AND instance = ? AND type != \'sleep\'');
  const countSleeps = db.prepare('SELECT count(*) AS n FROM wf_steps WHERE workflow = ? AND instance = ? AND type = \'sleep\'');
  const upsertAttempt = db.prepare(`INSERT INTO wf_steps (workflow, instance, key, name, type, state, attempts, started_at) VALUES (?, ?, ?, ?, 'do', 'running', ?, ?)
    ON CONFLICT (workflow, instance, key) DO UPDATE SET state = 'running', attempts = excluded.attempts, wait_until = NULL`);
  // An attempt still open when a new one starts was cut off (the engine stopped under it).
  const closeOpenAttempts = db.prepare('UPDATE wf_attempts SET ended_at = ?, error = ? WHERE workflow = ? AND instance = ? AND key = ? AND ended_at IS NULL');
  const insertAttempt = db.prepare('INSERT OR REPLACE INTO wf_attempts (workflow, instance, key, attempt, started_at) VALUES (?, ?, ?, ?, ?)');
  const forgetOldAttempts = db.prepare('DELETE FROM wf_attempts WHERE workflow = ? AND instance = ? AND key = ? AND attempt <= ?');
  const endAttemptRow = db.prepare('UPDATE wf_attempts SET ended_at = ?, error = ? WHERE workflow = ? AND instance = ? AND key = ? AND attempt = ?');
  const stepDone = db.prepare('UPDATE wf_steps SET state = \'done\', value = ?, size = ?, error = NULL, ended_at = ?, wait_until = NULL WHERE workflow = ? AND instance = ? AND key = ?');
  const stepFailed = db.prepare('UPDATE wf_steps SET state = ?, error = ?, ended_at = ?, wait_until = ? WHERE workflow = ? AND instance = ? AND key = ?');
  const insertWait = db.prepare(`INSERT INTO wf_steps (workflow, instance, key, name, type, state, started_at, wait_until, event_type) VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?, ?)
    ON CONFLICT (workflow, instance, key) DO NOTHING`);
  const openEvent = db.prepare('SELECT seq, type, payload, sent_at FROM wf_events WHERE workflow = ? AND instance = ? AND type = ? AND taken = 0 ORDER BY seq LIMIT 1');
  const takeEvent = db.prepare('UPDATE wf_events SET taken = 1 WHERE seq = ? AND taken = 0');
  const insertEvent = db.prepare('INSERT INTO wf_events (workflow, instance, type, payload, sent_at) VALUES (?, ?, ?, ?, ?)');
  const wantsEvent = db.prepare('SELECT 1 FROM wf_steps WHERE workflow = ? AND instance = ? AND type = \'event\' AND state = \'waiting\' AND event_type = ? LIMIT 1');
  const wakeNow = db.prepare('UPDATE wf_instances SET wake_at = ?, updated_at = ? WHERE workflow = ? AND id = ? AND status = \'waiting\'');
  const pendingEvent = db.prepare(`SELECT 1 FROM wf_steps s JOIN wf_events e ON e.workflow = s.workflow AND e.instance = s.instance AND e.type = s.event_type AND e.taken = 0
    WHERE s.workflow = ? AND s.instance = ? AND s.type = 'event' AND s.state = 'waiting' LIMIT 1`);
  const pauseIfAsked = db.prepare(`UPDATE wf_instances SET status = 'paused', pause_requested = 0, generation = generation + 1, lease_until = NULL, wake_at = coalesce(wake_at, ?)
    WHERE workflow = ? AND id = ? AND generation = ? AND pause_requested = 1`);
  const suspendRow = db.prepare(`UPDATE wf_instances SET status = CASE WHEN pause_requested = 1 THEN 'paused' ELSE 'waiting' END, pause_requested = 0, lease_until = NULL, wake_at = ?, updated_at = ?
    WHERE workflow = ? AND id = ? AND generation = ? AND status = 'running'`);
  const running = db.prepare('SELECT count(*) AS n FROM wf_instances WHERE status = \'running\'');
  const due = db.prepare(`SELECT * FROM wf_instances WHERE workflow = ? AND ((status IN ('queued', 'waiting') AND wake_at <= ?) OR (status = 'running' AND lease_until <= ?))
    ORDER BY coalesce(wake_at, 0), created_at LIMIT ?`);
  const nextWake = db.prepare(`SELECT min(t) AS t FROM (SELECT min(wake_at) AS t FROM wf_instances WHERE workflow = ? AND status IN ('queued', 'waiting')
    UNION ALL SELECT min(lease_until) FROM wf_instances WHERE workflow = ? AND status = 'running')`);
  const deleteSteps = db.prepare('DELETE FROM wf_steps WHERE workflow = ? AND instance = ?');
  const deleteAttempts = db.prepare('DELETE FROM wf_attempts WHERE workflow = ? AND instance = ?');
  const deleteEvents = db.prepare('DELETE FROM wf_events WHERE workflow = ? AND instance = ?');
  const expired = db.prepare('SELECT workflow, id FROM wf_instances WHERE ended_at IS NOT NULL AND ended_at < ? LIMIT 1000');
  const deleteInstance = db.prepare('DELETE FROM wf_instances WHERE workflow = ? AND id = ?');

  const notify = (workflow: string) => events.emit(workflow);
  const fenced = <T>(f: WorkflowFence, body: () => T): T | 'stale' => {
    if (fence.get(f.workflow, f.id, f.generation) === undefined) return 'stale';
    return body();
  };
  const limitReached = (f: WorkflowFence, key: string, maxSteps: number) => stepRow.get(f.workflow, f.id, key) === undefined && (countSteps.get(f.workflow, f.id) as { n: number }).n >= maxSteps;

  const createTx = db.transaction((workflow: string, instances: { id: string; params: Uint8Array; schedule: string | null }[], now: number, ifAbsent: boolean): string[] => {
    if (!ifAbsent) {
      const taken = instances.filter((i) => exists.get(workflow, i.id) !== undefined).map((i) => i.id);
      if (taken.length) return taken;
    }
    for (const i of instances) insert.run(workflow, i.id, i.params, i.schedule, now, now, now);
    return [];
  });
  const casTx = db.transaction((expect: { workflow: string; id: string; status: WorkflowStatus; generation: number }, next: WorkflowInstanceChange, now: number, options: { maxRunning?: number; resetSteps?: boolean }): boolean => {
    if (options.maxRunning !== undefined && (running.get() as { n: number }).n >= options.maxRunning) return false;
    const sets: string[] = ['updated_at = ?'];
    const values: unknown[] = [now];
    for (const [field, value] of Object.entries(next) as [keyof WorkflowInstanceChange, unknown][]) {
      sets.push(`${COLUMN[field]} = ?`);
      values.push(field === 'pauseRequested' ? (value ? 1 : 0) : field === 'error' ? (value === null ? null : JSON.stringify(value)) : value);
    }
    const changed = db.prepare(`UPDATE wf_instances SET ${sets.join(', ')} WHERE workflow = ? AND id = ? AND status = ? AND generation = ?`)
      .run(...values, expect.workflow, expect.id, expect.status, expect.generation).changes === 1;
    if (changed && options.resetSteps) {
      deleteSteps.run(expect.workflow, expect.id);
      deleteAttempts.run(expect.workflow, expect.id);
      deleteEvents.run(expect.workflow, expect.id);
    }
    return changed;
  });
  const beginAttemptTx = db.transaction((f: WorkflowFence, step: { key: string; name: string }, attempt: number, now: number, maxSteps: number) => fenced(f, () => {
    if (limitReached(f, step.key, maxSteps)) return 'limit' as const;
    closeOpenAttempts.run(now, JSON.stringify({ name: 'Error', message: 'the attempt was cut off: the engine stopped under it, and the step runs again as a new attempt' }), f.workflow, f.id, step.key);
    upsertAttempt.run(f.workflow, f.id, step.key, step.name, attempt, now);
    insertAttempt.run(f.workflow, f.id, step.key, attempt, now);
    if (attempt > WORKFLOW_ATTEMPTS_KEPT) forgetOldAttempts.run(f.workflow, f.id, step.key, attempt - WORKFLOW_ATTEMPTS_KEPT);
    return 'ok' as const;
  }));
  const afterStep = (f: WorkflowFence, now: number): 'ok' | 'paused' => (pauseIfAsked.run(now, f.workflow, f.id, f.generation).changes === 1 ? 'paused' : 'ok');
  const endAttemptTx = db.transaction((f: WorkflowFence, key: string, attempt: number, now: number, outcome: { value: Uint8Array } | { error: { name: string; message: string }; retryAt: number | null }) => fenced(f, () => {
    if ('value' in outcome) {
      endAttemptRow.run(now, null, f.workflow, f.id, key, attempt);
      stepDone.run(outcome.value, outcome.value.byteLength, now, f.workflow, f.id, key);
    } else {
      const error = JSON.stringify(outcome.error);
      endAttemptRow.run(now, error, f.workflow, f.id, key, attempt);
      stepFailed.run(outcome.retryAt === null ? 'errored' : 'retrying', error, outcome.retryAt === null ? now : null, outcome.retryAt, f.workflow, f.id, key);
    }
    return afterStep(f, now);
  }));
  const beginWaitTx = db.transaction((f: WorkflowFence, step: { key: string; name: string; type: 'sleep' | 'event'; eventType: string | null; waitUntil: number }, now: number, maxSteps: number) => fenced(f, () => {
    if (step.type === 'event' && limitReached(f, step.key, maxSteps)) return 'limit' as const;
    // Sleeps do not count as steps, but each is a row kept for replay: unbounded, `for (;;) await step.sleep('nap', 0)`
    // recorded a thousand a second, and the instance's describe answer and every run's replay grew without end.
    if (step.type === 'sleep' && (countSleeps.get(f.workflow, f.id) as { n: number }).n >= maxSteps) return 'limit' as const;
    insertWait.run(f.workflow, f.id, step.key, step.name, step.type, now, step.waitUntil, step.eventType);
    return 'ok' as const;
  }));
  const endWaitTx = db.transaction((f: WorkflowFence, key: string, now: number, outcome: { value: Uint8Array; eventSeq?: number } | { error: { name: string; message: string } }) => fenced(f, () => {
    if ('value' in outcome) {
      if (outcome.eventSeq !== undefined && takeEvent.run(outcome.eventSeq).changes !== 1) throw new Error(`event ${outcome.eventSeq} was already taken`);
      stepDone.run(outcome.value, outcome.value.byteLength, now, f.workflow, f.id, key);
    } else {
      stepFailed.run('errored', JSON.stringify(outcome.error), now, null, f.workflow, f.id, key);
    }
    return afterStep(f, now);
  }));
  const suspendTx = db.transaction((f: WorkflowFence, wakeAt: number, now: number): boolean => {
    const wake = pendingEvent.get(f.workflow, f.id) !== undefined ? now : wakeAt;
    return suspendRow.run(wake, now, f.workflow, f.id, f.generation).changes === 1;
  });
  const sendEventTx = db.transaction((workflow: string, id: string, type: string, payload: Uint8Array, now: number): 'ok' | 'missing' | 'ended' => {
    const row = getRow.get(workflow, id) as InstanceRow | undefined;
    if (!row) return 'missing';
    if (row.status === 'complete' || row.status === 'errored' || row.status === 'terminated') return 'ended';
    insertEvent.run(workflow, id, type, payload, now);
    if (wantsEvent.get(workflow, id, type) !== undefined) wakeNow.run(now, now, workflow, id);
    return 'ok';
  });
  const sweepTx = db.transaction((before: number): number => {
    const rows = expired.all(before) as { workflow: string; id: string }[];
    for (const { workflow, id } of rows) {
      deleteSteps.run(workflow, id);
      deleteAttempts.run(workflow, id);
      deleteEvents.run(workflow, id);
      deleteInstance.run(workflow, id);
    }
    return rows.length;
  });

  return {
    async create(workflow, instances, now, options = {}) {
      const taken = createTx.immediate(workflow, instances, now, options.ifAbsent === true);
      if (!taken.length) notify(workflow);
      return taken;
    },
    async get(workflow, id) {
      const row = getRow.get(workflow, id) as InstanceRow | undefined;
      return row ? toInstance(row) : null;
    },
    async list(workflow, options) {
      const where = ['workflow = ?'];
      const params: unknown[] = [workflow];
      if (options.status) { where.push('status = ?'); params.push(options.status); }
      if (options.before) { where.push('(created_at, id) < (?, ?)'); params.push(options.before.createdAt, options.before.id); }
      const rows = db.prepare(`SELECT * FROM wf_instances WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ?`).all(...params, options.limit) as InstanceRow[];
      return rows.map(toInstance);
    },
    async workflows() {
      const rows = db.prepare('SELECT workflow, status, count(*) AS n FROM wf_instances GROUP BY workflow, status ORDER BY workflow').all() as { workflow: string; status: WorkflowStatus; n: number }[];
      const out = new Map<string, Partial<Record<WorkflowStatus, number>>>();
      for (const row of rows) out.set(row.workflow, { ...out.get(row.workflow), [row.status]: row.n });
      return [...out].map(([workflow, counts]) => ({ workflow, counts }));
    },
    async steps(workflow, id) {
      const steps = (db.prepare('SELECT * FROM wf_steps WHERE workflow = ? AND instance = ? ORDER BY started_at, rowid').all(workflow, id) as StepRow[]).map(toStep);
      const attempts = (db.prepare('SELECT key, attempt, started_at, ended_at, error FROM wf_attempts WHERE workflow = ? AND instance = ? ORDER BY started_at, attempt').all(workflow, id) as { key: string; attempt: number; started_at: number; ended_at: number | null; error: string | null }[])
        .map((a): WorkflowAttemptRow => ({ key: a.key, attempt: a.attempt, startedAt: a.started_at, endedAt: a.ended_at, error: parseError(a.error) }));
      return { steps, attempts };
    },
    async step(workflow, id, key) {
      const row = stepRow.get(workflow, id, key) as StepRow | undefined;
      return row ? toStep(row) : null;
    },
    async stepCount(workflow, id) {
      return (countSteps.get(workflow, id) as { n: number }).n;
    },
    async due(workflow, now, leaseBefore, limit) {
      return (due.all(workflow, now, leaseBefore, limit) as InstanceRow[]).map(toInstance);
    },
    async nextWake(workflow) {
      return (nextWake.get(workflow, workflow) as { t: number | null }).t;
    },
    async cas(expect, next, now, options = {}) {
      const changed = casTx.immediate(expect, next, now, options);
      if (changed && (next.status === 'queued' || next.status === 'waiting')) notify(expect.workflow);
      return changed;
    },
    async renew(f, until) {
      return db.prepare('UPDATE wf_instances SET lease_until = ? WHERE workflow = ? AND id = ? AND generation = ? AND status = \'running\'').run(until, f.workflow, f.id, f.generation).changes === 1;
    },
    async beginAttempt(f, step, attempt, now, maxSteps) { return beginAttemptTx.immediate(f, step, attempt, now, maxSteps); },
    async endAttempt(f, key, attempt, now, outcome) { return endAttemptTx.immediate(f, key, attempt, now, outcome); },
    async beginWait(f, step, now, maxSteps) { return beginWaitTx.immediate(f, step, now, maxSteps); },
    async nextEvent(workflow, id, type) {
      const row = openEvent.get(workflow, id, type) as { seq: number; type: string; payload: Buffer; sent_at: number } | undefined;
      return row ? ({ seq: row.seq, type: row.type, payload: row.payload, sentAt: row.sent_at } satisfies WorkflowEventRow) : null;
    },
    async endWait(f, key, now, outcome) { return endWaitTx.immediate(f, key, now, outcome); },
    async suspend(f, wakeAt, now) {
      const changed = suspendTx.immediate(f, wakeAt, now);
      if (changed) notify(f.workflow);
      return changed;
    },
    async sendEvent(workflow, id, type, payload, now) {
      const result = sendEventTx.immediate(workflow, id, type, payload, now);
      if (result === 'ok') notify(workflow);
      return result;
    },
    async sweep(before) { return sweepTx(before); },
    watch(workflow, listener) {
      events.on(workflow, listener);
      return () => events.off(workflow, listener);
    },
  };
}
