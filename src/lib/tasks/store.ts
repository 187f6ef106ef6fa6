import { DEFAULT_BUDGET, TaskTransitionError, isTaskTransitionError, transition, type RetryBudget, type Task, type TaskState, type TaskTrigger } from './model.js';
import { TASKS_SCHEMA_SQL } from './schema.js';

/** The part of the SQL database binding the store uses (any D1-shaped binding works). */
export interface SqlLike {
  prepare(sql: string): SqlStatementLike;
  batch(statements: SqlStatementLike[]): Promise<{ meta: { changes: number } }[]>;
  exec(sql: string): Promise<unknown>;
}
interface SqlStatementLike {
  bind(...values: unknown[]): SqlStatementLike;
  first(): Promise<unknown>;
  all(): Promise<{ results: unknown[] }>;
  run(): Promise<{ meta: { changes: number } }>;
}

/** A stored task with its payload and result. */
export interface TaskRecord extends Task {
  kind: string;
  windowKey: string | null;
  payload: unknown;
  result: unknown;
}

/** What a successful claim hands the executor: the generation every later commit must present. */
export interface Claim {
  id: string;
  generation: number;
  leaseUntil: number;
  attempt: number;
  payload: unknown;
}

/** A message written in the same transaction as a task change, for the outbox relay to publish. */
export interface OutboxMessage {
  topic: string;
  payload: unknown;
}

/** One unsent outbox record. */
export interface OutboxRecord extends OutboxMessage {
  seq: number;
  taskId: string;
  generation: number;
}

interface Row {
  id: string; kind: string; state: TaskState; generation: number; attempts: number; lease_until: number | null; not_before: number | null;
  window_key: string | null; payload: string | null; result: string | null;
}

function fromRow(row: Row): TaskRecord {
  return {
    id: row.id, kind: row.kind, state: row.state, generation: row.generation, attempts: row.attempts, leaseUntil: row.lease_until,
    notBefore: row.not_before, windowKey: row.window_key, payload: row.payload === null ? null : JSON.parse(row.payload) as unknown,
    result: row.result === null ? null : JSON.parse(row.result) as unknown,
  };
}

/**
 * Tasks over a SQL database binding. Every change is a compare-and-set on (state, generation): a claim
 * issues a new generation, and a commit carrying an older one is refused (SPEC: Task state, rule 1). Outbox
 * messages are written in the same transaction as the change they belong to, and only if it happened.
 */
