// Red team: a token holder floods the deployments API. Each deploy builds its upload in a process of its own (a
// bubblewrap sandbox with Node and esbuild, tens of MB, up to a minute), and nothing bounded how many ran: thirty
// deploys sent at once by one token ran 21 build sandboxes at once, taking the memory and cores of every account.
// Now builds take turns (src/serve/build-queue.ts): at most one per account and a few on the platform; every deploy
// of the flood still lands, and another account's deploy sent behind the flood does not wait for it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { test } from 'node:test';
import { interrupt } from './cli.js';
import { tempDir } from './helpers.js';
import { apiCall, startServe } from './serve-process.js';

/** Build sandboxes of the platform `root` running now: bubblewrap processes under it that mount an upload (the outer one of each; the machine may run other tests' sandboxes). */
function buildsRunning(root: number): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).split('\n').map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line)).filter((m) => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] as string }));
  const byPid = new Map(rows.map((r) => [r.pid, r]));
  const under = (pid: number): boolean => {
    for (let p = byPid.get(pid)?.ppid; p !== undefined && p > 1; p = byPid.get(p)?.ppid) if (p === root) return true;
    return false;
  };
  const isBuild = (r: { args: string }) => /^\S*bwrap /.test(r.args) && r.args.includes(' /upload ');
  return rows.filter((r) => isBuild(r) && under(r.pid) && !isBuild(byPid.get(r.ppid) ?? { args: '' })).length;
}

const upload = (label: string) => ({
  main_module: 'index.js',
  modules: [{ name: 'index.js', content_base64: Buffer.from(`export default { fetch() { return new Response(${JSON.stringify(label)}); } };`).toString('base64') }],
  config: { compatibility_date: '2026-10-01' },
});

test('a flood of deploys from one token builds one at a time for its account; every deploy lands, and another account\'s is not held behind it', { timeout: 240_000 }, async (t) => {
  const serve = await startServe(tempDir('ledge-build-flood-'));
  t.after(() => interrupt(serve));
  const token = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
  const a = (await serve.waitFor(/administrator account ([0-9a-f]{32})/))[1] as string;
  const bee = await apiCall(serve.api, token, 'POST', '/accounts', { name: 'bee' });
  assert.equal(bee.status, 201, bee.text);
  const b = bee.result.id as string;

  let most = 0;
  let flooding = true;
  const watch = (async () => {
    while (flooding) {
      most = Math.max(most, buildsRunning(serve.child.pid as number));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const finished: string[] = [];
  const flood = Array.from({ length: 12 }, (_, i) => apiCall(serve.api, token, 'PUT', `/accounts/${a}/deployments/app`, upload(`A ${i}`)).then((res) => { finished.push(`A${i}`); return res; }));
  // B's deploy, sent once A's are in: it takes the platform's other slot instead of queueing behind A's twelve.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const other = apiCall(serve.api, token, 'PUT', `/accounts/${b}/deployments/app`, upload('B')).then((res) => { finished.push('B'); return res; });
  const answers = await Promise.all([...flood, other]);
  flooding = false;
  await watch;

  for (const res of answers) assert.equal(res.status, 200, res.text);
  const versions = await apiCall(serve.api, token, 'GET', `/accounts/${a}/deployments/app/versions?per_page=100`);
  assert.equal((versions.result as unknown as unknown[]).length, 12, 'every deploy of the flood is a version');
  const slots = Math.max(2, Math.floor(availableParallelism() / 2));
  assert.ok(most <= slots, `${most} builds ran at once; the platform runs at most ${slots}`);
  assert.ok(finished.indexOf('B') < finished.length - 1, `B's deploy finished before the flood's last (order: ${finished.join(' ')})`);
});
