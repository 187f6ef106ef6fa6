// tools/check.py passes on the repository, each of its checks fails on a deliberately broken copy, and its warnings warn without failing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './helpers.js';

const ROOT = path.resolve(import.meta.dirname, '..');

function runCheck(root: string): { status: number | null; out: string } {
  const result = spawnSync('python3', [path.join(ROOT, 'tools', 'check.py'), '--root', root], { encoding: 'utf8' });
  return { status: result.status, out: result.stdout + result.stderr };
}

function brokenCopy(edit: (root: string) => void): string {
  const root = tempDir('ledge-check-');
  for (const dir of ['templates', 'examples', 'docs', 'src']) cpSync(path.join(ROOT, dir), path.join(root, dir), { recursive: true });
  edit(root);
  return root;
}

function replaceIn(file: string, from: string | RegExp, to: string): void {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(from, to);
  assert.notEqual(next, text, `the edit changed ${file}`);
  writeFileSync(file, next);
}

test('the repository passes the consistency check', () => {
  const { status, out } = runCheck(ROOT);
  assert.equal(status, 0, out);
  assert.doesNotMatch(out, /^FAIL/m);
  assert.match(out, /consistency check: (\d+) of \1 checks pass/);
});

const BREAKAGES: [string, RegExp, (root: string) => void][] = [
  ['template date', /FAIL template carries the reference's values: templates\/init\/ledge\.jsonc - compatibility_date is "2026-10-02"/,
    (root) => replaceIn(path.join(root, 'templates/init/ledge.jsonc'), '2026-10-01', '2026-10-02')],
  ['template edge_dev', /FAIL template carries .* edge_dev is true/,
    (root) => replaceIn(path.join(root, 'templates/init/ledge.jsonc'), '"edge_dev": false', '"edge_dev": true')],
  ['template routes', /FAIL template carries .* no production routes/,
    (root) => replaceIn(path.join(root, 'templates/init/ledge.jsonc'), '"preview_urls": false', '"preview_urls": false, "routes": ["shop.example.com/*"]')],
  ['example preview_urls', /FAIL example configuration: examples\/health-worker\/ledge\.jsonc - preview_urls is true/,
    (root) => replaceIn(path.join(root, 'examples/health-worker/ledge.jsonc'), '"preview_urls": false', '"preview_urls": true')],
  ['example future date', /FAIL example configuration: .* compatibility_date 2999-01-01 is in the future/,
    (root) => replaceIn(path.join(root, 'examples/health-worker/ledge.jsonc'), '2026-10-01', '2999-01-01')],
  ['health schema', /FAIL health example matches the reference: examples\/health-worker\/src\/index\.js - the schema constant is not 'health\/1'/,
    (root) => replaceIn(path.join(root, 'examples/health-worker/src/index.js'), "'health/1'", "'health/2'")],
  ['health header', /FAIL health example .* header cache-control is not 'no-store'/,
    (root) => replaceIn(path.join(root, 'examples/health-worker/src/index.js'), "'no-store'", "'max-age=60'")],
  ['health allow', /FAIL health example .* allow: GET, HEAD/,
    (root) => replaceIn(path.join(root, 'examples/health-worker/src/index.js'), "'GET, HEAD'", "'GET'")],
  ['removed route path', /FAIL no use of the private-route paths removed on 2026-10-05: docs\/routes\.md:2/,
    (root) => { mkdirSync(path.join(root, 'docs'), { recursive: true }); writeFileSync(path.join(root, 'docs/routes.md'), `# Routes\nPOST /accounts/a/teamnet/routes/${'network'}/10.0.0.0%2F8\n`); }],
  ['secret in vars', /FAIL no secrets in configuration: examples\/health-worker\/ledge\.jsonc - looks like a secret or token at vars\.API_TOKEN/,
    (root) => replaceIn(path.join(root, 'examples/health-worker/ledge.jsonc'), '"edge_dev": false', '"edge_dev": false, "vars": { "API_TOKEN": "a1b2c3d4e5f6a1b2c3d4e5f6" }')],
  ['token-looking value', /FAIL no secrets in configuration: .* vars\.UPSTREAM \(a bearer token\)/,
    (root) => replaceIn(path.join(root, 'examples/health-worker/ledge.jsonc'), '"edge_dev": false', '"edge_dev": false, "vars": { "UPSTREAM": "Bearer abcdefghijklmnopqrstuvwxyz012345" }')],
  ['account API token in vars', /FAIL no secrets in configuration: examples\/health-worker\/ledge\.jsonc - looks like a secret or token at vars\.DEPLOY_WITH \(a Ledge API token\)/,
    (root) => replaceIn(path.join(root, 'examples/health-worker/ledge.jsonc'), '"edge_dev": false', '"edge_dev": false, "vars": { "DEPLOY_WITH": "ledge_f5wJKfhRXfpjlZ3ENom9lK1-MhOc1pCSp-uUDruz4vM" }')],
  ['shared resource', /FAIL environments bind distinct resources: .* env\.production kv_namespaces\[0\] binds "DB" to the same resource as env\.preview kv_namespaces\[0\]/,
    (root) => replaceIn(path.join(root, 'examples/health-worker/ledge.jsonc'), '"edge_dev": false', '"edge_dev": false, "env": { "preview": { "kv_namespaces": [{ "binding": "DB", "id": "kv-1" }] }, "production": { "kv_namespaces": [{ "binding": "DB", "id": "kv-1" }] } }')],
  ['dead-letter queue is the queue itself', /FAIL queue dead-letter configuration: examples\/health-worker\/ledge\.jsonc - env\.production\.queues\.consumers\[1\]\.dead_letter_queue is "jobs", the queue itself/,
    (root) => replaceIn(path.join(root, 'examples/health-worker/ledge.jsonc'), '"edge_dev": false', '"edge_dev": false, "env": { "production": { "queues": { "consumers": [{ "queue": "mail", "dead_letter_queue": "mail-dlq" }, { "queue": "jobs", "dead_letter_queue": "jobs" }] } } }')],
  ['design record after a new cron', /FAIL design record matches the configuration: examples\/berlin-report\/DESIGN-RECORD\.md - Execution: "cron `30 9 \* \* \*` window" is missing .*; Execution: "completion semantics of cron `30 9 \* \* \*`" is missing \(to decide\)/,
    (root) => replaceIn(path.join(root, 'examples/berlin-report/ledge.jsonc'), '"0 8 * * MON-FRI"]', '"0 8 * * MON-FRI", "30 9 * * *"]')],
  ['design record after opening the default entry', /FAIL design record matches the configuration: examples\/berlin-report\/DESIGN-RECORD\.md - Entry: blocks are "edge function", the configuration gives "edge function, default hostname"; Entry: "default entry" is recorded as "closed", the configuration says "open: berlin-report\.<account subdomain>\.<platform domain>"; Identity: "verified principal on the default hostname" is missing \(to decide\); Identity: "verified principal" is recorded, but the configuration no longer has it/,
    (root) => replaceIn(path.join(root, 'examples/berlin-report/ledge.jsonc'), '"edge_dev": false', '"edge_dev": true')],
  ['design record with a derived row edited by hand', /FAIL design record matches the configuration: examples\/berlin-report\/DESIGN-RECORD\.md - Execution: "limits" is recorded as "cpu_ms 50"/,
    (root) => replaceIn(path.join(root, 'examples/berlin-report/DESIGN-RECORD.md'), /\| limits \| [^|]+ \|/, '| limits | cpu_ms 50 |')],
];