export function createTaskStore(db: SqlLike, options: { budget?: RetryBudget; now?: () => number } = {}) {
  const budget = options.budget ?? DEFAULT_BUDGET;
  const now = options.now ?? (() => Date.now());
  let ready: Promise<unknown> | undefined;
  const schema = () => (ready ??= db.exec(TASKS_SCHEMA_SQL.replace(/\n\s*/g, ' ').replace(/; /g, ';\n')).catch((err: unknown) => {
    ready = undefined; // a failed setup is tried again by the next call
    throw err;
  }));

  async function load(id: string): Promise<TaskRecord> {
    await schema();
    const row = (await db.prepare('SELECT * FROM tasks WHERE id = ?').bind(id).first()) as Row | null;
    if (!row) throw new TaskTransitionError('wrong_state', `task ${id} does not exist`);
    return fromRow(row);
  }

  function outboxInserts(task: Task, generation: number, messages: OutboxMessage[]): SqlStatementLike[] {
    // changes() is the previous statement's row count: the message is written only if the change happened.
    return messages.map((m) => db.prepare('INSERT INTO task_outbox (task_id, generation, topic, payload, created_at) SELECT ?, ?, ?, ?, ? WHERE changes() = 1')
      .bind(task.id, generation, m.topic, JSON.stringify(m.payload ?? null), now()));
  }

  /** Loads, applies the model's transition, and writes it only if nobody changed the task meanwhile. */
  async function apply(id: string, trigger: (task: Task) => TaskTrigger, extra: { result?: unknown; outbox?: OutboxMessage[] } = {}): Promise<TaskRecord> {
    for (;;) {
      const current = await load(id);
      const next = transition(current, trigger(current), budget);
      const update = db.prepare(`UPDATE tasks SET state = ?, generation = ?, attempts = ?, lease_until = ?, not_before = ?, updated_at = ?${extra.result !== undefined ? ', result = ?' : ''}
        WHERE id = ? AND state = ? AND generation = ?`)
        .bind(...[next.state, next.generation, next.attempts, next.leaseUntil, next.notBefore, now(), ...(extra.result !== undefined ? [JSON.stringify(extra.result)] : []), id, current.state, current.generation]);
      const [result] = await db.batch([update, ...outboxInserts(next, next.generation, extra.outbox ?? [])]);
      if (result?.meta.changes === 1) return { ...current, ...next, ...(extra.result !== undefined ? { result: extra.result } : {}) };
      // Someone else moved the task between the read and the write: decide again on what is there now.
    }
  }

  /** Claims one task (one atomic step from pending or retryable to running, with a new generation and a lease). */
  async function claim(id: string, leaseMs: number): Promise<Claim> {
    const task = await apply(id, () => ({ type: 'claim', now: now(), leaseMs }));
    return { id, generation: task.generation, leaseUntil: task.leaseUntil as number, attempt: task.attempts, payload: task.payload };
  }

  return {
    /** Creates a pending task. With `windowKey`, the same window never yields two tasks: the existing one is returned. */
    async create(input: { id?: string; kind: string; payload?: unknown; windowKey?: string; outbox?: OutboxMessage[] }): Promise<TaskRecord> {
      await schema();
      const id = input.id ?? crypto.randomUUID();
      const at = now();
      const insert = db.prepare('INSERT INTO tasks (id, kind, state, window_key, payload, created_at, updated_at) VALUES (?, ?, \'pending\', ?, ?, ?, ?) ON CONFLICT DO NOTHING')
        .bind(id, input.kind, input.windowKey ?? null, JSON.stringify(input.payload ?? null), at, at);
      await db.batch([insert, ...outboxInserts({ id } as Task, 0, input.outbox ?? [])]);
      const row = (input.windowKey !== undefined
        ? await db.prepare('SELECT * FROM tasks WHERE kind = ? AND window_key = ?').bind(input.kind, input.windowKey).first()
        : await db.prepare('SELECT * FROM tasks WHERE id = ?').bind(id).first()) as Row | null;
      if (!row || (input.windowKey === undefined && (row.kind !== input.kind || row.window_key !== null))) {
        throw new TaskTransitionError('wrong_state', `task id ${id} is already used${row ? ` by a ${row.kind} task` : ' by a task of another window'}`);
      }
      return fromRow(row);
    },
    get: load,
    claim,
    /** Claims the oldest claimable task of `kind`, or returns null. Competing claimers never get the same attempt. */
    async claimNext(kind: string, leaseMs: number): Promise<Claim | null> {
      await schema();
      const candidates = (await db.prepare(`SELECT id FROM tasks WHERE kind = ? AND state IN ('pending', 'retryable') AND (not_before IS NULL OR not_before <= ?)
        AND attempts < ? ORDER BY created_at, id LIMIT 20`).bind(kind, now(), budget.maxAttempts).all()).results as { id: string }[];
      for (const { id } of candidates) {
        try {
          return await claim(id, leaseMs);
        } catch (err) {
          if (!isTaskTransitionError(err)) throw err;
        }
      }
      return null;
    },
    /**
     * Recovers the running tasks of `kind` whose lease expired (their executors crashed or stalled): retryable
     * if the work is idempotent, uncertain if not (SPEC: Task state, rule 2). Returns the ids.
     */
    async recoverExpired(kind: string, idempotent: boolean): Promise<string[]> {
      await schema();
      const expired = (await db.prepare("SELECT id FROM tasks WHERE kind = ? AND state = 'running' AND lease_until <= ?").bind(kind, now()).all()).results as { id: string }[];
      const recovered: string[] = [];
      for (const { id } of expired) {
        try {
          await apply(id, () => ({ type: 'recover', now: now(), idempotent }));
          recovered.push(id);
        } catch (err) {
          if (!isTaskTransitionError(err)) throw err;
        }
      }
      return recovered;
    },
    /** Commits the result: refused unless `generation` still owns the running task. */
    complete(id: string, generation: number, options: { result?: unknown; outbox?: OutboxMessage[] } = {}): Promise<TaskRecord> {
      return apply(id, () => ({ type: 'complete', generation }), { result: options.result ?? null, outbox: options.outbox ?? [] });
    },
    /** A known failure that a retry does not make worse: back off within the budget. */
    fail(id: string, generation: number): Promise<TaskRecord> {
      return apply(id, () => ({ type: 'fail', generation, now: now(), retryable: true }));
    },
    /** A non-idempotent external call timed out and cannot be queried: the task becomes uncertain and is not retried. */
    outcomeUnknown(id: string, generation: number): Promise<TaskRecord> {
      return apply(id, () => ({ type: 'outcome_unknown', generation }));
    },
    /** After the lease expired: retryable if the work is idempotent, uncertain if not. The old executor can no longer commit. */
    recover(id: string, idempotent: boolean): Promise<TaskRecord> {
      return apply(id, () => ({ type: 'recover', now: now(), idempotent }));
    },
    /** Resolves an uncertain task after checking what really happened outside. */
    reconcile(id: string, outcome: 'done' | 'retryable' | 'cancelled', options: { outbox?: OutboxMessage[] } = {}): Promise<TaskRecord> {
      return apply(id, () => ({ type: 'reconcile', outcome, now: now() }), { outbox: options.outbox ?? [] });
    },
    /** Cancels a task that has not ended; a running executor's later commit is refused. */
    cancel(id: string): Promise<TaskRecord> {
      return apply(id, () => ({ type: 'cancel' }));
    },
    /** Unsent outbox records in order, for the relay. */
    async unsentOutbox(limit = 100): Promise<OutboxRecord[]> {
      await schema();
      const rows = (await db.prepare('SELECT seq, task_id, generation, topic, payload FROM task_outbox WHERE sent_at IS NULL ORDER BY seq LIMIT ?').bind(limit).all()).results as { seq: number; task_id: string; generation: number; topic: string; payload: string }[];
      return rows.map((r) => ({ seq: r.seq, taskId: r.task_id, generation: r.generation, topic: r.topic, payload: JSON.parse(r.payload) as unknown }));
    },
    async markSent(seq: number): Promise<void> {
      await db.prepare('UPDATE task_outbox SET sent_at = ? WHERE seq = ? AND sent_at IS NULL').bind(now(), seq).run();
    },
  };
}

/** A task store. */
export type TaskStore = ReturnType<typeof createTaskStore>;
