import type { DesignContribution } from '../plugin.js';
import { DEFAULT_RETENTION_DAYS, type SqlEntryConfig } from './schema.js';

/** A SQL section in the design record: who writes each database, and its restore window. */
export function sqlDesign(section: unknown, at: string): DesignContribution[] {
  const entries = (section as SqlEntryConfig[] | undefined) ?? [];
  if (entries.length === 0) return [];
  return [
    {
      concern: 'data', blocks: ['SQL database'],
      decisions: entries.map((entry, i) => ({
        subject: `write owner of env.${entry.binding}`, value: null,
        source: `${at}[${i}]: database "${entry.database_name}" (${entry.database_id}), read-write for this deployment; name its one writer (other deployments binding it are not in this file)`,
      })),
    },
    {
      concern: 'recovery', blocks: ['point-in-time restore'],
      decisions: entries.map((entry, i) => ({
        subject: `restore window of env.${entry.binding}`,
        value: `${entry.retention_days ?? DEFAULT_RETENTION_DAYS} days of point-in-time history (ledge db bookmark, ledge db restore)`,
        source: entry.retention_days === undefined ? `${at}[${i}].retention_days (default)` : `${at}[${i}].retention_days`,
      })),
    },
  ];
}
