import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requestHeaders, toRequestTarget } from './request-target.js';

test('an origin-form target is served under the Host header; a host a URL refuses is no target', () => {
  assert.deepEqual(toRequestTarget('/a?b=1', 'app.example.com:8787'), { url: 'http://app.example.com:8787/a?b=1', host: 'app.example.com:8787', absolute: false });
  assert.equal(toRequestTarget('*', 'localhost')?.url, 'http://localhost/');
  for (const host of ['app.example.com:99999', 'app.example.com:65536', '1.2.3.256', 'a b', 'user@host', '[::1', 'xn--a.example']) {
    assert.equal(toRequestTarget('/', host), null, host);
  }
});

test('a host is judged the same every time, whatever the path after it: only the origin can make a URL fail', () => {
  const paths = ['/', '/a b', '/%zz', '//evil.example/x', '/\\x', '/?q=<>"', '/#frag', `/${'x'.repeat(5000)}`, '/é', '/\u0000'];
  for (const host of ['app.example.com:8787', '127.0.0.1:18777', 'localhost', 'app.example.com:99999', '1.2.3.256', 'xn--a.example', '[::1]:80']) {
    const once = toRequestTarget('/', host);
    for (let round = 0; round < 2; round++) {
      for (const path of paths) {
        const target = toRequestTarget(path, host);
        assert.equal(target === null, once === null, `${host} ${path}`);
        assert.equal(target === null, !URL.canParse(`http://${host}${path}`), `${host} ${path} against the parser`);
        if (target) assert.equal(target.url, `http://${host}${path}`);
      }
    }
  }
});

test('an absolute-form target keeps its path and query, and its authority wins over Host', () => {
  assert.deepEqual(toRequestTarget('http://a.example.com/p/q?x=1&y=%2F', 'b.example.com'), { url: 'http://a.example.com/p/q?x=1&y=%2F', host: 'a.example.com', absolute: true });
  assert.equal(toRequestTarget('HTTPS://a.example.com?x=1', 'a.example.com')?.url, 'http://a.example.com/?x=1');
  assert.equal(toRequestTarget('http://a.example.com', 'x')?.url, 'http://a.example.com/');
  for (const target of ['ftp://a.example.com/', 'http://user@a.example.com/', 'http://a.example.com:99999/', 'a.example.com:443', 'relative']) {
    assert.equal(toRequestTarget(target, 'a.example.com'), null, target);
  }
});

test('the client address headers come from the connection: a client\'s own values are dropped, IPv4-mapped peers named as IPv4', () => {
  const raw = ['Host', 'a.example.com', 'CF-Connecting-IP', '203.0.113.9', 'x-a', '1', 'Edge-Connecting-Ip', '203.0.113.9', 'cf-connecting-ip', '10.0.0.1'];
  assert.deepEqual(requestHeaders(raw, { clientAddress: '::ffff:127.0.0.1' }), ['Host', 'a.example.com', 'x-a', '1', 'edge-connecting-ip', '127.0.0.1', 'cf-connecting-ip', '127.0.0.1']);
  assert.deepEqual(requestHeaders(raw, { host: 'b.example.com', clientAddress: '::1' }), ['host', 'b.example.com', 'x-a', '1', 'edge-connecting-ip', '::1', 'cf-connecting-ip', '::1']);
  // Without a peer (a request made without a socket) nothing names an address, least of all the client's claim.
  assert.deepEqual(requestHeaders(raw, {}), ['Host', 'a.example.com', 'x-a', '1']);
});

test('behind a TLS-terminating proxy (ledge serve --public-scheme https) request URLs are https, whatever the target says', () => {
  assert.deepEqual(toRequestTarget('/a?b=1', 'app.example.com', 'https'), { url: 'https://app.example.com/a?b=1', host: 'app.example.com', absolute: false });
  assert.equal(toRequestTarget('http://a.example.com/p', 'b.example.com', 'https')?.url, 'https://a.example.com/p');
  assert.equal(toRequestTarget('/', 'a b', 'https'), null, 'the Host rules are the same');
  assert.equal(toRequestTarget('/x', 'app.example.com')?.url, 'http://app.example.com/x', 'http stays the default');
});
