// SPEC, Limits (Account spend: "no hard account-wide cap is offered ... the application sets its own limits") and
// docs/operations.md, "What bounds an account's storage": each binding's limit on one write holds at exactly its
// stated value (one under passes, at the value passes, one over is refused with an error naming the limit), from
// application code through a real isolate under both isolations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject, tempDir } from './helpers.js';
import { findConfigFile, loadConfig } from '../src/config/load.js';

const WORKER = `
export default {
  async fetch(request, env) {
    const results = {};
    const attempt = async (name, write) => {
      try { await write(); results[name] = 'ok'; } catch (err) { results[name] = String(err && err.message || err); }
    };
    const bytes = (n) => new Uint8Array(n);
    // Key-value: 512-byte keys, 25 MiB values, 1024 bytes of metadata, a TTL of at least 60 s.
    await attempt('kv key 512', () => env.KV.put('k'.repeat(512), 'v'));
    await attempt('kv key 513', () => env.KV.put('k'.repeat(513), 'v'));
    await attempt('kv value 25 MiB', () => env.KV.put('big', bytes(25 * 1024 * 1024)));
    await attempt('kv value 25 MiB + 1', () => env.KV.put('big', bytes(25 * 1024 * 1024 + 1)));
    await attempt('kv metadata 1024', () => env.KV.put('m', 'v', { metadata: { a: 'x'.repeat(1016) } }));
    await attempt('kv metadata 1025', () => env.KV.put('m', 'v', { metadata: { a: 'x'.repeat(1017) } }));
    await attempt('kv ttl 60', () => env.KV.put('t', 'v', { expirationTtl: 60 }));
    await attempt('kv ttl 59', () => env.KV.put('t', 'v', { expirationTtl: 59 }));
    // Object store: 1024-byte keys.
    await attempt('object key 1024', () => env.FILES.put('o'.repeat(1024), 'v'));
    await attempt('object key 1025', () => env.FILES.put('o'.repeat(1025), 'v'));
    // Queues: 128,000 bytes a message, 100 of them metadata.
    await attempt('queue message 128000', () => env.JOBS.send(bytes(127_900), { contentType: 'bytes' }));
    await attempt('queue message 128001', () => env.JOBS.send(bytes(127_901), { contentType: 'bytes' }));
    // SQL: 100 bound parameters, 100,000 bytes of statement, 2,000,000 bytes a bound value.
    const params = (n) => 'SELECT ' + Array.from({ length: n }, () => '?').join(', ');
    await attempt('sql 100 parameters', () => env.DB.prepare(params(100)).bind(...Array.from({ length: 100 }, (_, i) => i)).all());
    await attempt('sql 101 parameters', () => env.DB.prepare(params(101)).bind(...Array.from({ length: 101 }, (_, i) => i)).all());
    const statement = (n) => { const head = 'SELECT 1 -- '; return head + 'x'.repeat(n - head.length); };
    await attempt('sql statement 100000', () => env.DB.prepare(statement(100_000)).all());
    await attempt('sql statement 100001', () => env.DB.prepare(statement(100_001)).all());
    await attempt('sql value 2000000', () => env.DB.prepare('SELECT length(?) AS n').bind('v'.repeat(2_000_000)).all());
    await attempt('sql value 2000001', () => env.DB.prepare('SELECT length(?) AS n').bind('v'.repeat(2_000_001)).all());
    return Response.json(results);
  },
  async queue(batch) { for (const message of batch.messages) message.ack(); },
};
`;

const CONFIG = {
  kv_namespaces: [{ binding: 'KV', id: 'limits-kv' }],
  buckets: [{ binding: 'FILES', bucket_name: 'limits-files' }],
  queues: { producers: [{ binding: 'JOBS', queue: 'limits-jobs' }] },
  sql_databases: [{ binding: 'DB', database_name: 'limits-db', database_id: 'limits-db' }],
  limits: { memory_mb: 512 },
};

