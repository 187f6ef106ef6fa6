// The control storage opens a control.sqlite written before tokens recorded their parent, and keeps its tokens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { createSqliteControlStorage } from './control-storage.js';

test('a tokens table from before token lineage gains parent_id; old tokens keep working and revoke their new children', async () => {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE tokens (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, name TEXT NOT NULL, hash TEXT NOT NULL UNIQUE, policies TEXT NOT NULL,
    not_before TEXT, expires_on TEXT, issued_on TEXT NOT NULL, last_used_on TEXT, revoked_on TEXT)`);
  db.prepare("INSERT INTO tokens VALUES ('old', 'acc', 'old', 'h-old', '[]', NULL, NULL, '2026-01-01T00:00:00.000Z', NULL, NULL)").run();
  const store = createSqliteControlStorage(db);
  const old = await store.getToken('acc', 'old');
  assert.equal(old?.parent_id, null);
  await store.createToken({ id: 'child', account_id: 'acc', name: 'child', hash: 'h-child', policies: [], not_before: null, expires_on: null, issued_on: '2026-01-02T00:00:00.000Z', last_used_on: null, revoked_on: null, parent_id: 'old' });
  assert.deepEqual(await store.revokeToken('acc', 'old', '2026-01-03T00:00:00.000Z'), ['child']);
  assert.equal((await store.getToken('acc', 'child'))?.revoked_on, '2026-01-03T00:00:00.000Z');
  await assert.rejects(store.createToken({ id: 'late', account_id: 'acc', name: 'late', hash: 'h-late', policies: [], not_before: null, expires_on: null, issued_on: '2026-01-04T00:00:00.000Z', last_used_on: null, revoked_on: null, parent_id: 'old' }), { code: 'conflict' });
  assert.equal(await store.revokeToken('acc', 'missing', '2026-01-03T00:00:00.000Z'), null);
  store.close();
});
