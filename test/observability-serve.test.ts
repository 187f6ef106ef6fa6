import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bundle } from '../src/runtime/bundle.js';
import { makeProject, tempDir } from './helpers.js';
import { startTestPlatform, type TestPlatform } from './serve-helpers.js';

const SECRET = 'pk_test_51HxYz0qR9sT8uV7w';

// Line numbers matter: the issue must name src/index.ts:6 (the throw) and the caller's line.
const SOURCE = `// A library that formats stacks itself (as source-map-support does) bypasses Node's own source maps.
Error.prepareStackTrace = (err: Error, frames: NodeJS.CallSite[]) => \`\${err.name}: \${err.message}\\n\` +
  frames.map((f) => \`    at \${f.getFunctionName() ?? '<anonymous>'} (\${f.getFileName()}:\${f.getLineNumber()}:\${f.getColumnNumber()})\`).join('\\n');

function chargeCard(order: number): never {
  throw new TypeError(\`card declined for order \${order}\`);
}

export default {
  async fetch(request: Request, env: { API_KEY: string }): Promise<Response> {
    const path = new URL(request.url).pathname;
    console.log('charging with', env.API_KEY);
    if (path === '/a') chargeCard(1);
    if (path === '/b') chargeCard(22);
    if (path === '/c') chargeCard(333);
    if (path === '/down') return new Response('upstream down', { status: 502 });
    return new Response('ok');
  },
};
`;

