/** The task tables, as a migration: `ledge db migrations create <db> tasks` and paste, or let `createTaskStore` apply it. */
export const TASKS_SCHEMA_SQL = `CREATE TABLE IF NOT EXISTS tasks (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'running', 'done', 'retryable', 'uncertain', 'cancelled')),
  generation INTEGER NOT NULL DEFAULT 0 CHECK (generation >= 0),
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_until INTEGER,
  not_before INTEGER,
  window_key TEXT,
  payload TEXT,
  result TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS tasks_window ON tasks (kind, window_key);
CREATE INDEX IF NOT EXISTS tasks_claimable ON tasks (kind, state, not_before);
CREATE TABLE IF NOT EXISTS task_outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  task_id TEXT NOT NULL REFERENCES tasks (id),
  generation INTEGER NOT NULL,
  topic TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE INDEX IF NOT EXISTS task_outbox_unsent ON task_outbox (sent_at, seq);`;
