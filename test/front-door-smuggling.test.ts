// Attack: request smuggling and header injection at the front door of `ledge serve` (red team). One connection
// may carry requests for several tenants, so the platform and the application must agree on where each request
// ends: any request line hidden in a body (CL.TE, TE.CL, duplicate or signed lengths, obfuscated or repeated
// Transfer-Encoding, bare LF, obs-fold, NUL) must never be served as a request of its own, and two Host headers
// must not let one tenant's request reach another. Raw sockets to loopback, a real platform.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deployBody, startTestPlatform, type TestPlatform } from './serve-helpers.js';
import { rawExchange } from './raw-http.js';

let p: TestPlatform;
before(async () => {
  p = await startTestPlatform();
  for (const [name, host] of [['front', 'a.example.com'], ['victim', 'b.example.com']] as const) {
    const source = `export default { async fetch(request) {
      const body = await request.text();
      return new Response('${name} saw ' + request.method + ' ' + new URL(request.url).pathname + ' body=' + body.length + '\\n');
    } };`;
    const put = await p.call('PUT', `/accounts/${p.accountId}/deployments/${name}`, { body: deployBody(source, { routes: [host] }) });
    assert.equal(put.status, 200, put.text);
  }
  // Warm both isolates so every answer below comes within the quiet period.
  for (const host of ['a.example.com', 'b.example.com']) assert.equal((await rawExchange(p.appUrl, `GET /warm HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).text.includes('saw GET /warm'), true);
});
after(async () => { await p?.close(); });

/** The request a smuggler hides after the first one; it must never be served. */
const HIDDEN = 'GET /smuggled HTTP/1.1\r\nHost: b.example.com\r\n\r\n';

const ATTEMPTS: Record<string, string> = {
  'CL.TE': `POST /front HTTP/1.1\r\nHost: a.example.com\r\nContent-Length: ${4 + HIDDEN.length}\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${HIDDEN}`,
  'TE.CL': `POST /front HTTP/1.1\r\nHost: a.example.com\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n${(HIDDEN.length + 2).toString(16)}\r\nxx${HIDDEN}\r\n0\r\n\r\n`,
  'duplicate Content-Length': `POST /front HTTP/1.1\r\nHost: a.example.com\r\nContent-Length: 0\r\nContent-Length: ${HIDDEN.length}\r\n\r\n${HIDDEN}`,
  'Content-Length list': `POST /front HTTP/1.1\r\nHost: a.example.com\r\nContent-Length: 0, ${HIDDEN.length}\r\n\r\n${HIDDEN}`,
  'signed Content-Length': `POST /front HTTP/1.1\r\nHost: a.example.com\r\nContent-Length: +${HIDDEN.length}\r\n\r\n${HIDDEN}`,
  'obfuscated Transfer-Encoding': `POST /front HTTP/1.1\r\nHost: a.example.com\r\nContent-Length: ${HIDDEN.length}\r\nTransfer-Encoding: xchunked\r\n\r\n${HIDDEN}`,
  'Transfer-Encoding with a space before the colon': `POST /front HTTP/1.1\r\nHost: a.example.com\r\nContent-Length: ${4 + HIDDEN.length}\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n${HIDDEN}`,
  'chunked, then identity': `POST /front HTTP/1.1\r\nHost: a.example.com\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n${HIDDEN}`,
  'obs-fold Transfer-Encoding': `POST /front HTTP/1.1\r\nHost: a.example.com\r\nContent-Length: ${4 + HIDDEN.length}\r\nX-Pad: 1\r\n Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n${HIDDEN}`,
  'bare LF line ends': `POST /front HTTP/1.1\nHost: a.example.com\nContent-Length: ${4 + HIDDEN.length}\nTransfer-Encoding: chunked\n\n0\n\n${HIDDEN}`,
  'NUL in a header value': `GET /front HTTP/1.1\r\nHost: a.example.com\r\nX-Evil: a\0b\r\n\r\n${HIDDEN}`,
  'chunk size with an extension hiding a length': `POST /front HTTP/1.1\r\nHost: a.example.com\r\nTransfer-Encoding: chunked\r\n\r\n0;ext=${'x'.repeat(10)}\r\n\r\n`,
};

test('no smuggled request line is ever served as a request of its own', async () => {
  for (const [name, bytes] of Object.entries(ATTEMPTS)) {
    const answer = await rawExchange(p.appUrl, bytes);
    assert.doesNotMatch(answer.text, /saw GET \/smuggled/, `${name}: the hidden request was served:\n${answer.text}`);
    // Either one answer for the front request and nothing else, or a 400 and the connection closed.
    const statuses = [...answer.text.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => m[1]);
    assert.ok(statuses.length <= 1 || statuses.every((s) => s === '400'), `${name}: ${statuses.join(',')}\n${answer.text}`);
    if (statuses[0] === '400') assert.equal(answer.closed, true, `${name}: a 400 closes the connection`);
  }
});

test('two Host headers, or a Host that disagrees with an absolute-form target, never reach the other tenant', async () => {
  const twoHosts = await rawExchange(p.appUrl, 'GET /x HTTP/1.1\r\nHost: a.example.com\r\nHost: b.example.com\r\nConnection: close\r\n\r\n');
  assert.match(twoHosts.text, /^HTTP\/1\.1 400 /, twoHosts.text);
  assert.doesNotMatch(twoHosts.text, /victim saw/);
  // The authority of an absolute-form target wins (RFC 9112 3.2.2), consistently: the request goes where it says.
  const absolute = await rawExchange(p.appUrl, 'GET http://a.example.com/x HTTP/1.1\r\nHost: b.example.com\r\nConnection: close\r\n\r\n');
  assert.match(absolute.text, /front saw GET \/x/, absolute.text);
});

test('a CR or LF in a header value and a request line with spaces in the target are refused, never split into two requests', async () => {
  for (const bytes of [
    'GET /x HTTP/1.1\r\nHost: a.example.com\r\nX-A: 1\rGET /smuggled HTTP/1.1\r\n\r\n',
    'GET /x HTTP/1.1 GET /smuggled HTTP/1.1\r\nHost: a.example.com\r\n\r\n',
  ]) {
    const answer = await rawExchange(p.appUrl, bytes);
    assert.doesNotMatch(answer.text, /saw GET \/smuggled/, answer.text);
    assert.match(answer.text, /^HTTP\/1\.1 400 /, answer.text);
    assert.equal(answer.closed, true);
  }
  // A request line without a version is HTTP/0.9 to Node's parser: answered once, and the connection closed.
  const old = await rawExchange(p.appUrl, `GET /x\r\nHost: a.example.com\r\n\r\n${HIDDEN}`);
  assert.doesNotMatch(old.text, /saw GET \/smuggled/, old.text);
  assert.equal([...old.text.matchAll(/^HTTP\/1\.1 /gm)].length, 1, old.text);
  assert.equal(old.closed, true);
  // The platform still serves a clean request afterwards.
  assert.match((await rawExchange(p.appUrl, 'GET /ok HTTP/1.1\r\nHost: b.example.com\r\nConnection: close\r\n\r\n')).text, /victim saw GET \/ok/);
});
