import type Database from 'better-sqlite3';
import type { WebhookDelivery, WebhookDestination, WebhookStoragePort } from '../observability.js';

/** Webhook destinations and deliveries on SQLite, in the account's observability store. */
export function createSqliteWebhookStorage(db: Database.Database): WebhookStoragePort {
  db.exec(`CREATE TABLE IF NOT EXISTS webhook_destinations (
    id TEXT PRIMARY KEY, url TEXT NOT NULL, sealed_secret TEXT NOT NULL, on_new INTEGER NOT NULL,
    threshold INTEGER, quiet_period_seconds INTEGER, created_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS webhook_deliveries (
    id TEXT PRIMARY KEY, destination_id TEXT NOT NULL, issue_id TEXT NOT NULL, event TEXT NOT NULL, body TEXT NOT NULL,
    status TEXT NOT NULL, attempts INTEGER NOT NULL, next_at INTEGER NOT NULL, last_error TEXT, created_at INTEGER NOT NULL, delivered_at INTEGER
  );
  CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (status, next_at);
  CREATE INDEX IF NOT EXISTS webhook_deliveries_destination ON webhook_deliveries (destination_id, created_at)`);
  const toDestination = (row: Omit<WebhookDestination, 'on_new'> & { on_new: number }): WebhookDestination => ({ ...row, on_new: row.on_new === 1 });
  const insertDelivery = db.prepare('INSERT INTO webhook_deliveries (id, destination_id, issue_id, event, body, status, attempts, next_at, last_error, created_at, delivered_at) VALUES (@id, @destination_id, @issue_id, @event, @body, @status, @attempts, @next_at, @last_error, @created_at, @delivered_at)');
  return {
    addDestination(d) {
      db.prepare('INSERT INTO webhook_destinations (id, url, sealed_secret, on_new, threshold, quiet_period_seconds, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(d.id, d.url, d.sealed_secret, d.on_new ? 1 : 0, d.threshold, d.quiet_period_seconds, d.created_at);
    },
    listDestinations() {
      return (db.prepare('SELECT * FROM webhook_destinations ORDER BY created_at').all() as (Omit<WebhookDestination, 'on_new'> & { on_new: number })[]).map(toDestination);
    },
    deleteDestination(id) {
      db.prepare('DELETE FROM webhook_deliveries WHERE destination_id = ?').run(id);
      return db.prepare('DELETE FROM webhook_destinations WHERE id = ?').run(id).changes > 0;
    },
    enqueue(delivery) {
      insertDelivery.run(delivery);
    },
    due(now, limit) {
      return db.prepare("SELECT * FROM webhook_deliveries WHERE status = 'pending' AND next_at <= ? ORDER BY next_at LIMIT ?").all(now, limit) as WebhookDelivery[];
    },
    update(d) {
      db.prepare('UPDATE webhook_deliveries SET status = ?, attempts = ?, next_at = ?, last_error = ?, delivered_at = ? WHERE id = ?').run(d.status, d.attempts, d.next_at, d.last_error, d.delivered_at, d.id);
    },
    deliveries(destinationId, limit) {
      return db.prepare('SELECT * FROM webhook_deliveries WHERE destination_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?').all(destinationId, limit) as WebhookDelivery[];
    },
    prune(before) {
      return db.prepare("DELETE FROM webhook_deliveries WHERE created_at < ? AND status != 'pending'").run(before).changes;
    },
  };
}
