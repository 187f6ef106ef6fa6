import { BindingError, type ServiceContext } from '../plugin.js';
import type { CallHandlers } from '../protocol.js';
import type { ServicesProtocol } from './protocol.js';
import type { ServiceEntryConfig } from './schema.js';

/**
 * The host side of one service binding: each call goes to the deployment the entry names, in the caller's
 * own account (the directory the host gives is the account's), with the entry's props and the caller as
 * the host knows it.
 */
export function createServiceHandlers(entry: ServiceEntryConfig, context: ServiceContext): CallHandlers<ServicesProtocol> {
  const target = { deployment: entry.service, entrypoint: entry.entrypoint, props: entry.props ?? {} };
  return {
    async call([link, method, args], origin) {
      const deployments = context.deployments;
      if (!deployments || !origin) throw new BindingError('Error', `${entry.binding}: no deployment can be reached from here`);
      return deployments.call(target, origin, link, method, args);
    },
  };
}
