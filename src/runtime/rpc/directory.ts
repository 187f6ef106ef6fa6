/**
 * The host's way into an account's deployments for service bindings (bindings/services): finds the
 * deployment a binding names, bounds how deeply calls nest and how large their values are, states the
 * caller from what the host knows, and runs the call as an event of the callee.
 */
import type { CallOrigin, DeploymentCalls } from '../../bindings/plugin.js';
import { enterNestedCall } from '../../bindings/protocol.js';
import { setEncodedRequestHeader } from './codec.js';
import type { RpcOutcome } from './errors.js';
import { RpcPort } from './host-links.js';
import { RPC_LIMITS } from './limits.js';
import type { RpcEventRequest } from '../isolate.js';

/**
 * The request header that tells a callee, on `fetch()` through a service binding, which deployment called:
 * set by the platform, replacing any copy the caller put on its Request, and removed from every request
 * that reaches a deployment from outside (DeploymentRuntime.dispatch). SPEC, Authentication 7.
 */
export const SERVICE_CALLER_HEADER = 'ledge-caller-deployment';

/** A deployment as the directory reaches it. */
export interface RpcCallee {
  runRpc(call: RpcEventRequest): Promise<RpcOutcome>;
}

/** Options of the directory of one account. */
export interface DeploymentDirectoryOptions {
  /** The running deployment of the account named `name` (started if needed), or undefined when the account has none. */
  find(name: string): Promise<RpcCallee | undefined>;
  /** @default RPC_LIMITS.maxDepth */
  maxDepth?: number;
}

function failure(name: string, message: string): RpcOutcome {
  return { error: { name, message } };
}

/** Creates the deployment calls of one account. */
export function createDeploymentDirectory(options: DeploymentDirectoryOptions): DeploymentCalls {
  const maxDepth = options.maxDepth ?? RPC_LIMITS.maxDepth;
  return {
    async call(target, origin: CallOrigin, link, method, args): Promise<RpcOutcome> {
      const port = origin.endpoint;
      if (!(port instanceof RpcPort)) throw new TypeError('a service binding call came without its caller');
      const depth = origin.depth + 1;
      if (depth > maxDepth) return failure('RangeError', `service binding calls are nested more than ${maxDepth} deep (a loop between deployments?); the call to ${target.deployment} was refused`);
      // Props come from configuration, or from the caller's own loopback stub (`exports.Greeter({ props })`): bounded as arguments are.
      const oversized = port.oversized(args, 'argument list') ?? port.oversized(target.props, 'props');
      if (oversized) return oversized;
      const callee = await options.find(target.deployment);
      if (!callee) return failure('Error', `the service binding points at the deployment "${target.deployment}", which is not a deployment of this account (under ledge dev: not a project started in the same ledge dev)`);
      // Who calls comes from the platform, never from the caller's own headers.
      if (method === 'fetch') setEncodedRequestHeader(args[0], SERVICE_CALLER_HEADER, origin.deployment);
      const leave = enterNestedCall(origin, target.deployment);
      if (typeof leave === 'string') return failure('RangeError', leave);
      let outcome: RpcOutcome;
      try {
        outcome = await callee.runRpc({ from: port, fromLink: link, depth, entrypoint: target.entrypoint ?? null, props: target.props, caller: origin.deployment, method, args });
      } catch (err) {
        return failure('Error', `the call to ${target.deployment} failed: ${(err as Error).message}`);
      } finally {
        leave();
      }
      return 'value' in outcome ? port.oversized(outcome.value, 'result') ?? outcome : outcome;
    },
  };
}
