import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import { formatLeaseId, parseLeaseId } from '../queue-lease.js';
import type { DeadMessage, DeliveryPolicy, LeasedMessage, QueueSettleResult, QueueStoragePort } from '../ports.js';

interface MessageRow {
  seq: number;
  id: string;
  body: Buffer;
  content_type: string;
  enqueued_at: number;
  attempts: number;
}

/**
 * The queue port on SQLite. One row per message; `visible_at` doubles as the lease expiry, so a message
 * whose consumer died becomes ready again by itself. Acks need only the message named by the lease id
 * (they are accepted late, as the edge accepts them); retries need the current token so a stale delivery
 * cannot reschedule a newer one. Backlog counters live beside the messages and change in the same
 * transactions, so `stats` never scans the backlog.
 */
export function createSqliteQueueStorage(db: Database.Database): QueueStoragePort {
  db.exec(`CREATE TABLE IF NOT EXISTS queue_messages (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    queue TEXT NOT NULL,
    id TEXT NOT NULL,
    body BLOB NOT NULL,
    content_type TEXT NOT NULL,
    enqueued_at INTEGER NOT NULL,
    visible_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    lease TEXT,
    dead_at INTEGER
  );
  CREATE INDEX IF NOT EXISTS queue_messages_ready ON queue_messages (queue, visible_at, seq) WHERE dead_at IS NULL;
  CREATE INDEX IF NOT EXISTS queue_messages_dead ON queue_messages (queue, seq) WHERE dead_at IS NOT NULL;
  CREATE TABLE IF NOT EXISTS queue_counters (queue TEXT PRIMARY KEY, backlog INTEGER NOT NULL, bytes INTEGER NOT NULL)`);

  const insert = db.prepare('INSERT INTO queue_messages (queue, id, body, content_type, enqueued_at, visible_at) VALUES (?, ?, ?, ?, ?, ?)');
  const count = db.prepare(`INSERT INTO queue_counters (queue, backlog, bytes) VALUES (?, ?, ?)
    ON CONFLICT (queue) DO UPDATE SET backlog = backlog + excluded.backlog, bytes = bytes + excluded.bytes`);
  const ready = db.prepare('SELECT seq, id, body, content_type, enqueued_at, attempts FROM queue_messages WHERE queue = ? AND dead_at IS NULL AND visible_at <= ? ORDER BY visible_at, seq LIMIT ?');
  const peekReady = db.prepare('SELECT count(*) AS n, min(visible_at) AS first FROM (SELECT visible_at FROM queue_messages WHERE queue = ? AND dead_at IS NULL AND visible_at <= ? ORDER BY visible_at LIMIT ?)');
  const peekNext = db.prepare('SELECT min(visible_at) AS next FROM queue_messages WHERE queue = ? AND dead_at IS NULL AND visible_at > ?');
  // Whole batches in one statement each: the seqs travel as a JSON array.
  const take = db.prepare('UPDATE queue_messages SET attempts = attempts + 1, lease = ?, visible_at = ? WHERE seq IN (SELECT value FROM json_each(?))');
  // The unary + keeps the planner on the rowids: through the ready index it would walk the whole backlog.
  const removeMany = db.prepare('DELETE FROM queue_messages WHERE seq IN (SELECT value FROM json_each(?)) AND +queue = ? AND +dead_at IS NULL RETURNING seq, length(body) AS size');
  const extend = db.prepare('UPDATE queue_messages SET visible_at = max(visible_at, ?) WHERE seq = ? AND queue = ? AND lease = ? AND dead_at IS NULL');
  const current = db.prepare('SELECT seq, id, body, content_type, enqueued_at, attempts FROM queue_messages WHERE seq = ? AND queue = ? AND lease = ? AND dead_at IS NULL');
  const reschedule = db.prepare('UPDATE queue_messages SET visible_at = ?, lease = NULL WHERE seq = ?');
  const kill = db.prepare('UPDATE queue_messages SET dead_at = ?, lease = NULL WHERE seq = ?');
  const drop = db.prepare('DELETE FROM queue_messages WHERE seq = ?');
  const later = db.prepare(`SELECT coalesce(sum(lease IS NOT NULL), 0) AS in_flight, coalesce(sum(lease IS NULL), 0) AS delayed
    FROM queue_messages WHERE queue = ? AND dead_at IS NULL AND visible_at > ?`);
  const readyFast = db.prepare('SELECT count(*) AS n FROM queue_messages WHERE queue = ? AND dead_at IS NULL AND visible_at <= ?');
  const deadCount = db.prepare('SELECT count(*) AS n FROM queue_messages WHERE queue = ? AND dead_at IS NOT NULL');
  const counters = db.prepare('SELECT backlog, bytes FROM queue_counters WHERE queue = ?');
  const oldest = db.prepare('SELECT min(enqueued_at) AS t FROM queue_messages WHERE queue = ? AND dead_at IS NULL');
  const names = db.prepare('SELECT queue FROM queue_counters UNION SELECT DISTINCT queue FROM queue_messages ORDER BY 1');
  const listDead = db.prepare('SELECT id, body, content_type, enqueued_at, attempts, dead_at FROM queue_messages WHERE queue = ? AND dead_at IS NOT NULL ORDER BY seq LIMIT ?');
  const deadRows = db.prepare('SELECT seq, id, length(body) AS size FROM queue_messages WHERE queue = ? AND dead_at IS NOT NULL ORDER BY seq');
  const revive = db.prepare('UPDATE queue_messages SET dead_at = NULL, attempts = 0, lease = NULL, visible_at = ? WHERE seq = ?');

  const events = new EventEmitter();
  events.setMaxListeners(0);

  // Group commit: the writes that arrive in one turn of the event loop (several producers' sends, a batch's
  // settlement, the next lease) commit together in one transaction, each in its own savepoint so one failure
  // rolls back only itself. A caller hears back only after the commit, so an acknowledged write is durable.
  let pending: { run: () => unknown; resolve: (value: unknown) => void; reject: (err: unknown) => void }[] = [];
  const commitTogether = db.transaction((ops: typeof pending) => ops.map((op) => {
    try {
      return { ok: true as const, value: op.run() };
    } catch (err) {
      return { ok: false as const, err };
    }
  }));
  function flush(): void {
    const ops = pending;
    pending = [];
    let outcomes: ReturnType<typeof commitTogether>;
    try {
      outcomes = commitTogether(ops);
    } catch (err) {
      for (const op of ops) op.reject(err);
      return;
    }
    ops.forEach((op, i) => {
      const outcome = outcomes[i] as (typeof outcomes)[number];
      if (outcome.ok) op.resolve(outcome.value);
      else op.reject(outcome.err);
    });
  }
  function write<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (pending.push({ run, resolve: resolve as (value: unknown) => void, reject }) === 1) setImmediate(flush);
    });
  }

  /** Ends a message's deliveries: into the dead-letter queue (a fresh message there) or into the dead state. */
  function exhaust(row: MessageRow, now: number, policy: DeliveryPolicy, queue: string): 'deadLettered' | 'dead' {
    if (policy.deadLetterQueue !== null && policy.deadLetterQueue !== queue) {
      drop.run(row.seq);
      count.run(queue, -1, -row.body.byteLength);
      insert.run(policy.deadLetterQueue, row.id, row.body, row.content_type, row.enqueued_at, now);
      count.run(policy.deadLetterQueue, 1, row.body.byteLength);
      return 'deadLettered';
    }
    kill.run(now, row.seq);
    count.run(queue, -1, -row.body.byteLength);
    return 'dead';
  }

  const sendTx = db.transaction((queue: string, messages: Parameters<QueueStoragePort['send']>[1], now: number) => {
    let bytes = 0;
    for (const m of messages) {
      insert.run(queue, m.id, m.body, m.contentType, now, m.visibleAt);
      bytes += m.body.byteLength;
    }
    count.run(queue, messages.length, bytes);
    return counters.get(queue) as { backlog: number; bytes: number };
  });

  const leaseTx = db.transaction((queue: string, limit: number, leaseMs: number, now: number, policy: DeliveryPolicy) => {
    const out: LeasedMessage[] = [];
    const ended = { deadLettered: 0, dead: 0 };
    // One token per lease call: the seq in each lease id tells the messages apart, the token fences the delivery.
    const token = randomBytes(9).toString('base64url');
    const taken: number[] = [];
    for (const row of ready.all(queue, now, limit) as MessageRow[]) {
      if (row.attempts >= policy.maxAttempts) {
        // Its last delivery's consumer never settled it and the lease ran out: its deliveries are used up.
        ended[exhaust(row, now, policy, queue)]++;
        continue;
      }
      taken.push(row.seq);
      out.push({ leaseId: formatLeaseId(row.seq, row.attempts + 1, token), id: row.id, body: new Uint8Array(row.body.buffer, row.body.byteOffset, row.body.byteLength), contentType: row.content_type, timestamp: row.enqueued_at, attempts: row.attempts + 1 });
    }
    if (taken.length) take.run(token, now + leaseMs, JSON.stringify(taken));
    return { messages: out, ...ended };
  });

  const settleTx = db.transaction((queue: string, acks: string[], retries: { leaseId: string; visibleAt: number }[], now: number, policy: DeliveryPolicy) => {
    const result: QueueSettleResult = { acked: 0, retried: 0, deadLettered: 0, dead: 0, stale: [] };
    const bySeq = new Map<number, string>();
    for (const leaseId of acks) {
      const parsed = parseLeaseId(leaseId);
      if (parsed && !bySeq.has(parsed.seq)) bySeq.set(parsed.seq, leaseId);
      else result.stale.push(leaseId);
    }
    if (bySeq.size) {
      let bytes = 0;
      for (const gone of removeMany.all(JSON.stringify([...bySeq.keys()]), queue) as { seq: number; size: number }[]) {
        bySeq.delete(gone.seq);
        bytes += gone.size;
        result.acked++;
      }
      result.stale.push(...bySeq.values());
      if (result.acked) count.run(queue, -result.acked, -bytes);
    }
    for (const { leaseId, visibleAt } of retries) {
      const parsed = parseLeaseId(leaseId);
      const row = parsed ? (current.get(parsed.seq, queue, parsed.token) as MessageRow | undefined) : undefined;
      if (!row) {
        result.stale.push(leaseId);
        continue;
      }
      if (row.attempts >= policy.maxAttempts) result[exhaust(row, now, policy, queue)]++;
      else {
        reschedule.run(visibleAt, row.seq);
        result.retried++;
      }
    }
    return result;
  });

  const extendTx = db.transaction((queue: string, leaseIds: string[], until: number) => {
    for (const leaseId of leaseIds) {
      const parsed = parseLeaseId(leaseId);
      if (parsed) extend.run(until, parsed.seq, queue, parsed.token);
    }
  });

  const replayTx = db.transaction((queue: string, ids: string[] | null, now: number) => {
    const wanted = ids === null ? null : new Set(ids);
    let n = 0;
    let bytes = 0;
    for (const row of deadRows.all(queue) as { seq: number; id: string; size: number }[]) {
      if (wanted && !wanted.has(row.id)) continue;
      revive.run(now, row.seq);
      n++;
      bytes += row.size;
    }
    if (n) count.run(queue, n, bytes);
    return n;
  });

  const purgeTx = db.transaction((queue: string, ids: string[] | null) => {
    const wanted = ids === null ? null : new Set(ids);
    let n = 0;
    for (const row of deadRows.all(queue) as { seq: number; id: string }[]) {
      if (wanted && !wanted.has(row.id)) continue;
      drop.run(row.seq);
      n++;
    }
    return n;
  });

  return {
    async send(queue, messages, now) {
      const totals = await write(() => sendTx(queue, messages, now));
      if (messages.length) events.emit(queue);
      return { backlog: totals.backlog, backlogBytes: totals.bytes };
    },
    async peek(queue, now, limit) {
      const head = peekReady.get(queue, now, limit) as { n: number; first: number | null };
      const next = head.n >= limit ? null : (peekNext.get(queue, now) as { next: number | null }).next;
      return { ready: head.n, firstVisibleAt: head.first, nextVisibleAt: next };
    },
    async lease(queue, { limit, leaseMs, now, policy }) {
      const leased = await write(() => leaseTx(queue, limit, leaseMs, now, policy));
      if (leased.deadLettered && policy.deadLetterQueue) events.emit(policy.deadLetterQueue);
      return leased;
    },
    async extend(queue, leaseIds, until) {
      if (leaseIds.length) await write(() => extendTx(queue, leaseIds, until));
    },
    async settle(queue, settlement, now, policy) {
      const result = await write(() => settleTx(queue, settlement.acks, settlement.retries, now, policy));
      if (result.retried) events.emit(queue);
      if (result.deadLettered && policy.deadLetterQueue) events.emit(policy.deadLetterQueue);
      return result;
    },
    async stats(queue, now) {
      const totals = (counters.get(queue) as { backlog: number; bytes: number } | undefined) ?? { backlog: 0, bytes: 0 };
      const readyNow = (readyFast.get(queue, now) as { n: number }).n;
      const waiting = later.get(queue, now) as { in_flight: number; delayed: number };
      return {
        backlog: totals.backlog,
        backlogBytes: totals.bytes,
        ready: readyNow,
        inFlight: waiting.in_flight,
        delayed: waiting.delayed,
        dead: (deadCount.get(queue) as { n: number }).n,
        oldestTimestamp: (oldest.get(queue) as { t: number | null }).t,
      };
    },
    async queues() {
      return (names.all() as { queue: string }[]).map((r) => r.queue);
    },
    async listDead(queue, limit) {
      return (listDead.all(queue, limit) as (Omit<MessageRow, 'seq'> & { dead_at: number })[]).map((row): DeadMessage => ({
        id: row.id,
        body: new Uint8Array(row.body.buffer, row.body.byteOffset, row.body.byteLength),
        contentType: row.content_type,
        timestamp: row.enqueued_at,
        attempts: row.attempts,
        diedAt: row.dead_at,
      }));
    },
    async replayDead(queue, ids, now) {
      const n = await write(() => replayTx(queue, ids, now));
      if (n) events.emit(queue);
      return n;
    },
    async purgeDead(queue, ids) {
      return write(() => purgeTx(queue, ids));
    },
    watch(queue, listener) {
      events.on(queue, listener);
      return () => events.off(queue, listener);
    },
  };
}
