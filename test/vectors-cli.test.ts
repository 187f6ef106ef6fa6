// `ledge vectors` (alias `ledge vectorize`) on a project's local state, which `ledge dev` then serves, and with
// --remote on a real `ledge serve` (process isolation) through the account API; a wrangler file's `vectorize`
// section binds the index on both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli, startDev, interrupt } from './cli.js';
import { makeProject, tempDir } from './helpers.js';
import { startPlatform, hostOf } from './compat/harness.js';

const APP = `export default { async fetch(request, env) {
  const url = new URL(request.url);
  try {
    if (url.pathname === '/put') return Response.json(await env.VEC.upsert([{ id: 'a', values: [1, 0], metadata: { genre: 'jazz' } }, { id: 'b', values: [0, 1], metadata: { genre: 'rock' } }]));
    return Response.json((await env.VEC.query([1, 0.1], { topK: 2, filter: { genre: 'rock' } })).matches.map((m) => m.id));
  } catch (e) { return Response.json({ error: e.message }); }
} };`;

async function cli(args: string[], cwd?: string): Promise<{ code: number | null; out: string }> {
  const proc = runCli(args, { cwd });
  const code = await proc.exited;
  return { code, out: proc.output() };
}

test('ledge vectors manages the local indexes ledge dev serves, and refuses bad input naming it', { timeout: 120_000 }, async () => {
  const dir = makeProject({ 'src/index.js': APP }, { vector_indexes: [{ binding: 'VEC', index_name: 'music' }] });
  const state = tempDir('ledge-vectors-');
  const v = (args: string[]) => cli(['vectors', ...args, '--dir', dir, '--state', state]);
  let r = await v(['create', 'music', '--dimensions', '2', '--metric', 'dot-product', '--description', 'songs']);
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /created vector index music \(2 dimensions, dot-product\)/);
  r = await cli(['vectorize', 'create', 'music', '--dimensions', '2', '--metric', 'cosine', '--dir', dir, '--state', state]);
  assert.equal(r.code, 1);
  assert.match(r.out, /a vector index named "music" already exists/);
  r = await v(['create', 'x', '--dimensions', '0', '--metric', 'cosine']);
  assert.equal(r.code, 2);
  assert.match(r.out, /dimensions: expected a whole number from 1 to 1536, got 0/);
  r = await v(['create', 'x', '--dimensions', '2', '--metric', 'hamming']);
  assert.equal(r.code, 2);
  assert.match(r.out, /--metric: expected cosine, euclidean, dot-product; got "hamming"/);
  r = await v(['create-metadata-index', 'music', '--property-name', 'genre', '--type', 'string']);
  assert.equal(r.code, 0, r.out);
  r = await v(['create-metadata-index', 'music', '--property-name', 'year', '--type', 'date']);
  assert.equal(r.code, 2);
  assert.match(r.out, /indexType: expected string, number, boolean; got "date"/);
  r = await v(['list-metadata-indexes', 'music', '--json']);
  assert.deepEqual(JSON.parse(r.out), { metadataIndexes: [{ propertyName: 'genre', indexType: 'string' }] });

  const dev = await startDev(dir, ['--state', state]);
  try {
    assert.ok(((await (await fetch(`${dev.url}/put`)).json()) as { mutationId: string }).mutationId);
    assert.deepEqual(await (await fetch(`${dev.url}/q`)).json(), ['b']);
    r = await v(['get', 'music', '--json']);
    const got = JSON.parse(r.out) as { vectorCount: number; config: unknown; description: string };
    assert.deepEqual([got.vectorCount, got.config, got.description], [2, { dimensions: 2, metric: 'dot-product' }, 'songs']);
    r = await v(['list']);
    assert.match(r.out, /^music\s+2\s+dot-product\s+2\s/m);
    r = await v(['delete', 'music']);
    assert.equal(r.code, 0, r.out);
    assert.match(((await (await fetch(`${dev.url}/q`)).json()) as { error: string }).error, /vector index "music" does not exist; create it with "ledge vectors create music/);
  } finally {
    await interrupt(dev);
  }
  r = await v(['get', 'music']);
  assert.equal(r.code, 1);
  assert.match(r.out, /no vector index "music"/);
});

