import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RPC_TARGET_BRAND } from '../modules/hooks.js';
import { DISPOSE } from './codec.js';
import { RpcSession, disposeStubs } from './session.js';
import { RpcPort, encodedBytes, plainSizeBound } from './host-links.js';
import { createIsolateRpc, type IsolateRpc } from './isolate-side.js';
import type { RpcHostMessage, RpcIsolateMessage } from './protocol.js';

/** An RpcTarget as application code makes one (the class from ledge:workers carries the brand on its prototype). */
class Target {
  constructor(private count = 0) {}
  increment(by: number): number { return (this.count += by); }
}
(Target.prototype as unknown as Record<symbol, unknown>)[RPC_TARGET_BRAND] = true;

/** One isolate's RPC end joined to its host port; every message is structured-cloned on a later turn, as between threads. */
function isolate(options: { maxMessageBytes?: number; callTimeoutMs?: number } = {}): { rpc: IsolateRpc; port: RpcPort } {
  const holder: { rpc?: IsolateRpc } = {};
  const port: RpcPort = new RpcPort({ post: (m: RpcHostMessage) => setImmediate(() => holder.rpc?.receive(structuredClone(m))), ...options });
  const rpc = createIsolateRpc((m: RpcIsolateMessage) => setImmediate(() => port.receive(structuredClone(m))));
  holder.rpc = rpc;
  return { rpc, port };
}

/** A calls B: what a binding call and the callee's event do, through the real ports. */
function caller(a: ReturnType<typeof isolate>, b: ReturnType<typeof isolate>, run: (args: unknown[]) => unknown) {
  return (...args: unknown[]) => a.rpc.session.call(async (link, encoded) => {
    const oversized = a.port.oversized(encoded, 'argument list');
    if (oversized) return oversized;
    const calleeLink = a.port.join(link, b.port);
    return structuredClone(await b.rpc.runIncoming(calleeLink, structuredClone(encoded), run));
  }, args);
}

test('a function passed as an argument is called back in its owner, and released when the call returns', async () => {
  const a = isolate();
  const b = isolate();
  let kept: ((n: number) => Promise<number>) | undefined;
  const call = caller(a, b, async ([fn]) => {
    kept = fn as (n: number) => Promise<number>;
    return (await kept(2)) + (await kept(3));
  });
  let seen = 0;
  assert.equal(await call((n: number) => { seen += n; return n * 10; }), 50);
  assert.equal(seen, 5);
  // Called after the call it was passed to returned: the owner has released it.
  await assert.rejects(() => (kept as (n: number) => Promise<number>)(1), /released|ended/);
  assert.equal(a.rpc.session.openLinks, 0, 'the caller holds nothing: its link is closed');
});

test('an RpcTarget result is a stub whose methods run in the callee, until disposed', async () => {
  const a = isolate();
  const b = isolate();
  const call = caller(a, b, () => new Target(5));
  const stub = await call() as Record<string | symbol, unknown>;
  assert.equal(typeof stub.then, 'undefined', 'a stub is not thenable');
  assert.equal(await (stub.increment as (n: number) => Promise<number>)(2), 7);
  assert.equal(await (stub.increment as (n: number) => Promise<number>)(3), 10);
  assert.equal(stub.toString, undefined, "Object's own methods are never forwarded");
  await assert.rejects(() => (stub.missing as () => Promise<unknown>)(), (err: Error & { remote?: boolean }) => /does not implement the method "missing"/.test(err.message) && err.remote === true);
  assert.equal(a.rpc.session.openLinks, 1);
  (stub[DISPOSE] as () => void)();
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(a.rpc.session.openLinks, 0, 'disposing the last stub closes the link');
  assert.equal(b.rpc.session.openLinks, 0, 'and the callee drops its export');
  await assert.rejects(() => (stub.increment as (n: number) => Promise<number>)(1), /released/);
});

