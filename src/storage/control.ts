/**
 * The control-plane storage port: accounts, tokens, the audit log, deployments with their immutable
 * versions, custom domains and binding resources. `ledge serve` keeps it in embedded SQLite; a PostgreSQL
 * adapter implements the same interface for several nodes. Every method is async so a networked adapter fits.
 * Times are RFC 3339 strings, as the API shows them.
 */

/** An account: the unit that owns deployments, resources and tokens. */
export interface AccountRecord {
  id: string;
  name: string;
  /** The DNS label of the account in platform hostnames (`<name>.<subdomain>.<platform domain>`). */
  subdomain: string;
  created_on: string;
}

/** A person who belongs to an account. */
export interface MemberRecord {
  id: string;
  account_id: string;
  email: string;
  roles: string[];
  created_on: string;
}

/** One policy of a token: an effect, permission groups and the resources they apply to. */
export interface TokenPolicy {
  effect: 'allow' | 'deny';
  permission_groups: string[];
  resources: Record<string, '*'>;
}

/** An API token as stored: its value only as a hash. */
export interface TokenRecord {
  id: string;
  account_id: string;
  name: string;
  /** SHA-256 of the token value, hex. */
  hash: string;
  policies: TokenPolicy[];
  not_before: string | null;
  expires_on: string | null;
  issued_on: string;
  last_used_on: string | null;
  revoked_on: string | null;
  /**
   * The token that created this one, or null (the bootstrap token). A child never outlives its parent:
   * its `expires_on` is no later, and revoking the parent revokes it (docs/api.md, Token lineage).
   */
  parent_id?: string | null;
}

/** One state-changing call, as the audit log keeps it. Never a token value. */
export interface AuditRecord {
  id: string;
  time: string;
  account_id: string;
  actor: { token_id: string; token_name: string };
  action: string;
  method: string;
  path: string;
  resource: string;
  status: number;
  result: 'success' | 'failure';
}

/** A deployment: a name in an account that points at one of its versions. */
export interface DeploymentRecord {
  account_id: string;
  name: string;
  current_version_id: string;
  created_on: string;
  modified_on: string;
}

/** An immutable version of a deployment: bundled modules plus the configuration they run with. */
export interface VersionRecord {
  id: string;
  account_id: string;
  deployment: string;
  /** 1 for the first version of the deployment, then one more each time. */
  number: number;
  message: string | null;
  created_on: string;
  main_module: string;
  /** The validated deployment configuration (docs/api.md, Deployments and versions). */
  config: Record<string, unknown>;
  /** SHA-256 (hex) of the bundle the platform built from the upload, which is what runs; null for versions stored before builds. */
  bundle_sha256?: string | null;
}

/** One uploaded module of a version. */
export interface ModuleRecord {
  name: string;
  content: Uint8Array;
}

/** A custom hostname bound to a deployment or to a tunnel (exactly one). Hostnames are unique across the platform. */
export interface DomainRecord {
  id: string;
  account_id: string;
  hostname: string;
  deployment: string | null;
  tunnel_id: string | null;
  created_on: string;
}

/**
 * The kind of a binding resource the API creates: a binding kind's resource key (`BindingPlugin.resource.key`:
 * kv, sql, bucket, queue). The store keeps it as given; the kinds are the bindings' to declare.
 */
export type ResourceKind = string;

/** A binding resource of an account: a key-value namespace, a SQL database, a bucket or a queue. */
export interface ResourceRecord {
  account_id: string;
  kind: ResourceKind;
  /** What configuration refers to it by: a generated id (kv, sql) or the chosen name (bucket, queue). */
  ref: string;
  /** The generated id. */
  id: string;
  name: string;
  created_on: string;
}

/** A secret of a deployment as stored: its value only sealed under the platform key (src/control/secret-vault.ts). */
export interface SecretRecord {
  account_id: string;
  /** The deployment's name; a secret may be set before the deployment's first version. */
  deployment: string;
  name: string;
  /** The sealed value: base64 of nonce, tag and ciphertext. Never the value itself. */
  sealed: string;
  created_on: string;
  modified_on: string;
}

