// The global scope of a thread isolate, attacked the way hostile application code would (issue 13, item 4):
// every path to Node's own process, Buffer, require, module and global must come up empty without
// nodejs_compat, and give only the documented stand-ins with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { makeProject, startProject } from './helpers.js';

const URL_BASE = 'http://app.test';
const HOST_FILE = pathToFileURL(new URL('../package.json', import.meta.url).pathname).href;

/**
 * Shared by every probe: `found(value)` names what a value is when it is one of the host's objects, or
 * returns undefined. Each probe returns a description of what it reached, or "blocked: <why>".
 */
const PRELUDE = String.raw`
const HOST_NAMES = ['process', 'Buffer', 'require', 'module', 'global', 'exports', '__filename', '__dirname'];
function found(value) {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'object' && typeof value !== 'function') return undefined;
  try {
    // An RPC stub (a service binding, ctx.exports) answers every member name with a callable: it names the host's
    // members as it names any other, so it is looked into (the walk goes on) rather than reported.
    if (typeof value['no member of ' + Math.random()] === 'function') return undefined;
    if (typeof value.kill === 'function' || typeof value.pid === 'number' || typeof value.binding === 'function' || typeof value.dlopen === 'function') return 'the host process';
    if (typeof value === 'function' && typeof value.resolve === 'function' && typeof value.cache === 'object') return 'a real require';
    if (typeof value._compile === 'function' || Array.isArray(value.paths)) return 'a real module';
    if (typeof value === 'function' && typeof value.prototype?.utf8Write === 'function') return "Node's own Buffer";
    if (typeof value.readFileSync === 'function' || typeof value.execSync === 'function' || typeof value.Worker === 'function' || typeof value.runInThisContext === 'function' || typeof value.createRequire === 'function' || typeof value.connect === 'function' && typeof value.createServer === 'function' || typeof value.Session === 'function') return 'a Node.js host module';
    if (typeof value.write === 'function' && typeof value.fd === 'number') return 'a host stdio stream';
  } catch { return undefined; }
  return undefined;
}
async function probe(fn) {
  try {
    const value = await fn();
    return found(value) ?? 'blocked: nothing (' + (value === undefined ? 'undefined' : typeof value) + ')';
  } catch (err) {
    return 'blocked: ' + String(err && err.message).slice(0, 200);
  }
}
`;

