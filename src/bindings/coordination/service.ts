import type { ServiceContext } from '../plugin.js';
import { BindingError } from '../plugin.js';
import { enterNestedCall, type CallHandlers } from '../protocol.js';
import { directoryFor } from './directory.js';
import { idFromName, idProblem, namespaceKey, namespaceOf } from './ids.js';
import { sqliteClassLookup } from './migrations.js';
import type { CoordinationProtocol } from './protocol.js';
import type { CoordinationEntry } from './schema.js';

/** The namespace a binding reaches: its class in the deployment that defines it. */
export function bindingNamespace(entry: CoordinationEntry, context: ServiceContext): string {
  const scope = context.scope;
  if (!scope) return '';
  return namespaceOf(scope.account, entry.script_name ?? scope.deployment, entry.class_name);
}

/**
 * The host side of one `durable_objects` binding: every event for an object of its namespace goes through the
 * directory to the isolate now serving the class's deployment. The id's MAC is checked again here: the isolate
 * that sent it is not trusted.
 */
export function createCoordinationHandlers(entry: CoordinationEntry, context: ServiceContext): CallHandlers<CoordinationProtocol> {
  const scope = context.scope;
  const namespace = bindingNamespace(entry, context);
  const key = namespaceKey(namespace);
  const script = entry.script_name ?? scope?.deployment ?? '';
  // Without a scope every event is refused before it asks.
  const port = context.storage.coordination;
  const isSqlite = sqliteClassLookup(port, scope?.account ?? '', script);
  // Looked up once per binding, not per call: the store's directory, and the class's backend once it is known
  // (the migrations that set it apply before a version starts, and a version's classes never change).
  const directory = directoryFor(port, { logger: context.logger });
  let sqlite: boolean | undefined;
  const host = () => (scope ? scope.objectHost(script) : Promise.reject(new BindingError('Error', 'coordination objects are not available here')));
  return {
    async event([id, name, call], origin) {
      if (!scope || !origin) throw new BindingError('Error', 'coordination objects are not available here');
      const problem = idProblem(key, id);
      if (problem) throw new BindingError('TypeError', problem);
      // The name becomes the instance's ctx.id.name, and is kept with an alarm it sets: it must be the id's own.
      if (name !== null && idFromName(key, name) !== id.toLowerCase()) throw new BindingError('TypeError', 'the object\'s name is not the name of its id');
      // The call's values are on the caller's RPC link: the object's isolate joins it when the event reaches it. It is
      // nested one deeper than its caller's event, bounded where it runs (Isolate.runObject).
      const from = { endpoint: origin.endpoint, link: call.link, depth: origin.depth + 1 };
      sqlite ??= await isSqlite(entry.class_name);
      const leave = enterNestedCall(origin, entry.class_name);
      if (typeof leave === 'string') throw new BindingError('Error', leave);
      try {
        return await directory.deliver({ ...call, namespace, className: entry.class_name, id: id.toLowerCase(), name, sqlite }, host, from);
      } finally {
        leave();
      }
    },
  };
}
