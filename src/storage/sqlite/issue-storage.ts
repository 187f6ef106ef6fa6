import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { IssueRecord, IssueStatus, IssueStoragePort, OccurrenceRecord } from '../observability.js';

interface IssueRow { id: string; deployment: string; fingerprint: string; rule: string; type: string; message: string; culprit: string; status: IssueStatus; count: number; first_seen: number; last_seen: number; versions: string; resolved_at: number | null }

/** Issues on SQLite, in the same file as the account's invocation records. */
export function createSqliteIssueStorage(db: Database.Database): IssueStoragePort {
  db.exec(`CREATE TABLE IF NOT EXISTS issues (
    id TEXT PRIMARY KEY,
    deployment TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    rule TEXT NOT NULL,
    type TEXT NOT NULL,
    message TEXT NOT NULL,
    culprit TEXT NOT NULL,
    status TEXT NOT NULL,
    count INTEGER NOT NULL,
    first_seen INTEGER NOT NULL,
    last_seen INTEGER NOT NULL,
    versions TEXT NOT NULL,
    resolved_at INTEGER,
    UNIQUE (deployment, fingerprint)
  );
  CREATE TABLE IF NOT EXISTS issue_occurrences (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    issue_id TEXT NOT NULL,
    time INTEGER NOT NULL,
    body TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS issue_occurrences_issue ON issue_occurrences (issue_id, seq);
  CREATE INDEX IF NOT EXISTS issue_occurrences_time ON issue_occurrences (time);
  CREATE TABLE IF NOT EXISTS issue_switches (
    deployment TEXT PRIMARY KEY,
    enabled INTEGER NOT NULL,
    applied_version TEXT,
    changed_at INTEGER NOT NULL
  )`);
  const byFingerprint = db.prepare<[string, string]>('SELECT * FROM issues WHERE deployment = ? AND fingerprint = ?');
  const byId = db.prepare<[string]>('SELECT * FROM issues WHERE id = ?');
  const insertIssue = db.prepare('INSERT INTO issues (id, deployment, fingerprint, rule, type, message, culprit, status, count, first_seen, last_seen, versions, resolved_at) VALUES (@id, @deployment, @fingerprint, @rule, @type, @message, @culprit, @status, @count, @first_seen, @last_seen, @versions, @resolved_at)');
  const updateIssue = db.prepare('UPDATE issues SET status = @status, count = @count, last_seen = @last_seen, versions = @versions, culprit = @culprit WHERE id = @id');
  const insertOccurrence = db.prepare<[string, string, number, string]>('INSERT INTO issue_occurrences (id, issue_id, time, body) VALUES (?, ?, ?, ?)');
  const trim = db.prepare<[string, string, number]>('DELETE FROM issue_occurrences WHERE issue_id = ? AND seq NOT IN (SELECT seq FROM issue_occurrences WHERE issue_id = ? ORDER BY seq DESC LIMIT ?)');
  const occurrences = db.prepare<[string, number]>('SELECT body FROM issue_occurrences WHERE issue_id = ? ORDER BY seq DESC LIMIT ?');
  const setStatus = db.prepare<[string, number | null, string]>('UPDATE issues SET status = ?, resolved_at = coalesce(?, resolved_at) WHERE id = ?');
  const prune = db.prepare<[number]>('DELETE FROM issue_occurrences WHERE time < ?');
  const getSwitch = db.prepare<[string]>('SELECT enabled, applied_version, changed_at FROM issue_switches WHERE deployment = ?');
  const putSwitch = db.prepare<[string, number, string | null, number]>('INSERT OR REPLACE INTO issue_switches (deployment, enabled, applied_version, changed_at) VALUES (?, ?, ?, ?)');

  const record = db.transaction((input: Parameters<IssueStoragePort['record']>[0], keep: number) => {
    const { occurrence } = input;
    const found = byFingerprint.get(input.deployment, input.fingerprint) as IssueRow | undefined;
    let issue: IssueRecord;
    let created = false;
    let reopened = false;
    let quietMs: number | null = null;
    if (!found) {
      issue = { id: randomUUID(), deployment: input.deployment, fingerprint: input.fingerprint, rule: input.rule, type: input.type, message: input.message, culprit: input.culprit, status: 'active', count: 1, first_seen: occurrence.time, last_seen: occurrence.time, versions: [occurrence.version], resolved_at: null };
      insertIssue.run({ ...issue, versions: JSON.stringify(issue.versions) });
      created = true;
    } else {
      issue = fromRow(found);
      quietMs = Math.max(0, occurrence.time - issue.last_seen);
      // A resolved issue reopens on an occurrence newer than its resolution; a delayed older one does not (retrieval-ops 6.1).
      if (issue.status === 'resolved' && occurrence.time > (issue.resolved_at ?? 0)) {
        issue.status = 'active';
        reopened = true;
      }
      issue.count++;
      issue.last_seen = Math.max(issue.last_seen, occurrence.time);
      if (!issue.versions.includes(occurrence.version)) issue.versions.push(occurrence.version);
      issue.culprit = input.culprit;
      updateIssue.run({ ...issue, versions: JSON.stringify(issue.versions) });
    }
    const id = randomUUID();
    insertOccurrence.run(id, issue.id, occurrence.time, JSON.stringify({ id, issue_id: issue.id, ...occurrence }));
    trim.run(issue.id, issue.id, keep);
    return { issue, created, reopened, quietMs };
  });

  return {
    record: (input, keep) => record(input, keep),
    list(filter) {
      const rows = db.prepare(`SELECT * FROM issues WHERE (@deployment IS NULL OR deployment = @deployment) AND (@status IS NULL OR status = @status) ORDER BY last_seen DESC`)
        .all({ deployment: filter.deployment ?? null, status: filter.status ?? null }) as IssueRow[];
      return rows.map(fromRow);
    },
    get(id) {
      const row = byId.get(id) as IssueRow | undefined;
      return row ? fromRow(row) : null;
    },
    occurrences(issueId, limit) {
      return (occurrences.all(issueId, limit) as { body: string }[]).map((r) => JSON.parse(r.body) as OccurrenceRecord);
    },
    setStatus(id, status, now) {
      if (setStatus.run(status, status === 'resolved' ? now : null, id).changes === 0) return null;
      return fromRow(byId.get(id) as IssueRow);
    },
    pruneOccurrences(before) {
      return prune.run(before).changes;
    },
    getSwitch(deployment) {
      const row = getSwitch.get(deployment) as { enabled: number; applied_version: string | null; changed_at: number } | undefined;
      return row ? { enabled: row.enabled === 1, applied_version: row.applied_version, changed_at: row.changed_at } : null;
    },
    setSwitch(deployment, enabled, appliedVersion, now) {
      putSwitch.run(deployment, enabled ? 1 : 0, appliedVersion, now);
    },
  };
}

function fromRow(row: IssueRow): IssueRecord {
  return { ...row, versions: JSON.parse(row.versions) as string[] };
}
