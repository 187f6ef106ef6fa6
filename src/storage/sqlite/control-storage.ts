import type Database from 'better-sqlite3';
import { LedgeError } from '../../platform/errors.js';
import { unlessTaken } from './conflict.js';
import type {
  AccountRecord, AuditRecord, ControlStoragePort, DeploymentRecord, DomainRecord, MemberRecord, ModuleRecord,
  ResourceKind, ResourceRecord, SecretRecord, TokenRecord, VersionRecord,
} from '../control.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, name TEXT NOT NULL, subdomain TEXT NOT NULL UNIQUE, created_on TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS members (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, email TEXT NOT NULL, roles TEXT NOT NULL, created_on TEXT NOT NULL, UNIQUE (account_id, email));
CREATE TABLE IF NOT EXISTS tokens (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, name TEXT NOT NULL, hash TEXT NOT NULL UNIQUE, policies TEXT NOT NULL,
  not_before TEXT, expires_on TEXT, issued_on TEXT NOT NULL, last_used_on TEXT, revoked_on TEXT, parent_id TEXT);
CREATE TABLE IF NOT EXISTS audit (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL, account_id TEXT NOT NULL, record TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS audit_account ON audit (account_id, seq);
CREATE TABLE IF NOT EXISTS deployments (account_id TEXT NOT NULL, name TEXT NOT NULL, current_version_id TEXT NOT NULL, created_on TEXT NOT NULL, modified_on TEXT NOT NULL, PRIMARY KEY (account_id, name));
CREATE TABLE IF NOT EXISTS versions (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, deployment TEXT NOT NULL, number INTEGER NOT NULL, message TEXT, created_on TEXT NOT NULL,
  main_module TEXT NOT NULL, config TEXT NOT NULL, UNIQUE (account_id, deployment, number));
CREATE TABLE IF NOT EXISTS modules (version_id TEXT NOT NULL, name TEXT NOT NULL, content BLOB NOT NULL, PRIMARY KEY (version_id, name));
CREATE TABLE IF NOT EXISTS domains (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, hostname TEXT NOT NULL UNIQUE, deployment TEXT, tunnel_id TEXT, created_on TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS resources (account_id TEXT NOT NULL, kind TEXT NOT NULL, ref TEXT NOT NULL, id TEXT NOT NULL, name TEXT NOT NULL, created_on TEXT NOT NULL,
  PRIMARY KEY (account_id, kind, ref), UNIQUE (account_id, kind, id));
CREATE TABLE IF NOT EXISTS secrets (account_id TEXT NOT NULL, deployment TEXT NOT NULL, name TEXT NOT NULL, sealed TEXT NOT NULL, created_on TEXT NOT NULL, modified_on TEXT NOT NULL,
  PRIMARY KEY (account_id, deployment, name));
`;

type Row = Record<string, unknown>;

const toToken = (r: Row): TokenRecord => ({ ...(r as unknown as TokenRecord), policies: JSON.parse(r.policies as string) as TokenRecord['policies'] });
const toMember = (r: Row): MemberRecord => ({ ...(r as unknown as MemberRecord), roles: JSON.parse(r.roles as string) as string[] });
const toVersion = (r: Row): VersionRecord => ({ ...(r as unknown as VersionRecord), config: JSON.parse(r.config as string) as Record<string, unknown> });

/** Columns added after the first release, for files created before them. */
function migrate(db: Database.Database): void {
  const tokenColumns = new Set((db.prepare('PRAGMA table_info(tokens)').all() as { name: string }[]).map((c) => c.name));
  if (!tokenColumns.has('parent_id')) db.exec('ALTER TABLE tokens ADD COLUMN parent_id TEXT');
  db.exec('CREATE INDEX IF NOT EXISTS tokens_parent ON tokens (parent_id)');
  // Versions written before the platform built uploads have no digest of a built bundle.
  const versionColumns = new Set((db.prepare('PRAGMA table_info(versions)').all() as { name: string }[]).map((c) => c.name));
  if (!versionColumns.has('bundle_sha256')) db.exec('ALTER TABLE versions ADD COLUMN bundle_sha256 TEXT');
}

/** Control-plane state in one SQLite file (WAL, synchronous=NORMAL: committed writes survive kill -9). */
export function createSqliteControlStorage(db: Database.Database): ControlStoragePort {
  db.exec(SCHEMA);
  migrate(db);
  const q = {
    insertAccount: db.prepare('INSERT INTO accounts (id, name, subdomain, created_on) VALUES (@id, @name, @subdomain, @created_on)'),
    getAccount: db.prepare('SELECT * FROM accounts WHERE id = ?'),
    listAccounts: db.prepare('SELECT * FROM accounts ORDER BY rowid'),
    insertMember: db.prepare('INSERT INTO members (id, account_id, email, roles, created_on) VALUES (@id, @account_id, @email, @roles, @created_on)'),
    listMembers: db.prepare('SELECT * FROM members WHERE account_id = ? ORDER BY rowid'),
    deleteMember: db.prepare('DELETE FROM members WHERE account_id = ? AND id = ?'),
    insertToken: db.prepare(`INSERT INTO tokens (id, account_id, name, hash, policies, not_before, expires_on, issued_on, last_used_on, revoked_on, parent_id)
      VALUES (@id, @account_id, @name, @hash, @policies, @not_before, @expires_on, @issued_on, @last_used_on, @revoked_on, @parent_id)`),
    parentRevoked: db.prepare('SELECT revoked_on FROM tokens WHERE id = ?'),
    tokenByHash: db.prepare('SELECT * FROM tokens WHERE hash = ?'),
    getToken: db.prepare('SELECT * FROM tokens WHERE account_id = ? AND id = ?'),
    listTokens: db.prepare('SELECT * FROM tokens WHERE account_id = ? ORDER BY rowid'),
    revokeToken: db.prepare('UPDATE tokens SET revoked_on = coalesce(revoked_on, ?) WHERE account_id = ? AND id = ?'),
    // Descendants may live in other accounts: a token over every account can create tokens in any of them.
    descendants: db.prepare(`WITH RECURSIVE lineage (id) AS (SELECT id FROM tokens WHERE parent_id = ? UNION SELECT t.id FROM tokens t JOIN lineage l ON t.parent_id = l.id)
      SELECT id FROM lineage`),
    revokeById: db.prepare('UPDATE tokens SET revoked_on = coalesce(revoked_on, ?) WHERE id = ?'),
    touchToken: db.prepare('UPDATE tokens SET last_used_on = ? WHERE id = ?'),
    insertAudit: db.prepare('INSERT INTO audit (id, account_id, record) VALUES (?, ?, ?)'),
    listAudit: db.prepare('SELECT record FROM audit WHERE account_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?'),
    countAudit: db.prepare('SELECT count(*) AS n FROM audit WHERE account_id = ?'),
    getDeployment: db.prepare('SELECT * FROM deployments WHERE account_id = ? AND name = ?'),
    listDeployments: db.prepare('SELECT * FROM deployments WHERE account_id = ? ORDER BY name'),
    listAllDeployments: db.prepare('SELECT * FROM deployments ORDER BY account_id, name'),
    upsertDeployment: db.prepare(`INSERT INTO deployments (account_id, name, current_version_id, created_on, modified_on) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (account_id, name) DO UPDATE SET current_version_id = excluded.current_version_id, modified_on = excluded.modified_on`),
    pointAt: db.prepare('UPDATE deployments SET current_version_id = ?, modified_on = ? WHERE account_id = ? AND name = ?'),
    deleteDeployment: db.prepare('DELETE FROM deployments WHERE account_id = ? AND name = ?'),
    nextNumber: db.prepare('SELECT coalesce(max(number), 0) + 1 AS n FROM versions WHERE account_id = ? AND deployment = ?'),
    insertVersion: db.prepare(`INSERT INTO versions (id, account_id, deployment, number, message, created_on, main_module, config, bundle_sha256)
      VALUES (@id, @account_id, @deployment, @number, @message, @created_on, @main_module, @config, @bundle_sha256)`),
    getVersion: db.prepare('SELECT * FROM versions WHERE id = ?'),
    listVersions: db.prepare('SELECT * FROM versions WHERE account_id = ? AND deployment = ? ORDER BY number DESC'),
    deleteVersions: db.prepare('DELETE FROM modules WHERE version_id IN (SELECT id FROM versions WHERE account_id = ? AND deployment = ?)'),
    deleteVersionRows: db.prepare('DELETE FROM versions WHERE account_id = ? AND deployment = ?'),
    insertModule: db.prepare('INSERT INTO modules (version_id, name, content) VALUES (?, ?, ?)'),
    getModules: db.prepare('SELECT name, content FROM modules WHERE version_id = ? ORDER BY name'),
    insertDomain: db.prepare('INSERT INTO domains (id, account_id, hostname, deployment, tunnel_id, created_on) VALUES (@id, @account_id, @hostname, @deployment, @tunnel_id, @created_on)'),
    getDomain: db.prepare('SELECT * FROM domains WHERE account_id = ? AND id = ?'),
    domainByHostname: db.prepare('SELECT * FROM domains WHERE hostname = ?'),
    listDomains: db.prepare('SELECT * FROM domains WHERE account_id = ? ORDER BY hostname'),
    listAllDomains: db.prepare('SELECT * FROM domains ORDER BY hostname'),
    deleteDomain: db.prepare('DELETE FROM domains WHERE account_id = ? AND id = ?'),
    deleteDeploymentDomains: db.prepare('DELETE FROM domains WHERE account_id = ? AND deployment = ?'),
    insertResource: db.prepare('INSERT INTO resources (account_id, kind, ref, id, name, created_on) VALUES (@account_id, @kind, @ref, @id, @name, @created_on)'),
    getResource: db.prepare('SELECT * FROM resources WHERE account_id = ? AND kind = ? AND (id = ? OR ref = ?)'),
    listResources: db.prepare('SELECT * FROM resources WHERE account_id = ? AND kind = ? ORDER BY rowid'),
    deleteResource: db.prepare('DELETE FROM resources WHERE account_id = ? AND kind = ? AND id = ?'),
    upsertSecret: db.prepare(`INSERT INTO secrets (account_id, deployment, name, sealed, created_on, modified_on) VALUES (@account_id, @deployment, @name, @sealed, @created_on, @modified_on)
      ON CONFLICT (account_id, deployment, name) DO UPDATE SET sealed = excluded.sealed, modified_on = excluded.modified_on`),
    getSecret: db.prepare('SELECT * FROM secrets WHERE account_id = ? AND deployment = ? AND name = ?'),
    listSecrets: db.prepare('SELECT * FROM secrets WHERE account_id = ? AND deployment = ? ORDER BY name'),
    deleteSecret: db.prepare('DELETE FROM secrets WHERE account_id = ? AND deployment = ? AND name = ?'),
    deleteDeploymentSecrets: db.prepare('DELETE FROM secrets WHERE account_id = ? AND deployment = ?'),
  };

  const tokenRow = (t: TokenRecord) => ({ ...t, policies: JSON.stringify(t.policies), parent_id: t.parent_id ?? null });
  const createAccount = db.transaction((account: AccountRecord, members: MemberRecord[], tokens: TokenRecord[]) => {
    q.insertAccount.run(account);
    for (const m of members) q.insertMember.run({ ...m, roles: JSON.stringify(m.roles) });
    for (const t of tokens) q.insertToken.run(tokenRow(t));
  });
  const createToken = db.transaction((token: TokenRecord) => {
    // The parent was authenticated before this call; a revocation in between must not leave a live child.
    const parent = token.parent_id ? q.parentRevoked.get(token.parent_id) as { revoked_on: string | null } | undefined : undefined;
    if (parent?.revoked_on) throw new LedgeError('conflict', 'the token creating this one was revoked meanwhile');
    q.insertToken.run(tokenRow(token));
  });
  const revokeToken = db.transaction((accountId: string, id: string, time: string): string[] | null => {
    if (q.revokeToken.run(time, accountId, id).changes === 0) return null;
    const ids = (q.descendants.all(id) as { id: string }[]).map((r) => r.id);
    for (const child of ids) q.revokeById.run(time, child);
    return ids;
  });
  const writeVersion = db.transaction((version: VersionRecord, modules: ModuleRecord[], domains: DomainRecord[]): DeploymentRecord => {
    const number = (q.nextNumber.get(version.account_id, version.deployment) as { n: number }).n;
    q.insertVersion.run({ ...version, number, config: JSON.stringify(version.config), bundle_sha256: version.bundle_sha256 ?? null });
    for (const m of modules) q.insertModule.run(version.id, m.name, m.content);
    for (const d of domains) {
      const existing = q.domainByHostname.get(d.hostname) as DomainRecord | undefined;
      if (existing && (existing.account_id !== d.account_id || existing.deployment !== d.deployment)) throw new LedgeError('conflict', `the hostname ${d.hostname} is already bound to another deployment`);
      if (!existing) q.insertDomain.run(d);
    }
    q.upsertDeployment.run(version.account_id, version.deployment, version.id, version.created_on, version.created_on);
    return q.getDeployment.get(version.account_id, version.deployment) as DeploymentRecord;
  });
  const deleteDeployment = db.transaction((accountId: string, name: string): boolean => {
    const changed = q.deleteDeployment.run(accountId, name).changes > 0;
    q.deleteVersions.run(accountId, name);
    q.deleteVersionRows.run(accountId, name);
    q.deleteDeploymentDomains.run(accountId, name);
    q.deleteDeploymentSecrets.run(accountId, name);
    return changed;
  });

  return {
    async createAccount(account, members = [], tokens = []) { unlessTaken(`an account with the subdomain "${account.subdomain}"`, () => createAccount(account, members, tokens)); },
    async getAccount(id) { return (q.getAccount.get(id) as AccountRecord | undefined) ?? null; },
    async listAccounts() { return q.listAccounts.all() as AccountRecord[]; },

    async addMember(member) { unlessTaken(`a member with the email ${member.email}`, () => q.insertMember.run({ ...member, roles: JSON.stringify(member.roles) })); },
    async listMembers(accountId) { return (q.listMembers.all(accountId) as Row[]).map(toMember); },
    async deleteMember(accountId, id) { return q.deleteMember.run(accountId, id).changes > 0; },

    async createToken(token) { unlessTaken(`a token with the id ${token.id} or its hash`, () => createToken(token)); },
    async tokenByHash(hash) { const row = q.tokenByHash.get(hash) as Row | undefined; return row ? toToken(row) : null; },
    async getToken(accountId, id) { const row = q.getToken.get(accountId, id) as Row | undefined; return row ? toToken(row) : null; },
    async listTokens(accountId) { return (q.listTokens.all(accountId) as Row[]).map(toToken); },
    async revokeToken(accountId, id, time) { return revokeToken(accountId, id, time); },
    async touchToken(id, time) { q.touchToken.run(time, id); },

    async appendAudit(record) { q.insertAudit.run(record.id, record.account_id, JSON.stringify(record)); },
    async listAudit(accountId, page) {
      const items = (q.listAudit.all(accountId, page.limit, page.offset) as { record: string }[]).map((r) => JSON.parse(r.record) as AuditRecord);
      return { items, total: (q.countAudit.get(accountId) as { n: number }).n };
    },

    async writeVersion({ version, modules, domains }) { return writeVersion(version, modules, domains); },
    async pointAt(accountId, name, versionId, time) {
      if (q.pointAt.run(versionId, time, accountId, name).changes === 0) return null;
      return q.getDeployment.get(accountId, name) as DeploymentRecord;
    },
    async getDeployment(accountId, name) { return (q.getDeployment.get(accountId, name) as DeploymentRecord | undefined) ?? null; },
    async listDeployments(accountId) { return (accountId === undefined ? q.listAllDeployments.all() : q.listDeployments.all(accountId)) as DeploymentRecord[]; },
    async deleteDeployment(accountId, name) { return deleteDeployment(accountId, name); },
    async getVersion(id) { const row = q.getVersion.get(id) as Row | undefined; return row ? toVersion(row) : null; },
    async listVersions(accountId, deployment) { return (q.listVersions.all(accountId, deployment) as Row[]).map(toVersion); },
    async getModules(versionId) {
      return (q.getModules.all(versionId) as { name: string; content: Buffer }[]).map((m) => ({ name: m.name, content: new Uint8Array(m.content) }));
    },

    async addDomain(domain) { unlessTaken(`the hostname ${domain.hostname}`, () => q.insertDomain.run(domain)); },
    async getDomain(accountId, id) { return (q.getDomain.get(accountId, id) as DomainRecord | undefined) ?? null; },
    async domainByHostname(hostname) { return (q.domainByHostname.get(hostname) as DomainRecord | undefined) ?? null; },
    async listDomains(accountId) { return (accountId === undefined ? q.listAllDomains.all() : q.listDomains.all(accountId)) as DomainRecord[]; },
    async deleteDomain(accountId, id) { return q.deleteDomain.run(accountId, id).changes > 0; },

    async createResource(resource) { unlessTaken(`a ${resource.kind} resource named "${resource.ref}"`, () => q.insertResource.run(resource)); },
    async getResource(accountId, kind, idOrRef) { return (q.getResource.get(accountId, kind, idOrRef, idOrRef) as ResourceRecord | undefined) ?? null; },
    async listResources(accountId, kind: ResourceKind) { return q.listResources.all(accountId, kind) as ResourceRecord[]; },
    async deleteResource(accountId, kind, id) { return q.deleteResource.run(accountId, kind, id).changes > 0; },

    async putSecret(secret) {
      q.upsertSecret.run(secret);
      return q.getSecret.get(secret.account_id, secret.deployment, secret.name) as SecretRecord;
    },
    async listSecrets(accountId, deployment) { return q.listSecrets.all(accountId, deployment) as SecretRecord[]; },
    async deleteSecret(accountId, deployment, name) { return q.deleteSecret.run(accountId, deployment, name).changes > 0; },

    close() { db.close(); },
  };
}
