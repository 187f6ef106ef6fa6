import type { IsolatePart } from '../isolate-part.js';
import { typedCall } from '../protocol.js';
import { Workflow } from './binding.js';
import type { WorkflowsProtocol } from './protocol.js';

/** The isolate half of the workflow kind: a `Workflow` in `env` (the runs themselves are runtime events: run.ts). */
export const ISOLATE_PART = {
  kind: 'workflows',
  module: import.meta.url,
  create: (transport, context) => new Workflow(typedCall<WorkflowsProtocol>(transport), context),
} satisfies IsolatePart;
