// SPEC, Versioning ("configuration compatibility_date in template: 2026-10-01") and Errors (a clear error naming
// what is wrong and where): a deploy through the account API gets the same checks of compatibility_date and
// compatibility_flags as ledge.jsonc, with the field itself as the error's pointer, and an unknown flag, which
// has no effect, is said so in the answer's messages rather than passing without a word.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deployBody, moduleBody, startTestPlatform } from './serve-helpers.js';
import { problemPointer } from '../src/config/deploy.js';

const today = (now: number) => new Date(now).toISOString().slice(0, 10);
const tomorrow = (now: number) => new Date(now + 86_400_000).toISOString().slice(0, 10);

test('a deploy dated after today is refused naming compatibility_date as the pointer; today passes', async () => {
  const p = await startTestPlatform();
  try {
    const path = `/accounts/${p.accountId}/deployments/dated`;
    const future = tomorrow(p.clock.now());
    const refused = await p.call('PUT', path, { body: deployBody(moduleBody('v1'), { compatibility_date: future }) });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.errors[0]?.code, 1001);
    assert.equal(refused.body.errors[0]?.source?.pointer, '/body/config/compatibility_date');
    assert.equal(refused.body.errors[0]?.message, `compatibility_date: "${future}" is in the future (today is ${today(p.clock.now())} UTC); use a date on or before today`);
    assert.equal((await p.call('GET', path)).status, 404, 'nothing was deployed');

    const accepted = await p.call('PUT', path, { body: deployBody(moduleBody('v1'), { compatibility_date: today(p.clock.now()) }) });
    assert.equal(accepted.status, 200, accepted.text);
    assert.deepEqual(accepted.body.messages, []);
  } finally {
    await p.close();
  }
});

test('a deploy without compatibility_date, or with an impossible one, is refused naming the field', async () => {
  const p = await startTestPlatform();
  try {
    const path = `/accounts/${p.accountId}/deployments/undated`;
    const body = deployBody(moduleBody('v1'), {}) as { config: Record<string, unknown> };
    delete body.config.compatibility_date;
    const missing = await p.call('PUT', path, { body });
    assert.equal(missing.status, 400, missing.text);
    assert.equal(missing.body.errors[0]?.source?.pointer, '/body/config/compatibility_date');
    assert.match(missing.body.errors[0]?.message ?? '', /required/);
    const impossible = await p.call('PUT', path, { body: deployBody(moduleBody('v1'), { compatibility_date: '2026-02-30' }) });
    assert.equal(impossible.status, 400, impossible.text);
    assert.equal(impossible.body.errors[0]?.source?.pointer, '/body/config/compatibility_date');
    assert.match(impossible.body.errors[0]?.message ?? '', /expected YYYY-MM-DD/);
  } finally {
    await p.close();
  }
});

test('an unknown compatibility flag is deployed with a message saying it has no effect; known flags get none', async () => {
  const p = await startTestPlatform();
  try {
    const path = `/accounts/${p.accountId}/deployments/flagged`;
    const flagged = await p.call('PUT', path, { body: deployBody(moduleBody('v1'), { compatibility_flags: ['nodejs_compat', 'no_such_flag'] }) });
    assert.equal(flagged.status, 200, flagged.text);
    assert.equal(flagged.body.messages.length, 1, flagged.text);
    assert.equal(flagged.body.messages[0]?.code, 10103);
    assert.match(flagged.body.messages[0]?.message ?? '', /^compatibility_flags\[1\]: flag "no_such_flag" is not supported by Ledge and has no effect \(supported: nodejs_compat, /);
    const known = await p.call('PUT', path, { body: deployBody(moduleBody('v2'), { compatibility_flags: ['nodejs_compat'] }) });
    assert.equal(known.status, 200, known.text);
    assert.deepEqual(known.body.messages, []);
  } finally {
    await p.close();
  }
});

test('a problem found beyond the schema points at its own key, nested ones included', async () => {
  const p = await startTestPlatform();
  try {
    const refused = await p.call('PUT', `/accounts/${p.accountId}/deployments/crons`, { body: deployBody(moduleBody('v1'), { triggers: { crons: ['*/5 * * * *', 'every minute'] } }) });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.errors[0]?.source?.pointer, '/body/config/triggers/crons/1');
    assert.match(refused.body.errors[0]?.message ?? '', /^triggers\.crons\[1\]: /);
  } finally {
    await p.close();
  }
  assert.equal(problemPointer('queues.consumers[0]: queue "a" ...', '/body/config'), '/body/config/queues/consumers/0');
  assert.equal(problemPointer('two bindings are named "DB"', '/body/config'), '/body/config');
});
