// Attack (red team): an application with its issues switched on throws errors without frames (or logs console.error
// lines) whose message is a 4 KiB run such as `a1a1...a1g`. The platform groups every uncaught error into issues on its main thread, normalising the message
// first; the regex that replaced hex runs backtracked in time growing as the cube of the run's length, so one request
// held the platform for about 20 s and every account waited. Hex runs are now found whole and checked after.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normaliseMessage } from '../src/observability/fingerprint.js';
import { tempDir } from './helpers.js';
import { apiCall, startServe, visitWithin } from './serve-process.js';

const RUN = 'a1'.repeat(2048);

test('message normalising: hex runs of digits and letters become <hex>, words and numbers stay; a 4 KiB run is read at once', () => {
  assert.equal(normaliseMessage('key deadbeef1 and 0xCAFE1234 but not deadbeef, 12345678, 0xabcdefab or a1b2'), 'key <hex> and <hex> but not deadbeef, <n>, <n>xabcdefab or a<n>b<n>');
  assert.equal(normaliseMessage(`${RUN}`), '<hex>');
  assert.equal(normaliseMessage(`${RUN}g`), `${RUN}g`.replace(/\d+/g, '<n>').slice(0, 500), 'not a hex word: its digits are numbers');
});


test('under ledge serve, errors with crafted messages never stall the platform: the other account keeps answering', { timeout: 120_000 }, async (t) => {
  const serve = await startServe(tempDir('ledge-issue-backtrack-'), ['--isolation', 'thread', '--trust-all-code']);
  t.after(() => { if (serve.child.exitCode === null) serve.child.kill('SIGKILL'); });
  const token = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
  const a = (await serve.waitFor(/administrator account ([0-9a-f]{32})/))[1] as string;
  const b = await apiCall(serve.api, token, 'POST', '/accounts', { name: 'bee' });
  assert.equal(b.status, 201, b.text);
  const deploy = (account: string, name: string, source: string, extra: Record<string, unknown> = {}) => apiCall(serve.api, token, 'PUT', `/accounts/${account}/deployments/${name}`, {
    main_module: 'index.js', modules: [{ name: 'index.js', content_base64: Buffer.from(source).toString('base64') }], config: { compatibility_date: '2026-10-01', edge_dev: true, ...extra },
  });
  assert.equal((await deploy(b.result.id as string, 'honest', 'export default { fetch() { return new Response("B ok"); } };')).status, 200);
  // A run that does not end a word (the 'g'): the old regex tried every split of it before giving up.
  const evil = `const RUN = 'a1'.repeat(2000) + 'g';
export default { fetch(request) {
  if (new URL(request.url).pathname === '/log') { console.error(RUN); return new Response('logged', { status: 500 }); }
  // No frame of the application: the issue is grouped by its normalised message.
  const err = new Error(RUN);
  err.stack = 'Error: ' + RUN;
  throw err;
} };`;
  // The account turns its issues on: every uncaught error and console.error line is then grouped.
  assert.equal((await deploy(a, 'evil', evil, { observability: { issues: { enabled: true } } })).status, 200);
  for (const path of ['/', '/log', '/', '/log']) {
    const answer = await visitWithin(serve.app, 'evil.admin.ledge.localhost', path, 30_000);
    assert.notEqual(answer, 'no answer', `the attacker's ${path} was answered`);
    assert.equal((answer as { status: number }).status, 500);
  }
  // Problems are grouped in batches a moment after the events: B is asked again while that happens.
  for (let i = 0; i < 6; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(await visitWithin(serve.app, 'honest.bee.ledge.localhost', '/', 30_000), { status: 200, body: 'B ok' }, 'the other account answers');
  }
  const issues = await apiCall(serve.api, token, 'GET', `/accounts/${a}/deployments/evil/issues`);
  assert.equal(issues.status, 200, issues.text);
  assert.ok((issues.result as unknown as unknown[]).length > 0, `the crafted messages were grouped: ${issues.text.slice(0, 300)}`);
});
