// `ledge serve --sql-time-limit` as a real process (the built CLI and its compiled coordination store process): an
// object's endless statement fails at the limit and the platform answers meanwhile; kill -9 of the PLATFORM during
// increments made in transactionSync keeps every acknowledged one, once, after a restart on the same state, and the
// account's store processes do not outlive it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alive, eventually, storeProcesses, tempDir } from './helpers.js';
import { deployBody } from './serve-helpers.js';
import { apiCall, startServe, visit as visitHost } from './serve-process.js';
import { APP, CONFIG, limitMessage } from './coordination-limit-app.js';

test('ledge serve: an object\'s endless statement fails at --sql-time-limit; kill -9 of the platform mid-increments keeps every acknowledged one, once', { timeout: 300_000 }, async () => {
  const state = tempDir('ledge-coord-limit-cli-');
  const args = ['--isolation', 'thread', '--sql-time-limit', '1'];
  const first = await startServe(state, args);
  let second: Awaited<ReturnType<typeof startServe>> | undefined;
  try {
    const token = (await first.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
    const accountId = (await first.waitFor(/administrator account ([0-9a-f]{32})/))[1] as string;
    const deployed = await apiCall(first.api, token, 'PUT', `/accounts/${accountId}/deployments/app`, deployBody(APP, { edge_dev: true, ...CONFIG }));
    assert.equal(deployed.status, 200, deployed.text);
    const visit = async (app: string, path: string) => {
      const { status, body } = await visitHost(app, 'app.admin.ledge.localhost', path);
      try { return { status, body: JSON.parse(body) as unknown }; } catch { return { status, body: body as unknown }; }
    };
    assert.deepEqual(await visit(first.app, '/setup'), { status: 200, body: 'ready' });

    let settled = false;
    const endless = visit(first.app, '/cte').finally(() => { settled = true; });
    assert.deepEqual(await visit(first.app, '/plain'), { status: 200, body: 'plain ok' });
    assert.equal(settled, false, 'the platform answered while the statement ran');
    assert.deepEqual(await endless, { status: 500, body: { error: limitMessage(1) } });

    const acknowledged = new Map<string, number>();
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; i < 200 && !killed; i++) {
        const k = `w${w}-${i}`;
        const got = await visit(first.app, `/inc?o=${w % 2}&k=${k}`).catch(() => undefined);
        if (got?.status === 200 && typeof got.body === 'number') acknowledged.set(k, got.body);
        if (!killed && acknowledged.size >= 60) {
          killed = true;
          const stores = storeProcesses({ parent: first.child.pid as number });
          assert.ok(stores.length >= 1, 'the account\'s coordination store process runs');
          first.child.kill('SIGKILL');
          await first.exited;
          for (const pid of stores) await eventually(() => !alive(pid), 10_000, 'an orphaned store process to stop');
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    assert.ok(killed, 'the platform was killed mid-increments');

    second = await startServe(state, args);
    for (const o of [0, 1]) {
      const got = await visit(second.app, `/incs?o=${o}`);
      assert.equal(got.status, 200, JSON.stringify(got.body));
      const { n, rows } = got.body as { n: number; rows: { n: number; k: string }[] };
      assert.deepEqual(rows.map((r) => r.n), Array.from({ length: n }, (_, i) => i + 1), `object ${o}: the counter and its rows agree, each increment once`);
      const byKey = new Map(rows.map((r) => [r.k, r.n]));
      for (const [k, value] of acknowledged) {
        if (Number(k.slice(1, k.indexOf('-'))) % 2 === o) assert.equal(byKey.get(k), value, `object ${o}: acknowledged increment ${k} (${value}) is there`);
      }
    }
  } finally {
    first.child.kill('SIGKILL');
    second?.child.kill('SIGKILL');
  }
});
