// Calls inside one isolate (docs/bindings/coordination.md): once the host has placed an object in its caller's own
// isolate, it leases the object there and that isolate runs its RPC calls to it without the host. What must hold
// all the same: values are copies both ways (as across the host), the host takes the lease back before it moves
// the object (a redeploy waits for the calls running under the lease, and never sees a second instance), and a
// caller in another isolate reaches the very instance the lease holder uses. Under thread and process isolation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeProject, startProject, tempDir } from './helpers.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';

const CONFIG = { durable_objects: { bindings: [{ name: 'BOX', class_name: 'Box' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Box'] }] };

const BOX = `
import { DurableObject, RpcTarget } from 'cloudflare:workers';
class Tally extends RpcTarget {
  constructor() { super(); this.n = 0; }
  add(k) { this.n += k; return this.n; }
}
export class Box extends DurableObject {
  constructor(ctx, env) { super(ctx, env); this.instance = crypto.randomUUID(); this.kept = { list: [1] }; this.count = 0; }
  whoAmI() { return this.instance; }
  keep(value) { value.touched = true; this.arg = value; return this.kept; }
  touchLater() { this.arg.later = true; return Object.keys(this.arg); }
  peek() { return this.kept; }
  echo(value) { return value; }
  scribble(bytes) { bytes[0] = 99; this.bytes = bytes; return this.bytes; }
  bytesNow() { return [...this.bytes]; }
  async callBack(fn) { return (await fn(21)) + 1; }
  tally() { return new Tally(); }
  fail() { throw new RangeError('no such thing'); }
  greet(who) { console.warn('greeting', who); return 'hi ' + who; }
  async inc() {
    this.count++;
    const v = ((await this.ctx.storage.get('v')) ?? 0) + 1;
    await this.ctx.storage.put('v', v);
    return { instance: this.instance, v, count: this.count, version: VERSION };
  }
  async hold(ms) {
    await this.ctx.storage.put('busy', this.instance);
    await new Promise((resolve) => setTimeout(resolve, ms));
    await this.ctx.storage.put('busy', null);
    return this.instance;
  }
  async state() { return { instance: this.instance, busy: (await this.ctx.storage.get('busy')) ?? null, version: VERSION }; }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const stub = env.BOX.getByName(url.searchParams.get('name') ?? 'box');
    if (url.pathname === '/values') {
      // The first call goes through the host, which leases the object to this isolate: the rest run here.
      const first = await stub.whoAmI();
      const arg = { n: 1, nested: { m: 2 } };
      const kept = await stub.keep(arg);
      const argAfterCall = JSON.stringify(arg);
      kept.list.push(2);
      const peekAfterCallerChangedResult = await stub.peek();
      const keysSeenByObject = await stub.touchLater();
      const argAfterObjectChangedItsCopy = JSON.stringify(arg);
      const echoed = await stub.echo(arg);
      // Values the codec carries as they are (bytes, dates) are copied too: neither side sees the other's changes.
      const mine = new Uint8Array([1, 2, 3]);
      const theirs = await stub.scribble(mine);
      theirs[1] = 77;
      const bytesSeenByObject = await stub.bytesNow();
      const tally = await stub.tally();
      await tally.add(2);
      let failure;
      try { await stub.fail(); } catch (err) { failure = { name: err.name, message: err.message, remote: err.remote }; }
      let refused;
      try { await stub.echo(new (class Plain {})()); } catch (err) { refused = { name: err.name, message: err.message }; }
      const date = await stub.echo(new Date(5));
      const map = await stub.echo(new Map([[1, 'one']]));
      const bytes = await stub.echo(new Uint8Array([1, 2, 3]));
      return Response.json({
        sameInstance: first === await stub.whoAmI(),
        argAfterCall, keptFirst: kept, peekAfterCallerChangedResult, keysSeenByObject, argAfterObjectChangedItsCopy,
        echoedIsCopy: echoed !== arg && JSON.stringify(echoed) === JSON.stringify(arg),
        callerBytes: [...mine], resultBytes: [...theirs], bytesSeenByObject,
        callBack: await stub.callBack((x) => x * 2),
        tally: await tally.add(3),
        failure, refused,
        date: date instanceof Date ? date.getTime() : null,
        map: map instanceof Map ? [...map] : null,
        bytes: bytes instanceof Uint8Array ? [...bytes] : null,
      });
    }
    if (url.pathname === '/inc') {
      const n = Number(url.searchParams.get('n') ?? '1');
      const seen = [];
      for (let i = 0; i < n; i++) seen.push(await stub.inc());
      return Response.json(seen);
    }
    if (url.pathname === '/records') {
      await stub.whoAmI();
      const said = [await stub.greet('ada'), await stub.greet('bob')];
      try { await stub.fail(); } catch { /* its record says it threw */ }
      return Response.json(said);
    }
    if (url.pathname === '/hold') return new Response(await stub.hold(Number(url.searchParams.get('ms'))));
    if (url.pathname === '/state') return Response.json(await stub.state());
    return new Response('not found', { status: 404 });
  },
};`;

const app = (version: number) => `const VERSION = ${version};\n${BOX}`;

for (const isolation of ['thread', 'process'] as const) {
  test(`calls inside the object's own isolate copy values both ways, as across the host (${isolation} isolation)`, { timeout: 120_000 }, async () => {
    const server = await startProject(makeProject({ 'src/index.js': app(1) }, CONFIG), { stateDir: tempDir(), isolation });
    try {
      const res = await server.request(new Request('http://x/values'));
      assert.equal(res.status, 200, await res.clone().text());
      assert.deepEqual(await res.json(), {
        sameInstance: true,
        // The object changed its argument: the caller's object stays as it was.
        argAfterCall: '{"n":1,"nested":{"m":2}}',
        keptFirst: { list: [1, 2] },
        // The caller changed the result it got: the object's own stays as it was.
        peekAfterCallerChangedResult: { list: [1] },
        keysSeenByObject: ['n', 'nested', 'touched', 'later'],
        argAfterObjectChangedItsCopy: '{"n":1,"nested":{"m":2}}',
        echoedIsCopy: true,
        callerBytes: [1, 2, 3], resultBytes: [99, 77, 3], bytesSeenByObject: [99, 2, 3],
        // Functions and RpcTargets still cross as stubs, both ways.
        callBack: 43,
        tally: 5,
        failure: { name: 'RangeError', message: 'no such thing', remote: true },
        refused: { name: 'DataCloneError', message: 'Could not serialize object of type "Plain". This type does not support serialization.' },
        date: 5,
        map: [[1, 'one']],
        bytes: [1, 2, 3],
      });
    } finally {
      await server.close();
    }
  });

  test(`each call run under the lease is its own record, with its console lines and exception (${isolation} isolation)`, { timeout: 120_000 }, async () => {
    const server = await startProject(makeProject({ 'src/index.js': app(1) }, { ...CONFIG, observability: { logs: { enabled: true } } }), { stateDir: tempDir(), isolation });
    try {
      const res = await fetch(`${server.url}/records?name=recorded`);
      assert.deepEqual(await res.json(), ['hi ada', 'hi bob']);
      type Rec = { kind: string; trigger?: string; outcome: string; logs: { level: string; message: string }[]; error?: { name: string; message: string } };
      const records = async (query: string) => ((await (await fetch(`${server.url}/__ledge/logs?${query}`)).json()) as { records: Rec[] }).records.filter((r) => r.kind === 'object');
      const greeted = await records('search=greeting');
      assert.deepEqual(greeted.map((r) => r.logs.map((l) => [l.level, l.message])).sort(), [[['warn', 'greeting ada']], [['warn', 'greeting bob']]]);
      for (const r of greeted) assert.match(r.trigger ?? '', /\/Box\/[0-9a-f]{64} greet\(\)$/);
      const failed = await records('outcome=exception');
      assert.equal(failed.length, 1, JSON.stringify(failed));
      assert.deepEqual([failed[0]?.error?.name, failed[0]?.error?.message], ['RangeError', 'no such thing']);
      assert.match(failed[0]?.trigger ?? '', / fail\(\)$/);
      // One record per call, those that wrote no line included (invocation logs are on by default; fail() wrote none).
      const methods = (await records('')).map((r) => / (\w+)\(\)$/.exec(r.trigger ?? '')?.[1]).sort();
      assert.deepEqual(methods, ['fail', 'greet', 'greet', 'whoAmI']);
    } finally {
      await server.close();
    }
  });

  test(`a reload takes the lease back only once the calls running under it have ended: one instance at a time (${isolation} isolation)`, { timeout: 120_000 }, async () => {
    const dir = makeProject({ 'src/index.js': app(1) }, CONFIG);
    const server = await startProject(dir, { stateDir: tempDir(), isolation });
    try {
      // Through the host: the object is placed in this isolate and leased to it.
      const before = await (await server.request(new Request('http://x/state'))).json() as { instance: string; busy: null; version: number };
      assert.equal(before.version, 1);
      // Run under the lease: it marks the object busy, waits, then clears the mark.
      const holding = server.request(new Request('http://x/hold?ms=1500')).then(async (r) => ({ status: r.status, text: await r.text() }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      writeFileSync(path.join(dir, 'src', 'index.js'), app(2));
      await server.reload();
      // The new version's call moves the object to its isolate: only after the held call has ended and written.
      const after = await (await server.request(new Request('http://x/state'))).json() as { instance: string; busy: string | null; version: number };
      const held = await holding;
      assert.equal(held.status, 200, held.text);
      assert.equal(held.text, before.instance, 'the held call ran on the instance the lease held');
      assert.equal(after.version, 2);
      assert.equal(after.busy, null, 'the new instance started after the held call ended');
      assert.notEqual(after.instance, before.instance);
    } finally {
      await server.close();
    }
  });

  test(`under ledge serve, a caller in another deployment reaches the instance its own deployment holds under the lease (${isolation} isolation)`, { timeout: 180_000 }, async () => {
    const p = await startTestPlatform(tempDir('ledge-coordination-lease-'), undefined, { isolation });
    try {
      const base = `/accounts/${p.accountId}/deployments`;
      const boxes = await p.call('PUT', `${base}/boxes`, { body: deployBody(app(1), { edge_dev: true, ...CONFIG }) });
      assert.equal(boxes.status, 200, boxes.text);
      const other = await p.call('PUT', `${base}/other`, { body: deployBody(app(1), { edge_dev: true, durable_objects: { bindings: [{ name: 'BOX', class_name: 'Box', script_name: 'boxes' }] } }) });
      assert.equal(other.status, 200, other.text);
      const inc = async (host: string, n: number) => {
        const res = await p.visit(host, `/inc?n=${n}&name=shared`);
        assert.equal(res.status, 200, await res.clone().text());
        return await res.json() as { instance: string; v: number; count: number }[];
      };
      // The owning deployment's calls run under its lease; the other's come through the host, to the same isolate.
      const answers = (await Promise.all([
        inc('boxes.admin.ledge.localhost', 150), inc('other.admin.ledge.localhost', 150),
        inc('boxes.admin.ledge.localhost', 150), inc('other.admin.ledge.localhost', 150),
      ])).flat();
      assert.equal(answers.length, 600);
      assert.equal(new Set(answers.map((a) => a.instance)).size, 1, 'one instance served every call');
      const values = answers.map((a) => a.v).sort((a, b) => a - b);
      assert.deepEqual(values, Array.from({ length: 600 }, (_, i) => i + 1), 'each value handed out once');
      // What the instance counted in memory is what it stored: no call ran on another instance.
      for (const a of answers) assert.equal(a.count, a.v);
    } finally {
      await p.close();
    }
  });
}
