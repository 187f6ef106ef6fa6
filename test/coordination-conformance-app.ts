/**
 * Objects that check Ledge's coordination objects against reference/data-work.md §4 fact by fact (storage options,
 * limits and error texts, transactions, ids and jurisdictions, abort), for test/coordination-conformance.test.ts.
 * Each method returns what it saw as JSON-able data; errors as `Name: message`.
 */
export const CONFORMANCE_APP = `
import { DurableObject } from 'cloudflare:workers';
const attempt = async (fn) => { try { const value = await fn(); return { value }; } catch (e) { return { error: e.name + ': ' + e.message }; } };
const trySync = (fn) => { try { return { value: fn() }; } catch (e) { return { error: e.name + ': ' + e.message }; } };
const entries = (map) => [...map];

class Probe extends DurableObject {
  async values() {
    const s = this.ctx.storage;
    const out = {};
    // 200,000 characters serialise to about 200 KB: over the KV backend's 128 KiB, within SQLite's 2 MB.
    out.big = await attempt(async () => { await s.put('big', 'x'.repeat(200000)); await s.sync(); return (await s.get('big')).length; });
    out.tooBig = await attempt(() => s.put('huge', 'x'.repeat(2100000)));
    out.entriesUndefined = await attempt(async () => { await s.put({ a: 1, skipped: undefined, b: 2 }); return entries(await s.get(['a', 'skipped', 'b'])); });
    out.oneUndefined = await attempt(() => s.put('k', undefined));
    out.entriesAndValue = await attempt(() => s.put({ a: 1 }, 5));
    out.startAndStartAfter = await attempt(() => s.list({ start: 'a', startAfter: 'a' }));
    out.zeroLimit = await attempt(() => s.list({ limit: 0 }));
    out.halfLimit = await attempt(() => s.list({ limit: 0.5 }));
    out.fractionLimit = await attempt(async () => (await s.list({ limit: 1.5 })).size);
    out.tooManyKeys = await attempt(() => s.get(Array.from({ length: 129 }, (_, i) => 'k' + i)));
    out.deleteOne = await attempt(() => s.delete('a'));
    out.deleteMany = await attempt(() => s.delete(['a', 'b', 'nothing']));
    return out;
  }
  syncKv() {
    const kv = this.ctx.storage.kv;
    const out = {};
    out.big = trySync(() => { kv.put('sync-big', 'y'.repeat(200000)); return kv.get('sync-big').length; });
    out.tooBig = trySync(() => kv.put('sync-huge', 'y'.repeat(2100000)));
    out.startAndStartAfter = trySync(() => [...kv.list({ start: 'a', startAfter: 'a' })]);
    out.halfLimit = trySync(() => [...kv.list({ limit: 0.5 })]);
    out.fractionLimit = trySync(() => [...kv.list({ limit: 1.5 })].length);
    return out;
  }
  async transactions() {
    const s = this.ctx.storage;
    await s.put({ 't-a': 1, 't-b': 2, 't-c': 3 });
    const out = {};
    out.listSeesOwnWrites = await s.transaction(async (txn) => {
      await txn.put('t-bb', 22);
      await txn.put('t-a', 11);
      await txn.delete('t-c');
      return {
        all: entries(await txn.list({ prefix: 't-' })),
        reversed: entries(await txn.list({ prefix: 't-', reverse: true, limit: 2 })),
        ranged: entries(await txn.list({ start: 't-b', end: 't-c' })),
        afterA: entries(await txn.list({ prefix: 't-', startAfter: 't-a', limit: 1 })),
      };
    });
    out.committed = entries(await s.list({ prefix: 't-' }));
    out.bigValue = await attempt(() => s.transaction((txn) => txn.put('t-big', 'x'.repeat(2100000))));
    out.manyKeys = await attempt(() => s.transaction((txn) => txn.get(Array.from({ length: 129 }, (_, i) => 'k' + i))));
    out.deleteAll = await attempt(() => s.transaction(async (txn) => { txn.deleteAll(); }));
    out.afterRollback = await attempt(() => s.transaction(async (txn) => { await txn.put('t-x', 1); txn.rollback(); txn.rollback(); return txn.get('t-a'); }));
    let kept;
    await s.transaction(async (txn) => { kept = txn; });
    out.afterCommit = await attempt(() => kept.get('t-a'));
    out.rolledBackLeftNothing = (await s.get('t-x')) === undefined;
    return out;
  }
  /** A transaction holds the input gate (it runs as blockConcurrencyWhile does): another event waits for it. */
  async slowTransaction(ms) {
    return this.ctx.storage.transaction(async (txn) => {
      const n = (await txn.get('gate-n')) ?? 0;
      await new Promise((resolve) => setTimeout(resolve, ms));
      await txn.put('gate-n', n + 1);
      return n + 1;
    });
  }
  async bump() {
    const n = ((await this.ctx.storage.get('gate-n')) ?? 0) + 1;
    await this.ctx.storage.put('gate-n', n);
    return n;
  }
  abortNow(reason) {
    this.ctx.abort(reason);
    return 'went on after abort()';
  }
  async abortThenWrite() {
    await this.ctx.storage.put('before-abort', 1);
    this.ctx.abort('stop here');
    this.ctx.storage.put('after-abort', 1);
    return 'went on';
  }
  abortLater() {
    // As the Agents SDK's destroy() does: abort() from a timer, after the call has answered.
    setTimeout(() => this.ctx.abort('destroyed'), 0);
    return 'answered';
  }
  async keys() {
    return [...(await this.ctx.storage.list())].map(([k]) => k);
  }
  shape() {
    const ctx = this.ctx;
    const names = ['id', 'storage', 'waitUntil', 'blockConcurrencyWhile', 'abort', 'acceptWebSocket', 'getWebSockets', 'getTags',
      'setWebSocketAutoResponse', 'getWebSocketAutoResponse', 'getWebSocketAutoResponseTimestamp',
      'setHibernatableWebSocketEventTimeout', 'getHibernatableWebSocketEventTimeout', 'exports'];
    const storage = ['get', 'put', 'delete', 'list', 'deleteAll', 'transaction', 'getAlarm', 'setAlarm', 'deleteAlarm', 'sync',
      'transactionSync', 'getCurrentBookmark', 'getBookmarkForTime', 'onNextSessionRestoreBookmark'];
    return {
      ctx: names.filter((n) => ctx[n] === undefined),
      storage: storage.filter((n) => typeof ctx.storage[n] !== 'function'),
      env: this.env === undefined ? 'missing' : typeof this.env.SQL,
      idEquals: ctx.id.equals(ctx.id),
    };
  }
  where() {
    return { id: this.ctx.id.toString(), name: this.ctx.id.name ?? null, jurisdiction: this.ctx.id.jurisdiction ?? null };
  }
}
export class Sql extends Probe {}
export class Legacy extends Probe {}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const ns = url.searchParams.get('class') === 'legacy' ? env.LEGACY : env.SQL;
    const stub = ns.getByName(url.searchParams.get('name') ?? 'probe');
    switch (url.pathname) {
      case '/values': return Response.json(await stub.values());
      case '/sync-kv': return Response.json(await stub.syncKv());
      case '/transactions': return Response.json(await stub.transactions());
      case '/gate': {
        const slow = stub.slowTransaction(1000);
        await new Promise((resolve) => setTimeout(resolve, 100));
        const bumped = await stub.bump();
        return Response.json({ slow: await slow, bumped, final: await stub.bump() });
      }
      case '/abort': {
        const first = await attempt(() => stub.abortNow(url.searchParams.get('reason') ?? undefined));
        return Response.json({ first, remote: first.error ? true : false });
      }
      case '/abort-later': {
        const first = await attempt(() => stub.abortLater());
        await new Promise((resolve) => setTimeout(resolve, 200));
        const second = await attempt(() => stub.where());
        return Response.json({ first, second: second.value ? 'answered' : second });
      }
      case '/abort-write': {
        const first = await attempt(() => stub.abortThenWrite());
        return Response.json({ first, keys: await stub.keys() });
      }
      case '/shape': return Response.json(await stub.shape());
      case '/ws-texts': {
        const [client, server] = Object.values(new WebSocketPair());
        const unaccepted = trySync(() => server.send('early'));
        server.accept();
        server.close(1000, 'done');
        const afterClose = trySync(() => server.send('late'));
        const attachment = trySync(() => server.serializeAttachment('x'.repeat(16380)));
        return Response.json({ unaccepted, afterClose, attachment, client: typeof client });
      }
      case '/ids': {
        const eu = ns.jurisdiction('eu');
        const euId = eu.idFromName('x');
        const plainId = ns.idFromName('x');
        const unique = ns.newUniqueId({ jurisdiction: 'eu' });
        return Response.json({
          plain: plainId.jurisdiction ?? null,
          eu: euId.jurisdiction ?? null,
          euName: euId.name,
          unique: unique.jurisdiction ?? null,
          euGetPlain: trySync(() => { eu.get(plainId); return 'accepted'; }),
          plainGetEu: trySync(() => { ns.get(euId); return 'accepted'; }),
          euGetEu: trySync(() => { eu.get(euId); return 'accepted'; }),
          euStubSees: await eu.get(euId).where(),
          cleared: ns.jurisdiction('eu').jurisdiction(undefined).idFromName('x').jurisdiction ?? null,
          routing: trySync(() => { ns.get(plainId, { routingMode: 'primary-only', locationHint: 'weur' }); return 'accepted'; }),
          badRouting: trySync(() => ns.get(plainId, { routingMode: 'nearest' })),
          fromString: trySync(() => ns.idFromString('zz')),
          notHere: trySync(() => ns.idFromString('0'.repeat(64))),
          equals: ns.idFromString(plainId.toString()).equals(plainId),
        });
      }
      default: return new Response('no such probe', { status: 404 });
    }
  },
};
`;

export const CONFORMANCE_CONFIG = {
  durable_objects: { bindings: [{ name: 'SQL', class_name: 'Sql' }, { name: 'LEGACY', class_name: 'Legacy' }] },
  migrations: [{ tag: 'v1', new_sqlite_classes: ['Sql'], new_classes: ['Legacy'] }],
};
