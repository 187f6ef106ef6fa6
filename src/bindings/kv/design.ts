import type { DesignContribution } from '../plugin.js';
import type { KvEntryConfig } from './schema.js';

/** A key-value section in the design record: who writes each namespace, and how it recovers (it cannot restore). */
export function kvDesign(section: unknown, at: string): DesignContribution[] {
  const entries = (section as KvEntryConfig[] | undefined) ?? [];
  if (entries.length === 0) return [];
  return [
    {
      concern: 'data', blocks: ['key-value store'],
      decisions: entries.map((entry, i) => ({
        subject: `write owner of env.${entry.binding}`, value: null,
        source: `${at}[${i}]: namespace "${entry.id}", read-write for this deployment; name its one writer (other deployments binding it are not in this file)`,
      })),
    },
    {
      concern: 'recovery', blocks: [],
      decisions: entries.map((entry) => ({
        subject: `recovery of env.${entry.binding}`, value: null,
        source: 'a key-value namespace has no point-in-time restore; say how lost or wrong values are rebuilt, or why losing them is acceptable',
      })),
    },
  ];
}
