import type Database from 'better-sqlite3';
import type { CronStatePort, CronWindowState } from '../ports.js';

/** Cron window bookkeeping in the embedded store's small-state database. */
export function createSqliteCronState(db: Database.Database): CronStatePort {
  db.exec('CREATE TABLE IF NOT EXISTS cron_windows (deployment TEXT NOT NULL, cron TEXT NOT NULL, last_window INTEGER, started INTEGER, PRIMARY KEY (deployment, cron))');
  const get = db.prepare('SELECT last_window, started FROM cron_windows WHERE deployment = ? AND cron = ?');
  const start = db.prepare(`INSERT INTO cron_windows (deployment, cron, last_window, started) VALUES (?, ?, NULL, ?)
    ON CONFLICT (deployment, cron) DO UPDATE SET started = excluded.started`);
  const finish = db.prepare(`INSERT INTO cron_windows (deployment, cron, last_window, started) VALUES (?, ?, ?, NULL)
    ON CONFLICT (deployment, cron) DO UPDATE SET last_window = max(coalesce(last_window, 0), excluded.last_window), started = NULL`);
  return {
    async get(deployment, cron) {
      const row = get.get(deployment, cron) as { last_window: number | null; started: number | null } | undefined;
      return { lastWindow: row?.last_window ?? null, started: row?.started ?? null } satisfies CronWindowState;
    },
    async started(deployment, cron, window) { start.run(deployment, cron, window); },
    async finished(deployment, cron, window) { finish.run(deployment, cron, window); },
  };
}
