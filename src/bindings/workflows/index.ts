import type { BindingPlugin } from '../plugin.js';
import { workflowsDesign } from './design.js';
import { WORKFLOW_ENTRY_SCHEMA, type WorkflowEntryConfig } from './schema.js';
import { createWorkflowService } from './service.js';

/** The workflow binding kind: `workflows: [{ binding, name, class_name, script_name?, limits? }]` (docs/bindings/workflows.md). */
export const WORKFLOWS_PLUGIN: BindingPlugin<WorkflowEntryConfig> = {
  kind: 'workflows',
  configKey: 'workflows',
  entrySchema: WORKFLOW_ENTRY_SCHEMA,
  resourceId: (entry) => entry.name,
  createService: (entry, context) => createWorkflowService(entry.name, context),
  design: workflowsDesign,
};

export { startWorkflowRunners, type WorkflowRunners } from './runner.js';
