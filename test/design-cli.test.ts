// `ledge design`: the five-concern record printed as Markdown or JSON, written with the answers a person gave
// kept, and checked against the configuration (the check tools/check.py runs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from './cli.js';
import { makeProject } from './helpers.js';

async function ledge(args: string[], cwd?: string): Promise<{ code: number | null; out: string }> {
  const proc = runCli(args, { cwd });
  const code = await proc.exited;
  return { code, out: proc.output() };
}

test('ledge design prints, writes and checks the record; answers survive a rewrite, configuration changes do not pass', async () => {
  const dir = makeProject({ 'src/index.js': 'export default {}' }, {
    routes: ['shop.example.com'],
    sql_databases: [{ binding: 'DB', database_name: 'shop', database_id: 'db-1' }],
    env: { production: { routes: ['www.example.com'], sql_databases: [{ binding: 'DB', database_name: 'shop-prod', database_id: 'db-prod', retention_days: 90 }] } },
  });
  const json = await ledge(['design', dir, '--format', 'json']);
  assert.equal(json.code, 0, json.out);
  const record = JSON.parse(json.out) as { project: string; environment: string | null; concerns: { concern: string; decisions: { subject: string; value: string | null }[] }[] };
  assert.deepEqual(record.concerns.map((c) => c.concern), ['entry', 'identity', 'data', 'execution', 'recovery']);
  assert.equal(record.concerns[0]?.decisions[0]?.value, 'shop.example.com');
  assert.equal(record.concerns[2]?.decisions[0]?.value, null, 'the write owner is to decide');
  assert.match((await ledge(['design', dir])).out, /^# Design record: test-app\n\nEnvironment: top level\n/);
  assert.match((await ledge(['design', dir, '--env', 'production'])).out, /\| restore window of env\.DB \| 90 days of point-in-time history/);
  assert.equal((await ledge(['design', dir, '--format', 'xml'])).code, 2);

  const missing = await ledge(['design', dir, '--check']);
  assert.equal(missing.code, 1);
  assert.match(missing.out, /no DESIGN-RECORD\.md beside .* \(write one with "ledge design --write"\)/);

  const wrote = await ledge(['design', '--write'], dir);
  assert.deepEqual([wrote.code, wrote.out], [0, 'wrote DESIGN-RECORD.md: 4 decisions to decide\n']);
  const file = path.join(dir, 'DESIGN-RECORD.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/\| write owner of env\.DB \| to decide \| [^\n]*/, '| write owner of env.DB | this deployment alone | decided in review |'));
  const passes = await ledge(['design', dir, '--check']);
  assert.equal(passes.code, 0, passes.out);
  assert.match(passes.out, /DESIGN-RECORD\.md matches the configuration \(3 decisions still to decide\)/);

  // The configuration moves on: the record no longer matches until it is written again, keeping the answer.
  const config = path.join(dir, 'ledge.jsonc');
  writeFileSync(config, readFileSync(config, 'utf8').replace('"shop.example.com"', '"store.example.com"'));
  const fails = await ledge(['design', dir, '--check']);
  assert.equal(fails.code, 1);
  assert.match(fails.out, /Entry: "hostname" is recorded as "shop\.example\.com", the configuration says "store\.example\.com"/);
  assert.match(fails.out, /Identity: "verified principal on store\.example\.com" is missing \(to decide\)/);
  assert.match(fails.out, /Identity: "verified principal on shop\.example\.com" is recorded, but the configuration no longer has it/);
  assert.equal((await ledge(['design', dir, '--write'])).code, 0);
  assert.equal((await ledge(['design', dir, '--check'])).code, 0);
  assert.match(readFileSync(file, 'utf8'), /\| write owner of env\.DB \| this deployment alone \| decided in review \|/);

  // A record written for an environment is checked against that environment.
  assert.equal((await ledge(['design', dir, '--env', 'production', '--write'])).code, 0);
  assert.match(readFileSync(file, 'utf8'), /^Environment: production$/m);
  assert.equal((await ledge(['design', dir, '--check'])).code, 0);
});
