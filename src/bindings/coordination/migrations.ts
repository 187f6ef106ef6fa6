/**
 * Coordination-object migrations (reference §4.6): which classes a deployment has, checked and applied when a
 * version is deployed. The plan is pure (tested on its own); `applyMigrations` carries it out on the store and
 * records it per deployment.
 */
import { LedgeError } from '../../platform/errors.js';
import type { CoordinationStoragePort } from '../../storage/ports.js';
import { namespaceOf } from './ids.js';
import type { Migration } from './schema.js';

/** What a deployment's migrations have done so far: the tags applied, in order, and its classes with their backend. */
export interface MigrationState {
  tags: string[];
  classes: Record<string, 'sqlite' | 'kv'>;
}

/** One change to stored objects a migration makes. */
export type MigrationAction = { kind: 'rename'; from: string; to: string } | { kind: 'delete'; className: string };

/** The outcome of planning: problems refuse the deploy; otherwise the actions to run and the state to record. */
export interface MigrationPlan {
  problems: string[];
  actions: MigrationAction[];
  state: MigrationState;
  /** Tags applied by this plan, in order. */
  applied: string[];
}

/** An empty state: a deployment that never ran a migration. */
export const NO_MIGRATIONS: MigrationState = { tags: [], classes: {} };

/**
 * Plans `migrations` over what was applied before. `ownClasses` are the classes this deployment's own
 * bindings name (a binding without `script_name`): each must exist once the migrations are applied, or the deploy is
 * refused. A class that exists but no binding names is kept (docs/runtime.md, `exports`).
 */
export function planMigrations(migrations: readonly Migration[], before: MigrationState, ownClasses: readonly string[]): MigrationPlan {
  const problems: string[] = [];
  const classes = new Map(Object.entries(before.classes));
  const actions: MigrationAction[] = [];
  const applied: string[] = [];
  const seen = new Set<string>();
  migrations.forEach((m, i) => {
    if (seen.has(m.tag)) problems.push(`migrations[${i}].tag: "${m.tag}" appears twice; each migration needs its own tag`);
    seen.add(m.tag);
  });
  before.tags.forEach((tag, i) => {
    if (migrations[i]?.tag !== tag) problems.push(`migrations: "${tag}" was applied as migration ${i + 1} before, so it must stay in that place (migrations are applied once, in order; add new ones at the end)`);
  });
  if (problems.length) return { problems, actions, state: before, applied };
  migrations.slice(before.tags.length).forEach((m, offset) => {
    const at = `migrations[${before.tags.length + offset}]`;
    const create = (list: readonly string[] | undefined, backend: 'sqlite' | 'kv', key: string) => (list ?? []).forEach((name, j) => {
      if (classes.has(name)) problems.push(`${at}.${key}[${j}]: class ${name} already exists`);
      else classes.set(name, backend);
    });
    create(m.new_classes, 'kv', 'new_classes');
    create(m.new_sqlite_classes, 'sqlite', 'new_sqlite_classes');
    (m.renamed_classes ?? []).forEach(({ from, to }, j) => {
      const backend = classes.get(from);
      if (!backend) problems.push(`${at}.renamed_classes[${j}]: class ${from} does not exist, so it cannot be renamed`);
      else if (classes.has(to)) problems.push(`${at}.renamed_classes[${j}]: class ${to} already exists`);
      else {
        classes.delete(from);
        classes.set(to, backend);
        actions.push({ kind: 'rename', from, to });
      }
    });
    (m.deleted_classes ?? []).forEach((name, j) => {
      if (!classes.has(name)) problems.push(`${at}.deleted_classes[${j}]: class ${name} does not exist, so it cannot be deleted`);
      else {
        classes.delete(name);
        actions.push({ kind: 'delete', className: name });
      }
    });
    applied.push(m.tag);
  });
  const own = new Set(ownClasses);
  for (const name of own) {
    if (!classes.has(name)) problems.push(`durable_objects.bindings: class ${name} was never created by a migration; add { "tag": "...", "new_sqlite_classes": ["${name}"] } to migrations`);
  }
  // A class no binding names stays: it is in `exports` of the runtime module (exported-classes.ts), and the module
  // must export it (checked against the built module: classExportProblems).
  return { problems, actions, state: { tags: [...before.tags, ...applied], classes: Object.fromEntries(classes) }, applied };
}