for (const [name, expected, edit] of BREAKAGES) {
  test(`the check fails on a broken copy: ${name}`, () => {
    const { status, out } = runCheck(brokenCopy(edit));
    assert.equal(status, 1, out);
    assert.match(out, expected);
    assert.doesNotMatch(out, /a1b2c3d4e5f6a1b2c3d4e5f6|abcdefghijklmnopqrstuvwxyz012345|f5wJKfhRXfpjlZ3ENom9lK1/, 'secret values are never printed');
  });
}

test('a queue consumer without a dead-letter queue is a warning naming file and path, not a failure', () => {
  const root = brokenCopy((dir) => {
    replaceIn(path.join(dir, 'examples/health-worker/ledge.jsonc'), '"edge_dev": false', '"edge_dev": false, "queues": { "consumers": [{ "queue": "jobs", "dead_letter_queue": "jobs-dlq" }, { "queue": "mail", "max_retries": 5 }] }, "env": { "production": { "queues": { "producers": [{ "binding": "Q", "queue": "jobs" }], "consumers": [{ "queue": "jobs" }] } } }');
  });
  const { status, out } = runCheck(root);
  assert.equal(status, 0, out);
  assert.doesNotMatch(out, /^FAIL/m);
  const warnings = out.split('\n').filter((line) => line.startsWith('WARN'));
  assert.deepEqual(warnings, [
    'WARN queue consumer without a dead-letter queue: examples/health-worker/ledge.jsonc queues.consumers[1] - queue "mail" has no dead_letter_queue: messages that use up max_retries (5) are kept in the dead state, not delivered again; see them with "ledge queues dead list mail"',
    'WARN queue consumer without a dead-letter queue: examples/health-worker/ledge.jsonc env.production.queues.consumers[0] - queue "jobs" has no dead_letter_queue: messages that use up max_retries (3) are kept in the dead state, not delivered again; see them with "ledge queues dead list jobs"',
  ]);
  assert.match(out, /PASS queue dead-letter configuration: examples\/health-worker\/ledge\.jsonc/);
  assert.match(out, /consistency check: (\d+) of \1 checks pass, 2 warnings$/m);
});

test('a secrets file tracked by git fails the check, naming the file and never its values; templates and untracked files pass', () => {
  const root = brokenCopy(() => undefined);
  const git = (...args: string[]) => {
    const result = spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
  };
  git('init', '-q');
  writeFileSync(path.join(root, 'examples/health-worker/.dev.vars'), 'API_KEY=tracked-secret-value-123\n');
  writeFileSync(path.join(root, 'examples/health-worker/.dev.vars.example'), 'API_KEY=\n');
  writeFileSync(path.join(root, '.env.production'), 'DB_PASSWORD=another-secret-value-456\n');
  writeFileSync(path.join(root, '.env.local'), 'NOT_TRACKED=1\n');
  git('add', 'examples', 'templates', '.env.production', 'examples/health-worker/.dev.vars.example');
  const tracked = runCheck(root);
  assert.equal(tracked.status, 1, tracked.out);
  assert.match(tracked.out, /^FAIL no secrets files tracked by git: \.env\.production, examples\/health-worker\/\.dev\.vars - holds local secrets; untrack it/m);
  assert.doesNotMatch(tracked.out, /\.dev\.vars\.example|\.env\.local/);
  assert.doesNotMatch(tracked.out, /tracked-secret-value-123|another-secret-value-456/);

  git('rm', '-q', '--cached', '.env.production', 'examples/health-worker/.dev.vars');
  const untracked = runCheck(root);
  assert.equal(untracked.status, 0, untracked.out);
  assert.match(untracked.out, /^PASS no secrets files tracked by git/m);
});
