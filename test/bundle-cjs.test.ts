// CommonJS through the bundler and a real isolate: dependencies as npm ships them, local .cjs files, and the
// host's require staying out of reach of application code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { makeProject, startProject } from './helpers.js';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures', 'cjs-chain');

async function get(dir: string): Promise<Record<string, unknown>> {
  const server = await startProject(dir);
  try {
    const res = await server.request(new Request('http://app.test/'));
    assert.equal(res.status, 200, await res.clone().text());
    return await res.json() as Record<string, unknown>;
  } finally {
    await server.close();
  }
}

test('a CommonJS package with module.exports, require chains, JSON, a .cjs file and a circular require bundles and runs', async () => {
  const dir = makeProject({
    'src/index.js': `import describe from 'cjs-chain';
      import { counter } from 'cjs-chain';
      export default { fetch() {
        return Response.json({ text: describe('ledge'), version: describe.version, first: counter.next(), second: counter.next(), parent: counter.parentType() });
      } };`,
  });
  cpSync(FIXTURE, path.join(dir, 'node_modules', 'cjs-chain'), { recursive: true });
  assert.deepEqual(await get(dir), { text: 'hello ledge!', version: 3, first: 1, second: 2, parent: 'function' });
});

test('real CommonJS dependencies from node_modules bundle and run (ms, escape-html; mime-types with node:path under nodejs_compat)', async () => {
  const plain = makeProject({
    'src/index.js': `import ms from 'ms';
      import escape from 'escape-html';
      export default { fetch() { return Response.json({ ms: ms('2 days'), long: ms(60000, { long: true }), escaped: escape('<a href="x">&</a>') }); } };`,
  });
  assert.deepEqual(await get(plain), { ms: 172_800_000, long: '1 minute', escaped: '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;' });

  // mime-types requires node:path and a JSON database through mime-db: a require chain across packages.
  const compat = makeProject({
    'src/index.js': `import mime from 'mime-types';
      export default { fetch() { return Response.json({ html: mime.lookup('index.html'), ext: mime.extension('application/json'), type: mime.contentType('a.txt') }); } };`,
  }, { compatibility_flags: ['nodejs_compat'] });
  assert.deepEqual(await get(compat), { html: 'text/html', ext: 'json', type: 'text/plain; charset=utf-8' });
});

test('local .cjs files import with default and named imports, and require each other', async () => {
  const dir = makeProject({
    'src/index.js': `import util, { twice } from './util.cjs';
      export default { fetch() { return Response.json({ twice: twice(21), helper: util.helper, same: util.twice === twice }); } };`,
    'src/util.cjs': `const helper = require('./helper.cjs');
      exports.twice = (x) => x * 2;
      exports.helper = helper.value;`,
    'src/helper.cjs': 'module.exports = { value: "from helper.cjs" };',
  });
  assert.deepEqual(await get(dir), { twice: 42, helper: 'from helper.cjs', same: true });
});

test("application code cannot reach the host's require, even from CommonJS code", async () => {
  const dir = makeProject({
    'src/index.js': `import probe from './probe.cjs';
      import { createRequire } from 'node:module';
      export default { fetch() {
        let dynamic;
        try { probe.load('node:child_process'); dynamic = 'loaded'; } catch (e) { dynamic = e.message; }
        let created;
        try { createRequire(import.meta.url)('node:child_process'); created = 'loaded'; } catch (e) { created = e.message; }
        return Response.json({
          typeofRequire: typeof require,
          globalRequire: typeof globalThis.require,
          computed: typeof globalThis['req' + 'uire'],
          fromCjs: probe.typeofRequire,
          typeofModule: typeof module,
          dynamic,
          created,
        });
      } };`,
    // A dynamic require, as some CommonJS packages do: nothing the bundler can link, and no host require to fall back on.
    'src/probe.cjs': `const name = (x) => x;
      module.exports = { load: (id) => require(name(id)), typeofRequire: typeof require };`,
  }, { compatibility_flags: ['nodejs_compat'] });
  const body = await get(dir);
  assert.equal(body.typeofRequire, 'undefined');
  assert.equal(body.globalRequire, 'undefined');
  assert.equal(body.computed, 'undefined');
  assert.equal(body.typeofModule, 'undefined');
  assert.equal(body.fromCjs, 'undefined', 'a feature check in CommonJS code takes the path for code without require');
  assert.match(String(body.dynamic), /Dynamic require of "node:child_process" is not supported/);
  // node:module under nodejs_compat is the polyfill: its createRequire hands out nothing of the host.
  assert.equal(body.created, '[unenv] module.require is not implemented yet!');
});

test('a require() of a dual package gets its CommonJS export, an import its ESM one, as the original\'s bundler resolves them', async () => {
  // As pg (8.16) requires pg-pool: "exports" with an "import" ESM wrapper whose default is the CommonJS class.
  // Before, require() took the "import" branch and got the wrapper's namespace: "Class extends value #<Object>".
  const dir = makeProject({
    'src/index.js': `import Pool from 'dual-pool';
      import { makePool } from 'uses-pool';
      export default { fetch() {
        const pool = makePool();
        return Response.json({ name: pool.constructor.name, size: pool.size, same: pool instanceof Pool });
      } };`,
    'node_modules/dual-pool/package.json': JSON.stringify({ name: 'dual-pool', main: 'index.js', exports: { '.': { import: './esm/index.mjs', require: './index.js', default: './index.js' } } }),
    'node_modules/dual-pool/index.js': 'class Pool { constructor(size) { this.size = size; } }\nmodule.exports = Pool;\n',
    'node_modules/dual-pool/esm/index.mjs': "import Pool from '../index.js';\nexport default Pool;\n",
    'node_modules/uses-pool/package.json': JSON.stringify({ name: 'uses-pool', main: 'index.js' }),
    'node_modules/uses-pool/index.js': "const Pool = require('dual-pool');\nclass BoundPool extends Pool { constructor() { super(3); } }\nexports.makePool = () => new BoundPool();\n",
  });
  assert.deepEqual(await get(dir), { name: 'BoundPool', size: 3, same: true });
});

test('an entry that imports a module a Vite plugin makes says to run the build first', async () => {
  // The original's React Router template: workers/app.ts imports "virtual:react-router/server-build".
  const dir = makeProject({ 'src/index.js': 'export default { fetch: async () => (await import("virtual:react-router/server-build")).default };' });
  await assert.rejects(startProject(dir), (err: Error & { code?: string }) => {
    assert.equal(err.code, 'bundle_failed');
    assert.match(err.message, /src\/index\.js:1:\d+: Could not resolve "virtual:react-router\/server-build"\n {2}"virtual:" modules are made by a build tool's plugin \(Vite\) while it builds: run the project's build \(npm run build\) first/);
    return true;
  });
});
