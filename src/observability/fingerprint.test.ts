import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createManualClock } from '../platform/clock.js';
import { createLogger, createMemorySink } from '../platform/logger.js';
import { GROUPING_VERSION, groupError, groupRoute, normaliseMessage, routeTemplate } from './fingerprint.js';
import { openAccountObservability } from './account.js';
import type { StackFrame } from './stack.js';

const app = (fn: string | undefined, file = 'src/index.ts', line = 3): StackFrame => ({ ...(fn ? { fn } : {}), file, line, column: 1, inApp: true });
const lib = (fn: string, file: string): StackFrame => ({ fn, file, line: 10, column: 1, inApp: false });

test('an error is grouped by its type and innermost application frame; callers, lines and library frames do not split it', () => {
  const fromA = groupError('TypeError', 'card declined for order 1', [lib('validate', 'node_modules/zod/index.js'), app('chargeCard', 'src/pay.ts', 6), app('routeA', 'src/index.ts', 10)]);
  const fromB = groupError('TypeError', 'card declined for order 22', [app('Object.chargeCard', 'src/pay.ts', 9), app('routeB', 'src/index.ts', 20), lib('dispatch', '/opt/ledge/dist/runtime/isolate-main.js')]);
  assert.equal(fromA.fingerprint, fromB.fingerprint);
  assert.equal(fromA.rule, 'stack');
  assert.equal(fromA.culprit, 'chargeCard (src/pay.ts:6)');
  assert.notEqual(groupError('RangeError', 'x', [app('chargeCard', 'src/pay.ts')]).fingerprint, fromA.fingerprint, 'another type is another issue');
  assert.notEqual(groupError('TypeError', 'x', [app('refund', 'src/pay.ts')]).fingerprint, fromA.fingerprint, 'another function is another issue');
  assert.match(GROUPING_VERSION, /^ledge-grouping:\d{4}-\d{2}-\d{2}$/);
});

test('without an application frame: type and normalised message; a 5xx without an exception: route template and status', () => {
  const a = groupError('Error', 'user 42 not found (request 0f3a9c1e5b2d4f60)', [lib('x', 'node:internal/process')]);
  const b = groupError('Error', 'user 7 not found (request 9ab1c2d3e4f56789)', []);
  assert.equal(a.rule, 'message');
  assert.equal(a.fingerprint, b.fingerprint);
  assert.equal(normaliseMessage('order 3f2504e0-4f89-11d3-9a0c-0305e82c3301 failed after 3.5 s'), 'order <uuid> failed after <n> s');
  assert.equal(normaliseMessage('deadbeefcafe1234 and abc'), '<hex> and abc');
  assert.equal(routeTemplate('https://x.test/users/42/orders/3f2504e0-4f89-11d3-9a0c-0305e82c3301?q=1'), '/users/:n/orders/:uuid');
  assert.equal(groupRoute('GET', 'https://x.test/users/1', 502, 'ok').fingerprint, groupRoute('GET', 'https://x.test/users/2', 502, 'ok').fingerprint);
  assert.notEqual(groupRoute('GET', 'https://x.test/users/1', 502, 'ok').fingerprint, groupRoute('GET', 'https://x.test/users/1', 503, 'ok').fingerprint);
});

test('a resolved issue reopens on a newer occurrence, not on a delayed older one; an ignored one stays ignored', () => {
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const obs = openAccountObservability({ file: path.join(mkdtempSync(path.join(tmpdir(), 'ledge-issues-')), 'observability.sqlite'), clock, logger: createLogger(createMemorySink()) });
  const { issues } = obs.store();
  const occur = (time: number) => issues.record({ deployment: 'app', fingerprint: 'f', rule: 'stack', type: 'Error', message: 'm', culprit: 'c', occurrence: { time, version: 'v1', outcome: 'exception', message: 'm', logs: [] } }, 20);
  const first = occur(clock.now());
  assert.equal(first.created, true);
  issues.setStatus(first.issue.id, 'resolved', clock.now() + 1000);
  assert.equal(occur(clock.now() + 500).issue.status, 'resolved', 'an occurrence from before the resolution does not reopen it');
  const reopened = occur(clock.now() + 2000);
  assert.equal(reopened.reopened, true);
  assert.equal(reopened.issue.status, 'active');
  issues.setStatus(first.issue.id, 'ignored', clock.now() + 3000);
  assert.equal(occur(clock.now() + 4000).issue.status, 'ignored');
  assert.equal(issues.get(first.issue.id)?.count, 4);
  for (let i = 0; i < 30; i++) occur(clock.now() + 5000 + i);
  assert.equal(issues.occurrences(first.issue.id, 100).length, 20, 'at most 20 occurrences kept per issue');
  assert.equal(issues.pruneOccurrences(clock.now() + 10_000), 20);
  assert.equal(issues.list({ deployment: 'app' }).length, 1, 'the issue stays listed');
  obs.close();
});
