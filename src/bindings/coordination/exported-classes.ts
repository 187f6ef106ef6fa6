/**
 * Coordination classes that no binding names (docs/runtime.md, `exports`): a class the deployment's migrations created
 * is in `exports` of the runtime module under its name, as a full namespace, whether or not `durable_objects.bindings`
 * names it. Its namespace is the class's own (`<account>/<deployment>/<class>`), so its objects are the ones a binding
 * of the class reaches, now or added later. The host serves it through a binding no configuration can name (its name
 * is not an identifier), which the isolate keeps out of `env`.
 */
import { serveProtocol } from '../host-protocol.js';
import type { BoundBinding, ServiceContext } from '../plugin.js';
import { ISOLATE_PART } from './isolate.js';
import { NO_MIGRATIONS, ownClasses, planMigrations } from './migrations.js';
import { COORDINATION_CALLS } from './protocol.js';
import type { Migration } from './schema.js';
import { bindingNamespace, createCoordinationHandlers } from './service.js';

/** The prefix of the hidden bindings: `ledge:class:<ClassName>`. */
export const CLASS_BINDING_PREFIX = 'ledge:class:';

/**
 * The classes a deployment has once `migrations` are applied. Migrations already applied must stay a prefix of the
 * list (the deploy is refused otherwise), so replaying the whole list gives what the store recorded.
 */
export function migratedClasses(migrations: readonly Migration[]): string[] {
  return Object.keys(planMigrations(migrations, NO_MIGRATIONS, []).state.classes);
}

/**
 * Why the module cannot serve the deployment's classes: each class its migrations leave that the module does not
 * export (a binding of it, or `exports`, would reach objects no code can run). `exportNames` are the module's export
 * names, as its bundle declares them.
 */
export function classExportProblems(migrations: readonly Migration[], exportNames: readonly string[]): string[] {
  const exported = new Set(exportNames);
  return migratedClasses(migrations).filter((name) => !exported.has(name) || name === 'default').map((name) =>
    `class ${name} exists (created by migrations; its objects are kept) but the module exports no class ${name}: export it, remove it with a "deleted_classes" migration, or move its objects to another class with "renamed_classes"`);
}

/** The hidden bindings of the classes `migrations` create that no own binding of `bindings` names, for `exports`. */
export function unboundClassBindings(migrations: readonly Migration[], bindings: readonly { binding: string; class_name: string; script_name?: string | undefined }[], context: ServiceContext): BoundBinding[] {
  const self = context.scope?.deployment;
  if (self === undefined || migrations.length === 0) return [];
  const bound = new Set(ownClasses(bindings, self));
  return migratedClasses(migrations).filter((name) => !bound.has(name)).map((className) => {
    const entry = { binding: `${CLASS_BINDING_PREFIX}${className}`, class_name: className };
    const service = serveProtocol(ISOLATE_PART.kind, COORDINATION_CALLS, createCoordinationHandlers(entry, context));
    return { name: entry.binding, kind: ISOLATE_PART.kind, isolateModule: ISOLATE_PART.module, isolateOptions: { namespace: bindingNamespace(entry, context), ownClass: className }, service };
  });
}

/**
 * The configuration sections whose background runners a version starts: a deployment whose migrations alone declare
 * its classes (no `durable_objects` section) still needs the alarm runner of their objects.
 */
export function withClassSections(sections: Readonly<Record<string, unknown>>, migrations: readonly Migration[]): Readonly<Record<string, unknown>> {
  if (sections['durable_objects'] !== undefined || migratedClasses(migrations).length === 0) return sections;
  return { ...sections, durable_objects: { bindings: [] } };
}
