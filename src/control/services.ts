import type { AccountLimits } from '../storage/account-limits.js';
import type { Clock } from '../platform/clock.js';
import type { ControlStoragePort } from '../storage/control.js';
import type { TunnelStoragePort } from '../storage/tunnels.js';
import type { ConnectorRegistry } from '../entry/tunnel/registry.js';
import type { AccessStoragePort } from '../storage/access.js';
import type { Keyring } from '../identity/keys.js';
import type { StoragePorts } from '../storage/ports.js';
import type { AssetContentStore } from '../storage/asset-content.js';
import type { SecretVault } from './secret-vault.js';
import type { AccountObservability } from '../observability/index.js';
import type { BindingRegistry } from '../bindings/registry.js';
import type { UploadBuildOptions } from '../runtime/sandbox/build.js';

/** What the API's routes work with: control state, the clock, and the platform they change. */
export interface ControlServices {
  store: ControlStoragePort;
  tunnels: TunnelStoragePort;
  access: AccessStoragePort;
  /** The signing keys of access assertions. */
  keyring: Keyring;
  clock: Clock;
  /** The domain under which default and preview hostnames live (`ledge.localhost`). */
  platformDomain: string;
  /** Called after a change to what the application listener serves (a deploy, a rollback, a domain, a deletion). */
  changed(accountId: string): Promise<void>;
  /** The live tunnel connections of this node. */
  connectors: ConnectorRegistry;
  /** The WebSocket URL connectors dial (it goes into tunnel tokens). */
  connectUrl(): string;
  /** The binding data of an account: SQL bookmarks and restores, and whether a bucket or queue still holds data. */
  data(accountId: string): StoragePorts;
  /** The asset files of an account by content hash, shared by its versions. */
  assetContent(accountId: string): AssetContentStore;
  /** Seals deployment secrets under the platform key. */
  vault: SecretVault;
  /** Called after a deployment's secrets changed: its running isolates are replaced so the next event sees them. */
  secretsChanged(accountId: string, deployment: string): Promise<void>;
  /** Account limits: read, and set (applied to the account's running sandbox at once). Absent where the platform keeps none. */
  accountLimits?: { get(accountId: string): AccountLimits | undefined; set(accountId: string, limits: AccountLimits): void; readonly defaultMemoryMb: number; readonly defaultCoordinationStorageMb: number };
  /** Builds uploaded modules into the one module that runs (in a build sandbox under process isolation), in turn with the account's other builds. */
  buildUpload?(input: { account: string; modules: readonly { name: string; content: Uint8Array }[]; main: string; compatibilityFlags: readonly string[] } & Omit<UploadBuildOptions, 'compatibilityFlags'>): Promise<{ content: Uint8Array; sha256: string; map?: Uint8Array }>;
  /** Why no further account may be created on this platform (thread isolation without --trust-all-code), or undefined. */
  accountCreationRefusal?: string;
  /** An account's invocation records, live tails and issues. */
  observability(accountId: string): AccountObservability;
  /** The binding kinds deployments may use (BINDINGS unless a test adds its own): deploys are checked, and resource routes and permission areas made, from these. */
  bindings: BindingRegistry;
}