test('an exception in the callee reaches the caller with its class, name and message, and remote: true', async () => {
  const a = isolate();
  const b = isolate();
  await assert.rejects(() => caller(a, b, () => { throw new RangeError('too far'); })(), (err: Error & { remote?: unknown }) => {
    assert.ok(err instanceof RangeError);
    assert.equal(err.name, 'RangeError');
    assert.equal(err.message, 'too far');
    assert.equal(err.remote, true);
    return true;
  });
  await assert.rejects(() => caller(a, b, () => { const e = new Error('custom'); e.name = 'NotFoundError'; throw e; })(), (err: Error & { remote?: unknown }) => err.name === 'NotFoundError' && err.message === 'custom' && err.remote === true);
});

test('structured clone values keep their shape; an application class is refused as the original does', async () => {
  const a = isolate();
  const b = isolate();
  const cyclic: Record<string, unknown> = { n: 1n, when: new Date(0), map: new Map([[1, 'x']]), set: new Set(['y']), bytes: new Uint8Array([1, 2]), nothing: undefined };
  cyclic.self = cyclic;
  const echoed = await caller(a, b, ([v]) => v)(cyclic) as Record<string, unknown>;
  assert.equal(echoed.self, echoed);
  assert.equal(echoed.n, 1n);
  assert.deepEqual(echoed.map, new Map([[1, 'x']]));
  assert.ok('nothing' in echoed);
  class Plain { x = 1; }
  await assert.rejects(() => caller(a, b, () => 1)(new Plain()), /Could not serialize object of type "Plain"/);
  await assert.rejects(() => caller(a, b, () => new Plain())(), (err: Error & { remote?: unknown }) => /Plain/.test(err.message) && err.remote === true);
});

test('streams, Requests and Responses cross with their bodies', async () => {
  const a = isolate();
  const b = isolate();
  const call = caller(a, b, async ([request]) => {
    const req = request as Request;
    const text = await req.text();
    return new Response(new ReadableStream({
      start(c) { c.enqueue(new TextEncoder().encode(`${req.method} ${new URL(req.url).pathname} ${req.headers.get('x-a')} `)); c.enqueue(new TextEncoder().encode(text)); c.close(); },
    }), { status: 201, headers: { 'x-b': 'yes' } });
  });
  const response = await call(new Request('http://svc/path', { method: 'POST', headers: { 'x-a': '1' }, body: 'hello' })) as Response;
  assert.equal(response.status, 201);
  assert.equal(response.headers.get('x-b'), 'yes');
  assert.equal(await response.text(), 'POST /path 1 hello');
  const chunks: string[] = [];
  const sink = new WritableStream<string>({ write(chunk) { chunks.push(chunk); } });
  await caller(a, b, async ([w]) => {
    const writer = (w as WritableStream<string>).getWriter();
    await writer.write('one');
    await writer.write('two');
    await writer.close();
  })(sink);
  assert.deepEqual(chunks, ['one', 'two']);
});

test('an argument list over the size limit is refused before it leaves the host', async () => {
  const a = isolate({ maxMessageBytes: 1024 });
  const b = isolate();
  await assert.rejects(() => caller(a, b, () => 'ran')('x'.repeat(4096)), (err: Error & { remote?: unknown }) => err instanceof RangeError && /over the limit of 1024 bytes/.test(err.message));
});

test('when the callee stops, its stubs fail instead of hanging', async () => {
  const a = isolate();
  const b = isolate();
  const stub = await caller(a, b, () => new Target())() as { increment(n: number): Promise<number> };
  assert.equal(await stub.increment(1), 1);
  b.port.close();
  await assert.rejects(() => stub.increment(1), /ended|stopped/);
});

