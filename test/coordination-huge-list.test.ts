// Red team: a coordination object's key-value list() with no limit over a large object. The store built the whole
// listing at once: at 2,000 pairs of 120 KB (240 MB) the account's coordination store process could not send it
// ("failed inside the platform"), and at 4,000 (480 MB) it aborted (SIGABRT), failing every call of the account's
// other objects in flight with "what this call wrote may not have been kept" and resetting them; under ledge dev's
// thread isolation the same listing is built on the platform's own thread. Now the pairs are counted as they are
// read and the call fails past LIST_RESULT_MAX_BYTES with its own message (page with limit and startAfter); the
// store process keeps serving, and another account is untouched. ctx.storage.kv.list() (the synchronous API) is
// bounded the same way, since it is the same call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { SYSTEM_CLOCK } from '../src/platform/clock.js';
import { createSqliteCoordinationStorage } from '../src/storage/sqlite/coordination-storage.js';
import { LIST_RESULT_MAX_BYTES } from '../src/storage/sqlite/coordination/object-database.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { tempDir } from './helpers.js';

const VALUE_BYTES = 120_000;
/** Pairs whose values alone pass the bound by about a sixth. */
const PAIRS = Math.ceil((LIST_RESULT_MAX_BYTES * 1.15) / VALUE_BYTES);
const TOO_LARGE = /^list\(\) would return over 128 MB \(it passed it after \d+ pairs\); read the object in pages: list\(\{ limit, startAfter: the last key seen \}\)$/;

const key = (i: number) => `k${String(i).padStart(5, '0')}`;

test('the store refuses a list past the bound with its own error, and pages of it are read whole (ledge dev, in-process)', { timeout: 300_000 }, async (t) => {
  const storage = createSqliteCoordinationStorage(path.join(tempDir('ledge-huge-list-'), 'coordination'), { clock: SYSTEM_CLOCK });
  t.after(() => storage.close());
  const object = await storage.open('ns', 'a'.repeat(64));
  const value = new Uint8Array(VALUE_BYTES).fill(7);
  for (let i = 0; i < PAIRS; i += 100) {
    await object.write(Array.from({ length: Math.min(100, PAIRS - i) }, (_, j) => [key(i + j), value] as const), []);
  }
  for (const options of [{}, { reverse: true }, { prefix: 'k' }, { start: 'k', end: 'l' }]) {
    const failed = await object.list(options).then(() => assert.fail(`list(${JSON.stringify(options)}) returned`), (err: Error & { code?: string }) => err);
    assert.match(failed.message, TOO_LARGE, JSON.stringify(options));
    assert.equal(failed.code, 'bad_argument');
  }
  let seen = 0;
  let after: string | undefined;
  for (;;) {
    const page = await object.list({ limit: 500, ...(after === undefined ? {} : { startAfter: after }) });
    if (page.length === 0) break;
    seen += page.length;
    after = page.at(-1)?.[0];
    assert.equal(page[0]?.[1].byteLength, VALUE_BYTES);
  }
  assert.equal(seen, PAIRS, 'every pair is read in pages');
  assert.equal((await object.list({ limit: 5 })).length, 5);
});

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Big extends DurableObject {
  async fill(from, to) {
    const value = new Uint8Array(${VALUE_BYTES});
    for (let i = from; i < to; i++) {
      this.ctx.storage.put('k' + String(i).padStart(5, '0'), value, { noCache: true });
      if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await this.ctx.storage.sync?.();
    return to;
  }
  async listAll() { try { return { n: (await this.ctx.storage.list()).size }; } catch (e) { return { error: e.message }; } }
  listSync() { try { return { n: [...this.ctx.storage.kv.list()].length }; } catch (e) { return { error: e.message }; } }
  async listPaged() {
    let n = 0, after;
    for (;;) {
      const page = await this.ctx.storage.list({ limit: 200, noCache: true, ...(after === undefined ? {} : { startAfter: after }) });
      if (page.size === 0) return { n };
      n += page.size;
      after = [...page.keys()].at(-1);
    }
  }
  async put(k) { await this.ctx.storage.put(k, k); return await this.ctx.storage.get(k); }
}
export default { async fetch(request, env) {
  const url = new URL(request.url);
  const stub = env.BIG.get(env.BIG.idFromName(url.searchParams.get('o') ?? 'big'));
  const answer = (value) => Response.json(value);
  switch (url.pathname) {
    case '/fill': return answer(await stub.fill(Number(url.searchParams.get('from')), Number(url.searchParams.get('to'))));
    case '/list': return answer(await stub.listAll());
    case '/list-sync': return answer(await stub.listSync());
    case '/paged': return answer(await stub.listPaged());
    default: return answer(await stub.put(url.searchParams.get('k') ?? 'x'));
  }
} };`;

test('under ledge serve (process isolation) an unlimited list of a large object fails with the bound\'s error; the account\'s store process, its other objects and another account keep working', { timeout: 600_000 }, async () => {
  const p = await startTestPlatform(tempDir('ledge-huge-list-serve-'), undefined, { isolation: 'process' });
  try {
    const created = await p.call('POST', '/accounts', { body: { name: 'bee' } });
    assert.equal(created.status, 201, created.text);
    const accounts = [p.accountId, created.body.result.id as string];
    for (const account of accounts) {
      const deployed = await p.call('PUT', `/accounts/${account}/deployments/big`, { body: deployBody(APP, { edge_dev: true, limits: { memory_mb: 256 }, durable_objects: { bindings: [{ name: 'BIG', class_name: 'Big' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Big'] }] }) });
      assert.equal(deployed.status, 200, deployed.text);
    }
    const visit = async (host: string, at: string) => {
      const res = await p.visit(host, at);
      const text = await res.text();
      return { status: res.status, body: JSON.parse(text) as unknown };
    };
    const A = 'big.admin.ledge.localhost';
    const B = 'big.bee.ledge.localhost';
    for (let from = 0; from < PAIRS; from += 400) {
      const to = Math.min(PAIRS, from + 400);
      assert.deepEqual(await visit(A, `/fill?from=${from}&to=${to}`), { status: 200, body: to });
    }
    assert.deepEqual(await visit(B, '/put?k=b0'), { status: 200, body: 'b0' });
    const pids = accounts.map((account) => p.coordinationProcessPid(account));
    for (const route of ['/list', '/list-sync']) {
      // A call of another of A's objects, sent at once, is answered: the store process did not end under the list.
      const [huge, other] = await Promise.all([visit(A, route), visit(A, `/put?o=other&k=${route}`)]);
      assert.equal(huge.status, 200, route);
      assert.match((huge.body as { error?: string }).error ?? JSON.stringify(huge.body), TOO_LARGE, route);
      assert.deepEqual(other, { status: 200, body: route });
      assert.deepEqual(await visit(B, `/put?k=b${route}`), { status: 200, body: `b${route}` });
    }
    assert.deepEqual(await visit(A, '/paged'), { status: 200, body: { n: PAIRS } }, 'the object is read whole in pages');
    assert.deepEqual(accounts.map((account) => p.coordinationProcessPid(account)), pids, 'neither account\'s coordination store process ended');
  } finally {
    await p.close();
  }
});
