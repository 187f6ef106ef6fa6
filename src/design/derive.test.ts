import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/load.js';
import { compareRecords, deriveDesignRecord, parseMarkdown, toMarkdown, withAnswers, type DesignRecord } from './index.js';

/** Loads a configuration written to a fresh project directory. */
function configOf(doc: Record<string, unknown>, env?: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-design-'));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src/index.js'), 'export default {}');
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({ name: 'shop', main: 'src/index.js', compatibility_date: '2026-10-01', ...doc }));
  return loadConfig(path.join(dir, 'ledge.jsonc'), { env }).config;
}

/** The decisions of a record as `subject → value` (null: to decide), per concern. */
function table(record: DesignRecord): Record<string, Record<string, string | null>> {
  return Object.fromEntries(record.concerns.map((c) => [c.concern, Object.fromEntries(c.decisions.map((d) => [d.subject, d.value]))]));
}

const RICH = {
  edge_dev: true,
  preview_urls: false,
  routes: ['shop.example.com/*', { pattern: 'api.example.com', custom_domain: true }],
  limits: { cpu_ms: 50 },
  triggers: { crons: ['0 3 * * *'], catch_up: 'none' },
  kv_namespaces: [{ binding: 'CACHE', id: 'cache-1' }],
  sql_databases: [{ binding: 'DB', database_name: 'shop', database_id: 'db-1', retention_days: 7 }],
  buckets: [{ binding: 'FILES', bucket_name: 'shop-files', lifecycle: [{ id: 'logs', prefix: 'logs/', expire: { days: 30 } }] }, { binding: 'RAW', bucket_name: 'shop-raw' }],
  queues: { producers: [{ binding: 'JOBS', queue: 'jobs', delivery_delay: 5 }], consumers: [{ queue: 'jobs', dead_letter_queue: 'jobs-dlq', max_retries: 5 }, { queue: 'mail', type: 'http_pull' }] },
};

test('the five concerns, derived from the configuration; what it cannot tell is left to decide', () => {
  const record = deriveDesignRecord(configOf(RICH));
  assert.deepEqual(record.concerns.map((c) => [c.concern, c.blocks]), [
    ['entry', ['edge function', 'custom domain', 'default hostname']],
    ['identity', []],
    ['data', ['key-value store', 'SQL database', 'object store', 'queue']],
    ['execution', ['edge function', 'cron triggers', 'queue consumer']],
    ['recovery', ['point-in-time restore', 'dead-letter queue']],
  ]);
  assert.deepEqual(table(record), {
    entry: {
      hostname: 'shop.example.com, api.example.com',
      'default entry': 'open: shop.<account subdomain>.<platform domain>',
      'preview entries': 'closed',
      'other entries': null,
    },
    identity: {
      'verified principal on shop.example.com': null,
      'verified principal on api.example.com': null,
      'verified principal on the default hostname': null,
      'end-user permission': null,
    },
    data: {
      'write owner of env.CACHE': null,
      'write owner of env.DB': null,
      'write owner of env.FILES': null,
      'object lifecycle of env.FILES': 'logs: delete "logs/" after 30 days; default-multipart-abort: abort unfinished multipart uploads after 7 days',
      'write owner of env.RAW': null,
      'object lifecycle of env.RAW': null,
      'env.JOBS sends to queue "jobs"': 'this deployment produces; each message waits 5 s before delivery',
    },
    execution: {
      limits: 'cpu_ms 50, memory_mb 128, wall_ms 100000, subrequests 1000',
      'cron `0 3 * * *` window': 'each firing stands for [previous time, scheduled time) in UTC; missed windows are skipped; a failing window is tried 3 times unless it calls noRetry()',
      'completion semantics of cron `0 3 * * *`': null,
      'delivery of queue "jobs"': 'pushed to queue(): batches of up to 10 within 5 s, up to 10 batches at once; at least once',
      'retries of queue "jobs"': '5 retries, back-off from 1 s, then dead-letter queue "jobs-dlq"',
      'completion semantics of queue "jobs"': null,
      'delivery of queue "mail"': 'pulled over HTTP, each message leased 30 s; at least once',
      'retries of queue "mail"': '3 retries, back-off from 1 s, then the dead state (no dead_letter_queue)',
      'completion semantics of queue "mail"': null,
    },
    recovery: {
      'recovery of env.CACHE': null,
      'restore window of env.DB': '7 days of point-in-time history (ledge db bookmark, ledge db restore)',
      'recovery of env.FILES': null,
      'recovery of env.RAW': null,
      'dead letters of queue "jobs"': null,
      'dead letters of queue "mail"': null,
    },
  });
  const source = (subject: string) => record.concerns.flatMap((c) => c.decisions).find((d) => d.subject === subject)?.source;
  assert.match(source('write owner of env.DB') ?? '', /^sql_databases\[0\]: database "shop" \(db-1\)/);
  assert.match(source('dead letters of queue "mail"') ?? '', /they stay dead \("ledge queues dead list mail"\)/);
});