const PROBES = String.raw`
const sloppy = (body) => Function(body);
const load = (specifier, options) => import(specifier, options);
const probes = {
  bare: () => sloppy('return typeof process === "undefined" ? undefined : process')(),
  computed: () => globalThis['pro' + 'cess'],
  computedBuffer: () => globalThis['Buf' + 'fer'],
  computedRequire: () => globalThis['req' + 'uire'],
  computedModule: () => globalThis['mod' + 'ule'],
  computedGlobal: () => globalThis['glo' + 'bal'] === globalThis ? undefined : globalThis['glo' + 'bal'],
  functionConstructor: () => Function('return process')(),
  constructorChain: () => globalThis.constructor.constructor('return process')(),
  arrowConstructor: () => (() => {}).constructor('return this')().process,
  asyncFunctionConstructor: () => (async () => {}).constructor('return process')(),
  directEval: () => eval('process'),
  indirectEval: () => (0, eval)('process'),
  evalRequire: () => (0, eval)('require'),
  reflectGet: () => Reflect.get(globalThis, 'process'),
  descriptor: () => Object.getOwnPropertyDescriptor(globalThis, 'process')?.value,
  descriptorBuffer: () => Object.getOwnPropertyDescriptor(globalThis, 'Buffer')?.value,
  prototypeWalk: () => {
    for (let o = globalThis; o; o = Object.getPrototypeOf(o)) {
      for (const key of Reflect.ownKeys(o)) {
        let value;
        try { value = o[key]; } catch { continue; }
        const what = found(value);
        if (what) return value;
        if (typeof key === 'string' && HOST_NAMES.includes(key) && key !== 'global') return value;
      }
    }
    return undefined;
  },
  prototypeProxy: () => Reflect.get(Object.getPrototypeOf(globalThis), 'Buffer') ?? Reflect.get(Object.getPrototypeOf(globalThis), 'global', {}),
  prototypeDescriptor: () => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(globalThis), 'Buffer')?.value,
  inOperator: () => ('Buffer' in globalThis) && typeof Buffer === 'undefined' ? { kill() {} } : undefined,
  consoleStreams: () => {
    for (const key of Reflect.ownKeys(console)) {
      const value = console[key];
      if (found(value)) return value;
    }
    return console._stdout ?? console._stderr;
  },
  timerString: () => new Promise((resolve) => {
    globalThis.__timerProbe = resolve;
    try { setTimeout('globalThis.__timerProbe(typeof process === "undefined" ? undefined : process)', 0); } catch (err) { resolve(undefined); }
    setTimeout(() => resolve(undefined), 50);
  }),
  worker: () => new Worker('data:text/javascript,1'),
  broadcastChannel: () => typeof BroadcastChannel === 'function' ? { connect: () => {}, createServer: () => {} } : undefined,
  importNodeFs: () => load('node:' + 'fs'),
  importBareFs: () => load(['f', 's'].join('')),
  importChildProcess: () => load('node:' + 'child_process'),
  importWorkerThreads: () => load('node:' + 'worker_threads'),
  importNet: () => load('node:' + 'net'),
  importVm: () => load('node:' + 'vm'),
  importInspector: () => load('node:' + 'inspector'),
  importModule: () => load('node:' + 'module'),
  importProcess: () => load('node:' + 'process').then((m) => m.default),
  importData: () => load('data:text/javascript,import fs from "node:fs"; export default fs').then((m) => m.default),
  importDataPlain: () => load('data:text/javascript,export default { readFileSync() {} }').then((m) => m.default),
  importFile: () => load(${JSON.stringify(HOST_FILE)}, { with: { type: 'json' } }).then(() => ({ readFileSync() {} })),
  importFromFunction: () => Function('return import("node:" + "fs")')(),
  importFromEval: () => (0, eval)('import("node:" + "fs")'),
  importFromTimerEval: () => new Promise((resolve, reject) => {
    globalThis.__evalProbe = (p) => p.then(resolve, reject);
    setTimeout(eval, 0, 'globalThis.__evalProbe(import("node:fs"))');
    setTimeout(() => resolve(undefined), 100);
  }),
  stackTrace: () => {
    const reached = [];
    const previous = Error.prepareStackTrace;
    Error.prepareStackTrace = (err, sites) => {
      for (const site of sites) {
        const fn = site.getFunction?.();
        const self = site.getThis?.();
        if (typeof fn === 'function') { try { reached.push(fn.constructor('return process')()); } catch {} reached.push(fn); }
        if (self && self !== globalThis) reached.push(self);
      }
      return 'stack';
    };
    try {
      // A sloppy function on the stack, called back from the runtime's own code (a stream pull).
      const sloppyThrower = Function('return function thrower() { return new Error("x").stack; }')();
      sloppyThrower.call({});
      new Error('y').stack;
    } finally {
      Error.prepareStackTrace = previous;
    }
    return reached.find((v) => found(v)) ?? (reached.some((v) => typeof v === 'function') ? { kill() {} } : undefined);
  },
  errorReplaced: () => {
    const previous = globalThis.Error;
    let reached;
    try {
      globalThis.Error = { prepareStackTrace(err, sites) { reached = sites.map((s) => s.getFunction?.()).filter(Boolean); return ''; } };
      try { null.x; } catch (err) { err.stack; }
    } catch {} finally {
      try { globalThis.Error = previous; } catch {}
    }
    return reached?.length ? { kill() {} } : undefined;
  },
};
`;

function probeApp(extra = ''): string {
  return `${PRELUDE}\n${extra}\nexport default { async fetch() {\n${PROBES}\n  const out = {};\n  for (const [name, fn] of Object.entries(probes)) out[name] = await probe(fn);\n  // Read through Function: the bundler rewrites a literal \`typeof global\`, the runtime is what is tested here.
  out.typeofs = Function('return { process: typeof process, Buffer: typeof Buffer, require: typeof require, module: typeof module, global: typeof global }')();\n  return Response.json(out);\n} };\n`;
}

