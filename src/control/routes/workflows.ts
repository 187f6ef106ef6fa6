import { z } from 'zod';
import { WORKFLOW as WORKFLOW_RESULT, WORKFLOW_INSTANCE, WORKFLOW_INSTANCE_DETAIL, WORKFLOW_INSTANCE_STATUS } from '../results.js';
import { ApiError } from '../api-error.js';
import { defineRoute, type RouteDefinition } from '../router.js';
import type { ControlServices } from '../services.js';
import { createConsoleSink, createLogger } from '../../platform/logger.js';
import { isBindingError } from '../../bindings/plugin.js';
import { createWorkflowAdmin } from '../../bindings/workflows/admin.js';
import { WORKFLOW_LIMITS } from '../../bindings/workflows/limits.js';

const ACCOUNT = z.object({ account_id: z.string() });
const WORKFLOW = ACCOUNT.extend({ workflow_name: z.string().min(1).max(WORKFLOW_LIMITS.maxNameLength) });
const INSTANCE = WORKFLOW.extend({ instance_id: z.string().min(1).max(100) });
const STATUSES = ['queued', 'running', 'waiting', 'paused', 'complete', 'errored', 'terminated'] as const;

/** The engine's refusals as API errors: a missing instance is 404, any other refusal 409, a bad value 400. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    // Identified by its code, not its class (STYLE 6): a binding's refusal is `binding_refused` with the kind it raises.
    if (!isBindingError(err)) throw err;
    if (err.message.startsWith('instance.not_found')) throw new ApiError('object_not_found', err.message);
    throw new ApiError(err.kind === 'TypeError' || err.message.includes('invalid id') || err.message.includes('limit is') ? 'invalid_field' : 'conflict', err.message);
  }
}

const logger = createLogger(createConsoleSink(), 'workflows');
/** The workflows kind's admin operations on an account's store. */
const admin = (services: ControlServices, accountId: string) => createWorkflowAdmin(services.data(accountId).workflows, services.clock, logger);
const named = (params: { workflow_name: string }) => ({ kind: 'workflow' as const, name: params.workflow_name });

/** The account API of workflows (docs/api.md, Workflows): permission groups `workflows:read` and `workflows:write`, resource kind `workflow`. */
export const WORKFLOW_ROUTES: readonly RouteDefinition[] = [
  defineRoute({
    id: 'workflows.list', result: z.array(WORKFLOW_RESULT), method: 'GET', path: '/accounts/{account_id}/workflows', summary: 'List workflows with instances, and their counts by status',
    auth: { group: 'workflows:read', resource: 'any' }, params: ACCOUNT,
    async handler({ services, account, can }) {
      return { result: (await admin(services, account.id).list()).filter((w) => can('workflows:read', 'workflow', w.name)) };
    },
  }),
  defineRoute({
    id: 'workflows.instances', result: z.array(WORKFLOW_INSTANCE), method: 'GET', path: '/accounts/{account_id}/workflows/{workflow_name}/instances', summary: "A workflow's instances, newest first",
    auth: { group: 'workflows:read', resource: named }, params: WORKFLOW,
    query: z.object({ status: z.enum(STATUSES).optional(), per_page: z.coerce.number().int().min(1).max(1000).optional() }),
    async handler({ services, account, params, query }) {
      return { result: await admin(services, account.id).instances(params.workflow_name, { limit: query.per_page ?? 100, status: query.status }) };
    },
  }),
  defineRoute({
    id: 'workflows.create', result: WORKFLOW_INSTANCE_STATUS, method: 'POST', path: '/accounts/{account_id}/workflows/{workflow_name}/instances', summary: 'Start an instance (trigger)',
    auth: { group: 'workflows:write', resource: named }, params: WORKFLOW, status: 201,
    body: z.strictObject({ instance_id: z.string().optional(), params: z.json().optional() }),
    async handler({ services, account, params, body }) {
      const id = await answer(() => admin(services, account.id).trigger(params.workflow_name, { id: body.instance_id, params: body.params }));
      return { result: { id, status: 'queued' } };
    },
  }),
  defineRoute({
    id: 'workflows.describe', result: WORKFLOW_INSTANCE_DETAIL, method: 'GET', path: '/accounts/{account_id}/workflows/{workflow_name}/instances/{instance_id}', summary: 'An instance with its steps, attempts, timings and current wait',
    auth: { group: 'workflows:read', resource: named }, params: INSTANCE,
    async handler({ services, account, params }) {
      return { result: await answer(() => admin(services, account.id).describe(params.workflow_name, params.instance_id)) };
    },
  }),
  defineRoute({
    id: 'workflows.status', result: WORKFLOW_INSTANCE_STATUS, method: 'PATCH', path: '/accounts/{account_id}/workflows/{workflow_name}/instances/{instance_id}/status', summary: 'Pause, resume, terminate or restart an instance',
    auth: { group: 'workflows:write', resource: named }, params: INSTANCE, body: z.strictObject({ status: z.enum(['pause', 'resume', 'terminate', 'restart']) }),
    async handler({ services, account, params, body }) {
      const ops = admin(services, account.id);
      await answer(() => ops.control(params.workflow_name, params.instance_id, body.status));
      return { result: await answer(() => ops.describe(params.workflow_name, params.instance_id)).then((d) => ({ id: d.id, status: d.status })) };
    },
  }),
  defineRoute({
    id: 'workflows.event', result: z.object({ sent: z.literal(true) }), method: 'POST', path: '/accounts/{account_id}/workflows/{workflow_name}/instances/{instance_id}/events/{event_type}', summary: 'Send an event to an instance',
    auth: { group: 'workflows:write', resource: named }, params: INSTANCE.extend({ event_type: z.string().min(1).max(256) }), body: z.json().optional(),
    async handler({ services, account, params, body }) {
      await answer(() => admin(services, account.id).sendEvent(params.workflow_name, params.instance_id, params.event_type, body ?? null));
      return { result: { sent: true } };
    },
  }),
];
