/**
 * The access storage port: access applications with their policies, the built-in identity provider's
 * users, service tokens, and the signing keys of the account's assertions. Secrets are stored only as
 * hashes (user passwords with scrypt, service-token secrets with SHA-256); signing keys' private halves
 * live here, as the control database is the platform's own trust root.
 */

/** One include rule of a policy: who it matches. */
export type AccessRule =
  | { email: { email: string } }
  | { email_domain: { domain: string } }
  | { group: { name: string } }
  | { service_token: { token_id: string } }
  | { any_valid_service_token: Record<string, never> }
  | { everyone: Record<string, never> };

/** A policy: an action and the identities it includes. */
export interface AccessPolicy {
  name: string;
  decision: 'allow' | 'deny' | 'service_auth';
  include: AccessRule[];
}

/** An access application: a hostname (and optional path) whose deployment or tunnel is protected. */
export interface AccessAppRecord {
  id: string;
  account_id: string;
  name: string;
  /** `host` or `host/path`, lowercase. */
  domain: string;
  /** The audience tag, fixed for the application's life. */
  aud: string;
  policies: AccessPolicy[];
  /** Go-style duration (`24h`, `30m`). */
  session_duration: string;
  created_at: string;
  updated_at: string;
}

/** A user of the built-in identity provider. */
export interface AccessUserRecord {
  id: string;
  account_id: string;
  email: string;
  /** `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>`. */
  password_hash: string;
  groups: string[];
  created_at: string;
}

/** A generic OpenID Connect provider people sign in with. */
export interface IdentityProviderRecord {
  id: string;
  account_id: string;
  name: string;
  type: 'oidc';
  config: { issuer: string; client_id: string; scopes: string[]; groups_claim: string };
  /** Needed at each code exchange, so kept as given; never shown by the API. */
  client_secret: string;
  created_at: string;
}

/** A machine credential: a client id and a secret stored as hashes, with a rotation grace. */
export interface ServiceTokenRecord {
  id: string;
  account_id: string;
  name: string;
  client_id: string;
  secret_hash: string;
  previous_secret_hash: string | null;
  previous_secret_expires_at: string | null;
  expires_at: string;
  enabled: boolean;
  created_at: string;
  last_seen_at: string | null;
  /** When the expiry warning was logged, so it is logged once. */
  expiry_warned_at: string | null;
}

/** One signing key of an account's assertions. */
export interface SigningKeyRecord {
  kid: string;
  account_id: string;
  public_jwk: Record<string, unknown>;
  private_pem: string;
  created_at: string;
  /** When a newer key took over; the key stays published for 7 days after. */
  retired_at: string | null;
}

/** Access state. A second application with the same domain, or a second user with the same email, is a `conflict`. */
export interface AccessStoragePort {
  createApp(app: AccessAppRecord): Promise<void>;
  getApp(accountId: string, id: string): Promise<AccessAppRecord | null>;
  listApps(accountId?: string): Promise<AccessAppRecord[]>;
  updateApp(app: AccessAppRecord): Promise<void>;
  deleteApp(accountId: string, id: string): Promise<boolean>;

  createUser(user: AccessUserRecord): Promise<void>;
  userByEmail(accountId: string, email: string): Promise<AccessUserRecord | null>;
  listUsers(accountId: string): Promise<AccessUserRecord[]>;
  deleteUser(accountId: string, id: string): Promise<boolean>;

  createIdentityProvider(idp: IdentityProviderRecord): Promise<void>;
  getIdentityProvider(accountId: string, id: string): Promise<IdentityProviderRecord | null>;
  listIdentityProviders(accountId: string): Promise<IdentityProviderRecord[]>;
  deleteIdentityProvider(accountId: string, id: string): Promise<boolean>;

  createServiceToken(token: ServiceTokenRecord): Promise<void>;
  getServiceToken(accountId: string, id: string): Promise<ServiceTokenRecord | null>;
  serviceTokenByClientId(clientId: string): Promise<ServiceTokenRecord | null>;
  listServiceTokens(accountId?: string): Promise<ServiceTokenRecord[]>;
  updateServiceToken(token: ServiceTokenRecord): Promise<void>;
  deleteServiceToken(accountId: string, id: string): Promise<boolean>;

  /** The account's keys, newest first. */
  listKeys(accountId: string): Promise<SigningKeyRecord[]>;
  /** Adds a key and retires the current one, in one step. */
  rotateKey(key: SigningKeyRecord, now: string): Promise<void>;
}