test('the size bound that spares small calls a serialisation never says a value fits when its encoding does not', () => {
  const values: unknown[] = [0, -0, 1.5e300, 2 ** 31, NaN, true, null, undefined, '', 'x', 'é'.repeat(1000), '😀'.repeat(500),
    [], [1, 'a', null, true, undefined], { a: 1, b: [1, 2, { c: 'xyz' }] }, { ['k'.repeat(300)]: 'v'.repeat(300) }, Object.create(null), [[[[[1]]]]]];
  // Random nests of plain values, as RPC arguments and results are after encoding.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const make = (depth: number): unknown => {
    const pick = next();
    if (depth > 3 || pick < 0.3) return next() < 0.5 ? next() * 1e9 : String.fromCharCode(...Array.from({ length: Math.floor(next() * 40) }, () => Math.floor(next() * 0xffff)));
    if (pick < 0.6) return Array.from({ length: Math.floor(next() * 6) }, () => make(depth + 1));
    return Object.fromEntries(Array.from({ length: Math.floor(next() * 6) }, (_, i) => [`k${i}${'é'.repeat(Math.floor(next() * 5))}`, make(depth + 1)]));
  };
  for (let i = 0; i < 500; i++) values.push(make(0));
  for (const value of values) {
    const bound = plainSizeBound(value, { nodes: 64 });
    assert.ok(bound >= encodedBytes(value), `bound ${bound} below the encoding of ${JSON.stringify(value)}`);
  }
  // Anything else is measured exactly: typed arrays, maps, class instances, sparse or decorated arrays, cycles, too many values.
  const sparse: unknown[] = [];
  sparse[10] = 1;
  const decorated = Object.assign([1], { extra: 'y'.repeat(100) });
  const cycle: Record<string, unknown> = {};
  cycle['self'] = cycle;
  for (const value of [new Uint8Array(4), new Map(), 10n, new Date(0), new Target(), sparse, decorated, cycle, Array.from({ length: 65 }, () => 1)]) {
    assert.equal(plainSizeBound(value, { nodes: 64 }), Infinity);
  }
});

test('a port still refuses a long string argument the bound cannot clear', () => {
  const port = new RpcPort({ post: () => undefined, maxMessageBytes: 1000 });
  assert.equal(port.oversized(['x'.repeat(400)], 'argument list'), undefined);
  assert.match(String((port.oversized(['x'.repeat(2000)], 'argument list') as { error: { message: string } }).error.message), /over the limit of 1000 bytes/);
  assert.match(String((port.oversized([{ a: '😀'.repeat(600) }], 'argument list') as { error: { message: string } }).error.message), /over the limit/);
});

/**
 * A calls B the way a coordination object's event does (bindings/coordination/instances.ts): B drops its end of
 * the link when it holds nothing there and says so (`linkDone`); the host then forgets both ends (Isolate.runObject).
 */
function objectCaller(a: ReturnType<typeof isolate>, b: ReturnType<typeof isolate>, run: (args: unknown[]) => unknown) {
  return (...args: unknown[]) => a.rpc.session.call(async (link, encoded) => {
    const calleeLink = a.port.join(link, b.port);
    const made: object[] = [];
    let outcome: { value: unknown; linkDone?: true } | { error: unknown };
    try {
      b.rpc.session.accept(calleeLink);
      const decoded = b.rpc.session.decode(calleeLink, structuredClone(encoded), made) as unknown[];
      outcome = { value: b.rpc.session.encode(calleeLink, await run(decoded)) };
    } catch (err) {
      outcome = { error: { name: 'Error', message: (err as Error).message } };
    } finally {
      disposeStubs(made);
    }
    if ('value' in outcome && b.rpc.session.finishIncoming(calleeLink)) {
      outcome.linkDone = true;
      a.port.forget(link, b.port);
    }
    return structuredClone(outcome) as never;
  }, args);
}

/** Counts the rpc-close messages an isolate sends and receives. */
function countCloses(end: ReturnType<typeof isolate>): { sent: number; received: number } {
  const counts = { sent: 0, received: 0 };
  const receive = end.rpc.receive.bind(end.rpc);
  end.rpc.receive = (m) => { if (m.t === 'rpc-close') counts.received++; receive(m); };
  const portReceive = end.port.receive.bind(end.port);
  end.port.receive = (m) => { if (m.t === 'rpc-close') counts.sent++; portReceive(m); };
  return counts;
}

