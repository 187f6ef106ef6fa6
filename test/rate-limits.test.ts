// The original's rate limiting binding (`ratelimits` in a wrangler file, `rate_limits` in ledge.jsonc) as its
// template uses it: `env.MY_RATE_LIMITER.limit({ key })` answers `{ success }`, false past the limit of the key's
// window. Under ledge dev, thread isolation and inside the sandbox process. Before, the key was refused by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { interrupt, runCli, startDev } from './cli.js';
import { tempDir } from './helpers.js';

function project(ratelimits: unknown): string {
  const dir = tempDir('ledge-ratelimit-');
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'wrangler.jsonc'), JSON.stringify({ name: 'limited', main: 'src/index.js', compatibility_date: '2025-06-01', ratelimits }));
  writeFileSync(path.join(dir, 'src', 'index.js'), `export default {
    async fetch(request, env) {
      const key = new URL(request.url).searchParams.get('key');
      if (key === null) {
        try { await env.MY_RATE_LIMITER.limit({}); return new Response('accepted'); } catch (e) { return new Response(e.constructor.name + ': ' + e.message, { status: 400 }); }
      }
      const { success } = await env.MY_RATE_LIMITER.limit({ key });
      if (!success) return new Response('429 Failure: rate limit exceeded for ' + key, { status: 429 });
      return new Response('Success');
    },
  };`);
  return dir;
}

for (const isolation of ['thread', 'process'] as const) {
  test(`the rate limiting template's limiter under ledge dev (${isolation} isolation)`, { timeout: 60_000 }, async (t) => {
    const dev = await startDev(project([{ name: 'MY_RATE_LIMITER', namespace_id: '1001', simple: { limit: 3, period: 60 } }]), ['--isolation', isolation]);
    t.after(() => interrupt(dev));
    const statuses = async (key: string, n: number) => { const out = []; for (let i = 0; i < n; i++) out.push((await fetch(`${dev.url}/?key=${key}`)).status); return out; };
    assert.deepEqual(await statuses('/api/a', 5), [200, 200, 200, 429, 429]);
    assert.deepEqual(await statuses('/api/b', 2), [200, 200], 'each key has its own count');
    const bad = await fetch(dev.url);
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /^TypeError: limit\(\) takes \{ key: string \}/);
  });
}

test('a period other than 10 or 60 seconds is refused naming it', { timeout: 30_000 }, async () => {
  const run = runCli(['deploy', '--dry-run'], { cwd: project([{ name: 'MY_RATE_LIMITER', namespace_id: '1001', simple: { limit: 3, period: 30 } }]) });
  assert.equal(await run.exited, 2, run.output());
  assert.match(run.output(), /rate_limits\[0\]\.simple\.period: expected 10 or 60 \(seconds\)/);
});
