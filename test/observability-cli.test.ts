import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { interrupt, runCli, startDev, type CliProcess } from './cli.js';
import { makeProject, tempDir } from './helpers.js';
import { startServe, visit } from './serve-process.js';

const decoder = (proc: CliProcess) => proc.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);

test('ledge tail --dev streams a running ledge dev live with filters; ledge logs --dev queries what it stored', { timeout: 120_000 }, async (t) => {
  const dir = makeProject({
    'src/index.js': `export default { fetch(request) {
      const { pathname } = new URL(request.url);
      console.log('visit', pathname);
      if (pathname === '/fail') throw new RangeError('out of range');
      return new Response('ok');
    } };`,
  }, { observability: { logs: { enabled: true } } });
  const dev = await startDev(dir);
  t.after(() => interrupt(dev));
  const tail = runCli(['tail', '--dev', dev.url, '--format', 'json', '--status', '5xx']);
  t.after(() => { tail.child.kill('SIGINT'); });
  await tail.waitFor(/tailing/);
  assert.equal((await fetch(`${dev.url}/fine`)).status, 200);
  assert.equal((await fetch(`${dev.url}/fail?user=alice`)).status, 500);
  await tail.waitFor(/"outcome":"exception"/);
  const streamed = decoder(tail);
  assert.equal(streamed.length, 1, 'only the 5xx passed the filter');
  assert.equal(streamed[0]?.url, `${dev.url}/fail?user=REDACTED`);
  assert.equal((streamed[0]?.error as { name: string }).name, 'RangeError');

  const logs = runCli(['logs', '--dev', dev.url, '--format', 'json', '--search', 'visit /fine']);
  assert.equal(await logs.exited, 0, logs.output());
  assert.deepEqual(decoder(logs).map((r) => r.url), [`${dev.url}/fine`]);
  const pretty = runCli(['logs', '--dev', dev.url, '--since', '10m']);
  assert.equal(await pretty.exited, 0, pretty.output());
  assert.match(pretty.output(), /GET http:\/\/\S+\/fine 200 ok/);
  assert.match(pretty.output(), /\(info\) visit \/fail/);
  assert.match(pretty.output(), /! RangeError: out of range/);
  const bad = runCli(['logs', '--dev', dev.url, '--outcome', 'exploded']);
  assert.equal(await bad.exited, 2);
  assert.match(bad.output(), /outcome "exploded": expected one of ok, exception/);
});

test('ledge deploy, then ledge issues list/show/resolve and ledge logs through the account API', { timeout: 180_000 }, async (t) => {
  const serve = await startServe(tempDir('ledge-serve-'));
  t.after(() => interrupt(serve));
  const bootstrap = (serve.rawOutput().match(/bootstrap token \(shown once, store it now\): (\S+)/) ?? [])[1] as string;
  const home = mkdtempSync(path.join(tempDir(), 'home-'));
  const env = { LEDGE_API_TOKEN: bootstrap, LEDGE_API_URL: serve.api, LEDGE_ACCOUNT_ID: '', HOME: home, XDG_CONFIG_HOME: path.join(home, 'cfg') };
  const ledge = async (...args: string[]) => {
    const proc = runCli(args, { env });
    const code = await proc.exited;
    assert.equal(code, 0, `ledge ${args.join(' ')}:\n${proc.output()}`);
    return proc.output();
  };
  const dir = makeProject({
    'src/index.ts': `function loadUser(id: string): never {
  throw new Error(\`user \${id} not found\`);
}

export default {
  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/profile') loadUser('17');
    if (pathname === '/settings') loadUser('42');
    if (pathname === '/orders') loadUser('99');
    return new Response('ok');
  },
};
`,
  }, { name: 'shop', main: 'src/index.ts', routes: [{ pattern: 'shop.example.com', custom_domain: true }], observability: { logs: { enabled: true }, issues: { enabled: true } } });
  await ledge('deploy', dir);
  for (const route of ['/profile', '/settings', '/orders']) assert.equal((await visit(serve.app, 'shop.example.com', route)).status, 500);

  let list: { id: string; count: number; culprit: string }[] = [];
  for (let i = 0; i < 50 && !(list.length === 1 && list[0]?.count === 3); i++) {
    list = JSON.parse(await ledge('issues', 'list', '--dir', dir, '--json')) as typeof list;
    if (list[0]?.count !== 3) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(list.length, 1, JSON.stringify(list));
  assert.equal(list[0]?.culprit, 'loadUser (src/index.ts:2)');
  const id = list[0]?.id as string;
  const table = await ledge('issues', 'list', '--dir', dir);
  assert.match(table, new RegExp(`${id}\\s+active\\s+3 `));
  const shown = await ledge('issues', 'show', id, '--dir', dir);
  assert.match(shown, /^Error: user \d+ not found/);
  assert.match(shown, /at loadUser \(src\/index\.ts:2:\d+\)\n {4}at (?:Object\.)?fetch \(src\/index\.ts:(8|9|10):\d+\)/);
  assert.match(await ledge('issues', 'resolve', id, '--dir', dir), /is resolved/);
  assert.match(await ledge('issues', 'list', '--dir', dir, '--status', 'resolved'), new RegExp(id));

  const logs = await ledge('logs', '--dir', dir, '--format', 'json', '--outcome', 'exception');
  assert.equal(logs.trim().split('\n').filter((l) => l.startsWith('{')).length, 3);
});
