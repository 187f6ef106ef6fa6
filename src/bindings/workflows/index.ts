import type { BindingPlugin } from '../plugin.js';
import { workflowsDesign } from './design.js';
import { ISOLATE_PART } from './isolate.js';
import { WORKFLOWS_CALLS, type WorkflowsProtocol } from './protocol.js';
import { startWorkflowRunner } from './runner.js';
import { WORKFLOW_ENTRY_SCHEMA, type WorkflowEntryConfig } from './schema.js';
import { createWorkflowHandlers } from './service.js';

/** The workflow binding kind: `workflows: [{ binding, name, class_name, script_name?, triggers?, limits? }]` (docs/bindings/workflows.md). */
export const WORKFLOWS_PLUGIN = {
  kind: 'workflows',
  configKey: 'workflows',
  entrySchema: WORKFLOW_ENTRY_SCHEMA,
  resourceId: (entry) => entry.name,
  // A workflow comes into being with the deployment that defines it, so the account API creates none
  // (no `api`); its instances have routes of their own (control/routes/workflows.ts), guarded by this area.
  resource: { field: 'name', key: 'workflow', area: 'workflows', areaLabel: 'workflows and their instances' },
  calls: WORKFLOWS_CALLS,
  handlers: (entry, context) => createWorkflowHandlers(entry.name, context),
  isolate: ISOLATE_PART,
  runner: { start: startWorkflowRunner },
  design: workflowsDesign,
} as const satisfies BindingPlugin<WorkflowEntryConfig, WorkflowsProtocol>;
