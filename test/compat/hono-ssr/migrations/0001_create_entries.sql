-- Migration number: 0001 	 2025-09-01T10:00:00.000Z
CREATE TABLE entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  author TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX entries_created_at ON entries (created_at);
