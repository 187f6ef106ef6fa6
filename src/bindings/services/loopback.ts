/**
 * The loopback binding (docs/runtime.md, `exports`): the original's loopback bindings to a deployment's own
 * entrypoints. It has no section in ledge.jsonc: `ledge dev` and `ledge serve` add it to every version beside the
 * bindings its configuration declares (as the assets binding), and the isolate keeps it out of `env`. Each call
 * goes to the deployment itself, as through a service binding naming it, with the entrypoint and props the call names
 * (`exports.Greeter({ props })`); the callee learns that it called itself (`ctx.caller.deployment`). The target is
 * always the deployment the host runs the caller as: an isolate picks props only for its own entrypoints.
 */
import { serveProtocol } from '../host-protocol.js';
import { BindingError, type BoundBinding, type ServiceContext } from '../plugin.js';
import { ISOLATE_PART, LOOPBACK_BINDING } from './loopback-isolate.js';
import { LOOPBACK_CALLS, type LoopbackProtocol } from './loopback-protocol.js';

/** The loopback binding of a version whose services reach its account's deployments, or none (tools that run no code). */
export function loopbackBindings(context: ServiceContext): BoundBinding[] {
  const self = context.scope?.deployment;
  if (self === undefined || !context.deployments) return [];
  const deployments = context.deployments;
  const service = serveProtocol<LoopbackProtocol>(ISOLATE_PART.kind, LOOPBACK_CALLS, {
    async call([link, entrypoint, props, method, args], origin) {
      if (!origin) throw new BindingError('Error', 'exports: the deployment cannot be reached from here');
      return deployments.call({ deployment: self, entrypoint: entrypoint ?? undefined, props }, origin, link, method, args);
    },
  });
  return [{ name: LOOPBACK_BINDING, kind: ISOLATE_PART.kind, isolateModule: ISOLATE_PART.module, service }];
}
