import type { DesignContribution } from '../plugin.js';
import { WORKFLOW_LIMITS } from './limits.js';
import type { WorkflowEntryConfig } from './schema.js';

/** The workflows section's part of a design record: each workflow's step semantics, and the decision a person must make about repeated side effects. */
export function workflowsDesign(section: unknown, at: string): DesignContribution[] {
  const entries = (section as WorkflowEntryConfig[] | undefined) ?? [];
  if (!entries.length) return [];
  return [{
    concern: 'execution',
    blocks: ['workflow service'],
    decisions: entries.flatMap((entry, i) => [
      {
        subject: `steps of workflow "${entry.name}"`,
        value: `each step's result is stored once and never run again on replay; step.do retries 5 times from 10 s, exponential, unless its config says otherwise; at most ${entry.limits?.steps ?? WORKFLOW_LIMITS.defaultSteps} steps per instance`,
        source: `${at}[${i}]`,
      },
      {
        subject: `completion semantics of workflow "${entry.name}"`, value: null,
        source: 'a step attempt cut off by a restart runs again as a new attempt: say what makes a repeated side effect harmless (an idempotency key per step)',
      },
    ]),
  }];
}
