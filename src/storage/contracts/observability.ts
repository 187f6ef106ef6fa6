// Contract of the observability storage ports (observability.ts): an account's issues with their occurrences and
// switches, and its webhook destinations with their deliveries. What docs/observability.md promises of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EncodedRecord, IssueStoragePort, OccurrenceRecord, RecordStoragePort, StoredRecord, WebhookDelivery, WebhookStoragePort } from '../observability.js';

/** Opens a fresh, empty adapter; `close` releases it. */
export type ObservabilityPortFactory = () => { records: RecordStoragePort; issues: IssueStoragePort; webhooks: WebhookStoragePort; close(): void };

function encoded(id: string, time: number, deployment = 'shop'): EncodedRecord {
  return { time, deployment, json: JSON.stringify({ id, time, deployment, logs: [] }) };
}

function occurrence(time: number, version = 'v1'): Omit<OccurrenceRecord, 'id' | 'issue_id'> {
  return { time, version, outcome: 'exception', message: `failed at ${time}`, logs: [{ time, level: 'error', message: 'boom' }], status: 500 };
}

function problem(fingerprint: string, time: number, deployment = 'shop', version = 'v1') {
  return { deployment, fingerprint, rule: 'frame', type: 'TypeError', message: 'x is undefined', culprit: 'charge (src/index.ts:3)', occurrence: occurrence(time, version) };
}

function delivery(id: string, destination: string, nextAt: number): WebhookDelivery {
  return { id, destination_id: destination, issue_id: 'i1', event: 'issue.new', body: '{}', status: 'pending', attempts: 0, next_at: nextAt, last_error: null, created_at: nextAt, delivered_at: null };
}

