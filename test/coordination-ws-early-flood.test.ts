// Attack (red team): an account's coordination object accepts hibernatable WebSockets it never hands to a client and
// sends 16 MB to each (the most one socket may hold for a client that has not joined). The platform's process holds
// what is sent to such a socket until its client joins or a minute passes: bounded per socket only, ten sockets took
// it about 155 MB more, so a few calls could take gigabytes. Now the sockets of one account's objects hold at most
// 64 MB waiting for clients (websockets-host.ts EARLY_BYTES_PER_HUB); sends past it are refused (send() is fire and
// forget, as past the per-socket bound), and the other account is served. The same bound counts such sockets
// themselves with their tags and attachments: 2,000 sockets per call with ten 256-character tags and a 16 KB
// attachment each took about 65 MB more per call, without it.
// Thread isolation: what is attacked is the platform's own process, whichever isolation runs code.
import { rmSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir } from './helpers.js';
import { apiCall, startTwoAccounts, visit, A_HOST } from './serve-process.js';

const FLOOD = `
import { DurableObject } from 'cloudflare:workers';
export class Box extends DurableObject {
  async flood(n) {
    const big = 'x'.repeat(1_000_000);
    let sent = 0;
    for (let i = 0; i < n; i++) {
      const pair = new WebSocketPair();
      this.ctx.acceptWebSocket(pair[1]);
      for (let j = 0; j < 16; j++) { pair[1].send(big); sent++; }
    }
    return 'sent ' + sent;
  }
  async accept(n) {
    const attachment = 'y'.repeat(16000);
    const tags = Array.from({ length: 10 }, (_, i) => String(i).repeat(256));
    for (let i = 0; i < n; i++) {
      const pair = new WebSocketPair();
      this.ctx.acceptWebSocket(pair[1], tags);
      pair[1].serializeAttachment(attachment);
    }
    return 'accepted ' + n;
  }
}
export default { async fetch(request, env) {
  const u = new URL(request.url);
  if (u.pathname === '/') return new Response('B ok');
  const box = env.BOX.getByName(u.searchParams.get('o'));
  try { return new Response(u.pathname === '/flood' ? await box.flood(10) : await box.accept(2000)); } catch (e) { return new Response('E ' + e.message); }
} };`;

test('an object sending to, tagging and attaching to many sockets no client joins holds at most 64 MB of the platform, and the other account is served', { timeout: 180_000 }, async () => {
  const state = tempDir('ledge-ws-early-flood-');
  const { serve, rssMb } = await startTwoAccounts(state, ['--isolation', 'thread', '--trust-all-code'], {
    a: 'export default { fetch() { return new Response("A ok"); } };', b: 'export default { fetch() { return new Response("B ok"); } };',
  });
  try {
    const admin = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
    const b = ((await apiCall(serve.api, admin, 'GET', '/accounts')).result as unknown as { id: string; name: string }[]).find((x) => x.name === 'bee')?.id as string;
    const created = await apiCall(serve.api, admin, 'POST', `/accounts/${b}/tokens`, { name: 'attacker', policies: [{ effect: 'allow', permission_groups: ['deployments:write', 'deployments:read'], resources: { [`com.ledge.api.account.${b}`]: '*' } }] });
    assert.equal(created.status, 201, created.text);
    const deployed = await apiCall(serve.api, created.result.value as string, 'PUT', `/accounts/${b}/deployments/box`, {
      main_module: 'index.js', modules: [{ name: 'index.js', content_base64: Buffer.from(FLOOD).toString('base64') }],
      config: { compatibility_date: '2026-10-01', edge_dev: true, durable_objects: { bindings: [{ name: 'BOX', class_name: 'Box' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Box'] }] },
    });
    assert.equal(deployed.status, 200, deployed.text);
    const before = rssMb();
    // Eight objects, ten sockets each, 16 MB to each socket: 1.3 GB sent to sockets no client will join within a minute.
    for (let o = 0; o < 8; o++) assert.deepEqual(await visit(serve.app, 'box.bee.ledge.localhost', `/flood?o=o${o}`), { status: 200, body: 'sent 160' });
    let grown = rssMb() - before;
    assert.ok(grown < 400, `the platform's process grew ${Math.round(grown)} MB (before: about 1,300)`);
    // Sockets no client joins, each with ten 256-character tags and a 16 KB attachment: 2,000 per call, 16 calls
    // (some end past B's isolate memory limit, which is B's own).
    for (let o = 0; o < 16; o++) {
      const answer = await visit(serve.app, 'box.bee.ledge.localhost', `/accept?o=a${o}`);
      assert.ok(answer.body === 'accepted 2000' || answer.status === 503, `${answer.status} ${answer.body}`);
    }
    grown = rssMb() - before;
    assert.ok(grown < 400, `the platform's process grew ${Math.round(grown)} MB with sockets, tags and attachments waiting for clients`);
    assert.deepEqual(await visit(serve.app, A_HOST), { status: 200, body: 'A ok' });
    assert.deepEqual(await visit(serve.app, 'box.bee.ledge.localhost'), { status: 200, body: 'B ok' });
  } finally {
    serve.child.kill();
    await serve.exited;
    rmSync(state, { recursive: true, force: true });
  }
});
