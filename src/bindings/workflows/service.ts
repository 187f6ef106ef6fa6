import type { ServiceContext, BindingService } from '../plugin.js';
import { BindingError } from '../plugin.js';
import { engineFor } from './engine.js';
import type { AttemptOutcome, CreateRequest, StepRequest, WorkflowMethod } from './protocol.js';

/**
 * The host side of one workflow binding: instance calls from `env.<binding>`, and the step calls of runs of
 * this workflow (which travel on the same channel, quoting the run's id). Arguments come from the isolate:
 * each is checked before use.
 */
export function createWorkflowService(workflow: string, context: ServiceContext): BindingService {
  // The store opens on first use, so a damaged file fails only these calls (store_damaged).
  const engine = () => engineFor(context.storage.workflows, context.clock, context.logger);
  const id = (value: unknown): string => {
    if (typeof value !== 'string') throw new BindingError('TypeError', 'the instance id must be a string');
    return value;
  };
  return {
    async call(method, args) {
      switch (method as WorkflowMethod) {
        case 'create': {
          const requests = args[0];
          if (!Array.isArray(requests)) throw new BindingError('TypeError', 'create() takes { id?, params? }');
          return engine().create(workflow, requests.map((r: unknown) => (typeof r === 'object' && r !== null ? r : {}) as CreateRequest));
        }
        case 'get': return (await engine().get(workflow, id(args[0]))).id;
        case 'status': return engine().status(workflow, id(args[0]));
        case 'pause':
        case 'resume':
        case 'terminate':
        case 'restart':
          await engine().control(workflow, id(args[0]), method as 'pause' | 'resume' | 'terminate' | 'restart');
          return null;
        case 'sendEvent':
          await engine().sendEvent(workflow, id(args[0]), (args[1] ?? {}) as { type: string; payload: unknown });
          return null;
        case 'step':
          return engine().step(workflow, String(args[0]), args[1] as StepRequest);
        case 'attemptEnd':
          return engine().attemptEnd(workflow, String(args[0]), String(args[1]), Number(args[2]), args[3] as AttemptOutcome);
        default:
          throw new BindingError('TypeError', `Workflow has no method ${method}.`);
      }
    },
  };
}
