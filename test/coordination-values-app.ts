/**
 * A module whose objects, entrypoint and fetch handler hand coordination-object ids and stubs to each other over
 * RPC (test/coordination-values.test.ts). The same source runs as the deployment that binds `ROOM` and as a helper
 * deployment that has no binding to it (its stubs then call through their sender).
 */
export const VALUES_APP = `
import { DurableObject, WorkerEntrypoint } from 'cloudflare:workers';

const errorOf = (e) => ({ name: e.name, message: e.message, remote: e.remote === true });

export class Room extends DurableObject {
  async add(n) {
    const value = ((await this.ctx.storage.get('value')) ?? 0) + n;
    await this.ctx.storage.put('value', value);
    return value;
  }
  async total() { return (await this.ctx.storage.get('value')) ?? 0; }
  async touch() {
    const touched = ((await this.ctx.storage.get('touched')) ?? 0) + 1;
    await this.ctx.storage.put('touched', touched);
    return touched;
  }
  async touched() { return (await this.ctx.storage.get('touched')) ?? 0; }
  async fetch(request) { return new Response('room ' + this.ctx.id.name + ' saw ' + new URL(request.url).pathname); }
  // Another object's id and stub, received as arguments, used here through this deployment's own binding.
  async useOther(id, stub) {
    return {
      id: id.toString(), name: id.name, isId: id.equals(this.env.ROOM.idFromName(id.name)),
      viaId: await this.env.ROOM.get(id).add(1), viaStub: await stub.add(10),
      fetched: await (await stub.fetch('http://room/from-object')).text(), stubId: stub.id.toString(), stubName: stub.name,
    };
  }
  sibling(name) { return this.env.ROOM.getByName(name); }
  mine() { return { id: this.ctx.id, stub: this.env.ROOM.get(this.ctx.id), name: this.ctx.id.name }; }
  // A write, then a call to another object with no await between: the call leaves only once the write is committed.
  async putThenCall(name) {
    this.ctx.storage.put('before-call', Date.now());
    return this.env.ROOM.getByName(name).touch();
  }
  // The same for a call to another binding and for a subrequest.
  async putThenKv(key) {
    this.ctx.storage.put('before-kv', Date.now());
    await this.env.KV.put(key, 'sent');
    return 'stored';
  }
  async putThenFetch(url) {
    this.ctx.storage.put('before-fetch', Date.now());
    return (await fetch(url)).text();
  }
}

// The entrypoint another deployment (or this one) calls with an id and a stub.
export default class extends WorkerEntrypoint {
  async useStub(id, stub) {
    const out = { id: id.toString(), name: id.name, stubId: stub.id.toString(), stubName: stub.name, isSame: stub.id.equals(id), bound: Boolean(this.env.ROOM) };
    out.added = await stub.add(100);
    out.fetched = await (await stub.fetch('http://room/from-service')).text();
    if (this.env.ROOM) out.viaOwnBinding = await this.env.ROOM.get(id).total();
    globalThis.keptStub = stub;
    return out;
  }
  // A stub in a result, from a deployment that binds Room to one that does not: it calls through its sender until released.
  roomStub(name) { return this.env.ROOM.getByName(name); }
  async viaFront(name) {
    const stub = await this.env.FRONT.roomStub(name);
    const a = await stub.add(7);
    const b = await stub.add(7);
    const fetched = await (await stub.fetch('http://room/through-helper')).text();
    stub[Symbol.dispose]();
    let after;
    try { await stub.add(1); after = 'still callable'; } catch (e) { after = e.message; }
    return { id: stub.id.toString(), name: stub.name, a, b, fetched, after };
  }
  async useKept() {
    try { return { value: await globalThis.keptStub.total() }; } catch (e) { return { error: errorOf(e) }; }
  }
  async fetch(request) {
    const url = new URL(request.url);
    const env = this.env;
    const json = (value) => Response.json(value);
    try {
      switch (url.pathname) {
        case '/service': {
          const id = env.ROOM.idFromName('a');
          return json(await env[url.searchParams.get('via')].useStub(id, env.ROOM.get(id)));
        }
        case '/via-helper': return json(await env.HELPER.viaFront(url.searchParams.get('room')));
        case '/kept': return json(await env[url.searchParams.get('via')].useKept());
        case '/object': {
          const id = env.ROOM.idFromName('b');
          return json(await env.ROOM.getByName('host').useOther(id, env.ROOM.get(id)));
        }
        case '/returned': {
          const sibling = await env.ROOM.getByName('host').sibling('c');
          const mine = await env.ROOM.getByName('host').mine();
          return json({
            siblingId: sibling.id.toString(), siblingName: sibling.name, isC: sibling.id.equals(env.ROOM.idFromName('c')),
            added: await sibling.add(5), again: await sibling.add(5),
            mineId: mine.id.toString(), mineName: mine.name, mineIsHost: mine.id.equals(env.ROOM.idFromName('host')), mineTotal: await mine.stub.total(),
          });
        }
        case '/total': return json(await env.ROOM.getByName(url.searchParams.get('room')).total());
        case '/put-then-kv': {
          try { return json({ value: await env.ROOM.getByName(url.searchParams.get('room')).putThenKv(url.searchParams.get('key')) }); } catch (e) { return json({ error: errorOf(e) }); }
        }
        case '/put-then-fetch': {
          try { return json({ value: await env.ROOM.getByName(url.searchParams.get('room')).putThenFetch(url.searchParams.get('url')) }); } catch (e) { return json({ error: errorOf(e) }); }
        }
        case '/kv': return json(await env.KV.get(url.searchParams.get('key')));
        case '/touched': return json(await env.ROOM.getByName(url.searchParams.get('room')).touched());
        case '/put-then-call': {
          try { return json({ value: await env.ROOM.getByName(url.searchParams.get('room')).putThenCall('other') }); } catch (e) { return json({ error: errorOf(e) }); }
        }
      }
      return new Response('not found', { status: 404 });
    } catch (e) {
      return json({ error: errorOf(e) });
    }
  }
}
`;
