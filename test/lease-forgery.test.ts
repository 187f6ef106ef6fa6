// Red team: calls under a lease (`object-local`, `object-local-end`) forged by a subverted isolate.
// 1. To dodge the CPU limits. The host
// counted each announced call as an event of the isolate, so the isolate's busy time was shared among them: twenty
// thousand forged announcements (any well-formed frame crosses the channel; here application code adds them to the
// batch the isolate posts, by replacing Array.prototype.push) thinned each event's share past any limit and, with
// events "in flight", work left running after the response was never charged as background CPU: a tenant could burn
// a core for ever. Calls under a lease now take no share (their CPU is their caller's event's): the work is stopped
// as it is without the forgery. Both isolations.
// 2. To write records no Date holds: a call's start, as the isolate tells it, set the record's time, and a forged
// -1e300 made records that queries never showed and the CLI's formatRecord throws on (Invalid time value). Now it is
// kept only between the isolate's start and now. Both isolations, under ledge dev.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { makeProject, startProject, tempDir } from './helpers.js';
import { formatRecord } from '../src/cli/observability-output.js';
import type { InvocationRecord } from '../src/observability/record.js';

/**
 * Application code that adds the messages it puts in `forged` to the next batch its isolate posts (by replacing
 * Array.prototype.push): any well-formed frame crosses the channel, so this is what a subverted isolate can send.
 */
const FORGE = `const push = Array.prototype.push;
let forged = null;
Array.prototype.push = function (...items) {
  const extra = forged && items.some((m) => m && typeof m === 'object' && typeof m.t === 'string') ? forged : null;
  if (extra) forged = null;
  const result = push.apply(this, items);
  if (extra) push.apply(this, extra);
  return result;
};`;

const APP = `
${FORGE}
const burn = (ms) => { const end = Date.now() + ms; while (Date.now() < end) {} };
export default { fetch(request) {
  if (new URL(request.url).pathname === '/forge') {
    const calls = [];
    for (let i = 1; i <= 20000; i++) calls[calls.length] = { t: 'object-local', id: -i, namespace: 'ns', objectId: 'o' + i, method: 'm', startedAt: Date.now() };
    forged = calls;
    const step = () => { burn(20); setTimeout(step, 0); };
    // The loop starts once the host has surely taken the response (a second later): a loop already running while
    // a loaded host is still reading the answer is booked to the request, which then fails for its CPU instead.
    setTimeout(step, 1000);
    return new Response('forged');
  }
  return new Response('ok');
} };`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * The burner's CPU limit. CPU is event-loop busy time, so on a loaded machine the forging request itself (twenty
 * thousand messages made and posted) took more than 300 ms; the loop left running gains about 900 ms a second
 * over what is forgiven, so it is still stopped within seconds, and without the fix never.
 */
const CPU_MS = 2000;

for (const isolation of ['process', 'thread'] as const) {
  test(`forged calls under leases do not hide an isolate's CPU from its limits (${isolation} isolation)`, { timeout: 90_000 }, async () => {
    const p = await startTestPlatform(tempDir('ledge-lease-cpu-'), undefined, { isolation });
    try {
      const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/burner`, { body: deployBody(APP, { routes: ['burner.example.com'], limits: { cpu_ms: CPU_MS } }) });
      assert.equal(deployed.status, 200, deployed.text);
      const stops = () => p.logs.filter((r) => r.source === 'burner' && r.fields?.reason === 'background');
      assert.equal(await (await p.visit('burner.example.com', '/forge')).text(), 'forged');
      const deadline = Date.now() + 30_000;
      while (stops().length === 0) {
        assert.ok(Date.now() < deadline, 'the work left running behind forged leased calls was never stopped');
        await sleep(50);
      }
      assert.match(stops()[0]?.message ?? '', new RegExp(String.raw`exceeded its CPU time limit with no event in flight \(limits\.cpu_ms = ${CPU_MS}\)`));
      assert.equal(await (await p.visit('burner.example.com')).text(), 'ok', 'the next request starts a fresh isolate');
    } finally {
      await p.close();
    }
  });
}

/** Forges one call never announced (its end carries what it was) and one announced, both "started" at -1e300. */
const TIMES_APP = `
${FORGE}
export default { fetch() {
  const call = { namespace: 'ns', objectId: 'forged', method: 'when', startedAt: -1e300 };
  forged = [{ t: 'object-local-end', id: -900001, call }, { t: 'object-local', id: -900002, ...call }, { t: 'object-local-end', id: -900002 }];
  return new Response('forged');
} };`;

for (const isolation of ['process', 'thread'] as const) {
  test(`a forged start of a leased call leaves records a person can read (${isolation} isolation)`, { timeout: 90_000 }, async () => {
    const before = Date.now();
    const server = await startProject(makeProject({ 'src/index.js': TIMES_APP }, { observability: { logs: { enabled: true } } }), { stateDir: tempDir(), isolation });
    try {
      assert.equal(await (await fetch(server.url)).text(), 'forged');
      let forged: InvocationRecord[] = [];
      for (let i = 0; i < 100 && forged.length < 2; i++) {
        await sleep(100);
        forged = ((await (await fetch(`${server.url}/__ledge/logs`)).json()) as { records: InvocationRecord[] }).records.filter((r) => r.kind === 'object');
      }
      assert.equal(forged.length, 2, 'both forged calls are recorded');
      for (const record of forged) {
        assert.match(record.trigger ?? '', /^ns\/forged when\(\)$/);
        assert.ok(record.time >= before && Number.isFinite(new Date(record.time).getTime()), `a record's time is ${record.time}`);
        assert.match(formatRecord(record), /object ns\/forged when\(\)/, 'the CLI formats it');
      }
    } finally {
      await server.close();
    }
  });
}

