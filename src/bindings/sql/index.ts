import { z } from 'zod';
import type { BindingPlugin } from '../plugin.js';
import { sqlDesign } from './design.js';
import { ISOLATE_PART } from './isolate.js';
import { SQL_CALLS, type SqlProtocol } from './protocol.js';
import { DEFAULT_RETENTION_DAYS, SQL_ENTRY_SCHEMA, type SqlEntryConfig } from './schema.js';
import { createSqlHandlers } from './service.js';
import { SQL_ADMIN } from './admin.js';

/** The SQL database binding kind: `sql_databases: [{ binding, database_name, database_id, migrations_dir }]`. */
export const SQL_PLUGIN = {
  kind: 'sql',
  configKey: 'sql_databases',
  entrySchema: SQL_ENTRY_SCHEMA,
  resourceId: (entry) => entry.database_id,
  resource: {
    field: 'database_id', key: 'sql', area: 'sql', areaLabel: 'SQL databases, their bookmarks and restores',
    api: {
      path: '/sql/databases', param: 'database_id', label: 'SQL database', refIsName: false, idStyle: 'uuid',
      body: z.strictObject({ name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, { error: 'expected a database name: lowercase letters, digits, - and _ (at most 64)' }) }),
      view: (r) => ({ uuid: r.id, name: r.name, created_on: r.created_on }),
      result: z.object({ uuid: z.string(), name: z.string(), created_on: z.string() }),
    },
  },
  calls: SQL_CALLS,
  handlers: (entry, context) => createSqlHandlers(context.storage.sql.database(entry.database_id, { retentionDays: entry.retention_days ?? DEFAULT_RETENTION_DAYS }), entry.error_prefix ?? 'SQL'),
  isolate: ISOLATE_PART,
  isolateOptions: (entry) => ({ errorPrefix: entry.error_prefix ?? 'SQL' }),
  design: sqlDesign,
  admin: SQL_ADMIN,
} as const satisfies BindingPlugin<SqlEntryConfig, SqlProtocol>;
