// Issues across calls, with real `ledge dev a/ b/` processes under both isolations: an exception thrown inside a
// service binding's RPC method (or a coordination object's method) is ONE issue, the callee's, grouped by the
// callee's own function; the caller that lets the remote error through records it (`error.remote: true`) without
// a second issue. And `ledge issues|logs --dev` at the first project's port read every project of that ledge dev.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { interrupt, runCli, startDev } from './cli.js';
import { makeProject } from './helpers.js';

interface Issue { id: string; deployment: string; type: string; message: string; culprit: string; count: number }
interface LoggedRecord { deployment: string; kind: string; trigger?: string; url?: string; outcome: string; error?: { name: string; message: string; stack?: string; remote?: true } }

async function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  const proc = runCli(args);
  const code = await proc.exited;
  return { code, out: proc.output() };
}

const OBSERVED = { logs: { enabled: true }, issues: { enabled: true } };

function projects(): { front: string; auth: string } {
  const auth = makeProject({
    'src/index.js': `import { WorkerEntrypoint } from 'ledge:workers';
function checkToken(token) { throw new TypeError('token ' + token + ' rejected'); }
export default class extends WorkerEntrypoint {
  fetch() { return new Response('auth'); }
  verify(token) { return checkToken(token); }
}`,
  }, { name: 'auth', observability: OBSERVED });
  const front = makeProject({
    'src/index.js': `import { DurableObject } from 'cloudflare:workers';
export class Cart extends DurableObject {
  checkout() { throw new RangeError('cart is empty'); }
}
export default { async fetch(request, env) {
  const { pathname } = new URL(request.url);
  if (pathname === '/ok') return new Response('fine');
  if (pathname === '/caught') { try { await env.AUTH.verify('t0'); } catch (err) { return new Response('caught remote=' + err.remote); } }
  if (pathname === '/object') return new Response(await env.CART.get(env.CART.idFromName('a')).checkout());
  return new Response(await env.AUTH.verify('t' + pathname.length));
} };`,
  }, {
    name: 'front', observability: OBSERVED, services: [{ binding: 'AUTH', service: 'auth' }],
    durable_objects: { bindings: [{ name: 'CART', class_name: 'Cart' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Cart'] }],
  });
  return { front, auth };
}

for (const isolation of ['thread', 'process'] as const) {
  test(`an exception inside an RPC method is one issue, the callee's; ledge issues|logs --dev read every project (${isolation} isolation)`, { timeout: 180_000 }, async (t) => {
    const { front, auth } = projects();
    const dev = await startDev(front, [auth, '--isolation', isolation]);
    t.after(() => interrupt(dev));

    assert.equal((await fetch(`${dev.url}/ok`)).status, 200);
    assert.equal(await (await fetch(`${dev.url}/caught`)).text(), 'caught remote=true');
    for (let i = 0; i < 2; i++) assert.equal((await fetch(`${dev.url}/svc`)).status, 500);
    for (let i = 0; i < 2; i++) assert.equal((await fetch(`${dev.url}/object`)).status, 500);

    const listed = await cli(['issues', 'list', '--dev', dev.url, '--json']);
    assert.equal(listed.code, 0, listed.out);
    const issues = JSON.parse(listed.out) as Issue[];
    // Three calls into auth threw (one caught by the caller): one issue of auth, counted three times, at its own function.
    const token = issues.filter((i) => i.type === 'TypeError');
    assert.equal(token.length, 1, `one issue for the RPC method's exception: ${listed.out}`);
    assert.equal(token[0]?.deployment, 'auth', 'the issue is the callee\'s, listed through the first project\'s port');
    assert.match(token[0]?.culprit ?? '', /^checkToken \(src\/index\.js:2\)$/);
    assert.equal(token[0]?.count, 3);
    // The object's method threw twice: one issue, counted twice, and the caller's rethrow added none.
    const cart = issues.filter((i) => i.type === 'RangeError');
    assert.equal(cart.length, 1, listed.out);
    assert.equal(cart[0]?.count, 2);
    // Grouped by the object's own method, from the stack its record keeps (the caller got only name and message).
    assert.match(cart[0]?.culprit ?? '', /^checkout \(src\/index\.js:3\)$/);
    assert.equal(issues.length, 2, `no issue of the callers' rethrows: ${listed.out}`);

    // ledge issues show finds an issue kept by the second project's store.
    const shown = await cli(['issues', 'show', token[0]?.id ?? '', '--dev', dev.url]);
    assert.equal(shown.code, 0, shown.out);
    assert.match(shown.out, /checkToken \(src\/index\.js:2/);

    // The records: the caller's failure says the error was remote; the callee's call is a record of its own.
    const logs = await cli(['logs', '--dev', dev.url, '--format', 'json', '--limit', '100']);
    assert.equal(logs.code, 0, logs.out);
    const records = logs.out.trim().split('\n').map((line) => JSON.parse(line) as LoggedRecord);
    const callerFailures = records.filter((r) => r.deployment === 'front' && r.kind === 'fetch' && r.outcome === 'exception');
    assert.equal(callerFailures.length, 4, logs.out);
    assert.ok(callerFailures.every((r) => r.error?.remote === true), logs.out);
    const calls = records.filter((r) => r.deployment === 'auth' && r.kind === 'rpc');
    assert.equal(calls.length, 3, `auth's records: ${logs.out}`);
    assert.ok(calls.every((r) => r.trigger === 'front -> verify()' && r.outcome === 'exception' && r.error?.remote === undefined && /checkToken/.test(r.error?.stack ?? '')), logs.out);
    assert.ok(records.some((r) => r.deployment === 'front' && r.url?.endsWith('/ok')));
  });
}
