/** An object whose RPC methods take and return what the RPC codec carries, and the function that calls it (test/coordination-rpc.test.ts). */
export const ROOM_APP = `
import { DurableObject, RpcTarget } from 'cloudflare:workers';
class Tally extends RpcTarget {
  constructor(room) { super(); this.room = room; }
  // A read then a write with an await between: only the object's input gate keeps concurrent calls from losing updates.
  async add(n) {
    const value = ((await this.room.ctx.storage.get('tally')) ?? 0) + n;
    await this.room.ctx.storage.put('tally', value);
    return value;
  }
}
class Plain { constructor() { this.x = 1; } }
export class Room extends DurableObject {
  async map(items, fn) { const out = []; for (const item of items) out.push(await fn(item)); return out; }
  keep(fn) { this.kept = fn; return 'kept'; }
  respond() { return new Response(new Blob(['made by the object']).stream(), { status: 201, headers: { 'x-from': 'room' } }); }
  async relay(fn) { return { relayed: await fn() }; }
  callKept() { return this.kept(1); }
  tally() { return new Tally(this); }
  async total() { return (await this.ctx.storage.get('tally')) ?? 0; }
  upper(stream) {
    return stream.pipeThrough(new TextDecoderStream()).pipeThrough(new TransformStream({ transform(chunk, c) { c.enqueue(chunk.toUpperCase()); } })).pipeThrough(new TextEncoderStream());
  }
  async count(stream) { let bytes = 0; for await (const chunk of stream) bytes += chunk.byteLength; return bytes; }
  plain() { return new Plain(); }
  reset() { this.ctx.abort('reset by the test'); }
  // A name starting with _ is a method like any other, as on the original (the Agents SDK calls __unsafe_ensureInitialized).
  __unsafe_ready(n) { return { ready: n + 1 }; }
  // The callback must not run before the write is committed: if the commit fails, it never runs.
  async putThenCall(fn) { this.ctx.storage.put('before-callback', Date.now()); return fn(); }
  async request(request) { return { method: request.method, url: request.url, header: request.headers.get('x-a'), body: await request.text() }; }
  async fetch(request) {
    if (new URL(request.url).pathname === '/echo') return new Response(request.body, { status: 202, headers: { 'x-method': request.method } });
    return new Response('not found', { status: 404 });
  }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const stub = env.ROOM.getByName(url.searchParams.get('room') ?? 'r');
    switch (url.pathname) {
      case '/callback': return Response.json(await stub.map([1, 2, 3], (x) => x * 10));
      case '/response': { const r = await stub.respond(); return Response.json({ status: r.status, from: r.headers.get('x-from'), body: await r.text() }); }
      case '/reentrant': return Response.json(await stub.relay(() => stub.total()));
      case '/target': {
        const tally = await stub.tally();
        const a = await tally.add(2);
        const b = await tally.add(3);
        const total = await stub.total();
        tally[Symbol.dispose]();
        let released;
        try { await tally.add(1); released = 'still callable'; } catch (e) { released = e.message; }
        return Response.json({ a, b, total, released });
      }
      case '/using': {
        let outer;
        let inside;
        { using tally = await stub.tally(); outer = tally; inside = await tally.add(1); }
        try { await outer.add(1); return Response.json({ inside, after: 'still callable' }); } catch (e) { return Response.json({ inside, after: e.message }); }
      }
      case '/concurrent': {
        const tally = await stub.tally();
        const values = await Promise.all(Array.from({ length: 50 }, () => tally.add(1)));
        return Response.json({ values, total: await stub.total() });
      }
      case '/stream': {
        const source = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('hello ')); c.enqueue(new TextEncoder().encode('world')); c.close(); } });
        return new Response(await stub.upper(source));
      }
      case '/count': return Response.json(await stub.count(request.body));
      case '/request': return Response.json(await stub.request(new Request('http://room/x', { method: 'PUT', headers: { 'x-a': '1' }, body: 'payload' })));
      case '/echo': return stub.fetch(request);
      case '/kept': {
        await stub.keep(() => 'called');
        try { return new Response(await stub.callKept()); } catch (e) { return Response.json({ message: e.message, remote: e.remote }); }
      }
      case '/after-reset': {
        const tally = await stub.tally();
        await stub.reset().catch(() => undefined);
        try { await tally.add(1); return new Response('still callable'); } catch (e) { return Response.json({ message: e.message, remote: e.remote }); }
      }
      case '/put-then-call': {
        let called = false;
        try { await stub.putThenCall(() => { called = true; }); return Response.json({ called }); } catch (e) { return Response.json({ called, error: e.message }); }
      }
      case '/plain-result':
        try { await stub.plain(); return new Response('no error'); } catch (e) { return Response.json({ name: e.name, message: e.message, remote: e.remote }); }
      case '/plain-argument': {
        class Mine { constructor() { this.y = 2; } }
        try { await stub.map(new Mine(), (x) => x); return new Response('no error'); } catch (e) { return Response.json({ name: e.name, message: e.message, remote: e.remote ?? false }); }
      }
      case '/refused':
        return Response.json(['fetch', 'alarm', 'webSocketMessage', 'constructor', '_secret', 'then', 'hasOwnProperty', '__defineGetter__', '__proto__'].map((name) => [name, typeof stub[name]]));
      case '/underscore': return Response.json(await stub.__unsafe_ready(1));
    }
    return new Response('not found', { status: 404 });
  },
};`;

/** The project's configuration; `memoryMb` stays below the 64 MiB bodies the test streams, so a body read whole would stop the isolate. */
export function roomConfig(memoryMb: number): Record<string, unknown> {
  return {
    durable_objects: { bindings: [{ name: 'ROOM', class_name: 'Room' }] },
    migrations: [{ tag: 'v1', new_sqlite_classes: ['Room'] }],
    limits: { memory_mb: memoryMb },
  };
}
