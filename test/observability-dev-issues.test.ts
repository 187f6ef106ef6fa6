// Issues under `ledge dev`, with real processes: `ledge issues list|show|resolve|ignore|reopen --dev` read and change a
// running ledge dev's issues, and the destinations ledge.jsonc lists (observability.issues.webhooks) get signed
// notifications that the example receiver (examples/issues-webhook, itself a ledge dev) verifies; a destination
// signed with the wrong secret is refused by the receiver, one whose secret is not set sends nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { interrupt, runCli, startDev } from './cli.js';
import { makeProject } from './helpers.js';

const EXAMPLE = path.resolve(import.meta.dirname, '..', 'examples', 'issues-webhook');
const SECRET = 'a3f1c9e7b5d2f4068a3f1c9e7b5d2f40';

async function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  const proc = runCli(args);
  const code = await proc.exited;
  return { code, out: proc.output() };
}

test('ledge issues --dev reads and changes a running ledge dev\'s issues, and its configured webhooks notify a verifying receiver', { timeout: 180_000 }, async (t) => {
  const receiverDir = makeProject({ 'src/index.js': readFileSync(path.join(EXAMPLE, 'src/index.js'), 'utf8'), '.dev.vars': `WEBHOOK_SECRET=${SECRET}\n` },
    JSON.parse(readFileSync(path.join(EXAMPLE, 'ledge.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as Record<string, unknown>);
  const receiver = await startDev(receiverDir);
  t.after(() => interrupt(receiver));
  const hook = `${receiver.url}/hooks/issues`;

  const app = makeProject({
    'src/index.js': `function chargeCard(amount) { throw new TypeError('card declined for ' + amount); }
export default { fetch(request) { const { pathname } = new URL(request.url); if (pathname === '/ok') return new Response('fine'); chargeCard(pathname.length); } };`,
    '.dev.vars': `ISSUES_HOOK_SECRET=${SECRET}\nWRONG_HOOK_SECRET=not-the-receivers-secret-at-all\n`,
  }, {
    name: 'shop',
    observability: { issues: { enabled: true, webhooks: [
      { url: hook, secret_name: 'ISSUES_HOOK_SECRET', threshold: 2 },
      { url: `${hook}?wrong`, secret_name: 'WRONG_HOOK_SECRET' },
      { url: `${hook}?unset`, secret_name: 'NOT_SET_ANYWHERE' },
    ] } },
  });
  const dev = await startDev(app);
  t.after(() => interrupt(dev));

  assert.equal((await cli(['issues', 'list', '--dev', dev.url])).out.trim(), 'no issues');
  assert.equal((await fetch(`${dev.url}/ok`)).status, 200);
  assert.equal((await fetch(`${dev.url}/pay`)).status, 500);
  assert.equal((await fetch(`${dev.url}/pay`)).status, 500);

  // The receiver keeps only what it verified: the new issue and the threshold of 2, from the right secret.
  let notes: { type: string; deployment: string; issue: { id: string; culprit: string; count: number } }[] = [];
  for (const end = Date.now() + 30_000; notes.length < 2;) {
    if (Date.now() > end) throw new Error(`notifications missing: ${JSON.stringify(notes)}\n${dev.output()}\n${receiver.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    notes = await (await fetch(`${receiver.url}/notifications`)).json() as typeof notes;
  }
  assert.deepEqual(notes.map((n) => n.type).sort(), ['issue.new', 'issue.threshold']);
  assert.ok(notes.every((n) => n.deployment === 'shop' && /chargeCard \(src\/index\.js:1\)/.test(n.issue.culprit)), JSON.stringify(notes));
  await receiver.waitFor(/notification refused: webhook_invalid/);
  assert.doesNotMatch(dev.output() + receiver.output(), new RegExp(SECRET), 'the secret is never printed');
  assert.doesNotMatch(dev.output(), /not-the-receivers-secret/);

  const listed = await cli(['issues', 'list', '--dev', dev.url, '--json']);
  assert.equal(listed.code, 0, listed.out);
  const issues = JSON.parse(listed.out) as { id: string; status: string; count: number; type: string }[];
  assert.equal(issues.length, 1);
  const [issue] = issues as [{ id: string; status: string; count: number; type: string }];
  assert.deepEqual([issue.status, issue.count, issue.type], ['active', 2, 'TypeError']);
  assert.equal(issue.id, notes[0]?.issue.id);

  const shown = await cli(['issues', 'show', issue.id, '--dev', dev.url]);
  assert.equal(shown.code, 0, shown.out);
  assert.match(shown.out, /TypeError: card declined for 4/);
  assert.match(shown.out, /at chargeCard \(src\/index\.js:1:/);
  assert.match(shown.out, /GET http:\/\/\S+\/pay → 500 exception/);

  for (const [command, status] of [['resolve', 'resolved'], ['ignore', 'ignored'], ['reopen', 'active']] as const) {
    const changed = await cli(['issues', command, issue.id, '--dev', dev.url]);
    assert.equal(changed.code, 0, changed.out);
    assert.equal(changed.out.trim(), `issue ${issue.id} is ${status}`);
    assert.equal((await cli(['issues', 'list', '--dev', dev.url, '--status', status, '--json'])).out.includes(issue.id), true);
  }
  assert.equal(JSON.parse((await cli(['issues', 'list', '--dev', dev.url, '--status', 'resolved', '--json'])).out).length, 0);

  // Failure paths: an unknown id, a bad status, nothing listening, and a cross-site write the dev route refuses.
  const unknown = await cli(['issues', 'resolve', 'no-such-issue', '--dev', dev.url]);
  assert.notEqual(unknown.code, 0);
  assert.match(unknown.out, /no issue no-such-issue/);
  const bad = await cli(['issues', 'list', '--dev', dev.url, '--status', 'closed']);
  assert.equal(bad.code, 2);
  assert.match(bad.out, /--status "closed": expected active, resolved or ignored/);
  const nobody = await cli(['issues', 'list', '--dev', 'http://127.0.0.1:9']);
  assert.notEqual(nobody.code, 0);
  assert.match(nobody.out, /no ledge dev answers at http:\/\/127\.0\.0\.1:9/);
  assert.equal((await fetch(`${dev.url}/__ledge/issues/${issue.id}`, { method: 'POST', body: JSON.stringify({ status: 'resolved' }) })).status, 405);
  const junk = await fetch(`${dev.url}/__ledge/issues/${issue.id}`, { method: 'PATCH', body: '{"status":"gone"}' });
  assert.equal(junk.status, 400);
  assert.match(await junk.text(), /expected \{\\"status\\"/);
  assert.equal(JSON.parse((await cli(['issues', 'list', '--dev', dev.url, '--json'])).out)[0].status, 'active');
});
