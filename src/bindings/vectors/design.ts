import type { DesignContribution } from '../plugin.js';
import type { VectorsEntryConfig } from './schema.js';

/**
 * A vector index section in the design record: the embedding model behind each index (SPEC: vectors from
 * different embedding models never share an index generation), and how its vectors are rebuilt.
 */
export function vectorsDesign(section: unknown, at: string): DesignContribution[] {
  const entries = (section as VectorsEntryConfig[] | undefined) ?? [];
  if (entries.length === 0) return [];
  return [
    {
      concern: 'data', blocks: ['vector index'],
      decisions: entries.map((entry, i) => ({
        subject: `embedding model of env.${entry.binding}`, value: null,
        source: `${at}[${i}]: index "${entry.index_name}"; name the one embedding model its vectors come from (a model upgrade writes a new index, never into this one)`,
      })),
    },
    {
      concern: 'recovery', blocks: [],
      decisions: entries.map((entry) => ({
        subject: `recovery of env.${entry.binding}`, value: null,
        source: 'a vector index has no point-in-time restore; say how its vectors are rebuilt from their sources (re-embedding), or why losing them is acceptable',
      })),
    },
  ];
}
