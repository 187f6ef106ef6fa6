/** A counter object and the functions that call it, shared by the coordination tests (docs/bindings/coordination.md). */
export const COUNTER_APP = `
import { DurableObject } from 'cloudflare:workers';
let constructions = 0;
export class Counter extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    constructions++;
    ctx.blockConcurrencyWhile(async () => { this.start = (await ctx.storage.get('value')) ?? 0; });
  }
  async increment(by = 1) {
    const value = ((await this.ctx.storage.get('value')) ?? 0) + by;
    await this.ctx.storage.put('value', value);
    return value;
  }
  async read() { return { value: (await this.ctx.storage.get('value')) ?? 0, constructions, start: this.start, id: this.ctx.id.toString(), name: this.ctx.id.name }; }
  putThenGet() { this.ctx.storage.put('scratch', { n: 1 }); return this.ctx.storage.get('scratch'); }
  async fail() { throw new RangeError('no such thing'); }
  async echo(value) { return value; }
  async fetch(request) {
    const url = new URL(request.url);
    return new Response(request.method + ' ' + url.pathname + ' ' + (await request.text()) + ' ' + ((await this.ctx.storage.get('value')) ?? 0), { status: 201, headers: { 'x-object': 'yes' } });
  }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const stub = env.COUNTER.getByName(url.searchParams.get('name') ?? 'global');
    switch (url.pathname) {
      case '/inc': return Response.json(await stub.increment());
      case '/read': return Response.json(await stub.read());
      case '/put-get': return Response.json(await stub.putThenGet());
      case '/echo': return Response.json(await stub.echo({ nested: [1, 'two', { three: 3n.toString() }], date: new Date(5).toISOString() }));
      case '/fail': try { await stub.fail(); return new Response('no error'); } catch (e) { return Response.json({ name: e.name, message: e.message, remote: e.remote }); }
      case '/fetch': { const r = await stub.fetch('http://object/path', { method: 'POST', body: 'hello' }); return Response.json({ status: r.status, header: r.headers.get('x-object'), body: await r.text() }); }
      case '/ids': {
        const id = env.COUNTER.idFromName('global');
        let refused;
        try { env.COUNTER.idFromString('zz'); } catch (e) { refused = e.message; }
        return Response.json({ id: id.toString(), same: id.equals(env.COUNTER.idFromString(id.toString())), name: id.name, refused });
      }
    }
    return new Response('not found', { status: 404 });
  }
};`;

export const COUNTER_CONFIG = {
  durable_objects: { bindings: [{ name: 'COUNTER', class_name: 'Counter' }] },
  migrations: [{ tag: 'v1', new_sqlite_classes: ['Counter'] }],
};
