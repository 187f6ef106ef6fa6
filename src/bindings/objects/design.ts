import type { DesignContribution } from '../plugin.js';
import { DEFAULT_LIFECYCLE_RULE, type BucketEntryConfig, type LifecycleRule } from './schema.js';

/** A bucket section in the design record: who writes each bucket, its object lifecycle, and how it recovers. */
export function objectsDesign(section: unknown, at: string): DesignContribution[] {
  const entries = (section as BucketEntryConfig[] | undefined) ?? [];
  if (entries.length === 0) return [];
  return [
    {
      concern: 'data', blocks: ['object store'],
      decisions: entries.flatMap((entry, i) => [
        {
          subject: `write owner of env.${entry.binding}`, value: null,
          source: `${at}[${i}]: bucket "${entry.bucket_name}", read-write for this deployment; name its one writer (other deployments binding it are not in this file)`,
        },
        entry.lifecycle === undefined
          ? {
            subject: `object lifecycle of env.${entry.binding}`, value: null,
            source: `${at}[${i}] has no lifecycle: rules set with "ledge objects lifecycle" are not part of the configuration; write them here (or in ledge.jsonc)`,
          }
          : { subject: `object lifecycle of env.${entry.binding}`, value: [...entry.lifecycle, DEFAULT_LIFECYCLE_RULE].map(describeRule).join('; '), source: `${at}[${i}].lifecycle` },
      ]),
    },
    {
      concern: 'recovery', blocks: [],
      decisions: entries.map((entry) => ({
        subject: `recovery of env.${entry.binding}`, value: null,
        source: 'an object deleted or overwritten (by code or a lifecycle rule) cannot be restored; say what keeps the originals',
      })),
    },
  ];
}

/** One rule in words: `logs: delete "logs/" after 30 days`. */
function describeRule(rule: LifecycleRule): string {
  if (rule.enabled === false) return `${rule.id}: disabled`;
  const scope = rule.prefix ? `"${rule.prefix}"` : 'every object';
  const actions = [
    rule.expire === undefined ? '' : 'days' in rule.expire ? `delete ${scope} after ${rule.expire.days} days` : `delete ${scope} on ${rule.expire.date}`,
    rule.abortMultipartAfterDays === undefined ? '' : `abort unfinished multipart uploads after ${rule.abortMultipartAfterDays} days`,
  ].filter(Boolean);
  return `${rule.id}: ${actions.join(', ')}`;
}
