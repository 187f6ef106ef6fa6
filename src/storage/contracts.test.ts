// Every storage port's contract suite (src/storage/contracts/), run against the embedded SQLite adapters.
// A later adapter (PostgreSQL, S3-compatible) adds one line per suite here.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openEmbeddedStorage } from './embedded.js';
import { createSqliteControlStorage } from './sqlite/control-storage.js';
import { kvStorageContract } from './contracts/kv.js';
import { queueStorageContract } from './contracts/queues.js';
import { sqlStorageContract } from './contracts/sql.js';
import { objectStorageContract } from './contracts/objects.js';
import { controlStorageContract } from './contracts/control.js';
import { tunnelStorageContract } from './contracts/tunnels.js';
import { coordinationStorageContract } from './contracts/coordination.js';
import { vectorStorageContract } from './contracts/vectors.js';
import { createSqliteTunnelStorage } from './sqlite/tunnel-storage.js';
import { observabilityStorageContract } from './contracts/observability.js';
import { openEmbeddedObservability } from './embedded-observability.js';
import { createProcessCoordinationStorage, createProcessSqlStorage } from './process/index.js';
import { SYSTEM_CLOCK } from '../platform/clock.js';

const embedded = () => openEmbeddedStorage(mkdtempSync(path.join(tmpdir(), 'ledge-port-contract-')));

kvStorageContract('sqlite', embedded);
queueStorageContract('sqlite', embedded);
sqlStorageContract('sqlite', embedded);
// The same SQLite databases served by a store process (ledge serve): the port must not change above it.
sqlStorageContract('store process', () => {
  const sql = createProcessSqlStorage({ dir: mkdtempSync(path.join(tmpdir(), 'ledge-port-contract-')), clock: SYSTEM_CLOCK });
  return { sql, close: () => sql.close() };
});
objectStorageContract('sqlite', embedded);
vectorStorageContract('sqlite', embedded);
coordinationStorageContract('sqlite', embedded);
// The same objects served by an account's coordination store process (ledge serve): the port must not change above it.
coordinationStorageContract('store process', () => {
  const coordination = createProcessCoordinationStorage({ dir: mkdtempSync(path.join(tmpdir(), 'ledge-port-contract-')), clock: SYSTEM_CLOCK });
  return { coordination, close: () => void coordination.close() };
});
controlStorageContract('sqlite', () => createSqliteControlStorage(new Database(':memory:')));
tunnelStorageContract('sqlite', () => {
  const db = new Database(':memory:');
  return { tunnels: createSqliteTunnelStorage(db), close: () => db.close() };
});
observabilityStorageContract('sqlite', () => {
  const store = openEmbeddedObservability(path.join(mkdtempSync(path.join(tmpdir(), 'ledge-port-contract-')), 'observability.sqlite'));
  const { records, issues, webhooks } = store.stores();
  return { records, issues, webhooks, close: () => store.close() };
});
