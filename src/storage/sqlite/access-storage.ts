import type Database from 'better-sqlite3';
import { unlessTaken } from './conflict.js';
import type { AccessAppRecord, AccessStoragePort, AccessUserRecord, IdentityProviderRecord, ServiceTokenRecord, SigningKeyRecord } from '../access.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS access_apps (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, domain TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS access_users (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, email TEXT NOT NULL, record TEXT NOT NULL, UNIQUE (account_id, email));
CREATE TABLE IF NOT EXISTS access_service_tokens (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, client_id TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS access_idps (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS access_keys (kid TEXT PRIMARY KEY, account_id TEXT NOT NULL, record TEXT NOT NULL);
`;

const parse = <T>(row: { record: string } | undefined): T | null => (row ? JSON.parse(row.record) as T : null);

/** Access applications, users, service tokens and signing keys in the control database, one JSON record a row. */
export function createSqliteAccessStorage(db: Database.Database): AccessStoragePort {
  db.exec(SCHEMA);
  const q = {
    insertApp: db.prepare('INSERT INTO access_apps (id, account_id, domain, record) VALUES (?, ?, ?, ?)'),
    updateApp: db.prepare('UPDATE access_apps SET domain = ?, record = ? WHERE account_id = ? AND id = ?'),
    getApp: db.prepare('SELECT record FROM access_apps WHERE account_id = ? AND id = ?'),
    listApps: db.prepare('SELECT record FROM access_apps WHERE account_id = ? ORDER BY rowid'),
    listAllApps: db.prepare('SELECT record FROM access_apps ORDER BY rowid'),
    deleteApp: db.prepare('DELETE FROM access_apps WHERE account_id = ? AND id = ?'),
    insertUser: db.prepare('INSERT INTO access_users (id, account_id, email, record) VALUES (?, ?, ?, ?)'),
    userByEmail: db.prepare('SELECT record FROM access_users WHERE account_id = ? AND email = ?'),
    listUsers: db.prepare('SELECT record FROM access_users WHERE account_id = ? ORDER BY rowid'),
    deleteUser: db.prepare('DELETE FROM access_users WHERE account_id = ? AND id = ?'),
    insertToken: db.prepare('INSERT INTO access_service_tokens (id, account_id, client_id, record) VALUES (?, ?, ?, ?)'),
    updateToken: db.prepare('UPDATE access_service_tokens SET record = ? WHERE account_id = ? AND id = ?'),
    getToken: db.prepare('SELECT record FROM access_service_tokens WHERE account_id = ? AND id = ?'),
    tokenByClientId: db.prepare('SELECT record FROM access_service_tokens WHERE client_id = ?'),
    listTokens: db.prepare('SELECT record FROM access_service_tokens WHERE account_id = ? ORDER BY rowid'),
    listAllTokens: db.prepare('SELECT record FROM access_service_tokens ORDER BY rowid'),
    deleteToken: db.prepare('DELETE FROM access_service_tokens WHERE account_id = ? AND id = ?'),
    insertIdp: db.prepare('INSERT INTO access_idps (id, account_id, record) VALUES (?, ?, ?)'),
    getIdp: db.prepare('SELECT record FROM access_idps WHERE account_id = ? AND id = ?'),
    listIdps: db.prepare('SELECT record FROM access_idps WHERE account_id = ? ORDER BY rowid'),
    deleteIdp: db.prepare('DELETE FROM access_idps WHERE account_id = ? AND id = ?'),
    listKeys: db.prepare('SELECT record FROM access_keys WHERE account_id = ? ORDER BY rowid DESC'),
    insertKey: db.prepare('INSERT INTO access_keys (kid, account_id, record) VALUES (?, ?, ?)'),
    updateKey: db.prepare('UPDATE access_keys SET record = ? WHERE kid = ?'),
  };
  const rotate = db.transaction((key: SigningKeyRecord, now: string) => {
    for (const row of q.listKeys.all(key.account_id) as { record: string }[]) {
      const existing = JSON.parse(row.record) as SigningKeyRecord;
      if (existing.retired_at === null) q.updateKey.run(JSON.stringify({ ...existing, retired_at: now }), existing.kid);
    }
    q.insertKey.run(key.kid, key.account_id, JSON.stringify(key));
  });
  const all = <T>(rows: unknown[]) => (rows as { record: string }[]).map((r) => JSON.parse(r.record) as T);

  return {
    async createApp(app) { unlessTaken(`an access application for ${app.domain}`, () => q.insertApp.run(app.id, app.account_id, app.domain, JSON.stringify(app))); },
    async getApp(accountId, id) { return parse<AccessAppRecord>(q.getApp.get(accountId, id) as { record: string } | undefined); },
    async listApps(accountId) { return all<AccessAppRecord>(accountId === undefined ? q.listAllApps.all() : q.listApps.all(accountId)); },
    async updateApp(app) { unlessTaken(`an access application for ${app.domain}`, () => q.updateApp.run(app.domain, JSON.stringify(app), app.account_id, app.id)); },
    async deleteApp(accountId, id) { return q.deleteApp.run(accountId, id).changes > 0; },

    async createUser(user) { unlessTaken(`a user with the email ${user.email}`, () => q.insertUser.run(user.id, user.account_id, user.email, JSON.stringify(user))); },
    async userByEmail(accountId, email) { return parse<AccessUserRecord>(q.userByEmail.get(accountId, email) as { record: string } | undefined); },
    async listUsers(accountId) { return all<AccessUserRecord>(q.listUsers.all(accountId)); },
    async deleteUser(accountId, id) { return q.deleteUser.run(accountId, id).changes > 0; },

    async createIdentityProvider(idp) { q.insertIdp.run(idp.id, idp.account_id, JSON.stringify(idp)); },
    async getIdentityProvider(accountId, id) { return parse<IdentityProviderRecord>(q.getIdp.get(accountId, id) as { record: string } | undefined); },
    async listIdentityProviders(accountId) { return all<IdentityProviderRecord>(q.listIdps.all(accountId)); },
    async deleteIdentityProvider(accountId, id) { return q.deleteIdp.run(accountId, id).changes > 0; },

    async createServiceToken(token) { q.insertToken.run(token.id, token.account_id, token.client_id, JSON.stringify(token)); },
    async getServiceToken(accountId, id) { return parse<ServiceTokenRecord>(q.getToken.get(accountId, id) as { record: string } | undefined); },
    async serviceTokenByClientId(clientId) { return parse<ServiceTokenRecord>(q.tokenByClientId.get(clientId) as { record: string } | undefined); },
    async listServiceTokens(accountId) { return all<ServiceTokenRecord>(accountId === undefined ? q.listAllTokens.all() : q.listTokens.all(accountId)); },
    async updateServiceToken(token) { q.updateToken.run(JSON.stringify(token), token.account_id, token.id); },
    async deleteServiceToken(accountId, id) { return q.deleteToken.run(accountId, id).changes > 0; },

    async listKeys(accountId) { return all<SigningKeyRecord>(q.listKeys.all(accountId)); },
    async rotateKey(key, now) { rotate(key, now); },
  };
}
