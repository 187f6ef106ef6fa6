import { z } from 'zod';
import { BINDING_NAME } from '../names.js';

/** One entry of `sql_databases` in ledge.jsonc. */
export const SQL_ENTRY_SCHEMA = z.strictObject({
  /** The name application code reads from `env`. */
  binding: BINDING_NAME,
  /** A name for people and the CLI (`ledge db ... <database_name>`). */
  database_name: z.string().min(1),
  /** Which stored database this binding reaches. */
  database_id: z.string().min(1),
  /** Directory of `.sql` migration files, relative to ledge.jsonc. @default "migrations" */
  migrations_dir: z.string().min(1).optional(),
  /** Table that records applied migrations. @default "ledge_migrations" */
  migrations_table: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'expected a table name (letters, digits, _)' }).optional(),
  /** Days of point-in-time history kept. @default 30 */
  retention_days: z.number().int().min(1).max(3650).optional(),
  /**
   * How the binding names its errors: "SQL" (`SQL_ERROR:`, `SQL_EXEC_ERROR:`, `SQL_TYPE_ERROR:`, ...) or "D1", the
   * original platform's names (`D1_ERROR:`, ...), for code that tests an error's prefix. A `d1_databases` entry of the
   * original's configuration file gets "D1". @default "SQL"
   */
  error_prefix: z.enum(['SQL', 'D1']).optional(),
});

/** The prefix of the binding's error names. */
export type SqlErrorPrefix = NonNullable<SqlEntryConfig['error_prefix']>;

/** A `sql_databases` entry. */
export type SqlEntryConfig = z.infer<typeof SQL_ENTRY_SCHEMA>;

/** Default point-in-time retention (SPEC, Limits: 30 days on the paid plan). */
export const DEFAULT_RETENTION_DAYS = 30;
