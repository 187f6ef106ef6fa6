import type Database from 'better-sqlite3';
import type { AccountLimits, AccountLimitsPort } from '../account-limits.js';

/** Account limits in the control database, one JSON record per account. */
export function createSqliteAccountLimits(db: Database.Database): AccountLimitsPort {
  db.exec('CREATE TABLE IF NOT EXISTS account_limits (account_id TEXT PRIMARY KEY, record TEXT NOT NULL)');
  const list = db.prepare<[], { account_id: string; record: string }>('SELECT account_id, record FROM account_limits');
  const upsert = db.prepare('INSERT INTO account_limits (account_id, record) VALUES (?, ?) ON CONFLICT (account_id) DO UPDATE SET record = excluded.record');
  return {
    list: () => new Map(list.all().map((row) => [row.account_id, JSON.parse(row.record) as AccountLimits])),
    set(accountId, limits) { upsert.run(accountId, JSON.stringify(limits)); },
  };
}
