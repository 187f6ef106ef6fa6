import type { BindingPlugin } from '../plugin.js';
import { sqlDesign } from './design.js';
import { DEFAULT_RETENTION_DAYS, SQL_ENTRY_SCHEMA, type SqlEntryConfig } from './schema.js';
import { createSqlService } from './service.js';

/** The SQL database binding kind: `sql_databases: [{ binding, database_name, database_id, migrations_dir }]`. */
export const SQL_PLUGIN: BindingPlugin<SqlEntryConfig> = {
  kind: 'sql',
  configKey: 'sql_databases',
  entrySchema: SQL_ENTRY_SCHEMA,
  resourceId: (entry) => entry.database_id,
  createService: (entry, context) => createSqlService(context.storage.sql.database(entry.database_id, { retentionDays: entry.retention_days ?? DEFAULT_RETENTION_DAYS })),
  design: sqlDesign,
};
