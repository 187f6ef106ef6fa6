import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NO_MIGRATIONS, planMigrations } from './migrations.js';
import { classExportProblems, migratedClasses } from './exported-classes.js';

test('migrations apply in order: new classes, renames and deletes, recorded with their tags', () => {
  const first = planMigrations([{ tag: 'v1', new_sqlite_classes: ['Counter'], new_classes: ['Legacy'] }], NO_MIGRATIONS, ['Counter', 'Legacy']);
  assert.deepEqual(first.problems, []);
  assert.deepEqual(first.state, { tags: ['v1'], classes: { Counter: 'sqlite', Legacy: 'kv' } });
  const second = planMigrations([
    { tag: 'v1', new_sqlite_classes: ['Counter'], new_classes: ['Legacy'] },
    { tag: 'v2', renamed_classes: [{ from: 'Counter', to: 'Tally' }] },
    { tag: 'v3', deleted_classes: ['Legacy'] },
  ], first.state, ['Tally']);
  assert.deepEqual(second.problems, []);
  assert.deepEqual(second.applied, ['v2', 'v3']);
  assert.deepEqual(second.actions, [{ kind: 'rename', from: 'Counter', to: 'Tally' }, { kind: 'delete', className: 'Legacy' }]);
  assert.deepEqual(second.state, { tags: ['v1', 'v2', 'v3'], classes: { Tally: 'sqlite' } });
  // Applied again: nothing to do.
  const again = planMigrations([{ tag: 'v1', new_sqlite_classes: ['Counter'], new_classes: ['Legacy'] }, { tag: 'v2', renamed_classes: [{ from: 'Counter', to: 'Tally' }] }, { tag: 'v3', deleted_classes: ['Legacy'] }], second.state, ['Tally']);
  assert.deepEqual(again.actions, []);
  assert.deepEqual(again.applied, []);
});

test('a class no binding names any more is kept (it is in exports); a class bound under a new name without renamed_classes refuses the deploy naming it', () => {
  const before = planMigrations([{ tag: 'v1', new_sqlite_classes: ['Counter'] }], NO_MIGRATIONS, ['Counter']).state;
  const unbound = planMigrations([{ tag: 'v1', new_sqlite_classes: ['Counter'] }], before, []);
  assert.deepEqual(unbound.problems, []);
  assert.deepEqual(unbound.state, before);
  const renamed = planMigrations([{ tag: 'v1', new_sqlite_classes: ['Counter'] }], before, ['Tally']);
  assert.deepEqual(renamed.problems, ['durable_objects.bindings: class Tally was never created by a migration; add { "tag": "...", "new_sqlite_classes": ["Tally"] } to migrations']);
});

test('the module must export every class the migrations leave, bound or not', () => {
  const migrations = [{ tag: 'v1', new_sqlite_classes: ['Counter', 'Spare'] }, { tag: 'v2', renamed_classes: [{ from: 'Spare', to: 'Extra' }] }];
  assert.deepEqual(migratedClasses(migrations), ['Counter', 'Extra']);
  assert.deepEqual(classExportProblems(migrations, ['Counter', 'Extra', 'default']), []);
  const problems = classExportProblems(migrations, ['Counter', 'Spare', 'default']);
  assert.equal(problems.length, 1);
  assert.match(problems[0] as string, /^class Extra exists \(created by migrations; its objects are kept\) but the module exports no class Extra: export it, remove it with a "deleted_classes" migration/);
  assert.deepEqual(classExportProblems([{ tag: 'v1', new_classes: ['default'] }], ['default']).length, 1, 'the default export is never a class of objects');
});

test('a bound class needs a migration; bad steps and reordered history are refused', () => {
  assert.match(planMigrations([], NO_MIGRATIONS, ['Counter']).problems[0] as string, /class Counter was never created by a migration; add \{ "tag": "\.\.\.", "new_sqlite_classes": \["Counter"\] \}/);
  assert.match(planMigrations([{ tag: 'a', new_classes: ['X'] }, { tag: 'a', new_classes: ['Y'] }], NO_MIGRATIONS, ['X', 'Y']).problems[0] as string, /"a" appears twice/);
  assert.match(planMigrations([{ tag: 'a', deleted_classes: ['X'] }], NO_MIGRATIONS, []).problems[0] as string, /class X does not exist, so it cannot be deleted/);
  assert.match(planMigrations([{ tag: 'a', renamed_classes: [{ from: 'X', to: 'Y' }] }], NO_MIGRATIONS, []).problems[0] as string, /class X does not exist, so it cannot be renamed/);
  assert.match(planMigrations([{ tag: 'a', new_classes: ['X'] }, { tag: 'b', new_sqlite_classes: ['X'] }], NO_MIGRATIONS, ['X']).problems[0] as string, /class X already exists/);
  const applied = planMigrations([{ tag: 'a', new_classes: ['X'] }], NO_MIGRATIONS, ['X']).state;
  assert.match(planMigrations([{ tag: 'b', new_classes: ['X'] }], applied, ['X']).problems[0] as string, /"a" was applied as migration 1 before/);
});
