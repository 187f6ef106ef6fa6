// process.env under nodejs_compat, as on the original platform since compatibility date 2025-04-01: the
// deployment's text vars and secrets, readable at a module's top level (libraries read their settings there
// when imported), one object whether reached as the global or through node:process; never the host's
// environment. Older dates keep it empty unless nodejs_compat_populate_process_env asks; the opposite flag
// keeps a newer date's empty. Both isolations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeProject, startProject } from './helpers.js';

const APP = `import nodeProcess, { env as importedEnv } from 'node:process';
// Read when the module loads, as a library's settings are.
const atLoad = { greeting: process.env.GREETING, token: process.env.API_TOKEN };
export default {
  fetch() {
    return Response.json({
      atLoad,
      env: process.env,
      same: nodeProcess === globalThis.process && importedEnv === process.env,
    });
  },
};`;

async function processEnvOf(options: { date: string; flags: string[]; isolation: 'thread' | 'process' }, t: { after(fn: () => unknown): void }): Promise<Record<string, unknown>> {
  const dir = makeProject({ 'src/index.js': APP }, {
    compatibility_date: options.date,
    compatibility_flags: ['nodejs_compat', ...options.flags],
    vars: { GREETING: 'hello', LIMITS: { max: 3 }, DEBUG: 'false' },
  });
  writeFileSync(path.join(dir, '.dev.vars'), 'API_TOKEN=tok-from-dev-vars\n');
  const server = await startProject(dir, { isolation: options.isolation });
  t.after(() => server.close());
  const res = await server.request(new Request('http://app.test/'));
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json() as Record<string, unknown>;
}

for (const isolation of ['thread', 'process'] as const) {
  test(`nodejs_compat from 2025-04-01 fills process.env with the text vars and secrets, before the module runs (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    process.env.LEDGE_TEST_HOST_ONLY = 'host-value-31';
    t.after(() => { delete process.env.LEDGE_TEST_HOST_ONLY; });
    const body = await processEnvOf({ date: '2025-04-01', flags: [], isolation }, t);
    assert.deepEqual(body.env, { GREETING: 'hello', DEBUG: 'false', API_TOKEN: 'tok-from-dev-vars' }, 'text only: the JSON var is not an environment variable; nothing of the host');
    assert.deepEqual(body.atLoad, { greeting: 'hello', token: 'tok-from-dev-vars' });
    assert.equal(body.same, true, 'the global process and node:process are one object');
  });

  test(`before 2025-04-01 process.env stays empty unless the flag asks; the opposite flag empties it (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    assert.deepEqual((await processEnvOf({ date: '2025-03-31', flags: [], isolation }, t)).env, {});
    assert.deepEqual((await processEnvOf({ date: '2024-09-23', flags: ['nodejs_compat_populate_process_env'], isolation }, t)).env, { GREETING: 'hello', DEBUG: 'false', API_TOKEN: 'tok-from-dev-vars' });
    assert.deepEqual((await processEnvOf({ date: '2026-10-01', flags: ['nodejs_compat_do_not_populate_process_env'], isolation }, t)).env, {});
  });
}
