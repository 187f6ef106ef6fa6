import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createEgressPolicy } from './policy.js';

test('every address that is not public unicast is refused, IPv6 forms carrying an IPv4 address included', () => {
  const policy = createEgressPolicy();
  for (const address of [
    '127.0.0.1', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::127.0.0.1', '::7f00:1', '::a9fe:a9fe', '::ffff:0:7f00:1',
    '64:ff9b::7f00:1', '64:ff9b:1::7f00:1', '2002:7f00:1::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '10.0.0.1', '172.16.0.1', '192.168.1.1', '100.64.0.1', '169.254.169.254', '::ffff:a9fe:a9fe', 'fd00:ec2::254', 'fe80::1',
    '0.0.0.0', '::', '0.1.2.3', '224.0.0.1', 'ff02::1', '255.255.255.255', '240.0.0.1', '198.18.0.1', '2001:db8::1', 'fec0::1', '100::1',
  ]) {
    assert.ok(policy.refusal(address, 80) !== null, `${address} was allowed`);
  }
  assert.match(policy.refusal('::7f00:1', 80) ?? '', /::7f00:1 is an IPv4-compatible address \(it carries an IPv4 address\)/);
  for (const address of ['93.184.215.14', '2606:4700::6810:85e5', '1.1.1.1']) assert.equal(policy.refusal(address, 443), null, address);
});

test('an operator range opens exactly what it names', () => {
  const policy = createEgressPolicy({ allow: ['::/96', '10.1.0.0/16'] });
  assert.equal(policy.refusal('::7f00:1', 80), null);
  assert.equal(policy.refusal('10.1.2.3', 80), null);
  assert.notEqual(policy.refusal('10.2.0.1', 80), null);
});