test('the template: nothing open, no store; an environment reads its own bindings', () => {
  const template = deriveDesignRecord(configOf({ edge_dev: false, preview_urls: false }));
  assert.equal(table(template).identity?.['verified principal'], 'none needed: no entry is open');
  assert.equal(table(template).entry?.hostname, 'none: no production route');
  assert.equal(table(template).data?.['stored data'], 'none: the configuration binds no store');
  const production = deriveDesignRecord(configOf({ env: { production: { sql_databases: [{ binding: 'DB', database_name: 'prod', database_id: 'db-prod' }] } } }, 'production'));
  assert.deepEqual([production.project, production.environment], ['shop-production', 'production']);
  const restore = production.concerns.find((c) => c.concern === 'recovery')?.decisions[0];
  assert.deepEqual(restore, { subject: 'restore window of env.DB', value: '30 days of point-in-time history (ledge db bookmark, ledge db restore)', source: 'env.production.sql_databases[0].retention_days (default)' });
});

test('DESIGN-RECORD.md: answers to "to decide" rows are kept and accepted; any derived change, stale row or missing row is a difference', () => {
  const derived = deriveDesignRecord(configOf(RICH));
  const answered = toMarkdown(derived)
    .replace(/\| write owner of env\.DB \| to decide \| [^\n]*/, '| write owner of env.DB | the shop deployment; reports read a copy \\| never the primary | decided 2026-10-20 |')
    .concat('\n## Notes\n\n| free | table | below |\n');
  const written = parseMarkdown(answered);
  assert.deepEqual(compareRecords(derived, written), [], 'an answer and notes below the tables are not differences');
  const kept = withAnswers(derived, written).concerns.find((c) => c.concern === 'data')?.decisions.find((d) => d.subject === 'write owner of env.DB');
  assert.deepEqual(kept, { subject: 'write owner of env.DB', value: 'the shop deployment; reports read a copy | never the primary', source: 'decided 2026-10-20' });
  assert.deepEqual(compareRecords(derived, parseMarkdown(toMarkdown(withAnswers(derived, written)))), [], 'written again, it still matches');

  const changed = deriveDesignRecord(configOf({ ...RICH, sql_databases: [{ binding: 'DB', database_name: 'shop', database_id: 'db-1', retention_days: 14 }], kv_namespaces: [] }));
  assert.deepEqual(compareRecords(changed, written), [
    'Data: blocks are "key-value store, SQL database, object store, queue", the configuration gives "SQL database, object store, queue"',
    'Data: "write owner of env.CACHE" is recorded, but the configuration no longer has it',
    'Recovery: "restore window of env.DB" is recorded as "7 days of point-in-time history (ledge db bookmark, ledge db restore)", the configuration says "14 days of point-in-time history (ledge db bookmark, ledge db restore)"',
    'Recovery: "recovery of env.CACHE" is recorded, but the configuration no longer has it',
  ]);
  const other = deriveDesignRecord(configOf({ ...RICH, name: 'other' }));
  assert.match(compareRecords(other, written)[0] ?? '', /the title names project "shop", the configuration's is "other"/);
  const withoutHeader = parseMarkdown(answered.replace(/^Environment: .*$/m, ''));
  assert.match(compareRecords(derived, withoutHeader)[0] ?? '', /"Environment:" line is missing/);
});