async function runProbes(compat: boolean): Promise<Record<string, unknown> & { typeofs: Record<string, string> }> {
  const dir = makeProject({ 'src/index.js': probeApp() }, compat ? { compatibility_flags: ['nodejs_compat'] } : {});
  const server = await startProject(dir);
  try {
    const res = await server.request(new Request(`${URL_BASE}/`));
    assert.equal(res.status, 200, server.logText());
    return await res.json() as Record<string, unknown> & { typeofs: Record<string, string> };
  } finally {
    await server.close();
  }
}

function assertAllBlocked(results: Record<string, unknown>): void {
  const reached = Object.entries(results).filter(([name, value]) => name !== 'typeofs' && !String(value).startsWith('blocked'));
  assert.deepEqual(reached, [], `paths that reached a host object: ${reached.map(([n, v]) => `${n} → ${String(v)}`).join('; ')}`);
}

test('without nodejs_compat no path reaches process, Buffer, require, module, global or a Node.js module', async () => {
  const results = await runProbes(false);
  assertAllBlocked(results);
  assert.deepEqual(results.typeofs, { process: 'undefined', Buffer: 'undefined', require: 'undefined', module: 'undefined', global: 'undefined' });
  assert.match(String(results.importNodeFs), /blocked: No such module "node:fs"/);
  assert.match(String(results.importData), /blocked: No such module "data:/);
});

test('with nodejs_compat the globals are the stand-ins, and Node.js modules outside the subset stay out of reach', async () => {
  const results = await runProbes(true);
  assertAllBlocked(results);
  assert.deepEqual(results.typeofs, { process: 'object', Buffer: 'function', require: 'undefined', module: 'undefined', global: 'object' });
  assert.match(String(results.importNodeFs), /blocked: No such module "node:fs"/);
});

test('under nodejs_compat, process is the stand-in and Buffer the polyfill, whatever path reaches them', async (t) => {
  const dir = makeProject({
    'src/index.js': `import { Buffer as Imported } from 'node:buffer';
      export default { async fetch() {
        const dynamic = (await import('node:' + 'buffer')).Buffer;
        const viaFunction = Function('return process')();
        return Response.json({
          sameBuffer: Imported === globalThis.Buffer && dynamic === Imported && Function('return Buffer')() === Imported,
          polyfill: typeof Imported.prototype.utf8Write,
          zeroed: [...Buffer.allocUnsafe(64)].every((b) => b === 0) && [...Buffer.allocUnsafeSlow(64)].every((b) => b === 0),
          hex: Buffer.from('hi').toString('hex'),
          isBuffer: Buffer.isBuffer(Buffer.from('x')),
          process: { same: viaFunction === globalThis.process, env: viaFunction.env, pid: typeof viaFunction.pid, kill: typeof viaFunction.kill, platform: viaFunction.platform },
          exit: (() => { try { viaFunction.exit(1); return 'returned'; } catch (e) { return e.message; } })(),
          global: globalThis.global === globalThis,
        });
      } };`,
  }, { compatibility_flags: ['nodejs_compat'] });
  const server = await startProject(dir);
  t.after(() => server.close());
  const res = await server.request(new Request(`${URL_BASE}/`));
  assert.equal(res.status, 200, server.logText());
  assert.deepEqual(await res.json(), {
    sameBuffer: true, polyfill: 'undefined', zeroed: true, hex: '6869', isBuffer: true,
    process: { same: true, env: {}, pid: 'undefined', kill: 'undefined', platform: 'linux' },
    exit: 'process.exit() is not available to applications', global: true,
  });
});

test('a module that imports a Node.js module the bundler never saw fails to load, naming it', async () => {
  // What an uploaded, unbundled module or a hand-edited bundle would do: the refusal holds at run time too.
  const dir = makeProject({ 'src/index.js': 'const name = "node:child_process"; const cp = await import(name); export default { fetch() { return new Response(String(cp)); } };' });
  await assert.rejects(startProject(dir), /No such module "node:child_process"/);
});

test("code reached by the runtime's callbacks cannot climb the stack to its callers", async (t) => {
  // A sloppy function can read .caller and .arguments of sloppy callers, and CallSite objects can hand out
  // functions and receivers: none of that may lead from application code to the runtime's own closures.
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request) {
      const seen = [];
      const spy = Function('seen', 'return function spy() { let f = spy.caller; for (let i = 0; f && i < 20; i++) { seen.push(f); try { seen.push(...Array.from(f.arguments ?? [])); } catch {} f = f.caller; } return ""; }')(seen);
      Object.defineProperty(Object.prototype, 'toJSON', { get: spy, configurable: true });
      const sites = [];
      Error.prepareStackTrace = (e, s) => { sites.push(...s); return ''; };
      const stream = new ReadableStream({ pull(controller) { new Error('x').stack; spy(); controller.close(); } });
      await new Response(stream).text();
      delete Object.prototype.toJSON;
      Error.prepareStackTrace = undefined;
      const functions = sites.map((s) => s.getFunction()).concat(sites.map((s) => s.getThis())).filter((v) => v !== undefined && v !== globalThis);
      return Response.json({ callers: seen.filter((v) => typeof v === 'function' && v !== spy).length, functions: functions.length });
    } };`,
  });
  const server = await startProject(dir);
  t.after(() => server.close());
  const res = await server.request(new Request(`${URL_BASE}/`));
  assert.equal(res.status, 200, server.logText());
  assert.deepEqual(await res.json(), { callers: 0, functions: 0 });
});

test("a walk of everything reachable from the global scope and from fetch's own objects finds no host object", async (t) => {
  // Starts from globalThis and from the objects an outbound fetch leaves behind (the response, its body,
  // the dispatcher under undici's global symbol), follows every own property, symbol, getter result and
  // prototype, and looks for Node's objects: process, require, Buffer, sockets and other native handles.
  const upstream = createServer((req, res) => res.end('upstream'));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  t.after(() => upstream.close());
  const port = (upstream.address() as AddressInfo).port;
  const dir = makeProject({
    'src/index.js': `${PRELUDE}
    function native(value) {
      try {
        if (typeof value !== 'object' || value === null) return undefined;
        if (typeof value._handle === 'object' && value._handle !== null) return 'an object holding a native handle (' + (value.constructor?.name ?? '?') + ')';
        if (value instanceof MessagePort) return 'a MessagePort';
      } catch { return undefined; }
      return undefined;
    }
    async function walk(roots) {
      const seen = new Set();
      const queue = roots;
      while (queue.length > 0 && seen.size < 60000) {
        const [value, path] = queue.shift();
        if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) continue;
        seen.add(value);
        const what = found(value) ?? native(value);
        if (what) return path + ' is ' + what;
        let keys = [];
        try { keys = Reflect.ownKeys(value); } catch {}
        for (const key of keys) {
          if (key === 'caller' || key === 'arguments') continue;
          let descriptor;
          try { descriptor = Object.getOwnPropertyDescriptor(value, key); } catch { continue; }
          if (!descriptor) continue;
          const next = path + '.' + String(key);
          if ('value' in descriptor) queue.push([descriptor.value, next]);
          else if (descriptor.get) { try { queue.push([descriptor.get.call(value), next]); } catch {} }
        }
        try { queue.push([Object.getPrototypeOf(value), path + '.__proto__']); } catch {}
        try {
          if (value instanceof Map) for (const [k, v] of value) queue.push([k, path + '.<key>'], [v, path + '.get(' + String(k).slice(0, 40) + ')']);
          else if (value instanceof Set) for (const v of value) queue.push([v, path + '.<entry>']);
          else if (value instanceof WeakRef) queue.push([value.deref(), path + '.deref()']);
        } catch {}
      }
      return 'blocked: walked ' + seen.size + ' objects';
    }
    export default { async fetch(request, env, ctx) {
      await env.KV.put('k', 'v');
      await env.FILES.put('f', 'body');
      const response = await fetch('http://127.0.0.1:${port}/');
      const clone = response.clone();
      await response.text();
      const dispatcher = globalThis[Symbol.for('undici.globalDispatcher.1')];
      let direct = 'blocked: no dispatcher';
      if (dispatcher) {
        direct = await new Promise((resolve) => {
          try {
            dispatcher.dispatch({ origin: 'http://127.0.0.1:${port}', path: '/', method: 'GET' }, {
              onConnect() {}, onError(err) { resolve('blocked: ' + err.message); }, onUpgrade() {},
              onHeaders(status, headers) { resolve(found(headers[0]?.constructor) ?? 'blocked: plain headers'); return true; },
              onData() { return true; }, onComplete() {},
            });
          } catch (err) { resolve('blocked: ' + err.message); }
        });
      }
      const walked = await walk([[globalThis, 'globalThis'], [clone, 'response'], [clone.body, 'body'], [new Request('http://x/', { method: 'POST', body: 'b' }), 'request'],
        [request, 'the incoming request'], [env, 'env'], [ctx, 'ctx'], [await env.FILES.get('f'), 'an object from the bucket']]);
      return Response.json({ direct, walked });
    } };`,
  }, { kv_namespaces: [{ binding: 'KV', id: 'walk-kv' }], buckets: [{ binding: 'FILES', bucket_name: 'walk-files' }] });
  const server = await startProject(dir);
  t.after(() => server.close());
  const res = await server.request(new Request(`${URL_BASE}/`));
  assert.equal(res.status, 200, server.logText());
  const body = await res.json() as { direct: string; walked: string };
  assert.match(body.direct, /^blocked/, `the global dispatcher: ${body.direct}`);
  assert.match(body.walked, /^blocked/, body.walked);
});

test("under nodejs_compat, async_hooks and diagnostics_channel give the application its own context, not Node's", async (t) => {
  // Node's executionAsyncResource() is the isolate's channel to the host (carrying the runtime's per-event
  // state), and Node's own diagnostics channels publish the sockets of its fetch.
  const upstream = createServer((req, res) => res.end('upstream'));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  t.after(() => upstream.close());
  const port = (upstream.address() as AddressInfo).port;
  const dir = makeProject({
    'src/index.js': `import { AsyncLocalStorage, AsyncResource, executionAsyncResource, createHook } from 'node:async_hooks';
      import dc from 'node:diagnostics_channel';
      const published = [];
      for (const name of ['undici:client:connected', 'undici:client:sendHeaders', 'undici:request:create', 'net.client.socket']) dc.subscribe(name, (message) => published.push(name));
      dc.subscribe('app:event', (message) => published.push('app:' + message.n));
      const als = new AsyncLocalStorage();
      export default { async fetch() {
        const tried = (fn) => { try { const v = fn(); return typeof v; } catch (err) { return err.message; } };
        const resource = tried(() => executionAsyncResource());
        const hook = tried(() => createHook({}));
        const dynamic = await import('node:' + 'async_hooks');
        const store = await als.run({ id: 7 }, async () => { await new Promise((r) => setTimeout(r, 1)); return als.getStore().id; });
        const scoped = new AsyncResource('job').runInAsyncScope(() => 'ran');
        await (await fetch('http://127.0.0.1:${port}/')).text();
        dc.channel('app:event').publish({ n: 1 });
        return Response.json({ resource, hook, dynamicResource: tried(() => dynamic.executionAsyncResource()), store, scoped, published });
      } };`,
  }, { compatibility_flags: ['nodejs_compat'] });
  const server = await startProject(dir);
  t.after(() => server.close());
  const res = await server.request(new Request(`${URL_BASE}/`));
  assert.equal(res.status, 200, server.logText());
  const unavailable = (name: string) => `async_hooks.${name}() is not available in Ledge: use AsyncLocalStorage or AsyncResource`;
  assert.deepEqual(await res.json(), {
    resource: unavailable('executionAsyncResource'), hook: unavailable('createHook'), dynamicResource: unavailable('executionAsyncResource'),
    store: 7, scoped: 'ran', published: ['app:1'],
  });
});
