import type { Clock } from '../lib/clock.js';
import type { ControlStoragePort } from '../storage/control.js';
import type { TunnelStoragePort } from '../storage/tunnels.js';
import type { ConnectorRegistry } from '../entry/tunnel/registry.js';
import type { AccessStoragePort } from '../storage/access.js';
import type { Keyring } from '../identity/keys.js';
import type { StoragePorts } from '../storage/ports.js';
import type { AssetContentStore } from '../storage/asset-content.js';
import type { SecretVault } from './secret-vault.js';
import type { AccountObservability } from '../observability/index.js';

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
  /** An account's invocation records, live tails and issues. */
  observability(accountId: string): AccountObservability;
}
