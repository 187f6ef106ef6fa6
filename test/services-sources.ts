// The two deployments the service-binding tests run: `auth` (called) and `front` (calling), under ledge dev and ledge serve.

/** The called deployment: a default WorkerEntrypoint with RPC methods, a named entrypoint, and a binding to itself (for the loop). */
export const AUTH_SOURCE = `
import { WorkerEntrypoint, RpcTarget } from 'cloudflare:workers';
class Counter extends RpcTarget {
  constructor(start) { super(); this.n = start; }
  inc(by) { this.n += by; return this.n; }
}
export class Admin extends WorkerEntrypoint {
  whoami() { return { props: this.ctx.props, caller: this.ctx.caller }; }
}
export default class extends WorkerEntrypoint {
  async fetch(request) {
    return Response.json({ caller: request.headers.get('ledge-caller-deployment'), path: new URL(request.url).pathname, method: request.method, body: await request.text(), props: this.ctx.props });
  }
  async map(items, fn) { const out = []; for (const item of items) out.push(await fn(item)); return out; }
  counter(start) { return new Counter(start); }
  fail() { throw new RangeError('no such user'); }
  loop(n) { return this.env.SELF.loop(n + 1); }
}`;

/** The calling deployment: one route per behaviour under test. */
export const FRONT_SOURCE = `
export default { async fetch(request, env) {
  const url = new URL(request.url);
  switch (url.pathname) {
    case '/fetch':
      return env.AUTH.fetch('http://auth.internal/hello', { method: 'POST', body: 'hi', headers: { 'Ledge-Caller-Deployment': 'forged-admin' } });
    case '/rpc': {
      const doubled = await env.AUTH.map([1, 2, 3], (x) => x * 2);
      const counter = await env.AUTH.counter(10);
      const first = await counter.inc(5);
      const second = await counter.inc(1);
      counter[Symbol.dispose]();
      return Response.json({ doubled, first, second });
    }
    case '/error':
      try { await env.AUTH.fail(); return new Response('no error'); }
      catch (e) { return Response.json({ name: e.name, message: e.message, remote: e.remote, isRangeError: e instanceof RangeError }); }
    case '/props':
      return Response.json(await env.ADMIN.whoami());
    case '/loop':
      try { await env.AUTH.loop(0); return new Response('no error'); }
      catch (e) { return Response.json({ message: e.message, remote: e.remote }); }
    case '/missing':
      try { await env.AUTH.nothing(); return new Response('no error'); }
      catch (e) { return Response.json({ message: e.message, remote: e.remote }); }
    default:
      return new Response(request.headers.get('ledge-caller-deployment') ?? 'none');
  }
} };`;

