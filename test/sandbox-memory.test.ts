// limits.memory_mb against synchronous growth, and big binding values in flight (issue 13, item 5), on a real
// platform with process isolation: account A grows memory without ever yielding in one deployment while its
// other deployment and account B keep answering; then 100 parallel 1 MiB KV gets in one request pass through
// A's sandbox without restarting it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';
import { tempDir } from './helpers.js';

/**
 * A WebAssembly module exporting its memory (1 page, no maximum) and `grow(n)`: n times, grow the memory by
 * 1 MiB and fill the new MiB, all in one call (no yield); it returns how many times it grew, stopping early when
 * `memory.grow` answers -1. Written out by hand (the text form is in the comment of GROWER below).
 */
const GROW_WASM = 'AGFzbQEAAAABBgFgAX8BfwMCAQAFAwEAAQcRAgZtZW1vcnkCAARncm93AAAKOgE4AQJ/AkADQCABIABPDQFBEEAAIgJBf0YNASACQYCABGxBAUGAgMAA/AsAIAFBAWohAQwACwsgAQs=';

/** A's application: each path grows memory synchronously one way, or reads big KV values. */
const GROWER = String.raw`
// (func (export "grow") (param $n i32) (result i32) (local $i i32) (local $r i32)
//   (block (loop (br_if 1 (i32.ge_u $i $n)) (local.set $r (memory.grow (i32.const 16))) (br_if 1 (i32.eq $r -1))
//     (memory.fill (i32.mul $r 65536) (i32.const 1) (i32.const 1048576)) (local.set $i (i32.add $i 1)) (br 0))) $i)
const wasm = Uint8Array.from(atob(${JSON.stringify(GROW_WASM)}), (c) => c.charCodeAt(0));
const keep = [];
const capture = async (fn) => {
  try { return { ok: true, value: await fn() }; }
  catch (e) { return { ok: false, error: String(e && e.name) + ': ' + String(e && e.message).slice(0, 200) }; }
};
export default { async fetch(request, env) {
  const url = new URL(request.url);
  const mb = Number(url.searchParams.get('mb') ?? 2048);
  const json = async (fn) => Response.json(await capture(fn));
  switch (url.pathname) {
    case '/ping': return new Response('grower ok');
    // memory.grow inside WebAssembly, in one call.
    case '/wasm-grow': return json(async () => {
      const instance = new WebAssembly.Instance(new WebAssembly.Module(wasm));
      keep.push(instance);
      const grown = instance.exports.grow(mb);
      return { grown, bytes: instance.exports.memory.buffer.byteLength };
    });
    // WebAssembly.Memory.prototype.grow from JavaScript, in one loop.
    case '/js-grow': return json(async () => {
      const memory = new WebAssembly.Memory({ initial: 1 });
      keep.push(memory);
      for (let i = 0; i < mb; i++) { memory.grow(16); new Uint8Array(memory.buffer).fill(1, memory.buffer.byteLength - (1 << 20)); }
      return memory.buffer.byteLength;
    });
    // ArrayBuffers kept in one synchronous loop: nothing but a sampler from outside sees them grow.
    case '/buffers-sync': return json(async () => {
      for (let i = 0; i < mb; i++) keep.push(new Uint8Array(1 << 20).fill(7));
      return keep.length;
    });
    case '/kv-fill': {
      const value = 'v'.repeat(1 << 20);
      for (let i = 0; i < Number(url.searchParams.get('n') ?? 100); i++) await env.KV.put('big' + i, value);
      return new Response('filled');
    }
    case '/kv-put-many': {
      const n = Number(url.searchParams.get('n') ?? 100);
      await Promise.all(Array.from({ length: n }, (_, i) => env.KV.put('put' + i, String(i).padEnd(1 << 20, 'p'))));
      return new Response('put ' + n);
    }
    case '/kv-many': {
      const n = Number(url.searchParams.get('n') ?? 100);
      const values = await Promise.all(Array.from({ length: n }, (_, i) => env.KV.get('big' + i)));
      let total = 0;
      for (const v of values) total += v === null ? 0 : v.length;
      return new Response(String(total));
    }
    default: return new Response('no such path', { status: 404 });
  }
} };
`;