/** What a new version changes, written in one transaction. */
export interface VersionWrite {
  version: VersionRecord;
  modules: ModuleRecord[];
  /** Custom domains to bind to the deployment with it (from `routes`). */
  domains: DomainRecord[];
}

/** Control-plane state. Unique violations throw a LedgeError with code `conflict`. */
export interface ControlStoragePort {
  createAccount(account: AccountRecord, members?: MemberRecord[], tokens?: TokenRecord[]): Promise<void>;
  getAccount(id: string): Promise<AccountRecord | null>;
  listAccounts(): Promise<AccountRecord[]>;

  addMember(member: MemberRecord): Promise<void>;
  listMembers(accountId: string): Promise<MemberRecord[]>;
  deleteMember(accountId: string, id: string): Promise<boolean>;

  /** Stores a token; refused (`conflict`) when its parent was revoked meanwhile, so no live child of a revoked token exists. */
  createToken(token: TokenRecord): Promise<void>;
  tokenByHash(hash: string): Promise<TokenRecord | null>;
  getToken(accountId: string, id: string): Promise<TokenRecord | null>;
  listTokens(accountId: string): Promise<TokenRecord[]>;
  /**
   * Revokes a token and, in the same transaction, every token it created, directly or through others.
   * Returns the ids of those descendants, or null when the account has no such token.
   */
  revokeToken(accountId: string, id: string, time: string): Promise<string[] | null>;
  touchToken(id: string, time: string): Promise<void>;

  appendAudit(record: AuditRecord): Promise<void>;
  /** Newest first. */
  listAudit(accountId: string, page: { offset: number; limit: number }): Promise<{ items: AuditRecord[]; total: number }>;

  /** Stores a version and points its deployment at it (creating the deployment), with its domains. */
  writeVersion(write: VersionWrite): Promise<DeploymentRecord>;
  /** Points a deployment at one of its existing versions (a rollback); null when the deployment does not exist. */
  pointAt(accountId: string, name: string, versionId: string, time: string): Promise<DeploymentRecord | null>;
  getDeployment(accountId: string, name: string): Promise<DeploymentRecord | null>;
  listDeployments(accountId?: string): Promise<DeploymentRecord[]>;
  /** Deletes the deployment, its versions, its domains and its secrets. */
  deleteDeployment(accountId: string, name: string): Promise<boolean>;
  getVersion(id: string): Promise<VersionRecord | null>;
  /** Newest first. */
  listVersions(accountId: string, deployment: string): Promise<VersionRecord[]>;
  getModules(versionId: string): Promise<ModuleRecord[]>;

  addDomain(domain: DomainRecord): Promise<void>;
  getDomain(accountId: string, id: string): Promise<DomainRecord | null>;
  domainByHostname(hostname: string): Promise<DomainRecord | null>;
  listDomains(accountId?: string): Promise<DomainRecord[]>;
  deleteDomain(accountId: string, id: string): Promise<boolean>;

  createResource(resource: ResourceRecord): Promise<void>;
  /** By generated id or by ref. */
  getResource(accountId: string, kind: ResourceKind, idOrRef: string): Promise<ResourceRecord | null>;
  listResources(accountId: string, kind: ResourceKind): Promise<ResourceRecord[]>;
  deleteResource(accountId: string, kind: ResourceKind, id: string): Promise<boolean>;

  /** Sets a deployment's secret (created, or replaced keeping its creation time); returns the stored record. */
  putSecret(secret: SecretRecord): Promise<SecretRecord>;
  /** A deployment's secrets, by name. */
  listSecrets(accountId: string, deployment: string): Promise<SecretRecord[]>;
  deleteSecret(accountId: string, deployment: string, name: string): Promise<boolean>;

  close(): void;
}
