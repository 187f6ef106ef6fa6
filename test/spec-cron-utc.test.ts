// SPEC, Limits ("Cron time base: UTC") and Events 2: a cron trigger takes no time zone. An expression that names
// one (cron(8)'s CRON_TZ= or TZ= prefix) is refused saying that cron fires on UTC time and where the local rule
// belongs, not as "6 fields"; in ledge.jsonc and in a workflow's schedule alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cronProblem } from '../src/config/cron-expression.js';
import { findConfigFile, loadConfig } from '../src/config/load.js';
import { makeProject } from './helpers.js';

test('a cron expression with a time zone prefix is refused naming the zone and the UTC time base', () => {
  for (const [expression, zone] of [['CRON_TZ=Europe/Berlin 0 9 * * 1-5', 'Europe/Berlin'], ['TZ=America/New_York 30 8 * * *', 'America/New_York'], ['CRON_TZ= 0 9 * * *', '(empty)']]) {
    assert.equal(cronProblem(expression as string), `"${expression}" names the time zone ${zone}: cron triggers fire on UTC time and take no time zone; write the UTC times, and state the local rule (its time zone and daylight-saving handling) in the task (docs/cron.md)`);
  }
  // The same five fields in UTC are fine, and a sixth field is still named as one.
  assert.equal(cronProblem('0 9 * * 1-5'), undefined);
  assert.match(cronProblem('0 9 * * 1-5 2027') ?? '', /has 6 field\(s\); expected five/);
});

test('ledge.jsonc: a zoned cron trigger is a configuration error naming triggers.crons[i]', () => {
  const dir = makeProject({ 'src/index.js': 'export default { scheduled() {} };' }, { triggers: { crons: ['0 7 * * *', 'CRON_TZ=Europe/Berlin 0 9 * * *'] } });
  assert.throws(() => loadConfig(findConfigFile(dir)), (err: Error & { code?: string }) => {
    assert.equal(err.code, 'config_invalid');
    assert.match(err.message, /triggers\.crons\[1\]: "CRON_TZ=Europe\/Berlin 0 9 \* \* \*" names the time zone Europe\/Berlin: cron triggers fire on UTC time/);
    return true;
  });
});
