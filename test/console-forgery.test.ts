// Red team: console output past its budget. An event's console output is bounded to 256 KB by the isolate's own
// code (console-budget.ts), but application code shares that code's realm and can put any message into the batches
// it posts (here by replacing Array.prototype.push): `log` messages of 512 KB, forty of them in one event (the attack sent two hundred) and as
// many outside any event. The host wrote every one to the platform's log (100 MB per request, with no end but the
// operator's disk) and kept them in the event's trace. Now the host keeps its own budget (four times the isolate's,
// per event and per second outside events): the rest is dropped after one warning. Honest output is untouched.
// Both isolations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE_BYTES_PER_EVENT } from '../src/runtime/console-budget.js';
import { deployBody, startTestPlatform } from './serve-helpers.js';
import { tempDir } from './helpers.js';

const APP = `
const push = Array.prototype.push;
let forged = null;
let lastEvent;
// Every batch the isolate posts passes through here: the event of its own log lines is read off them, and forged
// lines join the batch of the next one.
Array.prototype.push = function (...items) {
  for (const m of items) if (m && typeof m === 'object' && m.t === 'log' && m.event !== undefined) lastEvent = m.event;
  const extra = forged && items.some((m) => m && m.t === 'log') ? forged : null;
  if (extra) forged = null;
  const result = push.apply(this, items);
  if (extra) push.apply(this, extra);
  return result;
};
const line = 'F'.repeat(512 * 1024);
export default { async fetch(request, env, ctx) {
  const path = new URL(request.url).pathname;
  if (path === '/forge') {
    console.log('mark');
    for (let i = 0; i < 40; i++) { forged = [{ t: 'log', level: 'info', message: line, event: lastEvent }, { t: 'log', level: 'info', message: line }]; console.log('carrier ' + i); }
    return new Response('forged');
  }
  if (path === '/honest') {
    for (let i = 0; i < 100; i++) console.log('h'.repeat(4000) + i);
    return new Response('honest');
  }
  return new Response('ok');
} };`;

for (const isolation of ['process', 'thread'] as const) {
  test(`forged console output is bounded by the host, honest output is kept (${isolation} isolation)`, { timeout: 120_000 }, async () => {
    const p = await startTestPlatform(tempDir('ledge-console-forgery-'), undefined, { isolation });
    try {
      const deployed = await p.call('PUT', `/accounts/${p.accountId}/deployments/app`, { body: deployBody(APP, { edge_dev: true }) });
      assert.equal(deployed.status, 200, deployed.text);
      const logged = (from: number) => p.logs.slice(from).filter((r) => r.source === 'app');
      const bytes = (records: { message: string }[]) => records.reduce((n, r) => n + r.message.length, 0);

      let from = p.logs.length;
      const honest = await p.visit('app.admin.ledge.localhost', '/honest');
      assert.equal(await honest.text(), 'honest');
      const honestLines = logged(from);
      assert.equal(honestLines.filter((r) => r.message.startsWith('hhhh')).length, 66, 'the isolate\'s own budget keeps 65 whole lines and the one that crosses it, cut');
      assert.ok(honestLines.some((r) => /console output of this event passed 256 KB; the rest of its lines are dropped/.test(r.message)), 'the isolate\'s notice');
      assert.ok(!honestLines.some((r) => /more than its console budget/.test(r.message)), 'honest output never meets the host\'s budget');

      from = p.logs.length;
      const forged = await p.visit('app.admin.ledge.localhost', '/forge');
      assert.equal(await forged.text(), 'forged');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const lines = logged(from);
      // 40 forged lines of 512 KB were sent for the event (20 MB), and as many outside any event: the event keeps at
      // most the host's budget (the line that crosses it cut), the rest at most that budget per second. (Under process
      // isolation the isolate holds what its connection has not taken yet, counted against its memory limit: 200 MB
      // of forgeries made it stop for memory when the host read slower than it wrote, which contains it as well.)
      const ofEvent = bytes(lines.filter((r) => r.fields?.request_id !== undefined));
      const outside = bytes(lines.filter((r) => r.fields?.request_id === undefined));
      assert.ok(ofEvent <= 4 * CONSOLE_BYTES_PER_EVENT + 8192, `${(ofEvent / 1_048_576).toFixed(1)} MB of the event's console output reached the platform's log`);
      assert.ok(outside < 8 * 1_048_576, `${(outside / 1_048_576).toFixed(1)} MB of console output outside events reached the platform's log (20 MB were sent)`);
      assert.ok(lines.some((r) => /^the isolate sent more than its console budget: console output of this event passed 1024 KB/.test(r.message)), 'one warning for the event');
      assert.ok(lines.some((r) => /^the isolate sent more than its console budget: console output outside events passed 1024 KB in one second/.test(r.message)), 'one warning outside events');
      assert.equal((await (await p.visit('app.admin.ledge.localhost', '/')).text()), 'ok', 'the deployment keeps answering');
    } finally {
      await p.close();
    }
  });
}
