import type { ServiceContext } from '../plugin.js';
import type { CallHandlers } from '../protocol.js';
import { engineFor } from './engine.js';
import type { WorkflowsProtocol } from './protocol.js';

/**
 * The host side of one workflow binding: instance calls from `env.<binding>`, and the step calls of runs of
 * this workflow (which travel on the same channel, quoting the run's id). `serveProtocol` has checked each
 * call's arguments against `WORKFLOWS_CALLS`; the engine checks ids, sizes and the run's fence.
 */
export function createWorkflowHandlers(workflow: string, context: ServiceContext): CallHandlers<WorkflowsProtocol> {
  // The store opens on first use, so a damaged file fails only these calls (store_damaged).
  const engine = () => engineFor(context.storage.workflows, context.clock, context.logger);
  const control = async (id: string, op: 'pause' | 'resume' | 'terminate' | 'restart'): Promise<null> => {
    await engine().control(workflow, id, op);
    return null;
  };
  return {
    create: ([requests]) => engine().create(workflow, requests),
    get: async ([id]) => (await engine().get(workflow, id)).id,
    status: ([id]) => engine().status(workflow, id),
    pause: ([id]) => control(id, 'pause'),
    resume: ([id]) => control(id, 'resume'),
    terminate: ([id]) => control(id, 'terminate'),
    restart: ([id]) => control(id, 'restart'),
    async sendEvent([id, event]) {
      await engine().sendEvent(workflow, id, event);
      return null;
    },
    step: ([runId, request]) => engine().step(workflow, runId, request),
    attemptEnd: ([runId, key, attempt, outcome]) => engine().attemptEnd(workflow, runId, key, attempt, outcome),
  };
}