let p: TestPlatform;
let b: string;
/** The same deployments on a platform of thread isolates (`ledge dev`'s and `--isolation thread`'s model). */
let t: TestPlatform;
before(async () => {
  t = await startTestPlatform(tempDir('ledge-sbmem-thread-'));
  for (const [name, source, limits] of [['grower', GROWER, { memory_mb: 128, cpu_ms: 60_000 }], ['steady', 'export default { fetch: () => new Response("steady ok") };', {}]] as const) {
    const res = await t.call('PUT', `/accounts/${t.accountId}/deployments/${name}`, { body: deployBody(source, { edge_dev: true, limits }) });
    assert.equal(res.status, 200, res.text);
  }
  p = await startTestPlatform(tempDir('ledge-sbmem-'), undefined, { isolation: 'process' });
  const ns = await p.call('POST', `/accounts/${p.accountId}/storage/kv/namespaces`, { body: { title: 'big' } });
  assert.equal(ns.status, 201, ns.text);
  // Generous CPU, so the memory limits and not the CPU limit end each attempt even on a loaded machine.
  const grower = await p.call('PUT', `/accounts/${p.accountId}/deployments/grower`, { body: deployBody(GROWER, { edge_dev: true, limits: { memory_mb: 128, cpu_ms: 60_000 }, kv_namespaces: [{ binding: 'KV', id: ns.body.result.id }] }) });
  assert.equal(grower.status, 200, grower.text);
  const reader = await p.call('PUT', `/accounts/${p.accountId}/deployments/reader`, { body: deployBody(GROWER, { edge_dev: true, limits: { memory_mb: 512, cpu_ms: 60_000 }, kv_namespaces: [{ binding: 'KV', id: ns.body.result.id }] }) });
  assert.equal(reader.status, 200, reader.text);
  const steady = await p.call('PUT', `/accounts/${p.accountId}/deployments/steady`, { body: deployBody('export default { fetch: () => new Response("steady ok") };', { edge_dev: true }) });
  assert.equal(steady.status, 200, steady.text);
  const created = await p.call('POST', '/accounts', { body: { name: 'bee' } });
  assert.equal(created.status, 201, created.text);
  b = created.body.result.id as string;
  const other = await p.call('PUT', `/accounts/${b}/deployments/other`, { body: deployBody('export default { fetch: () => new Response("B ok") };', { edge_dev: true }) });
  assert.equal(other.status, 200, other.text);
});
after(async () => { await p?.close(); await t?.close(); });

const text = async (host: string, path = '/', on: TestPlatform = p) => {
  const res = await on.visit(host, path);
  return { status: res.status, text: await res.text() };
};
/** Lines saying a sandbox stopped for memory (the account's limit) or for any reason other than idling. */
const sandboxStops = () => p.logs.filter((r) => /past the account's memory limit|sandbox \w+ of account .* (crashed|stopped \((exceeded_memory|protocol)\))/.test(r.message)).map((r) => r.message);
/** A's other deployment and B answer; A's sandbox is the one it was (no restart). */
async function othersAnswer(): Promise<void> {
  assert.deepEqual(await text('steady.admin.ledge.localhost'), { status: 200, text: 'steady ok' });
  assert.deepEqual(await text('other.bee.ledge.localhost'), { status: 200, text: 'B ok' });
}
const sandboxPid = () => p.isolation.sandboxes().find((s) => s.accountId === p.accountId)?.pid;

/** The answer to a synchronous loop past the limit: the application's RangeError from a grow, or 503 exceeded_memory. */
function assertStoppedAtLimit(res: { status: number; text: string }): void {
  if (res.status === 200) {
    const body = JSON.parse(res.text) as { ok: boolean; value?: { grown: number; bytes: number }; error?: string };
    if (body.ok) assert.ok(body.value !== undefined && body.value.bytes <= 128 * 1024 * 1024 && body.value.grown < 128, res.text);
    else assert.match(body.error ?? '', /^RangeError: /);
  } else {
    assert.equal(res.status, 503, res.text);
    assert.match(res.text, /exceeded_memory/);
  }
}

for (const path of ['/wasm-grow?mb=2048', '/js-grow?mb=2048', '/buffers-sync?mb=2048']) {
  test(`a synchronous loop (${path.split('?')[0]}) ends at limits.memory_mb for its isolate only: no sandbox restart, the account's other deployment and B answer`, async () => {
    await othersAnswer();
    const pid = sandboxPid();
    assert.ok(pid !== undefined, 'A has a sandbox');
    const stopsBefore = sandboxStops().length;
    const res = await text('grower.admin.ledge.localhost', path);
    assertStoppedAtLimit(res);
    assert.deepEqual(sandboxStops().slice(stopsBefore), []);
    assert.equal(sandboxPid(), pid, 'A\'s sandbox was not restarted');
    await othersAnswer();
    assert.deepEqual(await text('grower.admin.ledge.localhost', '/ping'), { status: 200, text: 'grower ok' });
  });
}

for (const path of ['/wasm-grow?mb=2048', '/js-grow?mb=2048', '/buffers-sync?mb=2048']) {
  test(`thread isolation: a synchronous loop (${path.split('?')[0]}) ends at limits.memory_mb; the platform and the other deployment carry on`, async (c) => {
    // The isolate is a thread of this process: its growth is read from here while it runs.
    const rssBefore = process.memoryUsage.rss();
    let peak = rssBefore;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 5);
    try {
      assertStoppedAtLimit(await text('grower.admin.ledge.localhost', path, t));
    } finally {
      clearInterval(sampler);
    }
    c.diagnostic(`the platform's process grew by at most ${Math.round((peak - rssBefore) / 1048576)} MiB (limit 128 MiB)`);
    // Stopped near the limit, not at whatever the loop reached (2 GiB).
    assert.ok(peak - rssBefore < 768 * 1024 * 1024, `the platform grew by ${Math.round((peak - rssBefore) / 1048576)} MiB`);
    assert.deepEqual(await text('steady.admin.ledge.localhost', '/', t), { status: 200, text: 'steady ok' });
    assert.deepEqual(await text('grower.admin.ledge.localhost', '/ping', t), { status: 200, text: 'grower ok' });
  });
}

