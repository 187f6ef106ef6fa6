// Compatibility suite, application 4 (test/compat/secrets-files): wrangler.toml with vars, kv_namespaces,
// r2_buckets, a cron and nodejs_compat (node:buffer, node:crypto); secrets from .dev.vars under ledge dev and
// from `ledge secret put` under ledge serve, never printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'dotenv';
import { runCli } from '../cli.js';
import { call, copyApp, editConfig, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;
interface Secrets { SIGNING_KEY: string; ADMIN_TOKEN: string }
const fingerprint = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 12);

/** Uploads a file with the admin token and downloads it through its signed link. */
async function exercise(get: Fetch, secrets: Secrets): Promise<string> {
  assert.deepEqual(json(await get('/config')), { ttl: 600, maxUpload: 1048576, secrets: { SIGNING_KEY: 'string', ADMIN_TOKEN: 'string' }, signingKeyFingerprint: fingerprint(secrets.SIGNING_KEY) });

  const content = Buffer.concat([Buffer.from('report\n'), randomBytes(3000)]);
  assert.equal((await get('/files?name=report.bin', { method: 'POST', body: content })).status, 401);
  assert.equal((await get('/files?name=report.bin', { method: 'POST', headers: { authorization: 'Bearer wrong' }, body: content })).status, 401);
  const uploaded = await get('/files?name=report.bin', { method: 'POST', headers: { authorization: `Bearer ${secrets.ADMIN_TOKEN}`, 'content-type': 'application/octet-stream' }, body: content });
  assert.equal(uploaded.status, 201, uploaded.body);
  const record = json<{ key: string; size: number; sha256: string; link: string }>(uploaded);
  assert.equal(record.size, content.length);
  assert.equal(record.sha256, createHash('sha256').update(content).digest('hex'));
  assert.match(record.key, /^[\w-]{12}$/, 'randomBytes(9) in base64url');
  // The link is <expires>.<HMAC-SHA256 in base64url> under the signing secret: the same as Node computes.
  const [expires, mac] = new URL(record.link, 'http://x').searchParams.get('t')?.split('.') ?? [];
  assert.equal(mac, createHmac('sha256', secrets.SIGNING_KEY).update(`${record.key}:${expires}`).digest('base64url'));

  const file = await get(record.link);
  assert.equal(file.status, 200, file.body);
  assert.equal(file.headers['content-disposition'], 'attachment; filename="report.bin"');
  assert.equal(file.headers['content-type'], 'application/octet-stream');
  assert.equal(file.headers['x-sha256'], record.sha256);
  assert.equal(file.headers['content-length'], String(content.length));
  const forged = record.link.replace(/t=(\d+)\./, (_m, e: string) => `t=${Number(e) + 3600}.`);
  assert.equal((await get(forged)).status, 403);

  const listed = json<{ files: { key: string }[] }>(await get('/files', { headers: { authorization: `Bearer ${secrets.ADMIN_TOKEN}` } }));
  assert.deepEqual(listed.files.map((f) => f.key), [record.key]);
  return record.key;
}

test('an app with .dev.vars, vars, KV, R2, a cron and nodejs_compat runs unchanged under ledge dev and ledge serve', { timeout: 180_000 }, async (t) => {
  const dir = copyApp('secrets-files');
  const outputs: string[] = [];
  const values: string[] = [];

  await t.test('ledge dev: secrets from .dev.vars (copied from the example, as its README says), the cron fired by ledge cron trigger', async () => {
    copyFileSync(path.join(dir, '.dev.vars.example'), path.join(dir, '.dev.vars'));
    const local = parse(readFileSync(path.join(dir, '.dev.vars'))) as unknown as Secrets;
    values.push(local.SIGNING_KEY, local.ADMIN_TOKEN);
    const output = await withDev(dir, async (url) => {
      const get: Fetch = (p, init) => call(`${url}${p}`, init);
      const key = await exercise(get, local);
      const cron = runCli(['cron', 'trigger', '--url', url]);
      assert.equal(await cron.exited, 0, cron.output());
      assert.match(cron.output(), /0 3 \* \* \*.*: ok/);
      const swept = json<{ lastSweep: { cron: string; checked: number; damaged: number } }>(await get('/files', { headers: { authorization: `Bearer ${local.ADMIN_TOKEN}` } }));
      assert.deepEqual({ ...swept.lastSweep, at: undefined }, { cron: '0 3 * * *', at: undefined, checked: 1, damaged: 0 });
      assert.ok(key);
    });
    outputs.push(output);
    assert.match(output, /read wrangler\.toml.*\(r2_buckets → buckets\)/);
    assert.match(output, /secrets from \.dev\.vars: SIGNING_KEY, ADMIN_TOKEN \(values hidden\)/);
  });

  await t.test('ledge serve: secrets set with ledge secret put, resources created on the account, ledge deploy', async () => {
    const platform = await startPlatform();
    try {
      const kv = await platform.create('kv', 'signed-file-drop-index');
      editConfig(dir, 'wrangler.toml', 'id = "0b7c3e5f9a2d4e6f8a1b3c5d7e9f1a2b"', `id = "${kv}"`);
      await platform.create('bucket', 'signed-file-drop');
      const remote: Secrets = { SIGNING_KEY: randomBytes(32).toString('hex'), ADMIN_TOKEN: randomBytes(24).toString('hex') };
      values.push(remote.SIGNING_KEY, remote.ADMIN_TOKEN);
      for (const [name, value] of Object.entries(remote)) {
        const put = await platform.ledge(['secret', 'put', name], { cwd: dir, stdin: `${value}\n` });
        assert.match(put.out, new RegExp(`set secret ${name} of signed-file-drop`));
      }
      const deployed = await platform.ledge(['deploy'], { cwd: dir });
      assert.match(deployed.out, /deployed signed-file-drop: version/);
      // The deployment sees the platform's secrets, not the .dev.vars beside the code (deploy never uploads it).
      await exercise((p, init) => platform.visit(hostOf('signed-file-drop'), p, init), remote);
    } finally {
      await platform.stop();
      outputs.push(...platform.outputs());
    }
  });

  for (const out of outputs) for (const value of values) assert.ok(!out.includes(value), `a secret value was printed:\n${out}`);
});