/** The project bundled as \`ledge deploy\` does, as a deployment PUT body (module and source map). */
async function bundledBody(config: Record<string, unknown>): Promise<Record<string, unknown>> {
  const dir = makeProject({ 'src/index.ts': SOURCE }, { main: 'src/index.ts' });
  const outDir = tempDir('ledge-obs-build-');
  await bundle({ entry: path.join(dir, 'src/index.ts'), projectDir: dir, outDir, compatibilityFlags: [], mode: 'production', rules: [] }, 0);
  const file = (name: string) => ({ name, content_base64: readFileSync(path.join(outDir, name)).toString('base64') });
  return { main_module: 'worker-0.js', modules: [file('worker-0.js'), file('worker-0.js.map')], config: { compatibility_date: '2026-10-01', routes: [{ pattern: 'shop.example.com', custom_domain: true }], ...config } };
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function deploy(p: TestPlatform, config: Record<string, unknown>): Promise<void> {
  const res = await p.call('PUT', `/accounts/${p.accountId}/deployments/shop`, { body: await bundledBody(config) });
  assert.equal(res.status, 200, res.text);
}

test('issues: new traffic only, one issue for one failing function called from three routes, named by its TypeScript file and line', async (t) => {
  const p = await startTestPlatform();
  t.after(() => p.close());
  const base = `/accounts/${p.accountId}/deployments/shop`;
  assert.equal((await p.call('PUT', `${base}/secrets`, { body: { name: 'API_KEY', text: SECRET } })).status, 200);
  await deploy(p, { observability: { logs: { enabled: true } } });
  const answers: string[] = [];
  const issues = async () => {
    const res = await p.call('GET', `${base}/issues`);
    answers.push(res.text);
    return res.body.result as { id: string; type: string; culprit: string; count: number; status: string; rule: string; versions: string[] }[];
  };

  // Before the switch: errors that happen are never grouped later.
  assert.equal((await p.visit('shop.example.com', '/a')).status, 500);
  assert.equal((await p.call('GET', `${base}/observability`)).body.result.issues.enabled, false);
  assert.equal((await p.call('PATCH', `${base}/observability`, { body: { issues: { enabled: true } } })).status, 200);
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.deepEqual(await issues(), [], 'no issue for an error from before the feature was on');

  for (const route of ['/a', '/b', '/c']) assert.equal((await p.visit('shop.example.com', route)).status, 500);
  assert.equal((await p.visit('shop.example.com', '/down')).status, 502);
  assert.equal((await p.visit('shop.example.com', '/fine')).status, 200);
  const listed = await until('two issues', issues, (list) => list.length === 2 && list.some((i) => i.count === 3));
  const thrown = listed.find((i) => i.type === 'TypeError');
  assert.ok(thrown, JSON.stringify(listed));
  assert.equal(thrown.count, 3, 'three routes, one function: one issue');
  assert.equal(thrown.rule, 'stack');
  assert.equal(thrown.culprit, 'chargeCard (src/index.ts:6)');
  assert.equal(thrown.status, 'active');
  const down = listed.find((i) => i.rule === 'route');
  assert.equal(down?.type, 'HTTP 502');
  assert.equal(down?.culprit, 'GET /down');

  const detail = await p.call('GET', `${base}/issues/${thrown.id}`);
  answers.push(detail.text);
  const occurrence = detail.body.result.occurrences[0] as { stack: string; request_id: string; url: string; status: number; logs: { message: string }[] };
  assert.match(occurrence.stack, /^TypeError: card declined for order \d+\n {4}at chargeCard \(src\/index\.ts:6:\d+\)\n {4}at fetch \(src\/index\.ts:1[345]:\d+\)/);
  assert.ok(!occurrence.stack.includes('worker-0.js'), 'every application frame is remapped');
  assert.equal(occurrence.status, 500);
  assert.match(occurrence.request_id, /^[0-9a-f]+/);
  assert.deepEqual(occurrence.logs.map((l) => l.message), ['charging with [secret redacted]']);

  // Statuses: resolved reopens on a newer occurrence; ignored stays ignored.
  assert.equal((await p.call('PATCH', `${base}/issues/${thrown.id}`, { body: { status: 'resolved' } })).body.result.status, 'resolved');
  p.clock.set(Date.now() - 1000);
  await p.visit('shop.example.com', '/b');
  await until('reopened', issues, (list) => list.find((i) => i.id === thrown.id)?.status === 'active');
  assert.equal((await p.call('PATCH', `${base}/issues/${thrown.id}`, { body: { status: 'ignored' } })).body.result.status, 'ignored');
  await p.visit('shop.example.com', '/c');
  const ignored = await until('counted', issues, (list) => list.find((i) => i.id === thrown.id)?.count === 5);
  assert.equal(ignored.find((i) => i.id === thrown.id)?.status, 'ignored');

  // The switch: a deploy without the key leaves the API's choice; a deploy with false turns it off.
  await deploy(p, { observability: { logs: { enabled: true } } });
  assert.equal((await p.call('GET', `${base}/observability`)).body.result.issues.enabled, true, 'a deploy without the key keeps the switch');
  await deploy(p, { observability: { logs: { enabled: true }, issues: { enabled: false } } });
  assert.equal((await p.call('GET', `${base}/observability`)).body.result.issues.enabled, false, 'a deploy with false turns it off');
  await p.visit('shop.example.com', '/a');
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal((await issues()).find((i) => i.id === thrown.id)?.count, 5, 'nothing is grouped while it is off');
  await deploy(p, { observability: { issues: { enabled: true } } });
  assert.equal((await p.call('GET', `${base}/observability`)).body.result.issues.enabled, true, 'a deploy with true turns it on');

  // Stored records through the API, filtered; the secret's value is nowhere in what the API answered.
  const logs = await p.call('GET', `${base}/logs?status=5xx&limit=50`);
  answers.push(logs.text);
  assert.equal(logs.status, 200, logs.text);
  const records = logs.body.result as { status: number; url: string; outcome: string }[];
  assert.ok(records.length >= 5 && records.every((r) => r.status >= 500), JSON.stringify(records.map((r) => r.status)));
  assert.ok(records.some((r) => r.outcome === 'exception') && records.some((r) => r.url.endsWith('/down') && r.outcome === 'ok'));
  for (const answer of answers) assert.ok(!answer.includes(SECRET), 'an API answer holds the secret value');
});

test('logs and tail need observability:read on the deployment; the tail streams NDJSON records live with filters', async (t) => {
  const p = await startTestPlatform();
  t.after(() => p.close());
  const base = `/accounts/${p.accountId}/deployments/shop`;
  await deploy(p, {});
  const deployOnly = await p.call('POST', `/accounts/${p.accountId}/tokens`, { body: { name: 'deploy only', policies: [{ permission_groups: ['deployments:write'], resources: { [`com.ledge.api.account.${p.accountId}`]: '*' } }] } });
  const reader = await p.call('POST', `/accounts/${p.accountId}/tokens`, { body: { name: 'reader', policies: [{ permission_groups: ['observability:read'], resources: { [`com.ledge.api.account.${p.accountId}.deployment.shop`]: '*' } }] } });
  assert.equal((await p.call('GET', `${base}/logs`, { token: deployOnly.body.result.value })).status, 403);
  assert.equal((await p.call('GET', `${base}/tail`, { token: deployOnly.body.result.value })).status, 403);
  assert.equal((await p.call('PATCH', `${base}/observability`, { token: reader.body.result.value, body: { issues: { enabled: true } } })).status, 403, 'read is not write');
  const bad = await p.call('GET', `${base}/logs?status=6xx`, { token: reader.body.result.value });
  assert.equal(bad.status, 400);
  assert.match(bad.text, /status \\"6xx\\"/);

  // Logs are off for this deployment: a live tail still sees its events.
  const tail = await p.api(new Request(`http://api.test/api/v1${base}/tail?status=5xx`, { headers: { authorization: `Bearer ${reader.body.result.value}` } }));
  assert.equal(tail.status, 200);
  assert.match(tail.headers.get('content-type') ?? '', /application\/x-ndjson/);
  const reader2 = (tail.body as ReadableStream<Uint8Array>).getReader();
  const lines: Record<string, unknown>[] = [];
  let buffered = '';
  const next = async () => {
    while (!buffered.includes('\n')) {
      const { value, done } = await reader2.read();
      if (done) throw new Error('the tail ended');
      buffered += new TextDecoder().decode(value);
    }
    const at = buffered.indexOf('\n');
    const line = JSON.parse(buffered.slice(0, at)) as Record<string, unknown>;
    buffered = buffered.slice(at + 1);
    lines.push(line);
    return line;
  };
  assert.equal((await next()).type, 'connected');
  await p.visit('shop.example.com', '/fine');
  await p.visit('shop.example.com', '/down');
  const record = (await next()) as { type: string; record: { url: string; status: number; origin: string } };
  assert.equal(record.type, 'record');
  assert.equal(record.record.url, 'http://shop.example.com/down', 'the filter passed only the 5xx');
  assert.equal(record.record.status, 502);
  assert.equal(record.record.origin, 'application');
  await reader2.cancel();
});