test('100 parallel 1 MiB KV gets in one request succeed without restarting the sandbox, at about the cost of the values', async (t) => {
  assert.deepEqual(await text('reader.admin.ledge.localhost', '/kv-fill?n=100'), { status: 200, text: 'filled' });
  const box = () => p.isolation.sandboxes().find((s) => s.accountId === p.accountId);
  const pid = sandboxPid();
  const stopsBefore = sandboxStops().length;
  const rssBefore = box()?.rssBytes ?? 0;
  for (let round = 0; round < 3; round++) {
    assert.deepEqual(await text('reader.admin.ledge.localhost', '/kv-many?n=100'), { status: 200, text: String(100 << 20) });
  }
  assert.deepEqual(sandboxStops().slice(stopsBefore), []);
  assert.equal(sandboxPid(), pid, 'A\'s sandbox was not restarted');
  await othersAnswer();
  // 100 MiB of strings the application holds, the bytes they were decoded from, and frames in transit: each value
  // crossed as a clone of its whole frame before (+640 MB after one round, past the 1024 MB account limit after two).
  const grown = ((box()?.peakRssBytes ?? 0) - rssBefore) / 1048576;
  t.diagnostic(`sandbox resident memory ${Math.round(rssBefore / 1048576)} MB before, peak ${Math.round(grown)} MB above it over three rounds`);
  assert.ok(grown < 450, `the sandbox grew by ${Math.round(grown)} MB for 100 MB of values`);
});

test('100 parallel 1 MiB KV puts in one request cross the channel without restarting the sandbox, at about the cost of the values', async (t) => {
  const box = () => p.isolation.sandboxes().find((s) => s.accountId === p.accountId);
  const pid = sandboxPid();
  const stopsBefore = sandboxStops().length;
  const rssBefore = box()?.rssBytes ?? 0;
  for (let round = 0; round < 3; round++) {
    assert.deepEqual(await text('reader.admin.ledge.localhost', '/kv-put-many?n=100'), { status: 200, text: 'put 100' });
  }
  assert.deepEqual(sandboxStops().slice(stopsBefore), []);
  assert.equal(sandboxPid(), pid, 'A\'s sandbox was not restarted');
  const grown = ((box()?.peakRssBytes ?? 0) - rssBefore) / 1048576;
  t.diagnostic(`sandbox resident memory ${Math.round(rssBefore / 1048576)} MB before, peak ${Math.round(grown)} MB above it over three rounds`);
  // The isolate holds each value twice (its string and the bytes it encoded), and the main thread a copy or two in transit.
  assert.ok(grown < 600, `the sandbox grew by ${Math.round(grown)} MB for 100 MB of values`);
});