/** Registers the observability ports' contract tests for one adapter, named `name`. */
export function observabilityStorageContract(name: string, open: ObservabilityPortFactory): void {
  test(`${name} records: kept as written, read last appended first by deployment, time range, filter and limits`, (t) => {
    const store = open();
    t.after(() => store.close());
    const { records } = store;
    const all = (range = {}) => records.query(range, () => true, 1000, 100_000).map((r: StoredRecord) => r.id);
    assert.deepEqual(all(), []);
    records.append([encoded('a1', 1000), encoded('b1', 1500, 'blog')]);
    records.append([encoded('a2', 2000)]);
    records.append([encoded('a3', 3000), encoded('b2', 3500, 'blog')]);
    assert.deepEqual(all(), ['b2', 'a3', 'a2', 'b1', 'a1']);
    assert.deepEqual(records.query({}, () => true, 1, 100_000)[0], { id: 'b2', time: 3500, deployment: 'blog', logs: [] }, 'handed back as written');
    assert.deepEqual(all({ deployment: 'shop' }), ['a3', 'a2', 'a1']);
    assert.deepEqual(all({ from: 1500, to: 3000 }), ['a2', 'b1'], 'from inclusive, to exclusive');
    assert.deepEqual(records.query({}, (r) => r.id.startsWith('a'), 2, 100_000).map((r) => r.id), ['a3', 'a2']);
    assert.ok(records.size() > 0);
  });

  test(`${name} records: pruning by age never drops a newer record; by size, the oldest go first`, (t) => {
    const store = open();
    t.after(() => store.close());
    const { records } = store;
    const all = () => records.query({}, () => true, 1000, 100_000).map((r) => r.id);
    records.append([encoded('old', 1000)]);
    records.append([encoded('new', 9000)]);
    assert.equal(records.prune(0, Number.MAX_SAFE_INTEGER), 0);
    records.prune(5000, Number.MAX_SAFE_INTEGER);
    assert.ok(all().includes('new'), 'a record newer than the cut stays');
    records.append([encoded('newest', 10_000)]);
    records.prune(0, records.size() - 1);
    assert.ok(all().includes('newest') && !all().includes('old'), `over the size, the oldest went first: ${all().join(',')}`);
    records.prune(20_000, Number.MAX_SAFE_INTEGER);
    assert.deepEqual(all(), []);
    assert.equal(records.size(), 0);
  });

  test(`${name} issues: one issue per deployment and fingerprint, counted, with its versions and newest occurrences`, (t) => {
    const store = open();
    t.after(() => store.close());
    const { issues } = store;
    const first = issues.record(problem('fp1', 1000), 2);
    assert.deepEqual([first.created, first.reopened, first.quietMs, first.issue.count, first.issue.status], [true, false, null, 1, 'active']);
    const second = issues.record(problem('fp1', 4000, 'shop', 'v2'), 2);
    assert.deepEqual([second.created, second.quietMs, second.issue.id, second.issue.count, second.issue.versions], [false, 3000, first.issue.id, 2, ['v1', 'v2']]);
    issues.record(problem('fp1', 5000), 2);
    // The same fingerprint in another deployment is another issue.
    const elsewhere = issues.record(problem('fp1', 6000, 'blog'), 2);
    assert.notEqual(elsewhere.issue.id, first.issue.id);
    assert.deepEqual(issues.occurrences(first.issue.id, 10).map((o) => o.time), [5000, 4000], 'at most `keep`, newest first');
    const kept = issues.occurrences(first.issue.id, 1)[0];
    assert.deepEqual([kept?.issue_id, kept?.message, kept?.logs, kept?.status], [first.issue.id, 'failed at 5000', [{ time: 5000, level: 'error', message: 'boom' }], 500]);
    const got = issues.get(first.issue.id);
    assert.deepEqual([got?.count, got?.first_seen, got?.last_seen], [3, 1000, 5000]);
    assert.deepEqual(issues.list({ deployment: 'shop' }).map((i) => i.id), [first.issue.id]);
    assert.deepEqual(issues.list({}).map((i) => i.deployment), ['blog', 'shop'], 'most recently seen first');
    assert.equal(issues.get('no-such-issue'), null);
  });

  test(`${name} issues: a resolved issue reopens on a newer occurrence only; an ignored one stays ignored`, (t) => {
    const store = open();
    t.after(() => store.close());
    const { issues } = store;
    const { issue } = issues.record(problem('fp', 1000), 20);
    assert.equal(issues.setStatus(issue.id, 'resolved', 2000)?.status, 'resolved');
    assert.deepEqual(issues.list({ status: 'resolved' }).map((i) => i.id), [issue.id]);
    const late = issues.record(problem('fp', 1500), 20);
    assert.deepEqual([late.reopened, late.issue.status], [false, 'resolved'], 'an occurrence from before the resolution does not reopen it');
    const again = issues.record(problem('fp', 2500), 20);
    assert.deepEqual([again.reopened, again.issue.status], [true, 'active']);
    issues.setStatus(issue.id, 'ignored', 3000);
    const ignored = issues.record(problem('fp', 9000), 20);
    assert.deepEqual([ignored.reopened, ignored.issue.status, ignored.issue.count], [false, 'ignored', 4], 'occurrences are still counted');
    assert.equal(issues.setStatus('no-such-issue', 'resolved', 1), null);
  });

  test(`${name} issues: pruning drops old occurrences and keeps the issue; switches are kept per deployment`, (t) => {
    const store = open();
    t.after(() => store.close());
    const { issues } = store;
    const { issue } = issues.record(problem('fp', 1000), 20);
    issues.record(problem('fp', 5000), 20);
    assert.equal(issues.pruneOccurrences(2000), 1);
    assert.deepEqual(issues.occurrences(issue.id, 20).map((o) => o.time), [5000]);
    assert.equal(issues.get(issue.id)?.count, 2);
    assert.equal(issues.getSwitch('shop'), null);
    issues.setSwitch('shop', true, 'ver-1', 100);
    issues.setSwitch('shop', false, null, 200);
    assert.deepEqual(issues.getSwitch('shop'), { enabled: false, applied_version: null, changed_at: 200 });
    assert.equal(issues.getSwitch('blog'), null);
  });

  test(`${name} webhooks: destinations, due deliveries in order, updates, and deletion that takes the deliveries along`, (t) => {
    const store = open();
    t.after(() => store.close());
    const { webhooks } = store;
    for (const id of ['d1', 'd2']) webhooks.addDestination({ id, url: `https://hooks.example/${id}`, sealed_secret: `sealed-${id}`, on_new: true, threshold: id === 'd2' ? 5 : null, quiet_period_seconds: null, created_at: 1 });
    assert.deepEqual(webhooks.listDestinations().map((d) => [d.id, d.sealed_secret, d.threshold]), [['d1', 'sealed-d1', null], ['d2', 'sealed-d2', 5]]);
    webhooks.enqueue(delivery('late', 'd1', 3000));
    webhooks.enqueue(delivery('early', 'd1', 1000));
    webhooks.enqueue(delivery('other', 'd2', 1000));
    assert.deepEqual(webhooks.due(2000, 10).map((d) => d.id).sort(), ['early', 'other']);
    assert.deepEqual(webhooks.due(2000, 1).length, 1, 'at most `limit`');
    const sent = { ...delivery('early', 'd1', 1000), status: 'delivered' as const, attempts: 1, delivered_at: 1500 };
    webhooks.update(sent);
    assert.deepEqual(webhooks.due(2000, 10).map((d) => d.id), ['other'], 'a delivered one is no longer due');
    const failed = { ...delivery('late', 'd1', 3000), attempts: 1, next_at: 13_000, last_error: 'the receiver answered 500' };
    webhooks.update(failed);
    assert.deepEqual(webhooks.due(5000, 10).map((d) => d.id), ['other'], 'a retry waits for its time');
    const history = webhooks.deliveries('d1', 10);
    assert.deepEqual(history.map((d) => [d.id, d.status, d.attempts, d.last_error]).sort(), [['early', 'delivered', 1, null], ['late', 'pending', 1, 'the receiver answered 500']]);
    assert.equal(webhooks.deleteDestination('d1'), true);
    assert.equal(webhooks.deleteDestination('d1'), false);
    assert.deepEqual(webhooks.deliveries('d1', 10), []);
    assert.deepEqual(webhooks.due(20_000, 10).map((d) => d.id), ['other']);
    assert.deepEqual(webhooks.listDestinations().map((d) => d.id), ['d2']);
  });

  test(`${name} webhooks: pruning removes old settled delivery records, never one still to be sent`, (t) => {
    const store = open();
    t.after(() => store.close());
    const { webhooks } = store;
    webhooks.addDestination({ id: 'd', url: 'https://hooks.example/', sealed_secret: 's', on_new: true, threshold: null, quiet_period_seconds: 3600, created_at: 1 });
    webhooks.enqueue(delivery('old', 'd', 1000));
    webhooks.update({ ...delivery('old', 'd', 1000), status: 'failed', attempts: 6, last_error: 'the receiver answered 500' });
    webhooks.enqueue(delivery('old-pending', 'd', 1000));
    webhooks.enqueue(delivery('new', 'd', 9000));
    assert.equal(webhooks.prune(5000), 1);
    assert.deepEqual(webhooks.deliveries('d', 10).map((d) => d.id).sort(), ['new', 'old-pending']);
  });
}