test('ledge vectors --remote makes the index a deployed wrangler project binds with vectorize on ledge serve', { timeout: 180_000 }, async () => {
  const platform = await startPlatform();
  try {
    const dir = makeProject({ 'src/index.js': APP });
    // A project configured for the original platform: its vectorize section is read as vector_indexes.
    writeFileSync(path.join(dir, 'wrangler.jsonc'), JSON.stringify({ name: 'music-app', main: 'src/index.js', compatibility_date: '2026-10-01', workers_dev: true, vectorize: [{ binding: 'VEC', index_name: 'music' }] }));
    const { rmSync } = await import('node:fs');
    rmSync(path.join(dir, 'ledge.jsonc'));
    const ledge = (args: string[]) => platform.ledge(args, { cwd: dir, allowFailure: true });
    let r = await ledge(['vectors', 'create', 'music', '--dimensions', '2', '--metric', 'cosine', '--remote']);
    assert.equal(r.code, 0, r.out);
    r = await ledge(['vectors', 'create-metadata-index', 'music', '--property-name', 'genre', '--type', 'string', '--remote']);
    assert.equal(r.code, 0, r.out);
    r = await ledge(['deploy']);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /vectorize → vector_indexes/);
    assert.equal((await platform.visit(hostOf('music-app'), '/put')).status, 200);
    assert.deepEqual(JSON.parse((await platform.visit(hostOf('music-app'), '/q')).body), ['b']);
    r = await ledge(['vectors', 'list', '--remote', '--json']);
    const list = JSON.parse(r.stdout) as { name: string; vectorCount: number }[];
    assert.deepEqual(list.map((i) => [i.name, i.vectorCount]), [['music', 2]]);
    r = await ledge(['vectors', 'list-metadata-indexes', 'music', '--remote']);
    assert.match(r.out, /genre\s+string/);
    r = await ledge(['vectors', 'delete-metadata-index', 'music', '--property-name', 'genre', '--remote']);
    assert.equal(r.code, 0, r.out);
    r = await ledge(['vectors', 'get', 'nope', '--remote']);
    assert.notEqual(r.code, 0);
    assert.match(r.out, /no vector index "nope"/);
    r = await ledge(['vectors', 'delete', 'music', '--remote']);
    assert.equal(r.code, 0, r.out);
    assert.match(JSON.parse((await platform.visit(hostOf('music-app'), '/q')).body).error, /does not exist/);
  } finally {
    await platform.stop();
  }
});

test('ledge vectors insert, upsert, query, get-vectors and delete-vectors work on the local state with the binding\'s checks', { timeout: 120_000 }, async () => {
  const dir = makeProject({ 'src/index.js': APP });
  const v = (args: string[]) => cli(['vectors', ...args, '--dir', dir]);
  assert.equal((await v(['create', 'pts', '--dimensions', '3', '--metric', 'euclidean'])).code, 0);
  assert.equal((await v(['create-metadata-index', 'pts', '--property-name', 'genre', '--type', 'string'])).code, 0);
  const file = path.join(dir, 'v.ndjson');
  const lines = Array.from({ length: 1001 }, (_, i) => JSON.stringify({ id: `p${i}`, values: [i, 0, 0], metadata: { genre: i % 2 ? 'odd' : 'even' } }));
  writeFileSync(file, `${lines.join('\n')}\n`);
  let r = await v(['insert', 'pts', '--file', file, '--json']);
  assert.equal(r.code, 0, r.out);
  assert.equal((JSON.parse(r.out) as { mutationIds: string[] }).mutationIds.length, 2, 'in batches of 1000');
  writeFileSync(file, `${JSON.stringify({ id: 'p0', values: [0, 0, 9], metadata: { genre: 'odd' } })}\n`);
  r = await v(['insert', 'pts', '--file', file]);
  assert.match(r.out, /inserted 1 vectors into pts/);
  r = await v(['query', 'pts', '--vector', '[0,0,0]', '--top-k', '2', '--json']);
  assert.deepEqual((JSON.parse(r.out) as { matches: { id: string; score: number }[] }).matches, [{ id: 'p0', score: 0 }, { id: 'p1', score: 1 }], 'insert kept the first p0');
  r = await v(['upsert', 'pts', '--file', file]);
  assert.equal(r.code, 0, r.out);
  r = await v(['query', 'pts', '--vector', '[0,0,0]', '--top-k', '2', '--filter', '{"genre":"even"}', '--json']);
  assert.deepEqual((JSON.parse(r.out) as { matches: { id: string }[] }).matches.map((m) => m.id), ['p2', 'p4'], 'upsert replaced p0 (now odd)');
  r = await v(['query', 'pts', '--id', 'p3', '--top-k', '1', '--return-metadata', 'all']);
  assert.match(r.out, /^p3\s+0\s+\{"genre":"odd"\}$/m);
  r = await v(['get-vectors', 'pts', 'p0', 'nope']);
  assert.deepEqual(JSON.parse(r.out), [{ id: 'p0', values: [0, 0, 9], metadata: { genre: 'odd' } }]);
  assert.equal((await v(['delete-vectors', 'pts', 'p0', 'p1'])).code, 0);
  r = await v(['get', 'pts', '--json']);
  assert.equal((JSON.parse(r.out) as { vectorCount: number }).vectorCount, 999);
  r = await v(['query', 'pts', '--vector', '[1,2]']);
  assert.equal(r.code, 1);
  assert.match(r.out, /ledge: VECTOR_QUERY_ERROR \(code = 40006\): invalid query vector, expected 3 dimensions, and got 2 dimensions/);
  r = await v(['query', 'pts', '--vector', '[0,0,0]', '--top-k', '21', '--return-values']);
  assert.match(r.out, /max top K is 20, got 21/);
  writeFileSync(file, '{"id": "x", "values": [1, 2, 3]}\nnot json\n');
  r = await v(['upsert', 'pts', '--file', file]);
  assert.equal(r.code, 2);
  assert.match(r.out, /--file: line 2 is not JSON/);
  r = await v(['query', 'nope', '--vector', '[0,0,0]']);
  assert.equal(r.code, 1);
  assert.match(r.out, /no vector index "nope"/);
  r = await v(['query', 'pts', '--vector', '[0,0,0]', '--remote']);
  assert.equal(r.code, 2);
  assert.match(r.out, /--remote: vectors are written and queried by deployments through their bindings/);
});
