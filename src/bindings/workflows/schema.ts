import { z } from 'zod';
import { BINDING_NAME } from '../names.js';
import { cronProblem } from '../../platform/cron-syntax.js';
import { WORKFLOW_LIMITS } from './limits.js';

/** One entry of `workflows` in ledge.jsonc. */
export const WORKFLOW_ENTRY_SCHEMA = z.strictObject({
  /** The name application code reads from `env`. */
  binding: BINDING_NAME,
  /** The workflow's name: which stored instances this binding reaches (at most 64 characters). */
  name: z.string().regex(/^[a-zA-Z0-9_][a-zA-Z0-9-_]*$/, { error: 'expected letters, digits, - and _ (not starting with -)' }).max(WORKFLOW_LIMITS.maxNameLength),
  /** The exported class that extends WorkflowEntrypoint. */
  class_name: z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, { error: 'expected the name of an exported class' }),
  /** The deployment whose code defines the class, when it is another one; that deployment runs the instances. @default this one */
  script_name: z.string().min(1).optional(),
  /** Crons that each start an instance, with `event.schedule` (always UTC; the syntax of `triggers.crons`, docs/cron.md). @default none */
  triggers: z.strictObject({ crons: z.array(z.string().min(1).refine((cron) => cronProblem(cron) === undefined, { error: (issue) => `${cronProblem(String(issue.input)) ?? 'invalid cron'}` })).max(100) }).optional(),
  limits: z.strictObject({
    /** Steps one instance may record. @default 1024 */
    steps: z.number().int().min(1).max(WORKFLOW_LIMITS.maxSteps).optional(),
  }).optional(),
});

/** A `workflows` entry. */
export type WorkflowEntryConfig = z.infer<typeof WORKFLOW_ENTRY_SCHEMA>;
