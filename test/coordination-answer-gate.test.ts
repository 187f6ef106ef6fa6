// The input gate holds back the answers to what an object sent (reference §4.2: it blocks every incoming event,
// responses included; docs/bindings/coordination.md, "What an object sends waits for its writes"): while a
// blockConcurrencyWhile() section holds the gate, the answer to a key-value call, to an RPC call on another object
// and to a subrequest made outside the section is delivered only after the section ends; calls made inside the
// section are answered inside it. Both isolations. Before, the answers arrived while the section ran.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject } from './helpers.js';

const APP = `
import { DurableObject } from 'cloudflare:workers';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export class Gated extends DurableObject {
  async race(kind) {
    const order = [];
    const sent = kind === 'kv' ? this.env.KV.get('k')
      : kind === 'rpc' ? this.env.OTHER.getByName('o').ping()
      : fetch('http://127.0.0.1:9/').catch((e) => 'failed');
    const answered = sent.then(() => order.push(kind + ' answered'));
    await this.ctx.blockConcurrencyWhile(async () => {
      await sleep(400);
      order.push('section over');
    });
    await answered;
    return order;
  }
  async inside() {
    // What the section itself sends is answered to it while it holds the gate (no deadlock).
    return this.ctx.blockConcurrencyWhile(async () => {
      const kv = await this.env.KV.get('k');
      const rpc = await this.env.OTHER.getByName('o').ping();
      const nested = await this.ctx.blockConcurrencyWhile(async () => this.env.KV.get('k'));
      const failed = await fetch('http://127.0.0.1:9/').then(() => 'fetched', () => 'failed');
      return { kv, rpc, nested, failed };
    });
  }
}
export class Other extends DurableObject {
  ping() { return 'pong'; }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/seed') { await env.KV.put('k', 'v'); return new Response('ok'); }
    const stub = env.GATED.getByName(url.searchParams.get('name') ?? 'g');
    if (url.pathname === '/inside') return Response.json(await stub.inside());
    return Response.json(await stub.race(url.searchParams.get('kind')));
  },
};`;

const CONFIG = {
  kv_namespaces: [{ binding: 'KV', id: 'kv' }],
  durable_objects: { bindings: [{ name: 'GATED', class_name: 'Gated' }, { name: 'OTHER', class_name: 'Other' }] },
  migrations: [{ tag: 'v1', new_sqlite_classes: ['Gated', 'Other'] }],
};

for (const isolation of ['thread', 'process'] as const) {
  test(`answers to what an object sent wait while blockConcurrencyWhile holds its gate (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const server = await startProject(makeProject({ 'src/index.js': APP }, CONFIG), { isolation });
    t.after(() => server.close());
    const get = async (path: string) => {
      const res = await server.request(new Request(`http://app.test${path}`));
      const text = await res.text();
      assert.equal(res.status, 200, `${path}: ${text}`);
      return JSON.parse(text) as unknown;
    };
    assert.equal(await (await server.request(new Request('http://app.test/seed'))).text(), 'ok');
    for (const kind of ['kv', 'rpc', 'fetch']) {
      assert.deepEqual(await get(`/race?kind=${kind}&name=${kind}`), ['section over', `${kind} answered`], kind);
    }
    assert.deepEqual(await get('/inside'), { kv: 'v', rpc: 'pong', nested: 'v', failed: 'failed' });
  });
}