test('an object call that leaves nothing on its link ends it with the answer: no rpc-close either way, nothing left open', async () => {
  const a = isolate();
  const b = isolate();
  const [aCloses, bCloses] = [countCloses(a), countCloses(b)];
  const call = objectCaller(a, b, ([n]) => (n as number) + 1);
  for (let i = 0; i < 5; i++) assert.equal(await call(i), i + 1);
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual([a.rpc.session.openLinks, b.rpc.session.openLinks, a.port.links, b.port.links], [0, 0, 0, 0]);
  assert.deepEqual([aCloses, bCloses], [{ sent: 0, received: 0 }, { sent: 0, received: 0 }]);

  // A function passed in is released when the call returns: the link still ends with the answer, and the function is gone.
  let kept: (() => Promise<unknown>) | undefined;
  const withCallback = objectCaller(a, b, async ([fn]) => { kept = fn as () => Promise<unknown>; return (await kept()) as number * 2; });
  assert.equal(await withCallback(() => 21), 42);
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual([a.rpc.session.openLinks, b.rpc.session.openLinks, a.port.links, b.port.links], [0, 0, 0, 0]);
  await assert.rejects(() => (kept as () => Promise<unknown>)(), /released|ended/);
});

test('an object call whose answer is a stub keeps its link until the stub is disposed, then closes it as before', async () => {
  const a = isolate();
  const b = isolate();
  const aCloses = countCloses(a);
  const call = objectCaller(a, b, () => new Target(1));
  const stub = await call() as Record<string | symbol, unknown>;
  assert.equal(await (stub.increment as (n: number) => Promise<number>)(2), 3);
  assert.deepEqual([a.rpc.session.openLinks, b.rpc.session.openLinks, a.port.links, b.port.links], [1, 1, 1, 1]);
  (stub[DISPOSE] as () => void)();
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual([a.rpc.session.openLinks, b.rpc.session.openLinks, a.port.links, b.port.links], [0, 0, 0, 0]);
  assert.equal(aCloses.sent, 1, 'the caller closed it with an rpc-close');
});

test('a call whose callee is in the same isolate (callLocal) routes stubs, releases and the close inside the session, copying values', async () => {
  const used: string[] = [];
  const session = new RpcSession({
    call: async () => { used.push('call'); return { error: { name: 'Error', message: 'not here' } }; },
    release: () => { used.push('release'); },
    close: () => { used.push('close'); },
  });
  const bytes = new Uint8Array([1, 2, 3]);
  let calleeBytes: Uint8Array | undefined;
  const result = await session.callLocal(async (link, args) => {
    session.accept(link);
    const made: object[] = [];
    try {
      const [fn, got] = session.decode(link, args, made) as [(x: number) => Promise<number>, Uint8Array];
      calleeBytes = got;
      got[0] = 99;
      const v = await fn(20);
      const target = new Target(v);
      return { value: session.encode(link, { target, got }) };
    } finally {
      disposeStubs(made);
    }
  }, [(x: number) => x + 1, bytes]) as { target: { increment(by: number): Promise<number> }; got: Uint8Array };
  // The callee changed its copy of the bytes; the caller's are as they were, and the result is another copy.
  assert.deepEqual([...bytes], [1, 2, 3]);
  assert.deepEqual([...result.got], [99, 2, 3]);
  assert.notEqual(result.got, calleeBytes);
  // The callback ran in the caller, the target's method runs in the callee: neither through the host.
  assert.equal(await result.target.increment(1), 22);
  const dispose = (result.target as unknown as Record<symbol, (() => void) | undefined>)[DISPOSE];
  assert.equal(typeof dispose, 'function');
  dispose?.();
  assert.deepEqual(used, []);
  assert.equal(session.openLinks, 0, 'the link closed at both ends once the caller let go');
  await assert.rejects(session.callLocal(async () => ({ value: null }), [new Uint8Array(33 * 1024 * 1024)]), { name: 'RangeError', message: /over the limit of 33554432 bytes per call/ });
});
