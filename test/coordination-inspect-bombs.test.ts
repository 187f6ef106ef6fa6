// Attack (red team): an account's code stores coordination values that are small as stored but huge spelled out, or
// many large values, then its token asks the account API to show the object. Structured clone keeps shared
// references and sparse arrays: an array holding the same array twice, forty times over, is a few hundred bytes
// stored and 2^40 parts shown; an array of 4 billion holes is a few bytes; one 100 KB byte array named 1,000 times is
// 100 KB stored and 133 MB of base64 shown. Before, the platform's process spelled each out whole: the first held it
// past 40 s at 4 GB (the other account unanswered), and a thousand values of 125 KB took 800 MB more per request.
// Now one showing spells out at most DISPLAY_BUDGET's parts and characters, and reads at most INSPECT_VALUE_BYTES of
// values (more_pairs says the rest is left): each answer comes, cut, and the other account is served meanwhile.
// Thread isolation: what is attacked is the platform's own process (the account API), whichever isolation runs code.
import { rmSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir } from './helpers.js';
import { apiCall, startTwoAccounts, visit, visitWithin, A_HOST } from './serve-process.js';
import { idFromName, namespaceKey } from '../src/bindings/coordination/ids.js';

const BOX = `
import { DurableObject } from 'cloudflare:workers';
export class Box extends DurableObject {
  async fill(kind, from) {
    let v;
    if (kind === 'dag') { v = 1; for (let i = 0; i < 40; i++) v = [v, v]; }
    if (kind === 'holes') { v = []; v.length = 4e9; v[5] = 1; }
    if (kind === 'views') { const bytes = new Uint8Array(100_000).fill(7); v = new Array(1000).fill(bytes); }
    if (kind === 'big') {
      const s = '\\x01'.repeat(125_000);
      for (let i = from; i < from + 10; i++) this.ctx.storage.put('k' + String(i).padStart(4, '0'), s);
      return 'stored';
    }
    await this.ctx.storage.put('k', v);
    return 'stored';
  }
}
export default { async fetch(request, env) {
  const u = new URL(request.url);
  if (u.pathname === '/') return new Response('B ok');
  const kind = u.pathname.slice(1);
  try { return new Response(await env.BOX.getByName(kind).fill(kind, Number(u.searchParams.get('from') ?? 0))); } catch (e) { return new Response('E ' + e.message); }
} };`;

const A_APP = 'export default { fetch() { return new Response("A ok"); } };';
const B_APP = 'export default { fetch() { return new Response("B ok"); } };';

test('coordination values huge when shown (shared references, holes, many large values) are shown cut, and the other account is served meanwhile', { timeout: 300_000 }, async () => {
  const state = tempDir('ledge-inspect-bombs-');
  const { serve, rssMb } = await startTwoAccounts(state, ['--isolation', 'thread', '--trust-all-code'], { a: A_APP, b: B_APP });
  try {
    const admin = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
    const accounts = await apiCall(serve.api, admin, 'GET', '/accounts');
    const b = (accounts.result as unknown as { id: string; name: string }[]).find((x) => x.name === 'bee')?.id as string;
    // The attacker: a token of B's account alone, able to deploy and to read B's coordination objects.
    const created = await apiCall(serve.api, admin, 'POST', `/accounts/${b}/tokens`, { name: 'attacker', policies: [{ effect: 'allow', permission_groups: ['deployments:write', 'deployments:read', 'coordination:read'], resources: { [`com.ledge.api.account.${b}`]: '*' } }] });
    assert.equal(created.status, 201, created.text);
    const token = created.result.value as string;
    const deployed = await apiCall(serve.api, token, 'PUT', `/accounts/${b}/deployments/box`, {
      main_module: 'index.js', modules: [{ name: 'index.js', content_base64: Buffer.from(BOX).toString('base64') }],
      config: { compatibility_date: '2026-10-01', edge_dev: true, durable_objects: { bindings: [{ name: 'BOX', class_name: 'Box' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Box'] }] },
    });
    assert.equal(deployed.status, 200, deployed.text);
    const before = rssMb();

    const show = async (kind: string, keys = 100) => {
      const id = idFromName(namespaceKey(`${b}/box/Box`), kind);
      const shown = apiCall(serve.api, token, 'GET', `/accounts/${b}/coordination/classes/box/Box/objects/${id}?keys=${keys}`);
      // A is answered while B's object is shown (before: not within 30 s, the platform's process busy spelling it out).
      assert.deepEqual(await visitWithin(serve.app, A_HOST, '/', 30_000), { status: 200, body: 'A ok' }, `${kind}: A is served while B's object is shown`);
      const answer = await shown;
      assert.equal(answer.status, 200, answer.text.slice(0, 500));
      assert.ok(answer.text.length < 64 * 1024 * 1024, `${kind}: the answer is bounded (${answer.text.length} characters)`);
      return answer.result as unknown as { pairs: { key: string; value: unknown; bytes: number }[]; more_pairs: boolean };
    };

    for (const kind of ['dag', 'holes', 'views']) {
      assert.deepEqual(await visit(serve.app, 'box.bee.ledge.localhost', `/${kind}`), { status: 200, body: 'stored' });
      const shown = await show(kind);
      assert.equal(shown.pairs.length, 1);
      assert.match(JSON.stringify(shown.pairs[0]?.value), /\[cut|nested too deep/, `${kind}: the value is shown cut`);
    }
    const holes = JSON.stringify((await show('holes')).pairs[0]?.value);
    assert.match(holes, /^\[null,null,null,null,null,1,null/, 'the start of the holey array is shown as it is');

    // A thousand values of 125 KB (stopped early by B's memory limit or not): at most 1 MiB of them are read and shown.
    let filled = 0;
    for (let from = 0; from < 1000; from += 10, filled = from) {
      const r = await visit(serve.app, 'box.bee.ledge.localhost', `/big?from=${from}`);
      if (r.body !== 'stored') break;
    }
    assert.ok(filled >= 200, `B stored ${filled} values`);
    const big = await show('big', 1000);
    assert.equal(big.more_pairs, true, 'the pairs past the bytes one showing reads are left, and said to be');
    assert.ok(big.pairs.length >= 1 && big.pairs.length <= 40, `${big.pairs.length} pairs shown`);
    assert.equal(big.pairs[0]?.value, '\x01'.repeat(125_000), 'a pair shown is shown whole');

    assert.ok(rssMb() - before < 400, `the platform's process grew ${Math.round(rssMb() - before)} MB`);
    assert.deepEqual(await visit(serve.app, A_HOST), { status: 200, body: 'A ok' });
    assert.deepEqual(await visit(serve.app, 'app.bee.ledge.localhost'), { status: 200, body: 'B ok' });
  } finally {
    serve.child.kill();
    await serve.exited;
    rmSync(state, { recursive: true, force: true });
  }
});
