import type { DesignContribution } from '../plugin.js';
import type { ServiceEntryConfig } from './schema.js';

/** The services section's part of a design record: who may call whom, and how a callee knows its caller. */
export function servicesDesign(section: unknown, at: string): DesignContribution[] {
  const entries = (section as ServiceEntryConfig[] | undefined) ?? [];
  if (!entries.length) return [];
  return [{
    concern: 'identity',
    blocks: ['service binding'],
    decisions: entries.map((entry, i) => ({
      subject: `caller identity at ${entry.service} through env.${entry.binding}`,
      value: 'the platform states the calling deployment (ctx.caller.deployment; the ledge-caller-deployment header on fetch), never a header the caller sets',
      source: `${at}[${i}]`,
    })),
  }];
}
