// Libraries tell the runtime they run on by navigator.userAgent and change behaviour on it: Hono's env(c) from
// hono/adapter gives the deployment's env only on the original's runtime string, and {} anywhere else (an API key
// read through it was undefined on Ledge). Both isolations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject } from './helpers.js';

const APP = `import { Hono } from 'hono';
import { env, getRuntimeKey } from 'hono/adapter';
const app = new Hono();
app.get('/', (c) => {
  const { API_KEY, MISSING } = env(c);
  return c.json({ runtime: getRuntimeKey(), apiKey: API_KEY ?? null, missing: MISSING ?? null, userAgent: navigator.userAgent });
});
export default app;`;

for (const isolation of ['thread', 'process'] as const) {
  test(`hono/adapter's env(c) sees the deployment's env: the runtime is recognised as the original's (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const server = await startProject(makeProject({ 'src/index.js': APP }, { vars: { API_KEY: 'key-123' } }), { isolation });
    t.after(() => server.close());
    const res = await server.request(new Request('http://app.test/'));
    assert.equal(res.status, 200, await res.clone().text());
    assert.deepEqual(await res.json(), { runtime: 'workerd', apiKey: 'key-123', missing: null, userAgent: 'Cloudflare-Workers' });
  });
}