for (const isolation of ['thread', 'process'] as const) {
  test(`each binding's per-write limit holds at exactly its value, one over is refused naming it (${isolation} isolation)`, async () => {
    const dir = makeProject({ 'src/index.js': WORKER }, CONFIG);
    const dev = await startProject(dir, { stateDir: tempDir('ledge-spec-limits-'), isolation });
    try {
      const res = await fetch(`${dev.url}/`);
      assert.equal(res.status, 200, await res.clone().text());
      const results = await res.json() as Record<string, string>;
      for (const name of ['kv key 512', 'kv value 25 MiB', 'kv metadata 1024', 'kv ttl 60', 'object key 1024', 'queue message 128000', 'sql 100 parameters', 'sql statement 100000', 'sql value 2000000']) {
        assert.equal(results[name], 'ok', `${name}: ${results[name]}`);
      }
      assert.equal(results['kv key 513'], 'KV PUT failed: 414 UTF-8 encoded length of 513 exceeds key length limit of 512.');
      assert.equal(results['kv value 25 MiB + 1'], 'KV PUT failed: 413 Value length of 26214401 exceeds limit of 26214400.');
      assert.equal(results['kv metadata 1025'], 'KV PUT failed: 413 Metadata length of 1025 exceeds limit of 1024.');
      assert.equal(results['kv ttl 59'], 'KV PUT failed: 400 Invalid expiration_ttl of 59. Expiration TTL must be at least 60.');
      assert.match(results['object key 1025'] ?? '', /^put: The specified object name is not valid\. \(10020\)$/);
      assert.equal(results['queue message 128001'], 'Queue send failed: message length of 128001 bytes exceeds limit of 128000');
      assert.equal(results['sql 101 parameters'], 'SQL_ERROR: too many SQL variables (101; at most 100): SQLITE_ERROR');
      assert.equal(results['sql statement 100001'], 'SQL_ERROR: statement too long (100001 bytes; at most 100000): SQLITE_TOOBIG');
      assert.equal(results['sql value 2000001'], 'SQL_ERROR: string or blob too big (2000001 bytes; at most 2000000): SQLITE_TOOBIG');
    } finally {
      await dev.close();
    }
  });
}

test('a workflow may be given at most 25,000 steps, a queue consumer at most 100 retries: one over is refused naming the key', () => {
  const check = (config: Record<string, unknown>) => {
    const dir = makeProject({ 'src/index.js': 'export default { fetch() { return new Response("ok"); } };' }, config);
    try { loadConfig(findConfigFile(dir)); return 'ok'; } catch (err) { return (err as Error).message; }
  };
  const workflow = (steps: number) => ({ workflows: [{ binding: 'FLOW', name: 'flow', class_name: 'Flow', limits: { steps } }] });
  assert.equal(check(workflow(25_000)), 'ok');
  assert.match(check(workflow(25_001)), /workflows\[0\]\.limits\.steps: .*25000.*25001|workflows\[0\]\.limits\.steps: .*at most 25000/);
  const consumer = (retries: number) => ({ queues: { consumers: [{ queue: 'jobs', max_retries: retries, dead_letter_queue: 'jobs-dead' }] } });
  assert.equal(check(consumer(100)), 'ok');
  assert.match(check(consumer(101)), /ledge\.jsonc: queues\.consumers\[0\]\.max_retries: expected at most 100, got 101$/);
});

test('the limits an application sets itself (limits.*) are taken at their bounds and refused one past them, naming the key', () => {
  const check = (limits: Record<string, number>) => {
    const dir = makeProject({ 'src/index.js': 'export default { fetch() { return new Response("ok"); } };' }, { limits });
    try { loadConfig(findConfigFile(dir)); return 'ok'; } catch (err) { return (err as Error).message.replace(/^.*ledge\.jsonc: /, ''); }
  };
  const bounds: [string, number, number][] = [['cpu_ms', 1, 300_000], ['memory_mb', 16, 8192], ['subrequests', 1, 100_000], ['wall_ms', 1, 3_600_000]];
  for (const [key, low, high] of bounds) {
    assert.equal(check({ [key]: low }), 'ok', `${key} = ${low}`);
    assert.equal(check({ [key]: high }), 'ok', `${key} = ${high}`);
    assert.equal(check({ [key]: low - 1 }), `limits.${key}: expected at least ${low}, got ${low - 1}`);
    assert.equal(check({ [key]: high + 1 }), `limits.${key}: expected at most ${high}, got ${high + 1}`);
  }
});
