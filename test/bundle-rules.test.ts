// Module rules through the bundler and a real isolate: text, data and WebAssembly imports with the defaults,
// the project's own `rules`, and the rule semantics (fallthrough).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeProject, startProject } from './helpers.js';
import { resolveModuleRules } from '../src/runtime/bundle-rules.js';

/** A WebAssembly module exporting add(i32, i32) -> i32. */
const ADD_WASM = Buffer.from('AGFzbQEAAAABBwFgAn9/AX8DAgEABwcBA2FkZAAACgkBBwAgACABags=', 'base64');

test('text (.html, .txt, .sql), data (.bin) and .wasm imports follow the default rules', async (t) => {
  const dir = makeProject({
    'src/index.js': `import page from './page.html';
      import note from '../assets/note.txt';
      import schema from './schema.sql';
      import blob from './blob.bin';
      import add from './add.wasm';
      import addAgain from './add.wasm?module';
      export default { fetch() {
        const instance = new WebAssembly.Instance(add);
        return Response.json({
          page, note, schema,
          blob: { isArrayBuffer: blob instanceof ArrayBuffer, bytes: [...new Uint8Array(blob)] },
          wasm: { isModule: add instanceof WebAssembly.Module, sum: instance.exports.add(2, 3), viaQuery: addAgain instanceof WebAssembly.Module },
        });
      } };`,
    'src/page.html': '<h1>Hello</h1>\n',
    'assets/note.txt': 'a note ✓',
    'src/schema.sql': 'CREATE TABLE t (id INTEGER);',
  });
  writeFileSync(path.join(dir, 'src/blob.bin'), Buffer.from([0, 1, 2, 254, 255]));
  writeFileSync(path.join(dir, 'src/add.wasm'), ADD_WASM);
  const server = await startProject(dir);
  t.after(() => server.close());
  assert.deepEqual(await (await server.request(new Request('http://app.test/'))).json(), {
    page: '<h1>Hello</h1>\n',
    note: 'a note ✓',
    schema: 'CREATE TABLE t (id INTEGER);',
    blob: { isArrayBuffer: true, bytes: [0, 1, 2, 254, 255] },
    wasm: { isModule: true, sum: 5, viaQuery: true },
  });
});

test('the project\'s rules add types for other files, matched by the import or by the path in the project', async (t) => {
  const dir = makeProject({
    'src/index.js': `import readme from './docs/readme.md';
      import table from 'fixture-data/table.dat';
      import legacy from './legacy.bundle';
      export default { fetch() { return Response.json({ readme, table: new Uint8Array(table).length, legacy: legacy.value }); } };`,
    'src/docs/readme.md': '# Title',
    'node_modules/fixture-data/package.json': '{"name":"fixture-data","version":"1.0.0"}',
    'src/legacy.bundle': 'module.exports = { value: "CommonJS by rule" };',
  }, {
    rules: [
      { type: 'Text', globs: ['**/*.md'], fallthrough: true },
      { type: 'Data', globs: ['node_modules/fixture-data/*.dat'] },
      { type: 'CommonJS', globs: ['**/*.bundle'] },
    ],
  });
  writeFileSync(path.join(dir, 'node_modules/fixture-data/table.dat'), Buffer.alloc(7));
  const server = await startProject(dir);
  t.after(() => server.close());
  assert.deepEqual(await (await server.request(new Request('http://app.test/'))).json(), { readme: '# Title', table: 7, legacy: 'CommonJS by rule' });
  // "Text" had fallthrough, so the default Text rule still applies; the Data rule closed Data, so .bin files are no longer data.
  assert.match(server.logText(), /the default rule \{"type":"Data","globs":\["\*\*\/\*\.bin"\]\} has the same type as rules\[1\] and is ignored/);
});

test('rule resolution: the first rule of a type without fallthrough closes it; fallthrough: false silences the warning', () => {
  const open = resolveModuleRules([{ type: 'Text', globs: ['**/*.md'], fallthrough: true }]);
  assert.deepEqual(open.rules.map((r) => `${r.type}:${r.globs.join(',')}`), ['Text:**/*.md', 'Text:**/*.txt,**/*.html,**/*.sql', 'Data:**/*.bin', 'CompiledWasm:**/*.wasm,**/*.wasm?module']);
  assert.deepEqual(open.warnings, []);

  const closed = resolveModuleRules([{ type: 'Text', globs: ['**/*.md'] }, { type: 'Text', globs: ['**/*.csv'] }]);
  assert.deepEqual(closed.rules.map((r) => r.type), ['Text', 'Data', 'CompiledWasm']);
  assert.equal(closed.warnings.length, 2, 'the second Text rule and the default Text rule are both ignored, each with a warning');
  assert.match(closed.warnings[0] ?? '', /^rules\[1\] \(\{"type":"Text","globs":\["\*\*\/\*\.csv"\]\}\) has the same type as rules\[0\]/);

  const quiet = resolveModuleRules([{ type: 'Text', globs: ['**/*.md'], fallthrough: false }]);
  assert.deepEqual(quiet.warnings, []);
  assert.deepEqual(quiet.rules.map((r) => r.type), ['Text', 'Data', 'CompiledWasm']);
});

test('a rule that matches an import of a file that does not exist is a build error naming it', async () => {
  const dir = makeProject({ 'src/index.js': 'import page from "./missing.html"; export default { fetch() { return new Response(page); } };' });
  await assert.rejects(startProject(dir), (err: Error & { code?: string }) => {
    assert.equal(err.code, 'bundle_failed');
    assert.match(err.message, /cannot find "\.\/missing\.html" \(matched by a Text module rule\)/);
    return true;
  });
});
