import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientKey, defaultMaxConnections } from './connection-limits.js';

test('a client is counted by its IPv4 address, or by the /64 of its IPv6 address however it is spelled', () => {
  assert.equal(clientKey('203.0.113.7'), '203.0.113.7');
  assert.equal(clientKey('::ffff:203.0.113.7'), '203.0.113.7');
  assert.equal(clientKey('::FFFF:203.0.113.7'), '203.0.113.7');
  const net = '2001:db8:0:1::/64';
  for (const address of ['2001:db8:0:1::1', '2001:db8:0:1:ffff:ffff:ffff:ffff', '2001:0db8:0000:0001:0:0:0:2', '2001:DB8:0:1::abcd%eth0']) {
    assert.equal(clientKey(address), net, address);
  }
  assert.notEqual(clientKey('2001:db8:0:2::1'), net);
  assert.equal(clientKey('::1'), '0:0:0:0::/64');
  assert.equal(clientKey('fe80::1'), 'fe80:0:0:0::/64');
});

test('each listener takes a quarter of the open-file limit by default, between 64 and 10,000', () => {
  assert.equal(defaultMaxConnections(1024), 256);
  assert.equal(defaultMaxConnections(20_000), 5_000);
  assert.equal(defaultMaxConnections(100), 64);
  assert.equal(defaultMaxConnections(Number.MAX_SAFE_INTEGER), 10_000);
});