/** Where a deployment's migration state is kept: an object of a namespace no class can have (`#` is not allowed in a class name). */
function recordPlace(account: string, script: string): { namespace: string; id: string } {
  return { namespace: namespaceOf(account, script, '#migrations'), id: '0'.repeat(64) };
}

const RECORD_KEY = 'state';

/** The migration state recorded for a deployment. */
export async function readMigrationState(port: CoordinationStoragePort, account: string, script: string): Promise<MigrationState> {
  const place = recordPlace(account, script);
  const store = await port.open(place.namespace, place.id);
  try {
    const found = (await store.get([RECORD_KEY])).get(RECORD_KEY);
    return found ? JSON.parse(Buffer.from(found).toString('utf8')) as MigrationState : NO_MIGRATIONS;
  } finally {
    await store.close();
  }
}

/**
 * Whether a class of a deployment is SQLite-backed (`new_sqlite_classes`) rather than KV-backed (`new_classes`, no
 * SQL), as its migrations created it. A class's backend never changes, so the state is read once per lookup; a read
 * that failed is tried again by the next call rather than answered for ever.
 */
export function sqliteClassLookup(port: CoordinationStoragePort, account: string, script: string): (className: string) => Promise<boolean> {
  let classes: Promise<MigrationState['classes']> | undefined;
  return async (className) => {
    classes ??= readMigrationState(port, account, script).then((state) => state.classes);
    try {
      return (await classes)[className] !== 'kv';
    } catch (err) {
      classes = undefined;
      throw err;
    }
  };
}

/**
 * Plans and applies a deployment's migrations: refuses (returns the problems, changing nothing) or renames and
 * deletes namespaces in order, then records the new state.
 */
export async function applyMigrations(port: CoordinationStoragePort, account: string, script: string, migrations: readonly Migration[], ownClasses: readonly string[]): Promise<MigrationPlan> {
  const plan = planMigrations(migrations, await readMigrationState(port, account, script), ownClasses);
  if (plan.problems.length) return plan;
  for (const action of plan.actions) {
    if (action.kind === 'rename') await port.renameNamespace(namespaceOf(account, script, action.from), namespaceOf(account, script, action.to));
    else await port.deleteNamespace(namespaceOf(account, script, action.className));
  }
  if (plan.applied.length) {
    const place = recordPlace(account, script);
    const store = await port.open(place.namespace, place.id);
    try {
      await store.write([[RECORD_KEY, Buffer.from(JSON.stringify(plan.state))]], []);
    } finally {
      await store.close();
    }
  }
  return plan;
}

/** The classes a configuration's own bindings name (those without `script_name`, or naming the deployment itself). */
export function ownClasses(bindings: readonly { class_name: string; script_name?: string | undefined }[], script: string): string[] {
  return [...new Set(bindings.filter((b) => b.script_name === undefined || b.script_name === script).map((b) => b.class_name))];
}

/**
 * Applies a version's migrations before it runs (at deploy under `ledge serve`, at start and reload under
 * `ledge dev`); refuses with `config_invalid`, naming each problem, when they do not fit what was applied before.
 */
export async function migrateDeployment(port: CoordinationStoragePort, account: string, script: string, config: { migrations: readonly Migration[]; bindings: Readonly<Record<string, readonly { binding: string }[]>> }): Promise<MigrationPlan> {
  const entries = (config.bindings['durable_objects'] ?? []) as readonly { binding: string; class_name: string; script_name?: string }[];
  // A deployment that never mentions coordination objects costs no store.
  if (entries.length === 0 && config.migrations.length === 0) return { problems: [], actions: [], state: NO_MIGRATIONS, applied: [] };
  const plan = await applyMigrations(port, account, script, config.migrations, ownClasses(entries, script));
  if (plan.problems.length) throw new LedgeError('config_invalid', `the coordination-object migrations of ${script} cannot be applied:\n  ${plan.problems.join('\n  ')}`);
  return plan;
}