// 3. To make the host ask, on its main thread, whether a leased object is idle every millisecond: the isolate's answer
// "unused for nearly the idle time, but kept" set when the host asked again (the idle time less that, at least 1 ms),
// so the same forged answer each time was a loop per leased object, for ever. The host now asks again a quarter of the
// idle time later at the soonest. The isolate counts the answers it forges: at most one per quarter idle time and object.
const IDLE_MS = 400;
const OBJECTS = 4;
const IDLE_APP = `
import { DurableObject } from 'cloudflare:workers';
export class Box extends DurableObject { ping() { return 'pong'; } }
const push = Array.prototype.push;
let answers = 0;
Array.prototype.push = function (...items) {
  for (const m of items) if (m && typeof m === 'object' && m.t === 'object-lease-ended') { m.unused = ${IDLE_MS - 1}; answers++; }
  return push.apply(this, items);
};
export default { async fetch(request, env) {
  if (new URL(request.url).pathname === '/answers') return new Response(String(answers));
  // The first call of each goes through the host, which leases the object to this isolate; the second runs here.
  for (let i = 0; i < ${OBJECTS}; i++) { const stub = env.BOX.getByName('box' + i); await stub.ping(); await stub.ping(); }
  return new Response('leased');
} };`;
const IDLE_CONFIG = { durable_objects: { bindings: [{ name: 'BOX', class_name: 'Box' }] }, migrations: [{ tag: 'v1', new_sqlite_classes: ['Box'] }] };

for (const isolation of ['process', 'thread'] as const) {
  test(`forged answers to the idle check do not make the host ask in a loop (${isolation} isolation)`, { timeout: 90_000 }, async () => {
    const server = await startProject(makeProject({ 'src/index.js': IDLE_APP }, IDLE_CONFIG), { stateDir: tempDir(), isolation, objectIdleMs: IDLE_MS });
    try {
      const started = Date.now();
      assert.equal(await (await fetch(server.url)).text(), 'leased');
      await sleep(6 * IDLE_MS);
      const answers = Number(await (await fetch(`${server.url}/answers`)).text());
      const elapsed = Date.now() - started;
      assert.ok(answers > 0, 'the isolate was asked and forged its answers');
      // Honest or forged, each object is asked at most once per quarter of the idle time (one more for the first).
      const bound = OBJECTS * (Math.ceil(elapsed / (IDLE_MS / 4)) + 1);
      assert.ok(answers <= bound, `${answers} idle checks in ${elapsed} ms for ${OBJECTS} objects (at most ${bound})`);
    } finally {
      await server.close();
    }
  });
}

// 4. To flood the platform's log and memory: each announced call had its own console budget on the host (1 MB), so
// forty announcements with two lines of 512 KB each put 40 MB in the platform's log and in records held in memory (a
// hundred thousand could have made it 100 GB). Calls under leases now share one budget per second, and what their
// records hold is bounded.
const FLOOD_APP = `
${FORGE}
const line = 'L'.repeat(512 * 1024);
export default { fetch(request) {
  if (new URL(request.url).pathname === '/flood') {
    for (let i = 1; i <= 40; i++) {
      const call = { namespace: 'ns', objectId: 'o' + i, method: 'm', startedAt: Date.now() };
      forged = [{ t: 'object-local', id: -i, ...call }, { t: 'log', level: 'info', message: line, event: -i }, { t: 'log', level: 'info', message: line, event: -i }];
      console.log('carrier ' + i);
    }
    return new Response('flooded');
  }
  return new Response('ok');
} };`;

for (const isolation of ['process', 'thread'] as const) {
  test(`console lines of forged leased calls share one bound on the host (${isolation} isolation)`, { timeout: 90_000 }, async () => {
    const p = await startTestPlatform(tempDir('ledge-lease-console-'), undefined, { isolation });
    try {
      const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/flood`, { body: deployBody(FLOOD_APP, { routes: ['flood.example.com'] }) });
      assert.equal(deployed.status, 200, deployed.text);
      const from = p.logs.length;
      const started = Date.now();
      assert.equal(await (await p.visit('flood.example.com', '/flood')).text(), 'flooded');
      await sleep(300);
      const seconds = Math.ceil((Date.now() - started) / 1000) + 1;
      const lines = p.logs.slice(from).filter((r) => r.source === 'flood');
      const bytes = lines.filter((r) => r.message.startsWith('LLLL')).reduce((n, r) => n + r.message.length, 0);
      assert.ok(bytes <= seconds * 1_048_576 + 8192, `${(bytes / 1_048_576).toFixed(1)} MB of forged leased calls' console output reached the platform's log in ${seconds} s`);
      assert.ok(lines.some((r) => /^the isolate sent more than its console budget: console output of calls under leases passed 1024 KB in one second/.test(r.message)), 'one warning');
      assert.equal(await (await p.visit('flood.example.com', '/')).text(), 'ok', 'the deployment keeps answering');
    } finally {
      await p.close();
    }
  });
}
