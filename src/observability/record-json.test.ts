import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeRecord } from './record-json.js';
import { toRecord, type InvocationRecord } from './record.js';
import { startTrace } from '../runtime/event-trace.js';
import { isProblem } from './issues.js';

/** Every field of a record, set, in the order toRecord sets them: a field added to InvocationRecord and not to encodeRecord fails the type check here. */
const EVERY_FIELD: Required<InvocationRecord> = {
  id: 'r1', time: 1795000000000, deployment: 'shop', version: 'v1', kind: 'fetch', outcome: 'exception', cpu_ms: 1.25, wall_ms: 3,
  subrequests: 2, logs: [{ time: 1795000000001, level: 'warn', message: 'w' }], request_id: 'req', method: 'POST',
  url: 'https://a.test/p?q=REDACTED', trigger: '*/5 * * * *', status: 500, origin: 'platform', dropped_logs: 4,
  error: { name: 'TypeError', message: 'm', stack: 'TypeError: m\n    at f (src/index.ts:1:1)', remote: true },
};

const AWKWARD = ['', 'plain', 'quote " and \\ backslash', 'line\nbreak\ttab\r', 'nul \u0000 and \u001f', 'lone \ud800 surrogate', 'emoji 😀 ok', 'non-ASCII é ü ß', '</script>', '\u2028\u2029'];

test('a record encodes to exactly the text JSON.stringify gives, whatever its strings hold', () => {
  assert.equal(encodeRecord(EVERY_FIELD), JSON.stringify(EVERY_FIELD));
  for (const text of AWKWARD) {
    const record: InvocationRecord = {
      ...EVERY_FIELD, id: text, deployment: text, version: text, url: text, trigger: text, method: text, request_id: text,
      logs: [{ time: 1, level: 'error', message: text }, { time: 2, level: 'info', message: `${text}${text}` }],
      error: { name: text, message: text, stack: text },
    };
    assert.equal(encodeRecord(record), JSON.stringify(record), `strings ${JSON.stringify(text)}`);
    assert.deepEqual(JSON.parse(encodeRecord(record)), JSON.parse(JSON.stringify(record)));
  }
  assert.equal(encodeRecord({ ...EVERY_FIELD, cpu_ms: Number.NaN, wall_ms: Number.POSITIVE_INFINITY }), JSON.stringify({ ...EVERY_FIELD, cpu_ms: Number.NaN, wall_ms: Number.POSITIVE_INFINITY }));
});

test('records built by toRecord, with and without optional fields, encode as JSON.stringify does', () => {
  const bare = startTrace('scheduled', { trigger: '0 * * * *' });
  const full = startTrace('fetch', { requestId: 'abc', method: 'GET', url: 'https://a.test/x?token=1' });
  full.status = 200;
  full.droppedLogs = 3;
  full.logs.push({ time: 1, level: 'debug', message: 'a "quoted" line' });
  full.exception = { name: 'Error', message: 'boom', stack: 'Error: boom\n    at x (file:///b.js:1:2)' };
  for (const trace of [bare, full]) {
    const record = toRecord(trace, { id: 'id', deployment: 'd', version: '1', keepQueryValues: false, redact: (t) => t });
    assert.equal(encodeRecord(record), JSON.stringify(record));
  }
});

test('an exception that crossed from a sandbox with fields of the wrong types is recorded as text, never trusted', () => {
  const trace = startTrace('fetch', { requestId: 'abc', method: 'GET', url: 'https://a.test/' });
  // What a hostile isolate could send: only name and message are checked by the channel.
  trace.exception = { name: 'TypeError', message: 'secret-value-1234 leaked', stack: { toString: () => 'x' }, remote: 'yes' } as unknown as NonNullable<typeof trace.exception>;
  const record = toRecord(trace, { id: 'id', deployment: 'd', version: '1', keepQueryValues: false, redact: (t) => t.replaceAll('secret-value-1234', '[secret redacted]') });
  assert.deepEqual(record.error, { name: 'TypeError', message: '[secret redacted] leaked' });
  assert.equal(encodeRecord(record), JSON.stringify(record));
  trace.exception = { name: 'TypeError', message: 'm', remote: true };
  const remote = toRecord(trace, { id: 'id', deployment: 'd', version: '1', keepQueryValues: false, redact: (t) => t });
  assert.equal(remote.error?.remote, true);
  assert.equal(isProblem(remote), false, 'a remote error rethrown is the callee\'s issue');
  assert.equal(isProblem({ ...remote, logs: [{ time: 1, level: 'error', message: 'my own failure' }] }), true, 'an error line of its own still is a problem');
  assert.equal(isProblem({ ...remote, error: { name: 'TypeError', message: 'm' } }), true);
});
