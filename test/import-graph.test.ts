// Layers that hold (docs/architecture.md, Layers): no file of src/ imports a folder above its own, by the one
// table in docs/layers.json. Test files are left out: a test may reach up to set up what it checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { importCycles, importEdges, violation, type ImportEdge, type LayerRule } from './import-graph.js';

const SRC = path.resolve(import.meta.dirname, '../src');
const RULES = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../docs/layers.json'), 'utf8')) as { layers: LayerRule[] }).layers;

/**
 * Upward imports still present, each on purpose and for a limited time (none now); a line added here is deleted
 * when the work that removes the import lands (the last tests fail on a stale line).
 */
const ALLOWED_FOR_NOW: readonly ImportEdge[] = [];

/** Import cycles allowed for a limited time (none now): the isolate-registry cycle went with the binding plugins. */
const CYCLES_FOR_NOW: readonly (readonly string[])[] = [];

function sourceFiles(dir = SRC, out = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.set(path.relative(SRC, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
  }
  return out;
}

const same = (a: ImportEdge, b: ImportEdge) => a.from === b.from && a.to === b.to;

test('no file of src/ imports a layer above its own (docs/layers.json)', () => {
  const problems = importEdges(sourceFiles())
    .filter((edge) => !ALLOWED_FOR_NOW.some((allowed) => same(allowed, edge)))
    .map((edge) => violation(edge, RULES))
    .filter((problem) => problem !== null);
  assert.deepEqual([...new Set(problems)], []);
});

test('a deliberate upward import fails, whichever way it is written', () => {
  const files = new Map([
    ['storage/kv.ts', "import { createControlApi } from '../control/api.js';"],
    ['runtime/a.ts', "import type { ProjectConfig } from '../config/load.js';"],
    ['identity/b.ts', "export { readBody } from '../entry/serve.js';"],
    ['bindings/c.ts', "const m = await import('../runtime/isolate.js');"],
    ['cli/d.ts', "import { openEmbeddedStorage } from '../storage/embedded.js';"],
    ['control/e.ts', "import { createSqliteControlStorage } from '../storage/sqlite/control-storage.js';"],
    ['http/f.ts', "import { x } from '../somewhere/else.js';"],
  ]);
  const problems = importEdges(files).map((edge) => violation(edge, RULES));
  assert.equal(problems.length, 7);
  for (const problem of problems) assert.ok(problem !== null);
  assert.match(problems[0] as string, /storage\/kv\.ts imports control\/api\.ts: storage \(rank 2\) may not import control \(rank 9\)/);
  assert.match(problems[4] as string, /cli never imports storage/);
  assert.match(problems[5] as string, /only storage, dev, serve may import storage\/sqlite/);
  assert.match(problems[6] as string, /in no layer/);
});

test('downward imports, imports within a layer and packages pass', () => {
  const files = new Map([
    ['control/api.ts', "import { readBody } from '../http/body.js';\nimport { z } from 'zod';\nimport { x } from './router.js';"],
    ['serve/platform.ts', "import { createSqliteControlStorage } from '../storage/sqlite/control-storage.js';"],
    ['storage/embedded.ts', "import { openKv } from './sqlite/kv.js';"],
    ['cli/main.ts', "import { openLocalPlatform } from '../dev/local-platform.js';"],
  ]);
  const edges = importEdges(files);
  assert.equal(edges.length, 5, 'packages are not edges between layers');
  assert.deepEqual(edges.map((edge) => violation(edge, RULES)), [null, null, null, null, null]);
});

test('every allowed upward import still exists and still breaks the table (delete the line once it is gone)', () => {
  const edges = importEdges(sourceFiles());
  for (const allowed of ALLOWED_FOR_NOW) {
    assert.ok(edges.some((edge) => same(edge, allowed)), `${allowed.from} → ${allowed.to} is gone: delete it from ALLOWED_FOR_NOW`);
    assert.ok(violation(allowed, RULES) !== null, `${allowed.from} → ${allowed.to} is allowed by the table now: delete it from ALLOWED_FOR_NOW`);
  }
});

test('no files of src/ import each other in a circle, except those listed', () => {
  const cycles = importCycles(importEdges(sourceFiles()));
  const unexpected = cycles.filter((cycle) => !CYCLES_FOR_NOW.some((allowed) => cycle.every((file) => allowed.includes(file))));
  assert.deepEqual(unexpected, []);
  for (const allowed of CYCLES_FOR_NOW) {
    assert.ok(cycles.some((cycle) => cycle.some((file) => allowed.includes(file))), `the cycle of ${allowed.join(', ')} is gone: delete it from CYCLES_FOR_NOW`);
  }
});

test('a deliberate cycle is found, also through a type-only import', () => {
  const files = new Map([
    ['runtime/a.ts', "import { b } from './b.js';"],
    ['runtime/b.ts', "import type { C } from './c.js';"],
    ['runtime/c.ts', "export { a } from './a.js';"],
    ['runtime/d.ts', "import { a } from './a.js';"],
  ]);
  assert.deepEqual(importCycles(importEdges(files)), [['runtime/a.ts', 'runtime/b.ts', 'runtime/c.ts']]);
});
